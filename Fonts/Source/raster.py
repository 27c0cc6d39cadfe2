"""Pixel-grid drawing primitives for the Glance font generator.

Coordinates are integer pixels. x grows to the right from the glyph's left ink
edge; y grows upwards and row 0 is the first row above the baseline, so a
capital occupies rows 0 ... cap-1 and a descender rows -1 ... -descent.

Every primitive snaps to whole pixels: stems are `v` pixels wide, bars `h`
pixels tall, and rounded shapes are sampled at pixel centres and outlined by
erosion, so a curve is never thinner or thicker than the straight strokes it
joins.
"""

import math


def snap(v, a, b, t):
    """Round v, breaking ties towards the nearer end of the stroke so the
    steps of a diagonal are spread symmetrically."""
    f = math.floor(v)
    frac = v - f
    if abs(frac - 0.5) > 1e-9:
        return int(math.floor(v + 0.5))
    toward = a if t < 0.5 else b
    if abs(t - 0.5) < 1e-9:
        return int(math.floor(v + 0.5))
    return int(f) if toward < v else int(f) + 1


class Glyph:
    """A set of lit pixels plus the advance information of one character."""

    def __init__(self, m, width):
        self.m = m
        self.w = width          # ink box width the design was made in
        self.px = set()
        self.lsb = 0            # extra left side bearing (may be negative)
        self.rsb = 0            # extra right side bearing (may be negative)
        self.adv = None         # explicit advance (overrides w + gap + bearings)

    # -- basic fills -------------------------------------------------------
    def rect(self, x0, y0, x1, y1):
        for y in range(min(y0, y1), max(y0, y1) + 1):
            for x in range(min(x0, x1), max(x0, x1) + 1):
                self.px.add((x, y))
        return self

    def clear(self, x0, y0, x1, y1):
        self.px = {(x, y) for (x, y) in self.px
                   if not (min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1))}
        return self

    def dot(self, x, y):
        self.px.add((x, y))
        return self

    def vs(self, x, y0, y1, w=None):
        """Vertical stem with left edge x from row y0 to row y1 (inclusive)."""
        w = self.m.v if w is None else w
        return self.rect(x, y0, x + w - 1, y1)

    def vsr(self, xr, y0, y1, w=None):
        """Vertical stem whose right edge is column xr."""
        w = self.m.v if w is None else w
        return self.rect(xr - w + 1, y0, xr, y1)

    def hb(self, x0, x1, y, t=None):
        """Horizontal bar from x0 to x1 whose bottom row is y."""
        t = self.m.h if t is None else t
        return self.rect(x0, y, x1, y + t - 1)

    def hbt(self, x0, x1, ytop, t=None):
        """Horizontal bar whose top row is ytop."""
        t = self.m.h if t is None else t
        return self.rect(x0, ytop - t + 1, x1, ytop)

    # -- rounded shapes ----------------------------------------------------
    @staticmethod
    def rrect_set(x0, y0, x1, y1, r, p=2.0):
        """Filled rounded rectangle; r = radius or (tl, tr, bl, br); each
        radius may be a number or an (rx, ry) pair."""
        if not isinstance(r, (tuple, list)):
            r = (r, r, r, r)
        rs = []
        for c in r:
            if isinstance(c, (tuple, list)):
                rs.append((float(c[0]), float(c[1])))
            else:
                rs.append((float(c), float(c)))
        out = set()
        X0, Y0, X1, Y1 = x0, y0, x1 + 1, y1 + 1
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                cx, cy = x + 0.5, y + 0.5
                ok = True
                for i, (rx, ry) in enumerate(rs):
                    if rx <= 0 or ry <= 0:
                        continue
                    left = i in (0, 2)
                    top = i in (0, 1)
                    ccx = X0 + rx if left else X1 - rx
                    ccy = Y1 - ry if top else Y0 + ry
                    inx = cx < ccx if left else cx > ccx
                    iny = cy > ccy if top else cy < ccy
                    if inx and iny:
                        d = abs((cx - ccx) / max(rx - 0.3, 0.2)) ** p + abs((cy - ccy) / max(ry - 0.3, 0.2)) ** p
                        if d > 1.0:
                            ok = False
                if ok:
                    out.add((x, y))
        return out

    def fill_rrect(self, x0, y0, x1, y1, r, clip=None, p=2.0):
        s = self.rrect_set(x0, y0, x1, y1, r, p)
        self._add(s, clip)
        return self

    def ring(self, x0, y0, x1, y1, r, clip=None, v=None, h=None, p=2.0):
        """Outline of a rounded rectangle: sides v wide, top/bottom h tall."""
        v = self.m.v if v is None else v
        h = self.m.h if h is None else h
        s = self.rrect_set(x0, y0, x1, y1, r, p)
        inner = set()
        for (x, y) in s:
            if all((x + i, y) in s and (x - i, y) in s for i in range(1, v + 1)) and \
               all((x, y + j) in s and (x, y - j) in s for j in range(1, h + 1)):
                inner.add((x, y))
        self._add(s - inner, clip)
        return self

    def _add(self, s, clip):
        if clip is None:
            self.px |= s
            return
        if callable(clip):
            self.px |= {q for q in s if clip(*q)}
            return
        # list of rectangles (x0, y0, x1, y1) to keep
        rects = clip if isinstance(clip[0], (tuple, list)) else [clip]
        for (x, y) in s:
            for (a, b, c, d) in rects:
                if a <= x <= c and b <= y <= d:
                    self.px.add((x, y))
                    break

    # -- diagonals ---------------------------------------------------------
    def diag(self, xa, ya, xb, yb, span=None, connect=True):
        """Steep stroke: for each row from ya to yb, `span` pixels starting at
        the interpolated left edge (xa at row ya, xb at row yb)."""
        span = self.m.dspan if span is None else span
        if ya > yb:
            xa, ya, xb, yb = xb, yb, xa, ya
        prev = None
        for y in range(ya, yb + 1):
            t = 0.0 if yb == ya else (y - ya) / (yb - ya)
            x = snap(xa + (xb - xa) * t, xa, xb, t)
            lo, hi = x, x + span - 1
            if connect and prev is not None:
                plo, phi = prev
                if lo > phi + 1:
                    lo = phi + 1
                if hi < plo - 1:
                    hi = plo - 1
            self.rect(lo, y, hi, y)
            prev = (x, x + span - 1)
        return self

    def diagc(self, xa, ya, xb, yb, span=None):
        """Shallow stroke: for each column, `span` pixels upward from the
        interpolated bottom edge."""
        span = self.m.h if span is None else span
        if xa > xb:
            xa, ya, xb, yb = xb, yb, xa, ya
        prev = None
        for x in range(xa, xb + 1):
            t = 0.0 if xb == xa else (x - xa) / (xb - xa)
            y = snap(ya + (yb - ya) * t, ya, yb, t)
            lo, hi = y, y + span - 1
            if prev is not None:
                plo, phi = prev
                if lo > phi + 1:
                    lo = phi + 1
                if hi < plo - 1:
                    hi = plo - 1
            self.rect(x, lo, x, hi)
            prev = (y, y + span - 1)
        return self

    # -- transforms --------------------------------------------------------
    def mirror_x(self, keep=True):
        m = {(self.w - 1 - x, y) for (x, y) in self.px}
        self.px = (self.px | m) if keep else m
        return self

    def flipped(self, axis_y):
        """Pixels flipped vertically around the row pair axis_y (y -> axis_y - y)."""
        return {(x, axis_y - y) for (x, y) in self.px}

    def shift(self, dx, dy):
        self.px = {(x + dx, y + dy) for (x, y) in self.px}
        return self

    def add_pixels(self, pts, dx=0, dy=0):
        self.px |= {(x + dx, y + dy) for (x, y) in pts}
        return self

    def bbox(self):
        if not self.px:
            return None
        xs = [p[0] for p in self.px]
        ys = [p[1] for p in self.px]
        return min(xs), min(ys), max(xs), max(ys)
