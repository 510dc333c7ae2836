"""The RAG page's chart, drawn as SVG: well formed for any input, and each mark where its number says."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from ui.widgets.proportions_svg import (
    BAR_COLOUR,
    FAIL_COLOUR,
    PLOT_BOTTOM,
    TOP,
    proportions_svg,
    two_lines,
)
from uncase_core.stats.proportions import Proportion

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("context_relevance", "faithfulness", "correctness", "coverage")
TEXT = {"threshold": "threshold", "na": "N/A", "interval": "value and interval", "title": "Four rates"}


def y_of(rate: float) -> float:
    return PLOT_BOTTOM - rate * (PLOT_BOTTOM - TOP)


def draw(metrics: dict[str, Proportion], thresholds: dict[str, float], labels: dict[str, str] | None = None,
         text: dict[str, str] | None = None) -> ET.Element:
    svg = proportions_svg(NAMES, labels or {n: n.replace("_", " ").title() for n in NAMES}, metrics, thresholds,
                          text or TEXT)
    return ET.fromstring(svg)


def bars(root: ET.Element) -> list[ET.Element]:
    """The value bars (the legend's sample bar is the last rect and sits below the plot)."""
    return [r for r in root.iter(f"{SVG}rect") if float(r.get("y")) <= PLOT_BOTTOM]


def test_bars_whiskers_and_marks_sit_at_their_numbers() -> None:
    metrics = {"context_relevance": Proportion.from_counts(1, 5), "faithfulness": Proportion.from_counts(4, 5),
               "correctness": Proportion.from_counts(0, 0, unlabelled=3), "coverage": Proportion.from_counts(5, 5)}
    thresholds = {"context_relevance": 0.5, "faithfulness": 0.7, "correctness": 0.7, "coverage": 0.7}
    root = draw(metrics, thresholds)

    drawn = bars(root)
    assert len(drawn) == 3  # correctness is N/A: no bar
    for bar, name in zip(drawn, ("context_relevance", "faithfulness", "coverage"), strict=True):
        p = metrics[name]
        assert float(bar.get("y")) == round(y_of(p.value), 1)
        assert abs(float(bar.get("y")) + float(bar.get("height")) - PLOT_BOTTOM) < 0.11
        assert bar.get("fill") == (FAIL_COLOUR if p.value < thresholds[name] else BAR_COLOUR)
    whiskers = [p.get("d") for p in root.iter(f"{SVG}path") if p.get("stroke-width") == "2" and "h12" in p.get("d")]
    assert len(whiskers) == 3
    for d, name in zip(whiskers, ("context_relevance", "faithfulness", "coverage"), strict=True):
        low, high = (float(v) for v in re.match(r"M[\d.]+ ([\d.]+)V([\d.]+)", d).groups())
        assert low == round(y_of(metrics[name].low), 1) and high == round(y_of(metrics[name].high), 1)
    marks = [line for line in root.iter(f"{SVG}line") if line.get("stroke-width") == "3"]
    assert [float(m.get("y1")) for m in marks[:4]] == [round(y_of(thresholds[n]), 1) for n in NAMES]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("N/A") == 1
    assert root.find(f"{SVG}title").text == "Four rates"


def test_a_rate_equal_to_its_threshold_passes() -> None:
    metrics = {n: Proportion.from_counts(7, 10) for n in NAMES}
    root = draw(metrics, dict.fromkeys(NAMES, 0.7))
    assert {b.get("fill") for b in bars(root)} == {BAR_COLOUR}


def test_names_and_legend_are_escaped() -> None:
    labels = {n: f'<b>{n}</b> & "x"' for n in NAMES}
    text = {**TEXT, "title": "<script>alert(1)</script>", "threshold": "a < b"}
    svg = proportions_svg(NAMES, labels, {n: Proportion.from_counts(1, 2) for n in NAMES},
                          dict.fromkeys(NAMES, 0.5), text)
    root = ET.fromstring(svg)  # well formed
    assert "<script>" not in svg and "<b>" not in svg
    assert root.find(f"{SVG}title").text == "<script>alert(1)</script>"
    assert any(t.text == "a < b" for t in root.iter(f"{SVG}text"))


def test_long_names_break_at_the_middle_space() -> None:
    assert two_lines("Context relevance") == ("Context", "relevance")
    assert two_lines("Coverage") == ("Coverage",)
    assert two_lines("Reference_coverage_without_spaces") == ("Reference_coverage_without_spaces",)
    assert two_lines("Cobertura de la referencia") == ("Cobertura de", "la referencia")


counts = st.integers(0, 40).flatmap(lambda total: st.tuples(st.integers(0, total), st.just(total)))


@given(st.lists(counts, min_size=4, max_size=4), st.lists(st.floats(0, 1), min_size=4, max_size=4),
       # Names are the app's own translations: any text XML can carry (no controls, surrogates, noncharacters).
       st.lists(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Cn")), max_size=30), min_size=4, max_size=4))
def test_any_rates_thresholds_and_names_give_a_well_formed_chart(pairs, thresholds, names) -> None:
    metrics = {n: Proportion.from_counts(s, t) for n, (s, t) in zip(NAMES, pairs, strict=True)}
    labels = {n: name for n, name in zip(NAMES, names, strict=True)}
    root = draw(metrics, dict(zip(NAMES, thresholds, strict=True)), labels)
    assert len(bars(root)) == sum(1 for _, total in pairs if total)
    for bar in bars(root):
        assert TOP - 0.1 <= float(bar.get("y")) <= PLOT_BOTTOM + 0.1
