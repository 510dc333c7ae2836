"""Every interval and verdict a page draws is registered, and every registered one is drawn where it says (issue 48).

Each page is opened in both languages with its built-in data (and, where a figure needs it, the steps a person takes:
the whole RAG dataset loaded, a drill checked, a few hand labels given, the independent design chosen). The figures
it drew are those the pages named through ``ui/widgets/figures.py``, which refuses an unregistered id; each must be
in the registry (``uncase_core/stats/figures.py``), and each figure registered for the page must be among them unless
its entry says why not there.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT, load_scenario
from tests.pages.test_drills_page import label_as_key, make, press
from ui.frame.navigation import PAGES
from ui.widgets.figures import DRAWN_KEY
from uncase_core.stats.figures import FIGURES, on_page

LANGUAGES = ("en", "es")


def opened(script: str, language: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["lang"] = language
    at.run()
    at.switch_page(script)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def whole_rag_dataset(at: AppTest, language: str) -> AppTest:
    return load_scenario(at, "__all__")


def checked_drill(at: AppTest, language: str) -> AppTest:
    at = make(language)
    label_as_key(at, 0)
    return press(at, "drill_check")


def a_few_hand_labels(at: AppTest, language: str) -> AppTest:
    for key in ("judge_yes", "judge_yes", "judge_no", "judge_yes", "judge_no"):
        at.button(key=key).click().run()
        assert not at.exception, [e.value for e in at.exception]
    return at


def independent_design(at: AppTest, language: str) -> AppTest:
    at.radio(key="plan_design").set_value("independent").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# the steps a person takes on a page before some of its figures appear
STEPS: dict[str, Callable[[AppTest, str], AppTest]] = {
    "rag_diagnosis": whole_rag_dataset,
    "drills": checked_drill,
    "judge_and_hand_labels": a_few_hand_labels,
    "sample_size_planner": independent_design,
}


def drawn_on(url_path: str, script: str, language: str) -> set[str]:
    at = opened(script, language)
    drawn = set(at.session_state[DRAWN_KEY]) if DRAWN_KEY in at.session_state else set()
    if url_path in STEPS:
        at = STEPS[url_path](at, language)
        drawn |= set(at.session_state[DRAWN_KEY]) if DRAWN_KEY in at.session_state else set()
    return drawn


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("entry", PAGES, ids=lambda entry: entry.url_path or "home")
def test_every_figure_a_page_draws_is_registered_and_every_registered_one_is_drawn(entry, language):
    drawn = drawn_on(entry.url_path, entry.script, language)
    assert drawn <= set(FIGURES), sorted(drawn - set(FIGURES))
    expected = {figure.id for figure in on_page(entry.url_path) if entry.url_path not in figure.not_drawn}
    assert expected <= drawn, f"registered for {entry.url_path} but not drawn: {sorted(expected - drawn)}"
    # a figure that says why a page does not draw it, yet is drawn there, says something untrue
    excused = {figure.id for figure in on_page(entry.url_path) if entry.url_path in figure.not_drawn}
    assert not excused & drawn, f"drawn on {entry.url_path} though its entry says not: {sorted(excused & drawn)}"
