"""The shared figures: mark labels that never overlap, the rubric heatmap's removed-item row."""

from __future__ import annotations

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from ui.views.rubrics import verdict_heatmap
from ui.widgets.charts import mark_labels, simulated_intervals_chart, sweep_chart
from uncase_core.stats.proportions import Proportion
from uncase_core.stats.simulated_intervals import simulate_intervals

LABELS = {"share": "Runs passing", "removed_row": "✕ removed"}


def test_marks_at_one_place_share_one_label():
    annotations = mark_labels([(1.0, "equal weights", "red"), (1.0, "now", "black")], span=3.0)
    assert [a["text"] for a in annotations] == ["equal weights · now"]


def test_a_close_mark_is_lifted_and_a_far_one_is_not():
    close = mark_labels([(0.6, "compare", "red"), (0.65, "now", "black")], span=1.0)
    assert [a["yshift"] for a in close] == [0, 16]
    far = mark_labels([(0.2, "compare", "red"), (0.8, "now", "black")], span=1.0)
    assert [a["yshift"] for a in far] == [0, 0]


@given(st.lists(st.tuples(st.floats(0, 1), st.sampled_from(["a", "b", "c"])), min_size=1, max_size=5))
def test_no_two_labels_sit_on_one_line_close_together(marks):
    annotations = mark_labels([(x, label, "black") for x, label in marks], span=1.0)
    assert len({a["x"] for a in annotations}) == len(annotations) == len({x for x, _ in marks})
    for first in annotations:
        for second in annotations:
            if first is not second and first["yshift"] == second["yshift"]:
                assert abs(first["x"] - second["x"]) >= 0.12


def test_sweep_chart_labels_its_marks_once():
    rates = [Proportion.from_counts(3, 4), Proportion.from_counts(2, 4)]
    figure = sweep_chart([0.0, 1.0], rates, [(1.0, "now", "black"), (1.0, "equal", "red")],
                         {"x_title": "x", "y_title": "y", "rate": "rate", "band": "band"})
    assert [a.text for a in figure.layout.annotations] == ["now · equal"]


def _verdicts(items: int) -> pd.DataFrame:
    return pd.DataFrame([{"judge": "J1", "candidate": f"C{c}", "prompt": "p", "item": f"i{i:03d}",
                          "verdict": (c + i) % 2} for c in range(3) for i in range(items)])


def test_heatmap_marks_every_removed_item_even_when_ticks_are_hidden():
    removed = {("p", "i005"), ("p", "i070"), ("p", "i099")}
    figure = verdict_heatmap(_verdicts(100), "J1", removed, LABELS)
    assert figure.layout.xaxis.showticklabels is False  # 100 items: the tick labels are hidden
    marks = figure.data[1]
    assert sorted(marks.x) == ["p · i005", "p · i070", "p · i099"]
    assert set(marks.y) == {"✕ removed"}
    assert list(figure.layout.yaxis.categoryarray)[-1] == "✕ removed"


def test_heatmap_without_removed_items_draws_an_empty_row():
    figure = verdict_heatmap(_verdicts(5), "J1", set(), LABELS)
    assert list(figure.data[1].x) == []


def test_simulated_intervals_tell_a_miss_by_more_than_its_colour():
    result = simulate_intervals(5, 8, 0.5, 0.3, "units", seed=2)
    misses = sum(not i.covers for i in result.intervals)
    assert 0 < misses < 100
    text = {"covers": "covers", "misses": "misses", "truth": "true rate 30%", "dataset": "Dataset", "x_title": "x",
            "y_title": "y"}
    figure = simulated_intervals_chart(result.intervals, 0.3, text, "es")
    covers_line, covers_marks, misses_line, misses_marks = figure.data
    assert covers_line.name == f"covers ({100 - misses})" and misses_line.name == f"misses ({misses})"
    assert (covers_line.line.dash, covers_marks.marker.symbol) == ("solid", "circle")
    assert (misses_line.line.dash, misses_marks.marker.symbol) == ("dot", "x")
    assert len(misses_marks.x) == misses and [shape.x0 for shape in figure.layout.shapes] == [0.3]
    assert all("\u00a0%" in hover for hover in misses_marks.customdata)  # Spanish percentages in the hover
