"""Preview PNGs (4x, 1-pixel grid gaps) of a Glance font; stdlib only."""

import struct
import zlib

SAMPLES = [
    '12:45 Tue 21 Nov',
    '72\u00b0F Partly cloudy',
    'Tasks \u2022 3 left\u2026',
    '\u00c6r\u00f8sk\u00f8bing \u00dcn\u00efc\u00f6d\u00e9 \u00df \u00f1 \u00e7',
    'The quick brown fox jumps over the lazy dog.',
    'SPHINX OF BLACK QUARTZ, JUDGE MY VOW!',
    'Illegal1 |0O 5S 8B rn m \u2190\u2191\u2192\u2193 \u2013\u2014\u2212 (a+b)=[c]',
    '0123456789 \u00e9\u00e8\u00ea\u00eb \u00c9\u00c8\u00c5\u00c7 \u00bd\u00b0C 99%',
]


def text_pixels(font, s, x, y0, extra=0):
    """Pixels of string s with its baseline at row y0 (image rows grow downwards)."""
    out = []
    for ch in s:
        cp = ord(ch)
        pts, adv = font.glyphs.get(cp) or font.glyphs[0xFFFD]
        for (px, py) in pts:
            out.append((x + px, y0 - py))
        x += adv + extra
    return out, x


def write(font, path, scale=4):
    m = font.m
    lh = m.asc + m.desc + 3
    lines = []
    cps = sorted(font.glyphs)
    per = 32
    for i in range(0, len(cps), per):
        lines.append(('grid', ''.join(chr(c) for c in cps[i:i + per])))
    lines.append(('gap', ''))
    if font.family == 'Glance Numerals':
        lines += [('text', s) for s in ['12:45', '72\u00b0 -3\u00b0', '99% 1.5k', '10/24 +7', '3:07 PM', '\u22123.2 4.8M']]
    else:
        lines += [('text', s) for s in SAMPLES]
    rows = []
    width = 8
    y = 2
    for kind, s in lines:
        if kind == 'gap':
            y += 4
            continue
        pts, xend = text_pixels(font, s, 2, y + m.asc - 1, extra=2 if kind == 'grid' else 0)
        rows += pts
        width = max(width, xend + 2)
        y += lh
    height = y + 2
    lit = set(rows)
    cell = scale
    W, H = width * cell, height * cell
    raw = bytearray()
    for py in range(H):
        raw.append(0)
        yy, ry = divmod(py, cell)
        for px in range(W):
            xx, rx = divmod(px, cell)
            if rx == cell - 1 or ry == cell - 1:
                raw.append(0)
            elif (xx, yy) in lit:
                raw.append(250)
            else:
                raw.append(45)
    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 0, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b'')
    with open(path, 'wb') as fh:
        fh.write(png)
