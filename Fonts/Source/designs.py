"""Skeleton designs of Glance Sans and Glance Numerals.

Each function draws one character for the metrics `m` of a face (stem width
m.v, bar height m.h, cap height m.cap, x-height m.xh, ...). Shapes are built
from stems, bars, rounded-rectangle outlines clipped to the needed parts,
and diagonals, all snapped to whole pixels by raster.py.
"""

import math
from raster import Glyph

DESIGNS = {}


def design(chars):
    def deco(fn):
        for c in chars:
            DESIGNS[c] = fn
        return fn
    return deco


def G(m, w):
    return Glyph(m, w)


def line(g, xa, ya, xb, yb, span=None):
    """Stroke between two left/bottom-edge points, by rows if steep else by columns."""
    if abs(xb - xa) <= abs(yb - ya):
        g.diag(xa, ya, xb, yb, span)
    else:
        g.diagc(xa, ya, xb, yb, span if span is not None else g.m.h)


def rad(m, w, hgt, big):
    """Corner radius for a bowl of w x hgt pixels."""
    r = m.R if big else m.r
    r = min(r, max(1, min(w, hgt) * 0.36 + (m.v - 1) * 0.5))
    return r if r >= 2.5 else 1


def dotsz(m):
    return m.dot


# ---------------------------------------------------------------- capitals

@design('H')
def H(m, c):
    W = m.Hw
    g = G(m, W)
    g.vs(0, 0, m.cap - 1).vsr(W - 1, 0, m.cap - 1).hb(0, W - 1, m.mid)
    return g


@design('I')
def I(m, c):
    g = G(m, m.v)
    g.vs(0, 0, m.cap - 1)
    g.lsb = g.rsb = 1 if m.size >= 15 else 0
    return g


@design('O')
def O(m, c):
    W = m.Hw + (1 if m.size >= 12 else 0)
    g = G(m, W)
    g.ring(0, 0, W - 1, m.cap - 1, rad(m, W, m.cap, True))
    return g


