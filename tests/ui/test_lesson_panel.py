"""The lesson runner's pieces that need no page: the style rule, notes in the reader's language, the handout."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ui.views.lessons.handout import handout_markdown, scenario_name
from ui.views.lessons.notes import note_text
from ui.views.lessons.panel import STYLE
from uncase_core.lessons.checks import CHECK_NOTES
from uncase_core.lessons.model import load_lessons
from uncase_core.shared.notes import Note

ROOT = Path(__file__).resolve().parents[2]


def test_the_style_rule_is_a_constant_without_user_text():
    # st.html(STYLE) is the panel's only HTML: a module constant, built from constants, holding one <style> block.
    tree = ast.parse((ROOT / "ui" / "views" / "lessons" / "panel.py").read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and ast.unparse(node.func) == "st.html"]
    assert [ast.unparse(call.args[0]) for call in calls] == ["STYLE"]
    assert STYLE.startswith("<style>") and STYLE.rstrip().endswith("</style>") and STYLE.count("<") == 2
    assert "display: none" in STYLE and ".st-key-lesson_side" in STYLE and ".st-key-lesson_top" in STYLE


def test_the_scroll_to_top_script_is_a_constant_without_user_text():
    # ui/frame/scroll.py draws two module constants, built from constants: one <style> and one <script> block that
    # only scrolls the main area (issue 27: a lesson opens its page at the top).
    from ui.frame import scroll

    tree = ast.parse((ROOT / "ui" / "frame" / "scroll.py").read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and ast.unparse(node.func) == "st.html"]
    assert [ast.unparse(call.args[0]) for call in calls] == ["STYLE", "SCRIPT"]
    script = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                  and [ast.unparse(target) for target in node.targets] == ["SCRIPT"])
    assert isinstance(script, ast.Constant)  # a plain string: nothing is formatted into it
    assert scroll.STYLE.startswith("<style>") and scroll.STYLE.endswith("</style>") and scroll.STYLE.count("<") == 2
    assert scroll.SCRIPT.startswith("<script>") and scroll.SCRIPT.endswith("</script>")
    assert scroll.SCRIPT.count("<") == 2 and "scrollTop = 0" in scroll.SCRIPT
    for forbidden in ("innerHTML", "eval(", "fetch(", "location", "cookie", "Storage"):
        assert forbidden not in scroll.SCRIPT, forbidden


def test_notes_format_numbers_and_names_in_the_readers_language():
    note = Note.of("pass_rate_halved", threshold=0.7, rate=0.3077, baseline_rate=1.0)
    assert note_text(note, "en") == "at 0.70 the pass rate is 31%, at most half of 100%"
    assert note_text(note, "es") == "con 0,70 la tasa de aprobados es 31\u00a0%, como mucho la mitad de 100\u00a0%"
    assert note_text(Note.of("dimension_still_passing", dimension="faithfulness"), "es") == \
        "Fidelidad aún alcanza su umbral"
    assert note_text(Note.of("gate_zeroes_q", gate="privacy"), "es") == "Q es 0 porque falla la compuerta de privacidad"


def test_a_notes_p_value_too_small_for_its_decimals_is_below_the_last_one():
    """The compare lesson's notes quote a Holm-adjusted p with three decimals: 2e-6 is "below 0.001", not 0.000."""
    tiny = Note.of("comparison_verdict_moved", dimension="faithfulness", count=20, tests=4, adjusted=2e-6)
    assert note_text(tiny, "en").endswith("is now below 0.001")
    assert note_text(tiny, "es").endswith("ahora es menor que 0,001")
    plain = Note.of("comparison_verdict_moved", dimension="faithfulness", count=20, tests=4, adjusted=0.0417)
    assert note_text(plain, "en").endswith("is now 0.042")
    assert note_text(Note.of("open_page", page="thresholds"), "en") == \
        "open the Threshold explorer page to do this step"


def test_a_count_of_one_reads_in_the_singular():
    assert note_text(Note.of("too_few_labels", labelled=1, needed=15), "en") == "1 unit labelled; label at least 15"
    assert note_text(Note.of("too_few_labels", labelled=3, needed=15), "es") == \
        "has etiquetado 3 unidades; etiqueta al menos 15"
    assert note_text(Note.of("dimension_also_failing", dimension="coverage"), "es") == \
        "Cobertura también queda por debajo de su umbral"


def test_values_quoted_from_the_data_are_escaped_for_markdown():
    text = note_text(Note.of("unknown_case", case="*bold* [x](javascript:alert(1))"), "en")
    assert "*bold*" not in text and "](javascript" not in text


@pytest.mark.parametrize("code", sorted(CHECK_NOTES))
def test_every_note_code_is_worded_in_both_languages(code):
    from ui.i18n import EN, ES

    assert f"lesson.note.{code}" in EN and f"lesson.note.{code}" in ES


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_handout_holds_every_lesson_step_option_and_note(language):
    lessons = sorted(load_lessons(), key=lambda lesson: lesson.order)
    text = handout_markdown(lessons, language)
    for lesson in lessons:
        assert lesson.title.get(language) in text
        assert scenario_name(lesson.page, lesson.scenario, language) in text
        for part in (lesson.facilitator.say, lesson.facilitator.wrong_answer, lesson.facilitator.timing):
            assert " ".join(part.get(language).split())[:60] in " ".join(text.split())
        for step in lesson.steps:
            assert " ".join(step.text.get(language).split()) in text
            if step.question is not None:
                for option in step.question.options:
                    assert " ".join(option.text.get(language).split()) in text
    assert text.count("\n## ") == len(lessons)
    assert scenario_name("rag", "multiple_failures", "es") == "Fallos múltiples"
