"""The picture check for cut table rows (tests/support/layout_checks.py), on drawn grids: it must find a text against a
row's border and leave a text with its padding alone."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from tests.support.layout_checks import cut_row_bands

LINE = (232, 229, 226)  # Streamlit's grid lines
INK = (49, 51, 63)  # its text


def _grid(ink_rows: list[int], lines: tuple[int, ...] = (0, 36, 90, 144), width: int = 300) -> bytes:
    """A grid picture: border lines across it at ``lines``, and a word of text on each of ``ink_rows``."""
    pixels = np.full((lines[-1] + 1, width, 3), 255, dtype=np.uint8)
    pixels[: lines[1], :] = (247, 247, 246)  # the header's background
    for y in lines:
        pixels[y, :] = LINE
    for x in (0, 100, width - 1):  # column lines
        pixels[:, x] = LINE
    for y in ink_rows:
        pixels[y, 110:160] = INK
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, format="PNG")
    return out.getvalue()


def test_text_with_its_padding_is_not_cut():
    assert cut_row_bands(_grid([15, 20, 50, 60, 70, 100, 130])) == []


def test_text_against_a_row_border_is_cut():
    assert cut_row_bands(_grid([50, 89])) == [1]  # row 1's last line runs into the line under it
    assert cut_row_bands(_grid([91, 100])) == [2]  # row 2's first line starts on its top border
    assert cut_row_bands(_grid([1, 100, 143])) == [0, 2]  # the header, and the last row against the frame


def test_a_grid_of_another_size_and_no_text_has_nothing_cut():
    assert cut_row_bands(_grid([], lines=(0, 35, 70), width=500)) == []


def test_the_last_row_of_a_grid_that_scrolls_its_rows_is_cut_by_the_frame_not_by_its_height():
    picture = _grid([100, 143])
    assert cut_row_bands(picture) == [2]
    assert cut_row_bands(picture, scrolled=True) == []
    assert cut_row_bands(_grid([50, 89]), scrolled=True) == [1]
