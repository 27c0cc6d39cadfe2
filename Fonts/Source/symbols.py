"""Punctuation, symbols, arrows and the Latin-1 extras of Glance Sans.

Same construction kit as designs.py. Math symbols sit on the math axis (the
middle of the x-height) and are as wide as a digit, so "+12" and "-12" line up.
"""

import math
from raster import Glyph
import designs
from designs import line, rad, s_shape, c_shape

SYMBOLS = {}


def sym(chars):
    def deco(fn):
        for c in chars:
            SYMBOLS[c] = fn
        return fn
    return deco


def G(m, w):
    return Glyph(m, w)


def axis(m):
    """Bottom row of a horizontal stroke centred on the math axis."""
    return (m.xh - m.h) // 2 + (1 if m.xh >= 9 else 0) - (0 if m.xh % 2 else 0)


def opw(m):
    """Width of math operators: odd (or even for even stems) so a centre stem is exact."""
    return m.sym(m.dW)


def dot(g, x, y):
    dw, dh = g.m.dot
    g.rect(x, y, x + dw - 1, y + dh - 1)


@sym(' \u00a0')
def space(m, c):
    g = G(m, 0)
    g.adv = max(2, round(m.nw * 0.55)) + m.gap
    return g


@sym('.')
def period(m, c):
    g = G(m, m.dot[0])
    dot(g, 0, 0)
    g.lsb = 0 if m.size < 15 else 1
    return g


def comma_tail(g, x):
    m = g.m
    dw, dh = m.dot
    dot(g, x, 0)
    if dw == 1:
        g.dot(x, -1)
        if m.desc >= 2 and m.size >= 12:
            g.dot(x - 1, -2)
    else:
        n = max(1, min(m.desc - 1, dw))
        g.diag(x + dw - 2, -1, x + dw - 2 - (n - 1), -n, max(1, dw - 1))


@sym(',')
def comma(m, c):
    g = G(m, m.dot[0] + (1 if m.size >= 12 else 0))
    comma_tail(g, g.w - m.dot[0])
    return g


@sym(':')
def colon(m, c):
    g = G(m, m.dot[0])
    dot(g, 0, 0)
    dot(g, 0, m.xh - m.dot[1])
    g.lsb = 0 if m.size < 15 else 1
    return g


@sym(';')
def semicolon(m, c):
    g = G(m, m.dot[0] + (1 if m.size >= 12 else 0))
    x = g.w - m.dot[0]
    comma_tail(g, x)
    dot(g, x, m.xh - m.dot[1])
    return g


@sym('!')
def exclam(m, c):
    g = G(m, m.v)
    dw, dh = m.dot
    g.vs(0, dh + 1, m.cap - 1)
    dot(g, 0, 0)
    g.lsb = 0 if m.size < 15 else 1
    return g


@sym('\u00a1')
def exclamdown(m, c):
    g = exclam(m, c)
    top = m.xh - 1
    g.px = {(x, top - y) for (x, y) in g.px}
    lo = min(y for _, y in g.px)
    if lo < -m.desc:
        g.shift(0, -m.desc - lo)
    return g


@sym('?')
def question(m, c):
    W = max(4, m.dW - (1 if m.size >= 12 else 0))
    g = G(m, W)
    top = m.cap - 1
    dw, dh = m.dot
    loop_b = max(dh + 2, m.mid)
    R = rad(m, W, top - loop_b + 1, True)
    tt = top - (int(math.ceil(R)) if R > 1 else 1)
    cy = (loop_b + top) / 2.0
    sx = (W - m.v) // 2
    # a hook: the top of a loop, its right side, and the bottom back to the centre
    g.ring(0, loop_b, W - 1, top, R,
           clip=lambda x, y: (y >= cy and (x >= m.v or y >= tt)) or (y < cy and x >= sx))
    g.vs(sx, dh + 1 + (1 if m.size >= 15 else 0), loop_b)
    dot(g, sx, 0)
    return g


@sym('\u00bf')
def questiondown(m, c):
    g = question(m, c)
    top = m.xh - 1
    g.px = {(g.w - 1 - x, top - y) for (x, y) in g.px}
    lo = min(y for _, y in g.px)
    if lo < -m.desc:
        g.shift(0, -m.desc - lo)
    return g


