#!/usr/bin/env python3
"""Generates the Glance bitmap fonts (Fonts/*.bdf) from the designs in this folder.

    python3 Fonts/Source/fontgen.py [--preview DIR]

Glance Sans is rasterised from the skeleton designs in designs.py and
symbols.py with the per-size metrics of metrics.py; handdrawn.py replaces
single glyphs at the small sizes (8-13 px) with pixel drawings. Accented
letters are composed from a base letter and an accent mark (accents.py).
Glance Numerals uses the digit designs at 28 and 34 px, with numeral-specific
A, M and %. With --preview, a 4x PNG of every face is written to DIR.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from metrics import sans_metrics, numeral_metrics   # noqa: E402
import designs                                       # noqa: E402
import symbols                                       # noqa: E402
import accents                                       # noqa: E402
import handdrawn                                     # noqa: E402
import bdf                                           # noqa: E402
import preview                                       # noqa: E402

FONTS = os.path.normpath(os.path.join(HERE, '..'))

SANS_SIZES = [8, 10, 12, 13, 15, 17, 20, 22]
NUMERAL_SIZES = [28, 34]
WEIGHTS = ['regular', 'bold']

TEXT_COVERAGE = (list(range(0x20, 0x7F)) + list(range(0xA0, 0x100)) +
                 [0x2013, 0x2014, 0x2022, 0x2026, 0x2190, 0x2191, 0x2192, 0x2193, 0x2212])
NUMERAL_CHARS = '0123456789 :.,-+%°/−kMAPmh'


class Font:
    def __init__(self, family, m):
        self.family = family
        self.m = m
        self.glyphs = {}    # code point -> (set of (x, y) relative to origin, advance)


def finish(m, g):
    """Turn a designed Glyph into (pixels relative to the pen origin, advance)."""
    gap = m.gap
    adv = g.adv if g.adv is not None else g.w + g.lsb + g.rsb + gap
    pts = {(x + g.lsb, y) for (x, y) in g.px}
    return pts, max(adv, 0)


def build_sans(size, weight):
    m = sans_metrics(size, weight)
    f = Font('Glance Sans', m)
    for cp in TEXT_COVERAGE:
        ch = chr(cp)
        fn = designs.DESIGNS.get(ch) or symbols.SYMBOLS.get(ch)
        if fn is None:
            continue
        g = handdrawn.override(m, ch) or fn(m, ch)
        f.glyphs[cp] = finish(m, g)
    accents.compose(f, TEXT_COVERAGE)
    symbols.default_char(f)
    return f


def build_numerals(size, weight):
    m = numeral_metrics(size, weight)
    f = Font('Glance Numerals', m)
    for ch in NUMERAL_CHARS:
        fn = designs.DESIGNS.get(ch) or symbols.SYMBOLS.get(ch)
        g = fn(m, ch)
        f.glyphs[ord(ch)] = finish(m, g)
    symbols.default_char(f)
    return f


def main(argv):
    out_preview = None
    if '--preview' in argv:
        out_preview = argv[argv.index('--preview') + 1]
        os.makedirs(out_preview, exist_ok=True)
    only = None
    if '--only' in argv:
        only = argv[argv.index('--only') + 1]
    fonts = []
    for size in SANS_SIZES:
        for weight in WEIGHTS:
            fonts.append(('glance-sans-%d-%s' % (size, weight), lambda s=size, w=weight: build_sans(s, w)))
    for size in NUMERAL_SIZES:
        for weight in WEIGHTS:
            fonts.append(('glance-numerals-%d-%s' % (size, weight), lambda s=size, w=weight: build_numerals(s, w)))
    for name, make in fonts:
        if only and only not in name:
            continue
        f = make()
        path = os.path.join(FONTS, name + '.bdf')
        with open(path, 'w') as fh:
            fh.write(bdf.render(f, name))
        print('wrote %s (%d glyphs)' % (os.path.relpath(path), len(f.glyphs)))
        if out_preview:
            preview.write(f, os.path.join(out_preview, name + '.png'))


if __name__ == '__main__':
    main(sys.argv[1:])
