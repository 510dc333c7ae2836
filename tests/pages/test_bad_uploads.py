"""The bad input corpus fed to every upload widget (and the summary paste box) in AppTest.

For every file: no exception reaches the page; a file that must be refused shows an error naming
the file and the place, and the page keeps what it had; a valid one loads. Files go in one after
another in one app session, as in a workshop. The first widget reading each format gets every file
of it; widgets that hand the same bytes to the same loader get one file of each family and outcome
(the loader itself is fed everything in tests/core/shared/test_bad_inputs.py). A file whose extension the
widget does not accept never reaches the page (the browser refuses it), so it is counted apart.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.bad_inputs.corpus import CORPUS, SENTINEL
from tests.pages.apptest_helpers import open_app, shown, workspace
from ui.frame import data_kinds
from uncase_core.assets.reader import ASSETS


def _stored(kind: Any) -> Callable[[Any], Any]:
    """What the page holds: its stored data (None while it shows its default)."""
    def read(at) -> Any:
        value = workspace(at).data(kind)
        return value.to_csv() if hasattr(value, "to_csv") else value  # DataFrames compare by content
    return read


def _choose_upload(radio_key: str) -> Callable[[Any], None]:
    def setup(at) -> None:
        at.sidebar.radio(key=radio_key).set_value("upload").run()
    return setup


def _agreement_other_side(side: str) -> Callable[[Any], None]:
    def setup(at) -> None:
        _choose_upload("agr_source")(at)
        other = ASSETS / "agreement" / f"annotator_{side}_en.json"
        at.sidebar.file_uploader(key=f"agr_upload_{side}").set_value((other.name, other.read_bytes(),
                                                                      "application/json"))
        at.run()
    return setup


@dataclass(frozen=True)
class Widget:
    name: str
    page: str
    key: str
    formats: tuple[str, ...]
    state: Callable[[Any], Any]  # what the page holds; a refused file must leave it as it was
    setup: Callable[[Any], None] | None = None
    every_file: bool = True  # False: one file per family and outcome (the loader is shared with another widget)


WIDGETS = (
    Widget("rag page", "app_pages/rag_diagnosis.py", "rag_upload", ("rag", "ragas"), _stored(data_kinds.RAG)),
    Widget("conversation page", "app_pages/conversation_quality.py", "conv_upload", ("conversations",),
           _stored(data_kinds.CONVERSATIONS)),
    Widget("summary page", "app_pages/summary_autoevaluation.py", "sum_upload", ("summaries",),
           _stored(data_kinds.SUMMARIES)),
    Widget("rubric verdicts", "app_pages/rubric_lab.py", "rub_upload", ("verdicts",),
           _stored(data_kinds.RUBRIC_VERDICTS)),
    Widget("rubric holistic", "app_pages/rubric_lab.py", "rub_holistic_upload", ("holistic",),
           _stored(data_kinds.RUBRIC_HOLISTIC)),
    Widget("workbench dataset", "app_pages/dataset_workbench.py", "wb_upload", ("rag", "dataset"),
           _stored(data_kinds.WORKBENCH)),
    Widget("workbench other version", "app_pages/dataset_workbench.py", "wb_other", ("rag", "dataset"),
           _stored(data_kinds.WORKBENCH), every_file=False),
    Widget("threshold explorer", "app_pages/threshold_explorer.py", "thr_upload", ("rag",),
           _stored(data_kinds.THRESHOLD_UPLOAD), _choose_upload("thr_source"), every_file=False),
    Widget("agreement file A", "app_pages/annotator_agreement.py", "agr_upload_a", ("agreement",),
           lambda at: None, _agreement_other_side("b")),
    Widget("agreement file B", "app_pages/annotator_agreement.py", "agr_upload_b", ("agreement",),
           lambda at: None, _agreement_other_side("a"), every_file=False),
    # The judge page reads cases and RAGAS rows as the RAG page does, then RAGAS scores and judge verdicts too.
    Widget("judge page", "app_pages/judge_and_hand_labels.py", "judge_upload", ("rag", "ragas"),
           _stored(data_kinds.JUDGE)),
)


def _messages(at) -> list[str]:
    return [shown(e.value) for e in at.error]


def _entries(widget: Widget):
    entries = [entry for entry in CORPUS if set(entry.formats) & set(widget.formats)]
    if widget.every_file:
        return entries
    firsts = {}
    for entry in entries:
        firsts.setdefault((entry.family, entry.expect), entry)
    return list(firsts.values())


@pytest.mark.parametrize("widget", WIDGETS, ids=[w.name for w in WIDGETS])
def test_every_corpus_file_is_handled_by_the_upload_widget(widget: Widget) -> None:
    at = open_app()
    at.switch_page(widget.page)
    at.run()
    if widget.setup:
        widget.setup(at)
    assert not at.exception, [e.value for e in at.exception]
    problems, tried, wrong_type = [], 0, 0
    allowed = tuple(at.file_uploader(key=widget.key).allowed_type)
    for entry in _entries(widget):
        if not entry.name.lower().endswith(allowed):
            wrong_type += 1
            continue
        tried += 1
        before = widget.state(at)
        at.file_uploader(key=widget.key).set_value((entry.name, entry.data, "application/octet-stream"))
        at.run()
        messages = [m for m in _messages(at) if entry.name in m]
        if at.exception:
            problems.append(f"{entry.name}: exception {at.exception[0].value[:200]}")
            at = open_app()  # start again so one failure does not hide the rest
            at.switch_page(widget.page)
            at.run()
            if widget.setup:
                widget.setup(at)
            continue
        if entry.expect == "ok":
            if messages:
                problems.append(f"{entry.name}: valid ({entry.why}) but refused: {messages[0][:200]}")
        elif not messages:
            problems.append(f"{entry.name}: refused input ({entry.why}) gave no error naming the file")
        elif not all(place in messages[0] for place in entry.place):
            problems.append(f"{entry.name}: the error does not name {entry.place}: {messages[0][:200]}")
        elif widget.state(at) != before:
            problems.append(f"{entry.name}: a refused file changed the page's data")
    print(f"{widget.name}: {tried} files tried, {tried - len(problems)} handled; "
          f"{wrong_type} refused by the widget's file types")
    assert tried
    assert not problems, "\n".join(problems)


def test_the_summary_paste_box_refuses_code_and_bad_blocks() -> None:
    at = open_app()
    at.switch_page("app_pages/summary_autoevaluation.py")
    at.run()
    problems, tried = [], 0
    for entry in CORPUS:
        if "summary_block" not in entry.formats:
            continue
        try:
            text = entry.data.decode("utf-8")
        except UnicodeDecodeError:
            continue  # a paste box receives text; bytes that are not text cannot be pasted
        tried += 1
        before = workspace(at).data(data_kinds.SUMMARIES)
        at.selectbox(key="sum_paste_kind").set_value(entry.block_kind or "accuracy")
        at.text_area(key="sum_paste_text").set_value(text)
        next(b for b in at.sidebar.button if b.label == "Replace this block in the case").click().run()
        if at.exception:
            problems.append(f"{entry.name}: exception {at.exception[0].value[:200]}")
            continue
        refused = [shown(e.value) for e in at.error]
        if entry.expect == "error":
            if not refused:
                problems.append(f"{entry.name}: refused block ({entry.why}) gave no error")
            elif workspace(at).data(data_kinds.SUMMARIES) != before:
                problems.append(f"{entry.name}: a refused block changed the case")
        elif refused and text.strip():
            problems.append(f"{entry.name}: valid block refused: {refused[0][:200]}")
    print(f"summary paste box: {tried} blocks tried, {tried - len(problems)} handled")
    assert not problems, "\n".join(problems)
    assert not os.path.exists(SENTINEL), "a pasted payload ran"
