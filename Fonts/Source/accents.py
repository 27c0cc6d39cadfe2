"""Accent marks and the composition of Latin-1 accented letters.

A mark is drawn for the room it gets: above a lowercase letter it sits between
the x-height (plus a one-pixel gap) and the ascender; above a capital it uses
the rows between the cap height and the font ascent, with a gap when there
are at least two rows, touching the letter otherwise (8 and 10 px).
"""

import unicodedata
from raster import Glyph

MARKS = {
    '\u0300': 'grave', '\u0301': 'acute', '\u0302': 'circumflex', '\u0303': 'tilde',
    '\u0308': 'dieresis', '\u030a': 'ring', '\u0327': 'cedilla',
}


def mark(m, name, rows, width_hint):
    """Pixels of an accent mark, bottom row 0, and its width."""
    v = m.v
    pts = set()
    if name in ('grave', 'acute'):
        if rows == 1:
            w = 2 if v == 1 else v + 1
            pts = {(x, 0) for x in range(w)}
        else:
            n = min(rows, 2 if m.size < 15 else 3)
            w = n + v - 1
            for i in range(n):
                for k in range(v):
                    pts.add((i + k, i))
        if name == 'grave':
            pts = {(w - 1 - x, y) for (x, y) in pts}
        return pts, w
    if name == 'circumflex':
        n = 2 if rows < 3 or m.size < 17 else 3
        w = 2 * n - 1 + (v - 1)
        if n == 1:
            w = 3
            return {(0, 0), (1, 0), (2, 0)} if v > 1 else {(0, 0), (1, 0), (2, 0)}, w
        for i in range(n):
            for k in range(v):
                pts.add((i + k, i))
                pts.add((w - 1 - i - k, i))
        return pts, w
    if name == 'tilde':
        w = 5 if width_hint >= 5 or m.size >= 12 else 4
        if m.size >= 17:
            w = 7
        half = (w - 1) // 2
        for x in range(w):
            up = (1 <= x <= half) or x == w - 1
            pts.add((x, 1 if up else 0))
            if v > 1:
                pts.add((x + 1, 1 if up else 0))
        return pts, w + (1 if v > 1 else 0)
    if name == 'tilde_old':
        if rows == 1 or m.size < 12:
            w = 4 if width_hint >= 4 else 3
            pts = {(0, 0), (1, 0), (w - 1, 0)} if w == 4 else {(0, 0), (2, 0)}
            if w == 4:
                pts = {(0, 0), (1, 0), (2, 0), (3, 0)}
                return pts, w
            return {(0, 0), (1, 0), (2, 0)}, 3
        w = max(4, min(width_hint, 6 if m.size < 17 else 8)) + (v - 1)
        half = w // 2
        for x in range(w):
            up = x < half
            y = 1 if up else 0
            if x == 0:
                y = 0
            if x == w - 1:
                y = 1
            for k in range(min(m.h, 1) if v == 1 else 1):
                pts.add((x, y))
        if v > 1:
            pts |= {(x, y - 1 if y == 1 else y) for (x, y) in list(pts) if 0 < x < w - 1}
            pts = {(x, y) for (x, y) in pts if y >= 0}
            pts |= {(x, y + 1) for (x, y) in list(pts) if x < half and y == 0 and x > 0}
        return pts, w
    if name == 'dieresis':
        dw, dh = m.dot
        dh = min(dh, rows)
        gap = max(1, width_hint - 2 * dw - (2 if width_hint > 5 else 0))
        gap = min(gap, 1 if m.size < 12 else 3 if m.size < 20 else 4)
        if v > 1:
            gap = max(gap, 2)
        w = 2 * dw + gap
        for x in range(dw):
            for y in range(dh):
                pts.add((x, y))
                pts.add((dw + gap + x, y))
        return pts, w
    if name == 'ring':
        n = 3 if rows < 4 or m.size < 15 else 4
        hgt = min(rows, n)
        w = n + (v - 1 if m.size >= 17 else 0)
        if hgt < 3:
            return {(0, 0), (1, 1), (2, 0)}, 3
        g = Glyph(m, w)
        g.ring(0, 0, w - 1, hgt - 1, 1, v=1 if m.size < 17 else min(v, 2) - (1 if w < 5 else 0), h=1)
        return g.px, w
    if name == 'macron':
        w = max(3, width_hint - 1)
        return {(x, y) for x in range(w) for y in range(min(m.h, rows))}, w
    if name == 'cedilla':
        # hangs below the baseline: returned with its top row at 0
        if m.desc <= 2 or m.size < 12:
            return {(1, 0), (0, -1)} if m.desc >= 2 else {(1, 0)}, 2
        w = 2 + (v - 1)
        pts = {(1, 0), (w - 1, -1), (0, -2), (1, -2)}
        if m.desc >= 4:
            pts = {(1, 0), (1, -1), (w - 1, -2), (0, -3), (1, -3), (w - 2, -3)}
        if v > 1:
            pts |= {(x + 1, y) for (x, y) in pts}
        return pts, w + (1 if v > 1 else 0)
    raise KeyError(name)


