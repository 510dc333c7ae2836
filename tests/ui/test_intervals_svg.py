"""The judge page's chart, drawn as SVG: well formed for any input, each interval and the truth where the numbers
say, names escaped, and a row without an interval marked N/A."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from ui.widgets.intervals_svg import LEFT, RIGHT, WIDTH, IntervalRow, intervals_svg

SVG = "{http://www.w3.org/2000/svg}"
TEXT = {"title": "Intervals", "na": "N/A", "truth": "truth 62.0%"}


def x_of(rate: float) -> float:
    return LEFT + rate * (WIDTH - LEFT - RIGHT)


def draw(rows, truth=None, text=None) -> ET.Element:
    return ET.fromstring(intervals_svg(rows, truth, text or TEXT))


def test_each_interval_and_estimate_sit_at_their_rates_and_the_truth_line_at_the_truth():
    rows = [IntervalRow("Judge alone", 0.73, 0.677, 0.777, "73.0%", "#c0392b"),
            IntervalRow("Etiquetas manuales solas", 0.6, 0.231, 0.882, "60.0%", "#555555")]
    root = draw(rows, truth=0.62)
    bars = [line for line in root.iter(f"{SVG}line") if line.get("stroke-width") == "8"]
    assert [(float(b.get("x1")), float(b.get("x2"))) for b in bars] == [
        (round(x_of(0.677), 1), round(x_of(0.777), 1)), (round(x_of(0.231), 1), round(x_of(0.882), 1))]
    dots = list(root.iter(f"{SVG}circle"))
    assert [float(d.get("cx")) for d in dots] == [round(x_of(0.73), 1), round(x_of(0.6), 1)]
    (truth_line,) = [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert float(truth_line.get("x1")) == round(x_of(0.62), 1)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "truth 62.0%" in texts and "73.0%" in texts and "Judge alone" in texts
    assert "Etiquetas" in texts and "manuales solas" in texts  # a long name takes two lines
    assert root.find(f"{SVG}title").text == "Intervals"


def test_a_row_without_an_interval_says_na_and_draws_no_mark():
    root = draw([IntervalRow("PPI", None, None, None, "", "#3b6ea8")])
    assert not list(root.iter(f"{SVG}circle"))
    assert "N/A" in [t.text for t in root.iter(f"{SVG}text")]
    assert not [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]  # no truth given


rates = st.floats(0, 1)
# Names come from the catalogues: any printable text (XML 1.0 has no place for control characters).
names = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=40)


@given(st.lists(st.tuples(names, rates, rates, rates), min_size=1, max_size=4), st.one_of(st.none(), rates), names)
def test_any_rows_and_names_make_a_well_formed_chart_inside_its_box(rows, truth, name):
    drawn = [IntervalRow(label, mid, min(low, mid), max(high, mid), f"{mid:.0%}", "#000") for label, low, mid, high
             in rows]
    root = draw(drawn, truth, {"title": name, "na": "<N/A>", "truth": f"truth & {name}"})
    assert (root.find(f"{SVG}title").text or "") == name  # escaped text comes back as given
    for element in root.iter():
        for attribute in ("x", "x1", "x2", "cx"):
            if element.get(attribute) is not None:
                assert 0 <= float(element.get(attribute)) <= WIDTH


def test_a_difference_axis_puts_zero_in_the_middle_and_labels_its_ticks():
    from ui.widgets.intervals_svg import Axis

    axis = Axis(-1.0, 1.0, (-1.0, 0.0, 1.0), lambda tick: f"{tick:+.1f}")
    rows = [IntervalRow("Faithfulness", -0.6, -0.832, -0.201, "-0.60", "#3b6ea8"),
            IntervalRow("Pooled", 0.1, None, None, "+0.10", "#6a3d9a")]  # withheld: not drawn
    root = ET.fromstring(intervals_svg(rows, 0.0, TEXT, axis))
    middle = LEFT + (WIDTH - LEFT - RIGHT) / 2
    (truth_line,) = [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert float(truth_line.get("x1")) == round(middle, 1)
    (bar,) = [line for line in root.iter(f"{SVG}line") if line.get("stroke-width") == "8"]
    assert float(bar.get("x1")) == round(middle - 0.832 * (middle - LEFT), 1)
    assert len(list(root.iter(f"{SVG}circle"))) == 1
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"-1.0", "+0.0", "+1.0", "N/A"} <= set(texts)
