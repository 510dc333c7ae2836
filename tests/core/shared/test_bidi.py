"""Bidirectional control characters are shown as marked escapes wherever text from a file is shown (issue 16)."""

from __future__ import annotations

import json
import unicodedata

from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.errors import InputError
from uncase_core.shared.bidi import BIDI_CONTROLS, mark_bidi_controls

# The bidirectional classes of the explicit embeddings, overrides and isolates (UAX #9, table 4).
EXPLICIT_CLASSES = {"LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"}
MARKS = {"\u200e", "\u200f", "\u061c"}  # LRM, RLM, ALM: the implicit marks


def test_the_set_is_exactly_the_explicit_formatting_characters_and_the_marks():
    explicit = {chr(code) for code in range(0x110000) if unicodedata.bidirectional(chr(code)) in EXPLICIT_CLASSES}
    assert explicit | MARKS == BIDI_CONTROLS
    assert len(BIDI_CONTROLS) == 12


def test_each_control_is_marked_and_nothing_else():
    for char in BIDI_CONTROLS:
        assert mark_bidi_controls(f"a{char}b") == f"a⟦U+{ord(char):04X}⟧b"
    plain = "Arabic مرحبا, Hebrew שלום, emoji 👩‍👩‍👧, zero width \u200b\u200d, e\u0301"
    assert mark_bidi_controls(plain) == plain


def test_error_messages_mark_them_in_every_part():
    error = InputError('duplicate case id "abc\u202edcb"', "cases[1]\u2067.id", "invoice\u202efdp.exe")
    assert error.message == 'invoice⟦U+202E⟧fdp.exe: cases[1]⟦U+2067⟧.id: duplicate case id "abc⟦U+202E⟧dcb"'
    assert not BIDI_CONTROLS & set(error.message)
    assert error.located("x\u200f.json").source == "x⟦U+200F⟧.json"


def test_the_command_line_marks_a_disguised_file_name_and_case_text(capsys, tmp_path, make_case_dict):
    missing = tmp_path / "report\u202etxt.json"
    assert run(["rag", str(missing)]) == EXIT_BAD_INPUT
    assert capsys.readouterr().err == f"error: {tmp_path}/report⟦U+202E⟧txt.json: no such file\n"
    path = tmp_path / "cases\u2066.jsonl"
    case = make_case_dict("refund\u202e10-")
    path.write_text(json.dumps(case) + "\n" + json.dumps(case) + "\n", encoding="utf-8")
    assert run(["rag", str(path)]) == EXIT_BAD_INPUT
    assert capsys.readouterr().err == (f'error: {tmp_path}/cases⟦U+2066⟧.jsonl: line 2: duplicate case id '
                                       f'"refund⟦U+202E⟧10-" (also at line 1)\n')