def spacing_mark(m, name):
    """A mark standing alone (´ ¨ ¯ ¸ `), placed as over a lowercase letter."""
    lo = m.xh + 1
    rows = max(1, m.lasc - lo)
    pts, w = mark(m, name, rows if name != 'dieresis' else 1, m.nw)
    g = Glyph(m, w)
    if name == 'cedilla':
        g.add_pixels(pts, 0, -1)
    elif name == 'macron':
        g.add_pixels(pts, 0, m.cap - 1)
    else:
        top = m.lasc - 1
        hgt = max(y for _, y in pts) + 1
        g.add_pixels(pts, 0, top - hgt + 1)
    return g


def compose(f, coverage):
    """Add every decomposable Latin-1 letter built from a base and one mark."""
    m = f.m
    for cp in coverage:
        if cp in f.glyphs:
            continue
        ch = chr(cp)
        dec = unicodedata.decomposition(ch).split()
        if len(dec) != 2 or dec[0].startswith('<'):
            continue
        base, mk = chr(int(dec[0], 16)), chr(int(dec[1], 16))
        name = MARKS.get(mk)
        if name is None:
            continue
        if base == 'i':
            base_glyph = dotless_i(f)
        else:
            if ord(base) not in f.glyphs:
                continue
            base_glyph = f.glyphs[ord(base)]
        f.glyphs[cp] = place(m, base_glyph, base, name)


def dotless_i(f):
    m = f.m
    pts, adv = f.glyphs[ord('i')]
    top = max(y for _, y in pts if True)
    keep = {(x, y) for (x, y) in pts if y < m.xh}
    return keep, adv


def place(m, base_glyph, base, name):
    pts, adv = base_glyph
    pts = set(pts)
    xs = [x for x, _ in pts]
    x0, x1 = min(xs), max(xs)
    upper = base.isupper()
    if name == 'cedilla':
        mp, w = mark(m, name, 0, 0)
        cx = (x0 + x1 + 1) / 2.0
        ox = int(round(cx - w / 2.0))
        pts |= {(x + ox, y - 1) for (x, y) in mp}
        return finish(m, pts, adv)
    two_row = name in ('circumflex', 'tilde')
    if upper:
        room = m.asc - m.cap
        hi = m.asc - 1
        if room >= 3 or (room == 2 and not two_row):
            lo = m.cap + 1
        elif room == 2:
            lo = m.cap          # a two-row mark touching the letter
        else:                   # 8 and 10 px: shorten the letter by one row
            pts = set(shortened(m, base)[0])
            lo = m.cap if not two_row else m.cap - 1
        if name == 'ring' and base == 'A':
            lo = max(y for _, y in pts) + 1
    else:
        lo = idot_bottom(m)
        hi = m.asc - 1
    rows = max(1, hi - lo + 1)
    bw = x1 - x0 + 1
    mp, w = mark(m, name, rows, bw if base not in 'iI' else m.nw)
    hgt = max(y for _, y in mp) + 1
    # centre over the ink (the stem for i), ties to the right for acute, left for grave
    cx = (x0 + x1 + 1) / 2.0
    off = cx - w / 2.0
    if off != int(off):
        off = int(off) + (1 if name in ('acute', 'ring') else 0)
    ox = int(off)
    if name == 'acute' and rows == 1:
        ox = int(round(cx)) - (0 if bw % 2 else 0)
    if name == 'grave' and rows == 1:
        ox = int(round(cx)) - w + (0 if bw % 2 == 0 else 1)
    oy = min(lo, m.asc - hgt)   # 8 px: a two-row mark touches the x-height
    pts |= {(x + ox, y + oy) for (x, y) in mp}
    return finish(m, pts, adv)


def idot_bottom(m):
    return m.xh + (1 if m.size < 17 else 2)


def shortened(m, base):
    import copy
    import designs
    from fontgen import finish as fin
    m2 = copy.copy(m)
    m2.cap = m.cap - 1
    m2.mid = (m2.cap - m2.h + 1) // 2
    return fin(m2, designs.DESIGNS[base](m2, base))


def finish(m, pts, adv):
    xs = [x for x, _ in pts]
    shift = -min(xs) if min(xs) < 0 and min(xs) < -1 else 0
    if shift:
        pts = {(x + shift, y) for (x, y) in pts}
        adv += shift
    need = max(x for x, _ in pts) + 1 + m.gap
    return pts, max(adv, need)
