"""Hand-drawn glyphs that replace the constructed ones at particular sizes.

Each drawing lists rows from the top; the row marked with '<' sits on the
baseline. Width is the row length. A key (size, weight) applies to one face,
(size, None) to both weights of a size.
"""

from raster import Glyph

ART = {
    (8, 'regular'): {
        'c': ['.###', '#...', '#...', '.###<'],
        's': ['.###', '##..', '..##', '###.<'],
        'w': ['#...#', '#.#.#', '#.#.#', '.#.#.<'],
        'M': ['#...#', '##.##', '#.#.#', '#...#', '#...#<'],
        'W': ['#...#', '#...#', '#.#.#', '##.##', '#...#<'],
        '%': ['##..#', '##.#.', '..#..', '.#.##', '#..##<'],
        '&': ['.##..', '#..#.', '.##.#', '#..#.', '.##.#<'],
        '@': ['.###.', '#.###', '#.#.#', '#.###', '#....<', '.###.'],
        '?': ['.##.', '#..#', '..#.', '....', '..#.<'],
        '\u00a7': ['.##', '#..', '###', '#.#', '###', '..#<', '##.'],
    },
    (10, 'regular'): {
        'w': ['#...#', '#...#', '#.#.#', '#.#.#', '.#.#.<'],
        '&': ['.##..', '#..#.', '#..#.', '.##..', '#..#.#', '#...#.', '.###.#<'],
        '\u00a7': ['.###', '#...', '.##.', '#..#', '.##.', '...#', '###.<'],
    },
    (12, None): {},
    (8, 'bold'): {
        'M': ['##...##', '###.###', '##.#.##', '##...##', '##...##<'],
        'W': ['##...##', '##...##', '##.#.##', '###.###', '##...##<'],
        'm': ['#######.', '##.##.##', '##.##.##', '##.##.##<'],
        'k': ['##...', '##.##', '####.', '####.', '##.##<'],
        '4': ['...##', '..###', '.#.##', '#####', '...##<'],
        'w': ['##...##', '##.#.##', '##.#.##', '.##.##.<'],
        'c': ['.###', '##..', '##..', '.###<'],
        's': ['.####', '###..', '..###', '####.<'],
        '%': ['##..#', '##.#.', '..#..', '.#.##', '#..##<'],
    },
}


def parse(rows):
    base = next(i for i, r in enumerate(rows) if r.endswith('<'))
    pts = set()
    w = 0
    for i, r in enumerate(rows):
        r = r.rstrip('<')
        w = max(w, len(r))
        for x, ch in enumerate(r):
            if ch == '#':
                pts.add((x, base - i))
    return pts, w


def override(m, ch):
    for key in ((m.size, m.weight), (m.size, None)):
        art = ART.get(key, {}).get(ch)
        if art is not None:
            pts, w = parse(art)
            g = Glyph(m, w)
            g.px = pts
            return g
    return None
