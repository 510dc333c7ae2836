"""How wide a text is in Streamlit's data grid, to size a label table's rows so that every text shows in full.

The grid (glide-data-grid) draws a cell's text on a canvas in the app's body font, Source Sans at 14 px, and wraps it
greedily at spaces to the cell's width less its padding; a word wider than a line is broken where the line is full.
Its padding is 8 px each side, yet measured in Chromium a 118 px cell fits a 98.2 px line and wraps a 99.5 px one
(a Spanish summary question and an English RAG claim): we count 20 px off a cell's width. Lines are 1.4 times the
font's text height (13 px) apart, with 3 px above the first, and a text taller than its row less those 3 px is cut
(the grid cannot scroll a cell). The advances below were measured in Chromium on a page of the app, in Streamlit's
own font: ``ctx.font = '400 14px "Source Sans", sans-serif'; ctx.measureText(ch).width`` for each character. A
character not measured counts as the widest one (an ellipsis), so a text in another script gets too many lines,
never too few. Summing advances ignores kerning, which only narrows a word.
"""

from __future__ import annotations

from types import MappingProxyType

CELL_MARGIN = 20  # px of a cell's width its text cannot use (padding 8 px each side, and what was measured beyond)
TEXT_HEIGHT = 13  # px: the font's text height, ascent and descent ("ABCi09jgqpy")
LINE_PITCH = 1.4 * TEXT_HEIGHT  # px from one line to the next
TOP_PADDING = 3  # px above the first line; a text taller than its row less this is cut

_BY_WIDTH = MappingProxyType({
    2.8: ' ',
    3.37: '|',
    3.44: 'iìíîï',
    3.46: 'j',
    3.49: "',.:;·‘’",
    3.57: 'l',
    3.68: 'IÌÍÎÏ',
    4.05: '!¡',
    4.09: 'f',
    4.24: '()[]{}',
    4.26: '•',
    4.35: '-',
    4.63: '°',
    4.73: 't',
    4.86: 'r',
    4.9: '/\\',
    5.85: '*',
    5.87: 's',
    5.95: '?z¿',
    5.96: '"“”',
    6.01: '«»',
    6.24: 'x',
    6.38: 'cç',
    6.54: 'vyýÿ',
    6.66: 'YÝ',
    6.71: 'J',
    6.72: '–',
    6.8: 'L',
    6.92: 'F',
    6.93: 'k',
    6.94: 'eèéêë',
    6.96: '0123456789#$+<=>^~×÷€±≤≥',
    7: '_',
    7.06: 'agàáâãäå',
    7.18: 'X',
    7.21: 'V',
    7.38: 'EÈÉÊË',
    7.48: 'S',
    7.5: 'T',
    7.55: 'Z',
    7.59: '`oòóôõöø',
    7.6: 'A',
    7.62: 'huÀÁÂÃÄÅðùúûü',
    7.66: 'nñ',
    7.74: 'b',
    7.77: 'dpqþ',
    7.92: 'P',
    7.97: 'R',
    7.99: 'CÇ',
    8.06: 'ß',
    8.11: 'K',
    8.16: 'Þ',
    8.23: 'B',
    8.53: '&',
    8.61: 'D',
    8.64: 'G',
    8.67: '→',
    8.95: 'Ð',
    9.03: 'UÙÚÛÜ',
    9.06: 'NÑ',
    9.13: 'H',
    9.3: 'OQÒÓÔÕÖØ',
    10.07: 'w',
    10.18: 'M',
    10.89: 'æ',
    11: 'W',
    11.2: '—',
    11.51: 'Æ',
    11.54: '%',
    11.61: 'm',
    11.86: '@',
    13.27: '…',
})
ADVANCE = MappingProxyType({character: width for width, characters in _BY_WIDTH.items() for character in characters})
WIDEST = max(ADVANCE.values())


def word_width(word: str) -> float:
    """The width of ``word`` in px, as the grid draws it."""
    return sum(ADVANCE.get(character, WIDEST) for character in word)


def _broken(word: str, room: float) -> list[str]:
    """``word`` cut into pieces of at most ``room`` px (at least one character each), as the grid breaks a word
    longer than a line."""
    pieces, piece, used = [], "", 0.0
    for character in word:
        advance = ADVANCE.get(character, WIDEST)
        if piece and used + advance > room:
            pieces.append(piece)
            piece, used = "", 0.0
        piece, used = piece + character, used + advance
    return [*pieces, piece] if piece else pieces


def wrap(text: str, cell_width: int) -> list[str]:
    """The lines the grid shows ``text`` on in a cell ``cell_width`` px wide (one empty line for no text)."""
    room = max(1.0, cell_width - CELL_MARGIN)
    space = ADVANCE[" "]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, used = "", 0.0
        for word in paragraph.split():
            width = word_width(word)
            if line and used + space + width <= room:
                line, used = f"{line} {word}", used + space + width
                continue
            if line:
                lines.append(line)
            if width <= room:
                line, used = word, width
                continue
            *full, line = _broken(word, room)
            lines += full
            used = word_width(line)
        lines.append(line)
    return lines or [""]

