"""The compare page's wording at 1, 2, 3 and 30 cases (issue 36): a verdict is "clear" only where the exact test,
corrected for the four dimensions, says so; below that the page withholds it and says how many cases must differ."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT
from ui.i18n import translate


def system(cases: int, relevant: bool) -> bytes:
    """``cases`` cases whose passages are all relevant (or none): context relevance passes or fails in every case."""
    rows = [{"id": f"q{i}", "question": f"Question {i}?", "answer": "An answer.",
             "passages": [{"id": "p1", "text": "A passage.", "relevant": relevant},
                          {"id": "p2", "text": "Another passage.", "relevant": relevant}],
             "claims": [{"id": "c1", "text": "A claim.", "supported": True, "correct": True}],
             "reference_facts": [{"id": "f1", "text": "A fact.", "covered": True}]} for i in range(cases)]
    return json.dumps(rows).encode()


def compared(cases: int, language: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = language
    at.switch_page("app_pages/compare_systems.py")
    at.run()
    at.sidebar.radio(key="cmp_source").set_value("upload").run()
    for side, relevant in (("a", False), ("b", True)):  # B retrieves relevant passages in every case, A in none
        at.file_uploader(key=f"cmp_upload_{side}").set_value((f"{side}.json", system(cases, relevant),
                                                              "application/json"))
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def boxes(at: AppTest) -> list[str]:
    return [b.value for kind in ("success", "error", "info", "warning") for b in getattr(at, kind)]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("cases", [1, 2, 3])
def test_a_few_cases_never_make_a_clear_verdict_and_say_how_many_must_differ(cases: int, language: str):
    at = compared(cases, language)
    shown = " ".join(boxes(at))
    dimension = translate(language, "metric.context_relevance")
    clear = translate(language, "compare.verdict.b_better", dimension=dimension[:1].lower() + dimension[1:])
    assert clear not in shown
    # 8 discordant cases are needed and only `cases` are compared: the page says it cannot come from these cases
    # (with what would give it), not a count that labelling these cases could never reach.
    never = translate(language, "compare.verdict.withheld_never", dimension=dimension[:1].lower() + dimension[1:],
                      discordant=cases, needed=8, cases=cases)
    assert never in shown, shown
    unreachable = translate(language, "compare.verdict.withheld", dimension=dimension[:1].lower() + dimension[1:],
                            discordant=cases, needed=8)
    assert unreachable not in shown, shown


@pytest.mark.parametrize("language", ["en", "es"])
def test_thirty_cases_all_one_way_are_clear(language: str):
    at = compared(30, language)
    dimension = translate(language, "metric.context_relevance")
    clear = translate(language, "compare.verdict.b_better", dimension=dimension[:1].lower() + dimension[1:])
    assert clear in " ".join(boxes(at))
