"""What a label tick on the agreement page costs grows with what changed, not with the cases loaded (issue 50), and
draws what matching every label afresh draws.

A tick with a 1,000-case pair used to match every label of both files twice (the figures' fragment and the
tables'), and look up six texts in the catalogue and the session for each row of the table of disagreements. Here
the labels paired and the catalogue lookups of one tick are counted at 20 cases and at 1,000 (operations, not
time), and the page after ticks is compared, element by element, with a new session on the same workspace; the
table of disagreements with one built as the page built it before, from the core's plain matching.
"""

from __future__ import annotations

import functools

import pandas as pd
import pytest

import ui.frame.state
import uncase_core.agreement.pairs as pairs
from bench.bench_tick_cost import agreement_pair
from tests.pages.apptest_helpers import reopen, workspace
from tests.pages.size_helpers import elements, opened
from tests.support.counting import counted
from ui.frame.data_kinds import AGREEMENT_A, AGREEMENT_B, AGREEMENT_UPLOADED_PAIR
from ui.i18n import translate
from ui.page_data.agreement import SOURCE_KEY
from uncase_core.agreement.pairs import match_labels
from uncase_core.rag.cases import dataset_to_text

PAGE = "app_pages/annotator_agreement.py"
LARGE = 1000


def loaded(count: int, language: str = "en"):
    """The page on an uploaded pair of ``count`` cases each (bench/bench_tick_cost.py's synthetic pair)."""
    at = opened(PAGE, language)
    for kind, dataset in zip((AGREEMENT_A, AGREEMENT_B), agreement_pair(count), strict=True):
        workspace(at).replace(kind, dataset_to_text(dataset), f"{kind.name}.jsonl", "upload")
    at.sidebar.radio(key=SOURCE_KEY).set_value("upload").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def tick(at, value: bool | None, row: int = 0):
    """Annotator A's box of ``row`` in the first case's table set to ``value``, as the data editor reports it."""
    view = at.session_state["agr_view"]
    at.session_state[view.editor_key(at.session_state["agr_field"])] = {
        "edited_rows": {row: {"a": value}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at



@functools.cache
def one_tick_counts(count: int) -> tuple[int, int]:
    """(labels paired, catalogue lookups) of one label tick with ``count`` cases loaded, after a first tick. In
    AppTest a tick runs the whole page (in the browser, the fragments only), with the pair read from the files
    again but not matched again: the stored pair is the same objects."""
    at = tick(loaded(count), False)
    with pytest.MonkeyPatch.context() as patch:
        paired = counted(patch, pairs, "LabelPair")
        lookups = counted(patch, ui.frame.state, "translate")  # what t() looks up, in the session's language
        tick(at, True)
    return paired[0], lookups[0]


def test_a_tick_at_1000_cases_pairs_the_labels_of_the_one_case_a_tick_at_20_cases_does():
    small, large = one_tick_counts(20)[0], one_tick_counts(LARGE)[0]
    assert small > 0
    assert large == small, f"labels paired per tick: {small} at 20 cases, {large} at {LARGE}"


def test_a_tick_at_1000_cases_looks_up_as_many_texts_as_at_20_cases():
    """The table of disagreements (about 6,000 rows at 1,000 cases) looks its words up once, not once per cell."""
    small, large = one_tick_counts(20)[1], one_tick_counts(LARGE)[1]
    assert large <= small + 20, f"catalogue lookups per tick: {small} at 20 cases, {large} at {LARGE}"


FIGURES = ("title", "subheader", "markdown", "caption", "metric", "dataframe", "info", "success", "warning", "error")


def drawn_text(at) -> list[tuple[str, str]]:
    return [(kind, text) for kind, text in elements(at) if kind in FIGURES]


def disagreements_as_before(pair, language: str) -> pd.DataFrame:
    """The table of disagreements as the page built it before issue 50: a dict a row, every word looked up."""
    def label(value):
        return translate(language, f"agr.value.{str(value).lower()}")

    return pd.DataFrame([{
        translate(language, "common.case"): p.case,
        translate(language, "agr.unit"): f"{translate(language, f'units.{p.kind}')} {p.unit}",
        translate(language, "agr.label"): translate(language, f"agr.field.{p.field}"), translate(language, "agr.text"):
            p.text, "A": label(p.a), "B": label(p.b),
    } for p in match_labels(*pair).disagreements])


@pytest.mark.parametrize(("count", "language"), [(5, "en"), (200, "es"), (LARGE, "en")])
def test_after_ticks_the_page_draws_what_matching_afresh_draws(count, language):
    at = loaded(count, language)
    for row, value in ((0, False), (0, True), (1, None), (2, False), (0, None)):  # each a new case object
        tick(at, value, row)
    seen = drawn_text(at)
    fresh = reopen(at, PAGE)
    assert seen == drawn_text(fresh)
    stored = workspace(fresh).data(AGREEMENT_UPLOADED_PAIR)
    table = next(frame.value for frame in at.dataframe if translate(language, "agr.text") in frame.value.columns)
    pd.testing.assert_frame_equal(table.reset_index(drop=True), disagreements_as_before(stored, language))
