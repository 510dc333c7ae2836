"""The tools' own scores on the pages (issue 51 item 7): after a RAGAS results file is loaded, the RAG page shows each
score column's mean with its interval and counts, in both languages; the compare page shows two runs' columns, B - A
and the verdict. Built-in data has no tool's scores, and then nothing of it is drawn."""

from __future__ import annotations

import json

import pytest

from tests.pages.apptest_helpers import ROOT, open_rag_page, shown
from tests.pages.test_compare_page import open_page as open_compare_page
from ui.i18n import translate
from ui.widgets.figures import DRAWN_KEY

DATA = ROOT / "tests" / "data" / "interchange"
TITLE = "tool_scores.title"


def _page(lang: str):
    at = open_rag_page()
    if lang != "en":
        at.sidebar.radio(key="language_widget").set_value(lang).run()
    return at


def _tables(at) -> list:
    return [frame.value for frame in at.dataframe]


def _score_table(at, lang: str):
    metric, mean = translate(lang, "tool_scores.column.metric"), translate(lang, "tool_scores.column.mean")
    return next(frame for frame in _tables(at) if metric in frame.columns and mean in frame.columns)


def ragas_rows(faithfulness: list[float]) -> bytes:
    rows = [{"user_input": f"question {i}", "retrieved_contexts": ["a passage"], "response": "an answer",
             "reference": "the reference", "faithfulness": score} for i, score in enumerate(faithfulness)]
    return "".join(json.dumps(row) + "\n" for row in rows).encode("utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_ragas_results_file_shows_each_score_columns_mean_and_interval(lang):
    at = _page(lang)
    name = "ragas_results_en.jsonl"
    at.sidebar.file_uploader(key="rag_upload").set_value((name, (DATA / name).read_bytes(), "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert translate(lang, TITLE) in [shown(m.value).strip("*") for m in at.markdown]
    table = _score_table(at, lang)
    rows = {row[translate(lang, "tool_scores.column.metric")]: row for row in table.to_dict("records")}
    assert list(rows)[:2] == ["faithfulness", "context_precision"]
    mean = translate(lang, "tool_scores.column.mean")
    cases = translate(lang, "tool_scores.column.cases")
    assert rows["faithfulness"][mean] == ("0.500 [0.000, 1.000]" if lang == "en" else "0,500 [0,000; 1,000]")
    assert rows["faithfulness"][cases] == translate(lang, "tool_scores.cases", n=3)
    assert rows["context_recall"][cases] == translate(lang, "tool_scores.cases_missing", n=2, missing=1)
    assert rows["faithfulness"][translate(lang, "tool_scores.column.dimension")] == translate(
        lang, "metric.faithfulness")
    level = "95%" if lang == "en" else "95\u00a0%"
    assert translate(lang, "tool_scores.note", level=level) in [shown(c.value) for c in at.caption]
    assert "tool_scores.mean" in at.session_state[DRAWN_KEY]


def test_the_built_in_data_has_no_tools_scores_and_draws_none():
    at = _page("en")
    assert translate("en", TITLE) not in [shown(m.value).strip("*") for m in at.markdown]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_compare_page_compares_two_runs_scores(lang):
    at = open_compare_page(lang)
    at.sidebar.radio(key="cmp_source").set_value("upload").run()
    runs = {"a": [0.6, 0.7, 0.5, 0.65, 0.55] * 8, "b": [0.95, 1.0, 0.9, 1.0, 0.85] * 8}
    for side, scores in runs.items():
        at.sidebar.file_uploader(key=f"cmp_upload_{side}").set_value(
            (f"{side}.jsonl", ragas_rows(scores), "application/json"))
        at.run()
        assert not at.exception, [e.value for e in at.exception]
    assert translate(lang, "tool_scores.compare_title") in [shown(m.value).strip("*") for m in at.markdown]
    metric = translate(lang, "tool_scores.column.metric")
    table = next(frame for frame in _tables(at) if metric in frame.columns and
                 translate(lang, "tool_scores.column.verdict") in frame.columns)
    row = table.to_dict("records")[0]
    assert row[metric] == "faithfulness"
    assert row[translate(lang, "tool_scores.column.verdict")] == translate(lang, "tool_scores.verdict.b_higher")
    difference = row[translate(lang, "tool_scores.column.difference")]
    assert difference.startswith("+0.340 [+" if lang == "en" else "+0,340 [+")
    assert difference.endswith(translate(lang, "tool_scores.pairs", n=40))
    assert {"tool_scores.mean", "tool_scores.difference", "tool_scores.verdict"} <= at.session_state[DRAWN_KEY]