def tick_len(m):
    return max(2, m.cap // 3)


@sym("'")
def quotesingle(m, c):
    g = G(m, m.v)
    g.vs(0, m.cap - tick_len(m), m.cap - 1)
    return g


@sym('"')
def quotedbl(m, c):
    gap = 1 if m.v == 1 else m.v - 1 + (1 if m.size >= 17 else 0)
    g = G(m, 2 * m.v + gap)
    g.vs(0, m.cap - tick_len(m), m.cap - 1).vs(m.v + gap, m.cap - tick_len(m), m.cap - 1)
    return g


@sym('`')
def grave(m, c):
    import accents
    return accents.spacing_mark(m, 'grave')


@sym('\u00b4')
def acute(m, c):
    import accents
    return accents.spacing_mark(m, 'acute')


@sym('^')
def asciicircum(m, c):
    W = opw(m)
    g = G(m, W)
    hgt = (W + 1) // 2
    cx = (W - m.v) // 2
    line(g, 0, m.cap - hgt, cx, m.cap - 1, m.dspan)
    g.mirror_x()
    return g


@sym('~')
def asciitilde(m, c):
    W = opw(m)
    g = G(m, W)
    a = axis(m)
    amp = max(1, m.h) if m.size < 17 else m.h + 1
    pts = []
    for x in range(W):
        t = x / float(W - 1)
        y = a + round(amp * 0.5 + amp * 0.5 * math.sin(t * 2 * math.pi + math.pi))
        pts.append((x, y))
    for i, (x, y) in enumerate(pts):
        g.rect(x, y, x, y + m.h - 1)
    # soften: vertical wave with h-thick rows
    if amp == 1:
        g.px = set()
        q = W // 4
        for x in range(W):
            y = a + 1 if (x // max(1, (W + 1) // 4)) % 2 == 1 else a
            g.rect(x, y, x, y + m.h - 1)
        g.px = set()
        half = (W - 1) // 2
        for x in range(W):
            up = 1 <= x <= half or x == W - 1
            g.rect(x, a + (1 if up else 0), x, a + (1 if up else 0) + m.h - 1)
    return g


@sym('_')
def underscore(m, c):
    W = m.nw + 1
    g = G(m, W)
    g.hbt(0, W - 1, -1 if m.desc < 3 else -2)
    return g


@sym('-\u00ad')
def hyphen(m, c):
    W = max(3, m.nw - 2 + (1 if m.v > 1 else 0))
    g = G(m, W)
    g.hb(0, W - 1, axis(m))
    return g


@sym('\u2013')
def endash(m, c):
    W = m.nw + 1
    g = G(m, W)
    g.hb(0, W - 1, axis(m))
    return g


@sym('\u2014')
def emdash(m, c):
    W = 2 * m.nw + m.gap + 2
    g = G(m, W)
    g.hb(0, W - 1, axis(m))
    return g


@sym('\u2212')
def minus(m, c):
    W = opw(m)
    g = G(m, W)
    g.hb(0, W - 1, axis(m))
    return g


@sym('+')
def plus(m, c):
    W = opw(m)
    g = G(m, W)
    a = axis(m)
    half = (W - m.v) // 2
    g.hb(0, W - 1, a)
    k = min(half, m.xh // 2, a)
    g.vs(half, a - k, a + m.h - 1 + k)
    return g


@sym('\u00b1')
def plusminus(m, c):
    W = opw(m)
    g = G(m, W)
    half = (W - m.v) // 2
    a = axis(m) + (m.h + 1) // 2 + 1
    g.hb(0, W - 1, 0)
    g.hb(0, W - 1, a)
    arm = min(half, m.cap - 1 - a - m.h + 1)
    g.vs(half, a - arm + (0 if m.size >= 12 else 0), a + m.h - 1 + arm)
    g.px = {(x, y) for (x, y) in g.px if y >= m.h + 1 or y < m.h}
    return g


@sym('=')
def equal(m, c):
    W = opw(m)
    g = G(m, W)
    a = axis(m)
    gap = max(1, m.h) + (1 if m.size >= 15 else 0)
    lo = a - (gap + m.h) // 2
    g.hb(0, W - 1, lo).hb(0, W - 1, lo + m.h + gap)
    return g


@sym('\u00d7')
def multiply(m, c):
    W = opw(m) - (2 if m.size >= 12 else 0)
    if m.dspan == 1 and W % 2 == 0:
        W -= 1
    g = G(m, W)
    a = axis(m)
    cy = a + m.h / 2.0
    y0 = round(cy - W / 2.0)
    g.diag(0, y0 + W - 1, W - m.dspan, y0, m.dspan)
    g.mirror_x()
    return g


@sym('\u00f7')
def divide(m, c):
    g = minus(m, c)
    W = g.w
    dw, dh = m.dot
    x = (W - dw) // 2
    a = axis(m)
    gap = 1 if m.size < 15 else 2
    g.rect(x, a + m.h + gap, x + dw - 1, a + m.h + gap + dh - 1)
    g.rect(x, a - gap - dh, x + dw - 1, a - gap - 1)
    return g


def chevron(g, x0, w, a, left):
    m = g.m
    hh = w   # half height
    cy = a + m.h / 2.0
    top = round(cy + hh) - 1
    bot = round(cy - hh)
    mid_y = round(cy - 0.5)
    if left:
        line(g, x0 + w - m.dspan, top, x0, mid_y, m.dspan)
        line(g, x0, mid_y, x0 + w - m.dspan, bot, m.dspan)
    else:
        line(g, x0, top, x0 + w - m.dspan, mid_y, m.dspan)
        line(g, x0 + w - m.dspan, mid_y, x0, bot, m.dspan)


@sym('<>')
def less(m, c):
    W = max(3, min(opw(m) - 1, (m.cap + 1) // 2))
    g = G(m, W)
    n = 2 * W - 1 if m.v == 1 else 2 * W - 2 - (1 if W % 2 else 0)
    n = min(n, m.cap - (0 if m.size < 12 else 1), m.xh + 1)
    if n % 2 == 0:
        n -= 1
    a = axis(m)
    midy = a + (m.h - 1) // 2
    top = midy + n // 2
    bot = midy - n // 2
    span = m.dspan
    if c == '<':
        line(g, W - span, top, 0, midy, span)
        line(g, 0, midy, W - span, bot, span)
    else:
        line(g, 0, top, W - span, midy, span)
        line(g, W - span, midy, 0, bot, span)
    return g


@sym('\u00ab\u00bb')
def guillemets(m, c):
    w = max(2, (m.xh + 1) // 2 - (0 if m.v == 1 else 0))
    if m.v > 1:
        w += 1
    gap = 1 if m.v == 1 else 1
    W = 2 * w + gap
    g = G(m, W)
    top = (m.xh + 1) // 2 + w - 1 - (1 if m.xh >= 9 else 0)
    top = min(top, m.xh - 1)
    bot = top - 2 * (w - 1)
    midy = top - (w - 1)
    span = m.dspan
    for x0 in (0, w + gap):
        if c == '\u00ab':
            g.diag(x0 + w - span, top, x0, midy, span)
            g.diag(x0, midy, x0 + w - span, bot, span)
        else:
            g.diag(x0, top, x0 + w - span, midy, span)
            g.diag(x0 + w - span, midy, x0, bot, span)
    return g


@sym('\u00ac')
def logicalnot(m, c):
    g = minus(m, c)
    a = axis(m)
    g.vsr(g.w - 1, a - max(1, m.xh // 4) - (m.h - 1), a)
    return g


@sym('/\\')
def slash(m, c):
    hgt = m.cap + (1 if m.desc >= 2 else 0)
    W = max(3, (hgt + 1) // 2 - (1 if m.size >= 15 else 0)) + m.dspan - 1
    g = G(m, W)
    lo = -1 if m.desc >= 2 else 0
    g.diag(0, lo, W - m.dspan, m.cap - 1, m.dspan)
    if c == '\\':
        g.mirror_x(keep=False)
    return g


@sym('|\u00a6')
def bar(m, c):
    g = G(m, m.v)
    lo = -m.desc + (1 if m.desc >= 3 else 0)
    hi = m.asc - 1 - (1 if m.asc - m.cap >= 3 else 0)
    if c == '|':
        g.vs(0, lo, hi)
    else:
        mid = (lo + hi) // 2
        g.vs(0, lo, mid - 1).vs(0, mid + 1 + (1 if m.size >= 17 else 0), hi)
    g.lsb = g.rsb = 0 if m.size < 15 else 1
    return g


def paren_extent(m):
    lo = -m.desc + (1 if m.desc >= 3 else 0)
    hi = m.cap + (0 if m.asc - m.cap <= 2 else 1)
    return lo, hi


@sym('()')
def paren(m, c):
    lo, hi = paren_extent(m)
    hgt = hi - lo + 1
    W = max(2, round(hgt * 0.22)) + m.v - 1
    g = G(m, W)
    R = 1 if hgt < 14 else (2.5 if hgt < 20 else 4)
    R = min(R, W + 0.5) if R > 1 else 1
    if R <= 1:
        g.vs(0, lo + 1, hi - 1)
        g.rect(m.v, hi, W - 1, hi)
        g.rect(m.v, lo, W - 1, lo)
        if W - m.v > 1:
            g.clear(W - 1, hi, W - 1, hi).clear(W - 1, lo, W - 1, lo)
            g.rect(m.v, hi, m.v, hi).rect(m.v, lo, m.v, lo)
            g.px = {(x, y) for (x, y) in g.px if x < W}
            g.px |= {(W - 1, hi), (W - 1, lo)}
            g.px -= {(m.v, hi), (m.v, lo)} if W - m.v > 1 else set()
    else:
        g.ring(0, lo, 2 * W + 4, hi, (R, 0, R, 0), clip=lambda x, y: x <= W - 1 and (x < m.v or y in (lo, hi) or y <= lo + m.h - 1 or y >= hi - m.h + 1))
    if c == ')':
        g.mirror_x(keep=False)
    return g


@sym('[]')
def bracket(m, c):
    lo, hi = paren_extent(m)
    W = m.v + max(1, (hi - lo + 1) // 6)
    g = G(m, W)
    g.vs(0, lo, hi).hb(0, W - 1, lo).hbt(0, W - 1, hi)
    if c == ']':
        g.mirror_x(keep=False)
    return g


@sym('{}')
def brace(m, c):
    lo, hi = paren_extent(m)
    W = m.v + max(2, (hi - lo + 1) // 6 + 1)
    g = G(m, W)
    mid = (lo + hi) // 2
    x = 1 if m.v == 1 else m.v // 2 + 1
    g.vs(x, lo + 1, mid - 1).vs(x, mid + 1, hi - 1)
    g.rect(x + 1, hi, W - 1, hi).rect(x + 1, lo, W - 1, lo)
    g.rect(0, mid, x - 1 + (m.v if m.v > 1 else 0), mid)
    if m.v > 1:
        g.rect(x + m.v, hi - m.h + 1, W - 1, hi).rect(x + m.v, lo, W - 1, lo + m.h - 1)
    if c == '}':
        g.mirror_x(keep=False)
    return g


@sym('#')
def numbersign(m, c):
    W = m.sym(m.dW) + (1 if m.size >= 15 else 0)
    g = G(m, W)
    top = m.cap - 1 - (1 if m.size >= 12 else 0)
    gap = max(1, (W - 2 * m.v) // 3 + (1 if m.size < 12 else 0))
    x1 = (W - 2 * m.v - gap) // 2
    x2 = x1 + m.v + gap
    g.vs(x1, 0, top).vs(x2, 0, top)
    b1 = max(1, round(top * 0.3))
    b2 = top - b1 - m.h + 1
    if b2 - b1 - m.h < 1:
        b2 = b1 + m.h + 1
    g.hb(0, W - 1, b1).hb(0, W - 1, b2)
    return g


@sym('$')
def dollar(m, c):
    W = m.dW
    R = rad(m, W, m.cap, True)
    g = s_shape(m, W, m.cap - 1, 0, R)
    x = (W - m.v) // 2
    g.vs(x, -1, 0).vs(x, m.cap - 1, m.cap)
    return g


def percent_numeral(m):
    # two small rings with lighter strokes than the digits, well clear of a steep slash
    v = max(2, m.v - (2 if m.bold else 1))
    h = max(2, m.h - (1 if m.bold else 0))
    s = max(2, m.v - 1)
    top = m.cap - 1
    rw = 2 * v + 4
    rh = round(m.cap * 0.4) + (1 if m.bold else 0)
    W = 2 * rw + (2 if m.bold else 1)
    g = G(m, W)
    R = 2.5
    g.ring(0, top - rh + 1, rw - 1, top, R, v=v, h=h)
    g.ring(W - rw, 0, W - 1, rh - 1, R, v=v, h=h)
    g.diag(1, 0, W - s - 1, top, s)
    return g


@sym('%')
def percent(m, c):
    if m.fam == 'numerals':
        return percent_numeral(m)
    W = m.dW + (1 if m.size <= 12 else 2)
    g = G(m, W)
    top = m.cap - 1
    rw = max(3, (W - 1) // 2 - (0 if m.size < 15 else 1)) + (m.v - 1)
    rh = max(2 + (1 if m.size >= 12 else 0), round(m.cap * 0.38))
    R = 0 if rw <= 3 else (1 if rw < 5 else 2.5)
    g.ring(0, top - rh + 1, rw - 1, top, R)
    g.ring(W - rw, 0, W - 1, rh - 1, R)
    g.diag(0, 0, W - m.dspan, top, m.dspan)
    return g


@sym('&')
def ampersand(m, c):
    W = m.Hw + (1 if m.size >= 10 else 0)
    g = G(m, W)
    top = m.cap - 1
    mid = m.mid + (1 if m.cap >= 9 else 0)
    uw = W - 2 - (1 if m.size >= 15 else 0)
    Ru = 1 if uw < 6 else 2.5
    # upper loop (small), lower bowl open at the right, leg to the bottom right
    g.ring(0, mid, uw - 1, top, Ru, clip=lambda x, y: y >= mid + 1 or x < m.v + 1)
    lw = W - 1
    Rl = 1 if lw < 7 else 2.5
    g.ring(0, 0, lw - 1, mid + m.h - 1, (Rl, 0, Rl, Rl), clip=lambda x, y: x < lw - m.v - 1 or y < m.h + 1)
    g.diag(m.v, mid - 1 + (0 if m.v == 1 else 0), W - m.dspan, 0, m.dspan)
    g.vs(W - m.v, max(1, mid // 2), max(1, mid // 2) + max(0, mid // 3), m.v) if m.cap >= 7 else None
    return g


@sym('@')
def at(m, c):
    W = m.Hw + 3 + (m.v - 1)
    g = G(m, W)
    lo = -1 if m.desc >= 2 else 0
    top = m.cap - 1
    R = 2.5 if W >= 8 else 1
    g.ring(0, lo, W - 1, top, R, clip=lambda x, y: not (y < lo + m.h + (2 if m.size >= 15 else 1) and x > W // 2 and y > lo + m.h - 1))
    # inner a: bowl + stem joined to the outer ring
    iw = W - 2 * m.v - 2 - (1 if m.size >= 15 else 0)
    ix = m.v + 1
    ib = lo + m.h + 1
    it = top - m.h - 1
    Ri = 1
    g.ring(ix, ib, ix + iw - 1, it, Ri, clip=lambda x, y: x < ix + iw - m.v)
    g.vs(ix + iw - m.v, ib, it)
    g.px -= {(x, y) for (x, y) in g.px if x >= W - m.v and lo <= y < ib + (0 if m.size < 12 else 0)}
    g.rect(ix + iw - m.v, ib, W - 1 - m.v, ib + m.h - 1)
    g.vs(W - m.v, ib, max(ib, top - int(R)))
    return g


@sym('*')
def asterisk(m, c):
    n = 3 if m.cap < 9 else (5 if m.cap < 14 else 7)
    if m.v > 1:
        n += 1 if n % 2 == 0 else 0
    W = n + (m.v - 1)
    g = G(m, W)
    top = m.cap - 1
    cx = (W - m.v) // 2
    g.vs(cx, top - n + 1, top)
    if n == 3:
        g.rect(0, top - 1, W - 1, top - 1)
        g.px -= {(cx + i, top - 2) for i in range(m.v)}
        g.px |= {(0, top - 2), (W - 1, top - 2)}
    else:
        k = n // 2
        # three strokes: vertical, and two diagonals (60 degrees)
        y_hi = top - k + (k + 1) // 2
        y_lo = top - k - (k + 1) // 2
        line(g, 0, y_hi, W - m.dspan, y_lo, m.dspan)
        line(g, 0, y_lo, W - m.dspan, y_hi, m.dspan)
    return g


@sym('\u00b0')
def degree(m, c):
    n = max(3, round(m.xh * 0.55)) + (m.v - 1)
    if m.size >= 17:
        n += 1
    top = m.cap - 1
    if m.bold and m.size <= 13:
        # a 2-pixel stroke would fill the ring: a square 3x3 ring keeps its hole
        g = G(m, 3)
        g.rect(0, top - 2, 2, top).clear(1, top - 1, 1, top - 1)
        return g
    g = G(m, n)
    g.ring(0, top - n + 1, n - 1, top, 1 if n < 6 else 2.5, v=m.v, h=max(1, min(m.h, m.v)))
    return g


@sym('\u2022')
def bullet(m, c):
    n = max(2, round(m.xh * 0.5)) + (1 if m.v > 1 else 0)
    if n % 2 != m.xh % 2:
        n += 1
    g = G(m, n)
    b = (m.xh - n) // 2 + (1 if m.xh >= 9 else 0)
    g.fill_rrect(0, b, n - 1, b + n - 1, 1 if n < 5 else (n / 2.0 + 0.2))
    g.lsb = g.rsb = 1 if m.size >= 15 else 0
    return g


@sym('\u00b7')
def periodcentered(m, c):
    g = G(m, m.dot[0])
    dw, dh = m.dot
    b = axis(m) + (m.h - dh) // 2
    g.rect(0, b, dw - 1, b + dh - 1)
    g.lsb = 0 if m.size < 15 else 1
    return g


@sym('\u2026')
def ellipsis(m, c):
    dw, dh = m.dot
    gap = 1 if m.size < 12 else (2 if m.size < 20 else 3)
    if m.v > 1:
        gap = max(gap, m.v)
    W = 3 * dw + 2 * gap
    g = G(m, W)
    for i in range(3):
        g.rect(i * (dw + gap), 0, i * (dw + gap) + dw - 1, dh - 1)
    return g


def arrow_h(m, right):
    W = m.cap + (1 if m.size < 12 else 0)
    g = G(m, W)
    a = axis(m) + (1 if m.size >= 12 else 0)
    head = max(2, (m.cap + 1) // 3 + (1 if m.size >= 12 else 0))
    g.hb(0, W - 1, a)
    cy = a
    t = m.h
    for i in range(head):
        # head strokes: the tip on the shaft at x = 0, spreading one row per column
        g.rect(i, a + (t - 1) + i, i + m.v - 1, a + (t - 1) + i)
        g.rect(i, a - i, i + m.v - 1, a - i)
    g.px = {(x, y) for (x, y) in g.px}
    if right:
        g.mirror_x(keep=False)
    return g


def arrow_v(m, up):
    W = 2 * ((m.cap + 1) // 3 + (1 if m.size >= 12 else 0)) - 1 + (m.v - 1)
    if m.dspan == 1 and W % 2 == 0:
        W += 1
    g = G(m, W)
    cx = (W - m.v) // 2
    head = (W - m.v) // 2 + 1
    top = m.cap - 1 + (1 if m.asc - m.cap >= 2 else 0)
    bot = 0 if m.desc < 2 else -1
    g.vs(cx, bot, top)
    for i in range(head):
        y = top - head + 1 + i
        g.rect(cx - (head - 1 - i), y, cx - (head - 1 - i) + m.h - 1 + (m.v - 1), y)
    g.mirror_x()
    if not up:
        g.px = {(x, top + bot - y) for (x, y) in g.px}
    return g


@sym('\u2190')
def arrowleft(m, c):
    return arrow_h(m, False)


@sym('\u2192')
def arrowright(m, c):
    return arrow_h(m, True)


@sym('\u2191')
def arrowup(m, c):
    return arrow_v(m, True)


@sym('\u2193')
def arrowdown(m, c):
    return arrow_v(m, False)


@sym('\u00a2')
def cent(m, c):
    g = designs.DESIGNS['c'](m, 'c')
    x = (g.w - m.v) // 2
    g.vs(x, -1, m.xh)
    return g


@sym('\u00a3')
def sterling(m, c):
    W = m.dW
    g = G(m, W)
    top = m.cap - 1
    x = 1 if m.v == 1 else m.v // 2 + 1
    R = rad(m, W, m.cap, False)
    g.ring(x, -20, W - 1 + (0 if R <= 1 else 0), top, (R, R, 0, 0),
           clip=lambda xx, y: y >= 1 and (xx < W - m.v or y >= top - (1 if R <= 1 else int(R))) and not (xx >= x + m.v and y < top - m.h + 1 and xx < W - m.v))
    g.hb(0, W - 1, 0)
    g.hb(0, W - 2, m.mid - (1 if m.cap >= 10 else 0))
    return g


@sym('\u00a4')
def currency(m, c):
    n = max(4, m.xh - (0 if m.size < 12 else 1))
    W = n + 2
    g = G(m, W)
    b = 1
    g.ring(1, b, n, b + n - 1, 1 if n < 7 else 2.5)
    g.dot(0, b - 1).dot(W - 1, b - 1).dot(0, b + n).dot(W - 1, b + n)
    return g


@sym('\u00a5')
def yen(m, c):
    g = designs.DESIGNS['Y'](m, 'Y')
    W = g.w
    jy = m.mid
    g.hb(0, W - 1, jy - 1 - m.h + 1 - (1 if m.cap >= 10 else 0))
    if m.cap >= 9:
        g.hb(0, W - 1, jy - 2 * m.h - 1 - (1 if m.cap >= 10 else 0))
    return g


@sym('\u00a7')
def section(m, c):
    W = m.nw
    top = m.cap - 1
    lo = -1 if m.desc >= 2 else 0
    g = G(m, W)
    hgt = top - lo + 1
    third = hgt // 3
    s1 = s_shape(m, W, top, top - 2 * third + (0 if hgt % 3 else 0), 1)
    s2 = s_shape(m, W, lo + 2 * third, lo, 1)
    g.px = s1.px | s2.px
    return g


@sym('\u00a9\u00ae')
def copyright(m, c):
    n = m.cap + (1 if m.size >= 12 else 0) + (1 if m.cap % 2 == 0 and m.size < 12 else 0)
    if n % 2 == 0:
        n += 1
    g = G(m, n)
    top = m.cap - 1 + (1 if m.size >= 12 else 0)
    b = top - n + 1
    R = 2.5 if n >= 9 else 1
    g.ring(0, b, n - 1, top, R if n < 15 else 4, v=1 if m.v < 3 else 2, h=1)
    iw = n - 4 - (2 if n >= 11 else 0)
    ih = n - 4 - (2 if n >= 11 else 0)
    ix = (n - iw) // 2
    iy = b + (n - ih) // 2
    if c == '\u00a9':
        g.ring(ix, iy, ix + iw - 1, iy + ih - 1, 1 if iw < 6 else 2.5, v=1, h=1,
               clip=lambda x, y: not (x == ix + iw - 1 and iy + 1 < y < iy + ih - 2) and not (x == ix + iw - 1 and ih <= 3 and y == iy + 1))
        if ih <= 3:
            g.px -= {(ix + iw - 1, iy + 1)}
    else:
        g.vs(ix, iy, iy + ih - 1, 1)
        pb = iy + ih // 2 - (0 if ih % 2 else 1)
        g.ring(ix, pb, ix + iw - 1, iy + ih - 1, (0, 1, 0, 1), v=1, h=1)
        g.diag(ix + max(1, iw // 2), pb - 1, ix + iw - 1, iy, 1)
    return g


@sym('\u00af')
def macron(m, c):
    import accents
    return accents.spacing_mark(m, 'macron')


@sym('\u00a8')
def dieresis(m, c):
    import accents
    return accents.spacing_mark(m, 'dieresis')


@sym('\u00b8')
def cedilla(m, c):
    import accents
    return accents.spacing_mark(m, 'cedilla')


def small_font(m):
    import metrics
    from metrics import sans_metrics
    for s in (22, 20, 17, 15, 13, 12, 10):
        if s <= m.size and metrics.VERT[s][2] <= round(m.cap * 0.62):
            return sans_metrics(s, m.weight)
    return None


TINY = {  # 3x5 digits for superscripts and fractions of the small sizes
    '0': ['###', '#.#', '#.#', '#.#', '###'],
    '1': ['.#.', '##.', '.#.', '.#.', '.#.'],
    '2': ['##.', '..#', '.#.', '#..', '###'],
    '3': ['##.', '..#', '.#.', '..#', '##.'],
    '4': ['#.#', '#.#', '###', '..#', '..#'],
}


def tiny_digit(m, d):
    """Pixels of a small digit (bottom row 0) and its width."""
    sm = small_font(m)
    if sm is not None and sm.cap >= 5:
        g = designs.DESIGNS[d](sm, d)
        return g.px, g.w, sm.cap
    rows = TINY[d]
    pts = set()
    for r, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == '#':
                pts.add((x, len(rows) - 1 - r))
    return pts, 3, 5


@sym('\u00b9\u00b2\u00b3')
def superior(m, c):
    d = {'\u00b9': '1', '\u00b2': '2', '\u00b3': '3'}[c]
    pts, w, h = tiny_digit(m, d)
    g = G(m, w)
    top = m.cap - 1
    g.add_pixels(pts, 0, top - h + 1)
    return g


@sym('\u00bc\u00bd\u00be')
def fractions(m, c):
    num, den = {'\u00bc': ('1', '4'), '\u00bd': ('1', '2'), '\u00be': ('3', '4')}[c]
    p1, w1, h1 = tiny_digit(m, num)
    p2, w2, h2 = tiny_digit(m, den)
    top = m.cap - 1
    W = w1 + w2 + (2 if h1 + h2 > m.cap else 1)
    g = G(m, W)
    g.add_pixels(p1, 0, top - h1 + 1)
    g.add_pixels(p2, W - w2, 0)
    # fraction slash between them
    sl = G(m, W)
    line(sl, 1, 0, W - 2, top, 1)
    g.px |= {(x, y) for (x, y) in sl.px if not any((x + dx, y) in g.px for dx in (-1, 0, 1))}
    return g


@sym('\u00aa\u00ba')
def ordinals(m, c):
    sm = small_font(m)
    base = 'a' if c == '\u00aa' else 'o'
    if sm is not None and sm.xh >= 4:
        gg = designs.DESIGNS[base](sm, base)
        pts, w, h = gg.px, gg.w, sm.xh
    else:
        rows = ['.##', '#.#', '.##'] if base == 'a' else ['.#.', '#.#', '.#.']
        pts = {(x, 2 - r) for r, row in enumerate(rows) for x, ch in enumerate(row) if ch == '#'}
        w, h = 3, 3
    g = G(m, w)
    top = m.cap - 1
    g.add_pixels(pts, 0, top - h + 1)
    g.hb(0, w - 1, top - h - 1 - (1 if m.size >= 15 else 0))
    return g


@sym('\u00b5')
def micro(m, c):
    g = designs.DESIGNS['u'](m, 'u')
    g.vs(0, -m.desc, m.xh - 1)
    return g


@sym('\u00b6')
def pilcrow(m, c):
    W = m.nw + 1
    g = G(m, W)
    top = m.cap - 1
    lo = -1 if m.desc >= 2 else 0
    g.vsr(W - 1, lo, top)
    sx = W - 1 - m.v - (1 if m.v == 1 else m.v - 1) - (m.v - 1)
    g.vs(sx, lo, top)
    bb = m.mid - (1 if m.cap >= 10 else 0)
    g.fill_rrect(0, bb, sx + m.v - 1, top, (1.5 if m.size < 15 else 2.5, 0, 1.5 if m.size < 15 else 2.5, 0))
    g.hbt(0, W - 1, top)
    return g


@sym('\u00c6')
def AE(m, c):
    A = designs.DESIGNS['A'](m, 'A')
    E = designs.DESIGNS['E'](m, 'E')
    # left half of A, then E joined at the apex
    half = A.w // 2 + (1 if m.v > 1 else 0)
    W = half + E.w + (0 if m.v == 1 else -m.v + 1) + 1
    g = G(m, W)
    ex = half
    left = {(x, y) for (x, y) in A.px if x <= half}
    g.px |= left
    g.add_pixels(E.px, ex)
    g.hbt(half, ex + E.w - 1, m.cap - 1)
    # the bar of the A continues into the E's stem
    by = max(1, round(m.cap * 0.3))
    return g


@sym('\u00e6')
def ae(m, c):
    a = designs.DESIGNS['a'](m, 'a')
    e = designs.DESIGNS['e'](m, 'e')
    ov = m.v
    W = a.w + e.w - ov
    g = G(m, W)
    g.px |= a.px
    g.add_pixels(e.px, a.w - ov)
    return g


@sym('\u00d0')
def Eth(m, c):
    g = designs.DESIGNS['D'](m, 'D')
    sh = 1 if m.v == 1 else m.v - 1
    g.shift(sh, 0)
    g.w += sh
    g.hb(0, sh + m.v + (1 if m.size < 17 else 2), m.mid)
    return g


@sym('\u00d8')
def Oslash(m, c):
    g = designs.DESIGNS['O'](m, 'O')
    line(g, 0, -1 if m.desc >= 2 else 0, g.w - m.dspan, m.cap, m.dspan)
    return g


@sym('\u00f8')
def oslash(m, c):
    g = designs.DESIGNS['o'](m, 'o')
    line(g, 0, -1, g.w - m.dspan, m.xh, m.dspan)
    return g


@sym('\u00de')
def Thorn(m, c):
    W = m.Hw
    g = G(m, W)
    g.vs(0, 0, m.cap - 1)
    b = max(1, m.cap // 5)
    t = m.cap - 1 - b
    R = rad(m, W, t - b + 1, True) if t - b >= 6 else 1
    g.ring(0, b, W - 1, t, (0, R, 0, R))
    return g


@sym('\u00fe')
def thorn(m, c):
    g = designs.DESIGNS['p'](m, 'p')
    g.vs(0, -m.desc, m.lasc - 1)
    return g


@sym('\u00f0')
def eth(m, c):
    W = m.nw
    g = designs.DESIGNS['o'](m, 'o')
    top = m.lasc - 1
    # right side rises and leans into a flag; a short cross stroke
    g.vsr(W - 1, m.xh - 2, min(top - 1, m.xh + 1))
    line(g, W - 1 - m.dspan - (1 if W > 5 else 0), top, W - m.dspan, top - 1 - (1 if m.lasc - m.xh > 3 else 0), m.dspan) if top - m.xh >= 2 else None
    g.px -= {(x, y) for (x, y) in g.px if y == m.xh - 1 and x > W // 2 and x < W - m.v}
    cy = top - max(1, (top - m.xh) // 2)
    g.rect(max(0, W // 2 - 1), cy, W - 1, cy) if top - m.xh >= 2 else None
    return g


@sym('\u00df')
def germandbls(m, c):
    W = m.nw
    g = G(m, W)
    top = m.lasc - 1
    mid = (top + 1) // 2 + (0 if m.xh % 2 else 0)
    R = rad(m, W, top, False)
    g.vs(0, 0, top - (1 if R <= 1 else int(R)))
    Ru = R if R > 1 else 1
    g.ring(0, mid, W - 1 - (1 if m.v == 1 and W >= 5 else 0), top, (Ru, Ru, 0, Ru), clip=lambda x, y: y >= mid + m.h or x >= m.v + 1)
    g.ring(m.v + (0 if m.v > 1 else 0), 0, W - 1, mid + m.h - 1, (0, R, 0, R), clip=lambda x, y: x >= m.v + 1)
    return g


def default_char(f):
    """A visible box for characters the font does not have."""
    m = f.m
    w = max(4, m.nw)
    hgt = m.cap
    g = Glyph(m, w)
    g.ring(0, 0, w - 1, hgt - 1, 0, v=1, h=1)
    f.glyphs[0xFFFD] = (set(g.px), w + m.gap)
