"""Vertical metrics, stroke weights and widths of every Glance face.

pixel size = ascent + descent (the line height without extra leading).
"""


class Metrics:
    def __init__(self, size, weight, asc, desc, cap, xh, lasc, v, h, cn, cH, dW,
                 R, r, gap, dot=None, dspan=None, fam='sans'):
        self.size, self.weight = size, weight
        self.asc, self.desc, self.cap, self.xh, self.lasc = asc, desc, cap, xh, lasc
        self.v, self.h = v, h
        self.cn, self.cH, self.dW = cn, cH, dW
        self.R, self.r = R, r
        self.gap = gap
        self.dot = dot if dot is not None else (v, max(v, h) if size > 8 else 1)   # (w, h) of i-dots, periods
        self.dspan = dspan if dspan is not None else v           # pixels per row of diagonals
        self.fam = fam
        self.bold = weight == 'bold'
        self.nw = 2 * v + cn            # width of n
        self.Hw = 2 * v + cH            # width of H
        self.mid = (cap - h + 1) // 2   # bottom row of a capital's middle bar
        self.xmid = (xh - h + 1) // 2   # bottom row of a lowercase middle bar

    def sym(self, w, stem=None):
        """Nudge a width so a centred stem sits exactly in the middle."""
        stem = self.v if stem is None else stem
        return w if (w - stem) % 2 == 0 else w + 1


# size: (asc, desc, cap, x-height, lowercase ascender)
VERT = {
    8:  (6, 2, 5, 4, 5),
    10: (8, 2, 7, 5, 7),
    12: (10, 2, 8, 6, 8),
    13: (11, 2, 9, 6, 9),
    15: (12, 3, 10, 7, 10),
    17: (14, 3, 11, 8, 12),
    20: (16, 4, 13, 10, 14),
    22: (18, 4, 15, 11, 16),
}

# size: regular (v, h, cn, cH, dW, R, r, gap), bold (...)
WEIGHTS = {
    8: ((1, 1, 2, 3, 4, 1, 1, 1), (2, 1, 2, 3, 5, 1, 1, 1)),
    10: ((1, 1, 2, 3, 5, 1, 1, 1), (2, 1, 2, 3, 6, 1, 1, 1)),
    12: ((1, 1, 3, 4, 5, 1, 1, 1), (2, 1, 3, 4, 7, 1, 1, 1)),
    13: ((1, 1, 3, 4, 6, 2.5, 1, 1), (2, 1, 3, 4, 7, 2.5, 1, 1)),
    15: ((1, 1, 4, 5, 7, 2.5, 2.5, 1), (2, 1, 4, 5, 8, 2.5, 2.5, 1)),
    17: ((2, 1, 4, 5, 8, 3, 2.5, 2), (3, 2, 4, 5, 9, 3.5, 3, 2)),
    20: ((2, 2, 5, 6, 9, 4, 3, 2), (3, 2, 5, 6, 10, 4, 3.5, 2)),
    22: ((2, 2, 6, 7, 10, 4.5, 3.5, 2), (3, 2, 6, 7, 11, 5, 4, 2)),
}


def sans_metrics(size, weight):
    asc, desc, cap, xh, lasc = VERT[size]
    v, h, cn, cH, dW, R, r, gap = WEIGHTS[size][0 if weight == 'regular' else 1]
    return Metrics(size, weight, asc, desc, cap, xh, lasc, v, h, cn, cH, dW, R, r, gap)


# Numerals: size: (asc, desc, cap), regular (v, h, dW, R, gap), bold (...)
NUMERALS = {
    28: ((23, 5, 20), (3, 3, 13, 6, 3), (5, 4, 14, 6.5, 3)),
    34: ((28, 6, 25), (4, 3, 16, 7.5, 3), (6, 5, 17, 8, 3)),
}


def numeral_metrics(size, weight):
    (asc, desc, cap), reg, bold = NUMERALS[size]
    v, h, dW, R, gap = reg if weight == 'regular' else bold
    xh = round(cap * 0.72)
    cn = dW - 2 * v
    return Metrics(size, weight, asc, desc, cap, xh, cap, v, h, cn, cn + 1, dW, R, R * 0.8,
                   gap, fam='numerals')
