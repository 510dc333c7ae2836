"""A key pressed right after a choice in the judge page's dimension box, before the page has drawn the new
dimension's unit (issue 49, lesson 10: "choosing a dimension then pressing 1 did nothing, with no cue why").

Chromium showed the mechanism on lesson 10 with the CPU slowed: the browser sends the new dimension and the press in
one request, and the press runs the callback of the button as the previous run drew it, about a unit of the
dimension just left. It was stored there, and the count on screen, the new dimension's, did not move. AppTest sends
that same request (the box's new value and the button's trigger together). The press is now refused on screen, in
the reader's language, and nothing is stored; pressed again, it labels the new dimension's unit."""

from __future__ import annotations

import pytest

from tests.pages.apptest_helpers import open_app, shown, workspace
from ui.frame.data_kinds import JUDGE
from ui.i18n import translate
from uncase_core.judge.edits import judge_answers

JUDGE_PAGE = "app_pages/judge_and_hand_labels.py"
FIELD = {"correctness": "correct", "faithfulness": "supported"}


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _lesson_10(language: str):
    """Lesson 10 started from the Lessons page, on the judge page it plays on (AppTest does not follow the switch)."""
    at = open_app()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    at.switch_page("app_pages/lessons.py").run()
    _ok(at.button(key="start_l10").click().run())
    assert workspace(at).setting("lesson_active") == "l10"
    at.switch_page(JUDGE_PAGE).run()
    assert at.selectbox(key="judge_dimension").value == "correctness"
    return _ok(at)


def _answers(at):
    return [(given.field, given.value) for given in judge_answers(workspace(at).edits(JUDGE))]


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_press_folded_with_a_dimension_choice_is_refused_on_screen_and_not_stored(language):
    at = _lesson_10(language)
    at.selectbox(key="judge_dimension").set_value("faithfulness")
    at.button(key="judge_yes").click()
    _ok(at.run())  # one request: the new dimension and the press made before the page showed it
    assert _answers(at) == []  # not on the correctness unit the person had left
    note = translate(language, "judge.dimension_changed", shown=translate(language, "metric.correctness"),
                     chosen=translate(language, "metric.faithfulness"))
    assert note in [shown(error.value) for error in at.error]
    assert at.selectbox(key="judge_dimension").value == "faithfulness"

    _ok(at.button(key="judge_yes").click().run())  # pressed again, on the unit now shown
    assert _answers(at) == [(FIELD["faithfulness"], True)]
    assert note not in [shown(error.value) for error in at.error]


def test_presses_with_the_dimension_unchanged_and_undo_are_taken():
    at = _lesson_10("en")
    _ok(at.button(key="judge_no").click().run())
    assert _answers(at) == [(FIELD["correctness"], False)]
    at.selectbox(key="judge_dimension").set_value("faithfulness")
    at.button(key="judge_undo").click()  # undo names the last answer, whatever the dimension: still taken
    _ok(at.run())
    assert _answers(at) == []