@design('Q')
def Q(m, c):
    g = O(m, c)
    W = g.w
    t = max(m.v, m.h)
    if m.size <= 13:
        g.rect(W - 1 - m.v, -1, W - 1, -1)
    else:
        x0 = W // 2
        line(g, x0, max(1, m.cap // 4), W - m.v, -1 - (1 if m.desc >= 3 else 0), m.dspan)
    return g


def c_shape(m, W, hgt, R):
    # an open ring whose right side keeps only the corner arcs as terminals
    g = G(m, W)
    lo = max(2, int(round(hgt * 0.3)))
    hi = hgt - 1 - lo
    g.ring(0, 0, W - 1, hgt - 1, R,
           clip=lambda x, y: not (x >= W - m.v and lo <= y <= hi) and not (x >= W / 2.0 and lo < y < hi))
    return g


@design('C')
def C(m, c):
    W = m.Hw
    return c_shape(m, W, m.cap, rad(m, W, m.cap, True))


@design('G')
def Gg(m, c):
    W = m.Hw + (1 if m.size >= 12 else 0)
    g = G(m, W)
    R = rad(m, W, m.cap, True)
    top_cut = int(math.ceil(R)) + 1 if R > 1 else 2
    g.ring(0, 0, W - 1, m.cap - 1, R,
           clip=lambda x, y: not (x >= W // 2 + 1 and top_cut <= y <= m.cap - 1 - top_cut) and y <= m.cap - 1)
    if R <= 1.5:
        g.clear(W - m.v, m.mid + 1, W - 1, m.cap - 3)
    # spur: right stem up to the bar, bar inward
    by = m.mid - (1 if m.cap >= 12 else 0)
    g.vsr(W - 1, 1, by + m.h - 1)
    g.hb(W // 2, W - 1, by)
    return g


@design('D')
def D(m, c):
    W = m.Hw + (1 if m.size >= 12 else 0)
    g = G(m, W)
    R = rad(m, W, m.cap, True)
    g.ring(0, 0, W - 1, m.cap - 1, (0, R, 0, R))
    return g


@design('B')
def B(m, c):
    W = m.Hw
    g = G(m, W)
    mid = m.mid
    Rb = min(m.R, max(1, (m.cap - mid) / 2.0 - 0.5))
    g.ring(0, mid, W - 2, m.cap - 1, (0, Rb, 0, Rb))
    Rl = min(m.R, max(1, (mid + m.h) / 2.0 - 0.5))
    g.ring(0, 0, W - 1, mid + m.h - 1, (0, Rl, 0, Rl))
    return g


@design('P')
def P(m, c):
    W = m.Hw
    g = G(m, W)
    pm = m.mid - (1 if m.cap >= 10 else 0)
    Rb = min(m.R, max(1, (m.cap - pm) / 2.0 - 0.5))
    g.vs(0, 0, m.cap - 1)
    g.ring(0, pm, W - 1, m.cap - 1, (0, Rb, 0, Rb))
    return g


@design('R')
def Rr(m, c):
    g = P(m, c)
    W = g.w
    pm = m.mid - (1 if m.cap >= 10 else 0)
    xs = max(m.v, (W - m.dspan) // 2)
    g.diag(xs, pm - 1, W - m.dspan, 0, m.dspan)
    return g


@design('E')
def E(m, c):
    W = m.Hw - 1
    g = G(m, W)
    g.vs(0, 0, m.cap - 1).hb(0, W - 1, 0).hbt(0, W - 1, m.cap - 1).hb(0, W - 2, m.mid)
    return g


@design('F')
def F(m, c):
    W = m.Hw - 1
    g = G(m, W)
    g.vs(0, 0, m.cap - 1).hbt(0, W - 1, m.cap - 1).hb(0, W - 2, m.mid - (1 if m.cap >= 12 else 0))
    return g


@design('L')
def L(m, c):
    W = m.Hw - 1
    g = G(m, W)
    g.vs(0, 0, m.cap - 1).hb(0, W - 1, 0)
    return g


@design('T')
def T(m, c):
    W = m.sym(m.Hw)
    g = G(m, W)
    x = (W - m.v) // 2
    g.hbt(0, W - 1, m.cap - 1).vs(x, 0, m.cap - 1)
    return g


@design('J')
def J(m, c):
    W = m.Hw - 1
    g = G(m, W)
    R = rad(m, W, m.cap, True)
    hook = int(math.ceil(R)) + 1
    g.vsr(W - 1, 0, m.cap - 1)
    g.ring(0, 0, W - 1, m.cap + 4, (0, 0, R, R), clip=lambda x, y: y <= hook)
    return g


@design('U')
def U(m, c):
    W = m.Hw
    g = G(m, W)
    R = rad(m, W, m.cap, True)
    g.ring(0, 0, W - 1, m.cap + 4, (0, 0, R, R), clip=lambda x, y: y <= m.cap - 1)
    return g


def k_shape(m, top, jy=None, extra=0):
    # upper arm into the stem at row jy, a leg from there to the baseline;
    # `extra` widens the letter so the leg is less steep
    s = m.dspan
    jy = (top + 1) // 2 if jy is None else jy
    ov = 1 if m.v > 1 else 0
    W = m.v - ov + (top - jy) + s + extra
    g = G(m, W)
    g.vs(0, 0, top)
    g.diag(W - s - extra, top, m.v - ov, jy, s)
    g.diag(m.v - ov + 1, jy - 1, W - s, 0, s)
    return g


@design('K')
def K(m, c):
    return k_shape(m, m.cap - 1)


def M_numeral(m):
    # stems and a V whose arms are thinner than the stems, so both notches stay open
    v = m.v
    s = max(2, v - (2 if m.bold else 1))
    top = m.cap - 1
    vy = round(m.cap * (0.36 if m.bold else 0.4))     # bottom of the V
    cx = v - 1 + round((top - vy) * 0.5)
    W = 2 * cx + s
    g = G(m, W)
    g.vs(0, 0, top).vsr(W - 1, 0, top)
    g.diag(v - 1, top, cx, vy, s)
    g.mirror_x()
    return g


@design('M')
def Mm(m, c):
    if m.fam == 'numerals':
        return M_numeral(m)
    W = m.sym(m.Hw + 2)
    g = G(m, W)
    s = m.dspan
    g.vs(0, 0, m.cap - 1).vsr(W - 1, 0, m.cap - 1)
    cx = (W - s) // 2
    y0 = m.cap - 2
    x0 = m.v if m.v == 1 else m.v - 1
    vy = max(1, y0 - (cx - x0))
    g.diag(x0, y0, cx, vy, s)
    g.mirror_x()
    return g


@design('N')
def N(m, c):
    W = m.Hw
    g = G(m, W)
    s = m.dspan
    g.vs(0, 0, m.cap - 1).vsr(W - 1, 0, m.cap - 1)
    if m.v == 1:
        g.diag(1, m.cap - 2, W - 2, 1, s)
    else:
        g.diag(m.v - 1, m.cap - 1, W - m.v - s + 1, 0, s)
    return g


@design('V')
def V(m, c):
    W = m.sym(m.Hw, m.dspan)
    g = G(m, W)
    s = m.dspan
    g.diag(0, m.cap - 1, (W - s) // 2, 0, s)
    g.mirror_x()
    return g


def A_numeral(m):
    # a flat-topped A: two legs, a top bar and a crossbar, with a clear counter
    s = m.v
    W = m.dW + (5 if m.bold else 3)
    top = m.cap - 1
    g = G(m, W)
    xa = (W - 2 * s - 1) // 2       # lean of each leg over the cap height
    g.diag(0, 0, xa, top, s)
    g.mirror_x()
    g.hbt(xa, W - 1 - xa, top)
    by = max(m.h, round(m.cap * 0.3) - (1 if m.bold else 0))
    xs = sorted(x for (x, y) in g.px if y == by)
    g.hb(xs[0], xs[-1], by)
    return g


@design('A')
def A(m, c):
    if m.fam == 'numerals':
        return A_numeral(m)
    W = m.sym(m.Hw, m.dspan)
    g = G(m, W)
    s = m.dspan
    cx = (W - s) // 2
    if m.v == 1:
        g.diag(0, 0, cx - 1, m.cap - 2, s)
        g.rect(cx, m.cap - 1, W - 1 - cx, m.cap - 1)
    else:
        g.diag(0, 0, cx, m.cap - 1, s)
    g.mirror_x()
    by = max(1, round(m.cap * 0.3))
    xs = sorted(x for (x, y) in g.px if y == by)
    g.hb(xs[0], xs[-1], by)
    return g


@design('W')
def Ww(m, c):
    return w_shape(m, m.Hw + 2 * m.v, m.cap, m.cap - 1 - m.cap // 5)


def w_shape(m, W, hgt, peak):
    """Two Vs; in bold from 17 px the inner strokes are a pixel thinner and
    each V has a flat foot, so the notches stay open down to the baseline."""
    s = m.dspan
    si = s - 1 if s >= 3 else s
    wide = si < s
    W = m.sym(W + (3 if wide else 0), si)
    g = G(m, W)
    cx = (W - si) // 2
    q = cx // 2 - (1 if wide else 0)
    g.diag(0, hgt - 1, q, 0, s)
    g.diag(q + (s - si) + (1 if wide else 0), 0, cx, peak, si)
    g.mirror_x()
    return g


def x_width(m, w, hgt):
    # the two strokes cross in one pixel (odd height) or a 2x2 block (even)
    if m.dspan == 1 and (w - hgt) % 2:
        w -= 1
    return w


@design('X')
def Xx(m, c):
    W = x_width(m, m.Hw, m.cap)
    g = G(m, W)
    s = m.dspan
    g.diag(0, m.cap - 1, W - s, 0, s)
    g.mirror_x()
    return g


@design('Y')
def Y(m, c):
    W = m.sym(m.Hw, m.dspan)
    g = G(m, W)
    s = m.dspan
    cx = (W - s) // 2
    jy = m.mid
    g.diag(0, m.cap - 1, cx, jy, s)
    g.mirror_x()
    g.vs(cx, 0, jy, s)
    return g


@design('Z')
def Z(m, c):
    W = m.Hw
    g = G(m, W)
    g.hbt(0, W - 1, m.cap - 1).hb(0, W - 1, 0)
    s = m.dspan
    line(g, W - s, m.cap - 1, 0, 0, s)
    return g


def s_shape(m, W, top, bottom, R, mid=None, digit=False):
    """An S between rows bottom..top: upper loop keeps its left side,
    lower loop its right side; terminals at top right and bottom left."""
    g = G(m, W)
    hgt = top - bottom + 1
    mid = bottom + (hgt - m.h + 1) // 2 if mid is None else mid
    Ru = min(R, max(1, (top - mid + 1) / 2.0))
    Rl = min(R, max(1, (mid + m.h - bottom) / 2.0))
    cx = W / 2.0
    term = top - mid + 1 >= 5
    if term:
        tt = top - (int(math.ceil(Ru)) if Ru > 1 else 1)
        tb = bottom + (int(math.ceil(Rl)) if Rl > 1 else 1)
        ru, rl = Ru, Rl
    else:   # no room for curled ends: the top and bottom bars run to the edge
        tt, tb = top - m.h + 1, bottom + m.h - 1
        ru, rl = (Ru, 0, Ru, Ru), (Rl, Rl, 0, Rl)
    cyu = (mid + top) / 2.0
    cyl = (bottom + mid + m.h - 1) / 2.0
    g.ring(0, mid, W - 1, top, ru,
           clip=lambda x, y: (x < cx) or (y >= cyu and (y >= tt or x < W - m.v)))
    g.ring(0, bottom, W - 1, mid + m.h - 1, rl,
           clip=lambda x, y: (x >= cx) or (y <= cyl and (y <= tb or x >= m.v)))
    return g


@design('S')
def S(m, c):
    W = m.Hw
    R = rad(m, W, m.cap, True)
    return s_shape(m, W, m.cap - 1, 0, R)


# ---------------------------------------------------------------- lowercase

def shoulder(g, x0, x1, top, r, bottom=0):
    g.ring(x0, bottom - 20, x1, top, (r, r, 0, 0), clip=lambda x, y: y >= bottom)


def cup(g, x0, x1, bottom, r, top):
    g.ring(x0, bottom, x1, top + 20, (0, 0, r, r), clip=lambda x, y: y <= top)


@design('n')
def n(m, c):
    W = m.nw
    g = G(m, W)
    g.vs(0, 0, m.xh - 1)
    shoulder(g, 0, W - 1, m.xh - 1, rad(m, W, m.xh, False))
    return g


@design('h')
def h(m, c):
    g = n(m, c)
    g.vs(0, 0, m.lasc - 1)
    return g


@design('m')
def mm(m, c):
    cm = m.cn - (1 if m.size >= 15 else 0)
    W = 3 * m.v + 2 * cm
    g = G(m, W)
    xm = m.v + cm
    r = rad(m, xm + m.v, m.xh, False)
    g.vs(0, 0, m.xh - 1)
    shoulder(g, 0, xm + m.v - 1, m.xh - 1, r)
    shoulder(g, xm, W - 1, m.xh - 1, r)
    return g


@design('u')
def u(m, c):
    W = m.nw
    g = G(m, W)
    g.vsr(W - 1, 0, m.xh - 1)
    cup(g, 0, W - 1, 0, rad(m, W, m.xh, False), m.xh - 1)
    return g


@design('r')
def r(m, c):
    W = m.nw - 1 - (1 if m.size >= 17 else 0)
    g = G(m, W)
    rr = rad(m, W, m.xh, False)
    g.vs(0, 0, m.xh - 1)
    term = m.xh - 1 - (int(math.ceil(rr)) if rr > 1 else 1)
    g.ring(0, -20, W - 1, m.xh - 1, (rr, rr, 0, 0), clip=lambda x, y: y >= 0 and (x < W - m.v or y >= term))
    return g


@design('o')
def o(m, c):
    W = m.nw
    g = G(m, W)
    g.ring(0, 0, W - 1, m.xh - 1, rad(m, W, m.xh, True))
    return g


@design('c')
def cc(m, c):
    W = m.nw
    return c_shape(m, W, m.xh, rad(m, W, m.xh, True))


@design('e')
def e(m, c):
    W = m.nw
    g = G(m, W)
    R = rad(m, W, m.xh, True)
    bar = m.xmid + (1 if m.xh >= 9 else 0)
    lo = 1 if R <= 1 else m.h + 1
    g.ring(0, 0, W - 1, m.xh - 1, (R, R, R, R if R > 1 else 0),
           clip=lambda x, y: not ((x >= W - m.v or (R > 1 and x >= W * 0.6)) and lo <= y < bar))
    g.hb(0, W - 1, bar)
    return g


@design('a')
def a(m, c):
    W = m.nw
    g = G(m, W)
    R = rad(m, W, m.xh, False)
    bt = m.xmid + m.h - 1          # top row of the bowl
    g.vsr(W - 1, 0, m.xh - 1 - (1 if R <= 1 else int(R)))
    g.ring(0, -20, W - 1, m.xh - 1, (R, R, 0, 0),
           clip=lambda x, y: y >= m.xh - m.h - (int(R) if R > 1 else 0) and (x >= W // 2 or y >= m.xh - m.h) and x >= (1 if R <= 1 else 0))
    Rb = min(R, max(1, (bt + 1) / 2.0))
    g.ring(0, 0, W - 1, bt, (Rb, 0, Rb, 0), clip=lambda x, y: x < W - m.v)
    return g


@design('b')
def b(m, c):
    W = m.nw
    g = G(m, W)
    R = rad(m, W, m.xh, True)
    g.vs(0, 0, m.lasc - 1)
    g.ring(0, 0, W - 1, m.xh - 1, (0, R, 0, R))
    return g


@design('p')
def p(m, c):
    W = m.nw
    g = G(m, W)
    R = rad(m, W, m.xh, True)
    g.vs(0, -m.desc, m.xh - 1)
    g.ring(0, 0, W - 1, m.xh - 1, (0, R, 0, R))
    return g


@design('d')
def d(m, c):
    g = b(m, c)
    g.px = {(g.w - 1 - x, y) for (x, y) in g.px}
    return g


@design('q')
def q(m, c):
    g = p(m, c)
    g.px = {(g.w - 1 - x, y) for (x, y) in g.px}
    return g


@design('g')
def gg(m, c):
    W = m.nw
    g = G(m, W)
    R = rad(m, W, m.xh, True)
    g.ring(0, 0, W - 1, m.xh - 1, (R, 0, R, 0))
    D = m.desc
    r = min(rad(m, W, D + 2, False), max(1, (D + 1) / 2.0))
    g.vsr(W - 1, -D + 1, m.xh - 1)
    g.ring(0, -D, W - 1, 10, (0, 0, r, r), clip=lambda x, y: y <= -1 and (x >= m.v or y <= -D + m.h - 1))
    return g


@design('i')
def i(m, c):
    g = G(m, m.v)
    g.vs(0, 0, m.xh - 1)
    dw, dh = dotsz(m)
    b = m.xh + (1 if m.size < 17 else 2)
    g.rect(0, b, dw - 1, b + dh - 1)
    return g


@design('j')
def j(m, c):
    W = m.v + 1 + (1 if m.size >= 17 else 0)
    g = G(m, W)
    x = W - m.v
    g.vs(x, -m.desc + 1, m.xh - 1)
    g.hb(0, x, -m.desc)
    g.clear(x, -m.desc, W - 1, -m.desc)
    dw, dh = dotsz(m)
    b = m.xh + (1 if m.size < 17 else 2)
    g.rect(x, b, x + dw - 1, b + dh - 1)
    g.lsb = -1 if m.size < 17 else -2
    return g


@design('l')
def l(m, c):
    W = m.v + 1
    g = G(m, W)
    rl = 1 if m.size < 17 else 2.5
    g.ring(0, 0, W - 1 + m.v, m.lasc + 20, (0, 0, rl, 0), clip=lambda x, y: x <= W - 1 and y <= m.lasc - 1)
    return g


@design('f')
def f(m, c):
    W = max(4, m.nw - 1 - (1 if m.size >= 17 else 0))
    g = G(m, W)
    x = 1 if m.v == 1 else m.v // 2 + (1 if m.size >= 17 else 0)
    rr = rad(m, W, m.lasc, False)
    g.ring(x, -20, W + 2, m.lasc - 1, (rr, rr, 0, 0), clip=lambda xx, y: y >= 0 and (xx < W or y == m.lasc - 1 and xx < W) and xx <= W - 1 and not (xx >= x + m.v and y < m.lasc - m.h))
    g.hbt(0, W - 2 if m.size < 17 else W - 1, m.xh - 1)
    return g


@design('t')
def t(m, c):
    W = m.nw - 1 - (1 if m.size >= 17 else 0)
    g = G(m, W)
    x = 1 if m.v == 1 else m.v // 2 + (1 if m.size >= 17 else 0)
    top = m.xh - 1 + max(1, (m.lasc - m.xh) // 2 + (1 if m.size >= 15 else 0))
    rr = rad(m, W, m.xh, False)
    g.ring(x, 0, W + 3, top + 20, (0, 0, rr, 0), clip=lambda xx, y: y <= top and xx <= W - 1 and not (xx >= x + m.v and y >= m.h))
    g.hbt(0, W - 1, m.xh - 1)
    return g


@design('k')
def k(m, c):
    g = k_shape(m, m.xh - 1, extra=1 if m.size >= 10 else 0)
    g.vs(0, 0, m.lasc - 1)
    return g


@design('v')
def vv(m, c):
    W = m.sym(m.nw + 1, m.dspan)
    g = G(m, W)
    s = m.dspan
    g.diag(0, m.xh - 1, (W - s) // 2, 0, s)
    g.mirror_x()
    return g


@design('y')
def yy(m, c):
    W = m.sym(m.nw + 1, m.dspan)
    g = G(m, W)
    s = m.dspan
    cx = (W - s) // 2
    g.diag(0, m.xh - 1, cx, 0, s)
    g.mirror_x()
    # continue the right stroke into the descender
    dx = (W - s - cx) / float(m.xh - 1)
    g.diag(cx, 0, cx - round(dx * m.desc), -m.desc, s)
    g.clear(cx - 10, -m.desc, cx - round(dx * m.desc) - 1, -m.desc)
    return g


@design('w')
def ww(m, c):
    return w_shape(m, m.nw + 2 * m.v + 1, m.xh, m.xh - 1)


@design('x')
def xx(m, c):
    W = x_width(m, min(m.nw + 1, m.xh + m.dspan - 1), m.xh)
    g = G(m, W)
    s = m.dspan
    g.diag(0, m.xh - 1, W - s, 0, s)
    g.mirror_x()
    return g


@design('z')
def z(m, c):
    W = m.nw
    g = G(m, W)
    g.hbt(0, W - 1, m.xh - 1).hb(0, W - 1, 0)
    line(g, W - m.dspan, m.xh - 1, 0, 0, m.dspan)
    return g


@design('s')
def s(m, c):
    W = m.nw
    R = rad(m, W, m.xh, False)
    return s_shape(m, W, m.xh - 1, 0, R)


# ---------------------------------------------------------------- digits

def dw(m):
    return m.dW


@design('0')
def d0(m, c):
    W = dw(m)
    g = G(m, W)
    g.ring(0, 0, W - 1, m.cap - 1, rad(m, W, m.cap, True))
    return g


@design('1')
def d1(m, c):
    W = dw(m)
    g = G(m, W)
    x = (W - m.v) // 2 + (1 if m.v == 1 and W % 2 == 0 else 0)
    g.vs(x, 0, m.cap - 1)
    fl = 1 if m.cap <= 9 else max(1, (W - m.v) // 2 - 1)
    g.diag(x - fl, m.cap - 1 - fl, x, m.cap - 1, m.v)
    return g


@design('2')
def d2(m, c):
    W = dw(m)
    g = G(m, W)
    top = m.cap - 1
    uh = m.mid + m.h   # loop bottom
    R = rad(m, W, m.cap, True)
    Ru = min(R, max(1, (top - m.mid) / 2.0))
    tt = top - (int(math.ceil(Ru)) if Ru > 1 else 1)
    g.ring(0, m.mid, W - 1, top, Ru, clip=lambda x, y: y >= m.mid + int(Ru) and (x >= m.v or y >= tt))
    # diagonal from the loop's right side to the bottom left
    ys = m.mid + int(Ru)
    x0 = W - m.v - (1 if m.v == 1 else 0)
    n = min(x0, ys - 1 - m.h)
    g.diag(x0, ys - 1, x0 - n, ys - 1 - n, m.dspan)
    if ys - 1 - n > m.h:
        g.vs(0, m.h, ys - 1 - n, m.dspan)
    g.hb(0, W - 1, 0)
    return g


@design('3')
def d3(m, c):
    W = dw(m)
    R = rad(m, W, m.cap, True)
    g = G(m, W)
    top = m.cap - 1
    mid = m.mid
    Ru = min(R, max(1, (top - mid + 1) / 2.0))
    Rl = min(R, max(1, (mid + m.h) / 2.0))
    tt = top - (int(math.ceil(Ru)) if Ru > 1 else 1)
    tb = int(math.ceil(Rl)) if Rl > 1 else 1
    W2 = W - (1 if m.size >= 15 else 0)
    g.ring(0, mid, W2 - 1, top, Ru, clip=lambda x, y: (x >= W2 / 2.0 or y >= tt) and not (x < W2 / 2.0 - 0.5 and y < mid + m.h and x < m.v + 1) and (x >= m.v or y >= tt))
    g.ring(0, 0, W - 1, mid + m.h - 1, Rl, clip=lambda x, y: (x >= W / 2.0 or y <= tb) and (x >= m.v or y <= tb) and not (y >= mid and x < m.v + 1))
    return g


@design('4')
def d4(m, c):
    W = dw(m)
    g = G(m, W)
    by = max(1, round(m.cap * 0.28))
    xs = W - m.v - 1
    g.vs(xs, 0, m.cap - 1)
    g.hb(0, W - 1, by)
    g.diag(xs - m.dspan + (1 if m.v == 1 else m.v // 2 + 1), m.cap - 1, 0, by + m.h, m.dspan)
    return g


@design('5')
def d5(m, c):
    W = dw(m)
    g = G(m, W)
    top = m.cap - 1
    R = rad(m, W, m.cap, True)
    lt = m.mid + m.h - 1 + (1 if m.cap >= 9 else 0)   # top row of the lower bowl
    Rl = min(R, max(1, (lt + 1) / 2.0))
    tb = int(math.ceil(Rl)) if Rl > 1 else 1
    g.hbt(0, W - 1, top)
    g.vs(0, lt - m.h + 1, top)
    g.ring(0, 0, W - 1, lt, (0, Rl, Rl, Rl), clip=lambda x, y: x >= m.v or y <= tb or y > lt - m.h)
    return g


@design('6')
def d6(m, c):
    W = dw(m)
    g = G(m, W)
    top = m.cap - 1
    R = rad(m, W, m.cap, True)
    lt = m.mid + m.h - 1 + (1 if m.cap >= 9 else 0)
    Rl = min(R, max(1, (lt + 1) / 2.0))
    g.ring(0, 0, W - 1, lt, (0 if R > 1 else Rl, Rl, Rl, Rl))
    tt = top - (int(math.ceil(R)) if R > 1 else 1)
    g.ring(0, 0, W - 1, top, R, clip=lambda x, y: y > lt - m.h and (x < W / 2.0 or y >= tt))
    return g


@design('9')
def d9(m, c):
    g = d6(m, c)
    top = m.cap - 1
    g.px = {(g.w - 1 - x, top - y) for (x, y) in g.px}
    return g


@design('7')
def d7(m, c):
    W = dw(m)
    g = G(m, W)
    g.hbt(0, W - 1, m.cap - 1)
    xb = max(0, (W - m.dspan) // 2 - (1 if m.size >= 13 else 0))
    g.diag(W - m.dspan, m.cap - 1 - m.h, xb, 0, m.dspan)
    return g


@design('8')
def d8(m, c):
    W = dw(m)
    g = G(m, W)
    top = m.cap - 1
    mid = m.mid
    R = rad(m, W, m.cap, True)
    Ru = min(R, max(1, (top - mid + 1) / 2.0))
    Rl = min(R, max(1, (mid + m.h) / 2.0))
    ins = 1 if m.size >= 13 and m.v <= 2 else 0
    g.ring(ins, mid, W - 1 - ins, top, Ru)
    g.ring(0, 0, W - 1, mid + m.h - 1, Rl)
    return g
