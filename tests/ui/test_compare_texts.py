"""Every note and verdict the comparison core gives has its text in both catalogues, with the fields the core's
own English fills (the compare page words them as ``compare.note.<code>``, ``compare.note.size.<code>`` and
``compare.verdict.<code>``)."""

from __future__ import annotations

import pytest

from ui.frame.input_errors import template_fields
from ui.i18n import CATALOGUES
from ui.i18n.core_errors import without_formats
from uncase_core.compare.paired import PAIRED_NOTES, SAMPLE_SIZE_NOTES
from uncase_core.compare.systems import COMPARE_NOTES, VERDICTS

NOTES = [(f"compare.note.{code}", text) for code, text in {**PAIRED_NOTES, **COMPARE_NOTES}.items()]
NOTES += [(f"compare.note.size.{code}", text) for code, text in SAMPLE_SIZE_NOTES.items()]


def test_the_paired_and_comparison_notes_do_not_share_a_code():
    assert not set(PAIRED_NOTES) & set(COMPARE_NOTES)


@pytest.mark.parametrize("language", sorted(CATALOGUES))
@pytest.mark.parametrize(("key", "english"), NOTES)
def test_every_note_of_the_core_is_worded_with_its_fields(language, key, english):
    assert key in CATALOGUES[language]
    assert template_fields(CATALOGUES[language][key]) == template_fields(without_formats(english))


@pytest.mark.parametrize("language", sorted(CATALOGUES))
@pytest.mark.parametrize("code", VERDICTS)
def test_every_verdict_names_its_dimension(language, code):
    # A withheld verdict also says how many cases differ and how many are needed (issue 36).
    expected = {"dimension", "discordant", "needed"} if code == "withheld" else {"dimension"}
    assert template_fields(CATALOGUES[language][f"compare.verdict.{code}"]) == expected
