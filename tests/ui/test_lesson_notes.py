"""A lesson note in the reader's language, including the problem it quotes when the core refuses a state or an answer.

``state_not_usable`` and ``answer_not_understood`` carry the core's English message (``problem``, for the command
line and ``to_dict``) and the same error as plain data (``error``); :func:`ui.views.lessons.notes.note_text` words the
error in the reader's language, so a Spanish reader sees no English there.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.core.lessons.test_lesson_checks import BENCH, LEAK, MULTIPLE, VERDICTS, rag, run
from tests.ui.test_input_errors import shown
from ui.frame.input_errors import error_text
from ui.views.lessons.notes import note_text
from uncase_core.errors import InputError
from uncase_core.lessons.checks import CHECK_NOTES, PROBLEMS, CheckResult
from uncase_core.lessons.data import lesson_data
from uncase_core.lessons.model import load_lessons
from uncase_core.rag.evaluation import METRICS

ROOT = Path(__file__).resolve().parents[2]
ZERO_WEIGHTS = {f"rag_weight_{m}": 0.0 for m in METRICS}
SYSTEMS = lesson_data("compare", "retrieval_vs_faithfulness", "en")
# (check, page, data, settings, answer, params): each refused in one way; together every answer problem of the core.
REFUSED: tuple[tuple[str, str, Any, dict, Any, dict], ...] = (
    ("rag_dimensions", "rag", MULTIPLE, ZERO_WEIGHTS, None, {"failing": ["faithfulness"]}),
    ("rag_dimensions", "rag", MULTIPLE, {"rag_threshold_coverage": "high"}, None, {"failing": ["faithfulness"]}),
    ("rag_dimensions", "rag", MULTIPLE, {"rag_confidence": 2}, None, {"failing": ["faithfulness"]}),
    ("failing_dimensions", "rag", MULTIPLE, {}, "coverage", {}),
    ("failing_dimensions", "rag", MULTIPLE, {}, ["coverage", "coverage"], {}),
    ("failing_dimensions", "rag", MULTIPLE, {}, ["recall"], {}),
    ("verdict_certainty", "rag", rag("few_units"), {}, "maybe", {"dimension": "faithfulness"}),
    ("comparison_certainty", "compare", SYSTEMS, {}, "uncertain?", {"dimension": "correctness"}),
    ("wilson_bound", "rag", MULTIPLE, {}, 43, {"successes": 0, "total": 5, "bound": "high"}),
    ("wilson_bound", "rag", MULTIPLE, {}, "lots", {"successes": 0, "total": 5, "bound": "high"}),
    ("failing_gates", "conversations", LEAK, {}, ["pii"], {}),
    ("failing_gates", "conversations", LEAK, {}, ["privacy", "privacy"], {}),
    ("leak_turns", "conversations", LEAK, {}, ["2"], {}),
    ("leak_turns", "conversations", LEAK, {}, [2, 2], {}),
    ("removed_items", "rubrics", VERDICTS, {}, [["P01"]], {"filter": "trivial"}),
    ("removed_items", "rubrics", VERDICTS, {}, [["P01", "I1"], ["P01", "I1"]], {"filter": "trivial"}),
    ("leaked_pair", "workbench", BENCH, {}, ["banking-002"], {}),
    ("leaked_pair", "workbench", BENCH, {}, ["a", "a"], {}),
    ("hidden_stratum", "workbench", BENCH, {}, ["health"], {}),
    ("choice", "planner", None, {}, [1], {"options": ["a", "b"], "correct": ["a"]}),
    ("choice", "planner", None, {}, ["a", "a"], {"options": ["a", "b"], "correct": ["a"]}),
)


def _refused(case: tuple) -> CheckResult:
    name, page, data, settings, answer, params = case
    return run(name, page, data, settings, answer=answer, **params)


RESULTS = tuple(_refused(case) for case in REFUSED)


def test_every_case_is_refused_and_together_they_reach_every_answer_problem():
    codes = {result.note.code for result in RESULTS}
    assert codes == {"state_not_usable", "answer_not_understood"}
    answer_codes = {r.note.params["error"]["code"] for r in RESULTS if r.note.code == "answer_not_understood"}
    assert answer_codes == {code for code in PROBLEMS if code.startswith("answer_")}


@pytest.mark.parametrize("result", RESULTS, ids=[f"{case[0]}-{i}" for i, case in enumerate(REFUSED)])
def test_a_refused_state_or_answer_is_worded_in_the_readers_language(result):
    note = result.note
    error = InputError.from_dict(note.params["error"])
    assert error.code, error
    spanish = note_text(note, "es")
    assert error_text(error, "es") in spanish
    assert error.problem not in shown(spanish), spanish  # no English problem in the Spanish note
    assert spanish.startswith("no se pueden usar" if note.code == "state_not_usable" else "no se puede leer")
    assert shown(note_text(note, "en")) == note.text(CHECK_NOTES)  # the page's English is the command line's


def test_the_command_line_and_to_dict_keep_the_english_problem():
    result = RESULTS[0]
    assert result.note.text(CHECK_NOTES) == (
        "the page's settings or data cannot be used: weights: all weights are zero; give at least one dimension a "
        "positive weight")
    data = json.loads(json.dumps(result.to_dict()))  # plain data, JSON as it is
    assert data["note"]["params"]["error"]["code"] == "all_weights_zero"
    assert data["note"]["text"] == result.note.text(CHECK_NOTES)
    answer = RESULTS[6].note
    assert answer.params["problem"] == 'expected "clear" or "uncertain"'
    assert note_text(answer, "es") == "no se puede leer la respuesta: se esperaba `clear` o `uncertain`"


def test_a_note_with_an_unreadable_error_falls_back_to_its_english_problem():
    note = RESULTS[0].note
    broken = type(note).of(note.code, problem=note.params["problem"], error={"code": "all_weights_zero"})
    assert "all weights are zero" in shown(note_text(broken, "es"))
    plain = type(note).of(note.code, problem="a *made* problem")
    assert note_text(plain, "es").endswith(r"a \*made\* problem")


# A note follows "Not yet:" in the panel; one that opens with its own negation reads "Not yet: not right: ..."
# (the Spanish rehearsal's "Todavía no: todavía no: ..."). The reason comes first, the negation is the prefix's.
STUTTER = {
    "en": re.compile(r"(?i)^\s*(not right|not yet|not answered|no:|wrong|incorrect)"),
    "es": re.compile(r"(?i)^\s*(no es correct|no:|todavía no|aún no|incorrect)"),
}


def _lesson_reasons(language: str) -> list[tuple[str, str]]:
    """Every text that can follow "Not yet:": the catalogue's notes and the lesson files' wrong-option reasons."""
    catalogue = tomllib.loads((ROOT / "ui" / "i18n" / language / "lessons.toml").read_text(encoding="utf-8"))
    reasons = [(key, text) for key, text in catalogue.items() if key.startswith("lesson.note.")]
    for lesson in load_lessons():
        for step in lesson.steps:
            for option in (step.question.options if step.question is not None else ()) or ():
                if option.why is not None:
                    reasons.append((f"{lesson.id}/{step.id}/{option.id}", option.why.get(language)))
    return reasons


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_reason_repeats_the_not_yet_prefix(language):
    reasons = _lesson_reasons(language)
    assert len(reasons) > 150  # the catalogue and the lessons were read
    assert not [(key, text[:40]) for key, text in reasons if STUTTER[language].match(text)]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_wrong_option_says_why_in_both_languages(language):
    """Without a ``why`` the panel can only say "that answer is not the right one": no reason at all."""
    missing = [(lesson.id, step.id, option.id) for lesson in load_lessons() for step in lesson.steps
               for option in ((step.question.options if step.question is not None else ()) or ())
               if not option.correct and (option.why is None or not option.why.get(language).strip())]
    assert not missing


@pytest.mark.parametrize(("language", "smallest", "corrected"), [("es", "0,250", "1,000"), ("en", "0.250", "1.000")])
def test_the_p_values_a_step_quotes_have_the_pages_three_decimals(language, smallest, corrected):
    from uncase_core.shared.notes import Note

    for code in ("comparison_needed_too_few", "comparison_needed_too_many"):
        text = note_text(Note.of(code, count=2, smallest=0.25, corrected=1.0, tests=4, alpha=0.05), language)
        assert f"{smallest}," in text and f"{corrected}," in text, text
        assert not re.search(r"\d[.,]\d{4}", text), text  # no four-decimal p beside the page's three
