"""The registry of every interval and verdict a page draws (uncase_core/stats/figures.py, issue 48): well formed, and
each entry names a page that exists and a core function that does."""

from __future__ import annotations

import importlib

import pytest

from ui.frame.navigation import BY_URL
from uncase_core.stats.figures import FIGURES, KINDS, UnregisteredFigure, on_page, registered


def resolve(dotted: str) -> object:
    """The object a dotted path names: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise ModuleNotFoundError(dotted)


@pytest.mark.parametrize("figure", FIGURES.values(), ids=list(FIGURES))
def test_each_entry_names_real_pages_a_real_function_and_a_range(figure):
    assert figure.kind in KINDS
    assert figure.pages and all(page in BY_URL or page == "cli" for page in figure.pages), figure.pages
    assert set(figure.not_drawn) <= set(figure.pages)
    assert callable(resolve(figure.function)), figure.function
    low, high = figure.n
    assert 1 <= low <= high and low <= figure.drawn_from <= high
    assert figure.level is None or 0.5 < figure.level < 1
    assert figure.method and figure.unit
    for values in figure.settings.values():
        assert values and list(values) == sorted(values)


def test_ids_name_their_entries_and_a_page_lists_its_own():
    assert all(key == figure.id for key, figure in FIGURES.items())
    assert {figure.id for figure in on_page("rag_diagnosis")} >= {"rag.case.interval", "rag.case.verdict"}
    assert registered("compare.verdict") is FIGURES["compare.verdict"]


@pytest.mark.parametrize("figure_id", ["nope", "", None, 3])
def test_an_unregistered_id_is_refused(figure_id):
    with pytest.raises(UnregisteredFigure):
        registered(figure_id)
