"""The RAG page's wording at n = 1, 2, 3 and 30 (issue 36), in both languages: one case of n units, and a dataset of
n cases.

- One case's units: the Wilson interval is drawn at every n (document 001's choice) and the explanations keep its
  caveat that the units are treated as independent; a verdict called clear must have a false rate at most its level
  at that n; a dimension with no unit is N/A, never NaN and never 0.
- A dataset: its figures (and the interval with cases as clusters, uncase_core/stats/clustered.py) are drawn from 2
  cases; with 1 case there is none; a dimension labelled in fewer than 2 cases has its clustered interval N/A and
  says it needs 2 cases with labels.
"""

from __future__ import annotations

import json

import pytest

from tests.pages.apptest_helpers import RAG_PAGE, captions
from tests.pages.size_helpers import (
    LANGUAGES,
    SIZES,
    assert_no_nan,
    coverage_caption,
    coverage_table,
    elements,
    opened,
    shows_its_interval,
    summary_mark,
    threshold_false_rate,
    wilson,
)
from ui.i18n import format_number, format_percent, translate
from uncase_core.rag.evaluation import METRICS, resolve_thresholds
from uncase_core.stats.clustered import clustered_interval

THRESHOLDS = resolve_thresholds()
LEVEL = 0.95


def uploaded(data: list[dict], language: str):
    at = opened(RAG_PAGE, language)
    at.sidebar.file_uploader(key="rag_upload").set_value(("cases.json", json.dumps(data).encode(),
                                                          "application/json")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric(language: str, name: str) -> str:
    return translate(language, f"metric.{name}")


def verdicts(at, language: str) -> dict[str, tuple[str, str]]:
    """Each dimension's card on the case: its count-and-interval line and its verdict line (the card's two captions,
    in the order of METRICS)."""
    lines = captions(at)
    words = (translate(language, "verdict.na"),
             *(translate(language, key, threshold="").split(" (")[0].strip()
               for key in ("verdict.pass", "verdict.fail", "verdict.below")))
    pairs = [(lines[i - 1], line) for i, line in enumerate(lines) if i and line.startswith(words)]
    assert len(pairs) == len(METRICS), pairs
    return dict(zip(METRICS, pairs, strict=True))


# ---------------------------------------------------------------- one case of n units


def one_case(units: int) -> list[dict]:
    """n passages all relevant, n claims all supported and every other one correct, no reference fact."""
    return [{"id": "only", "question": "A question?", "answer": "An answer.",
             "passages": [{"id": f"p{i}", "text": f"Passage {i}.", "relevant": True} for i in range(units)],
             "claims": [{"id": f"c{i}", "text": f"Claim {i}.", "supported": True, "correct": i % 2 == 0}
                        for i in range(units)],
             "reference_facts": []}]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("units", SIZES)
def test_one_case_draws_wilson_at_every_n_calls_clear_only_where_it_holds_and_says_na_for_none(units, language):
    at = uploaded(one_case(units), language)
    counts = {"context_relevance": units, "faithfulness": units, "correctness": (units + 1) // 2}
    cards = verdicts(at, language)
    values = {m.label: m.value for m in at.metric}
    clear, uncertain = translate(language, "verdict.clear"), translate(language, "verdict.uncertain")
    for name, successes in counts.items():
        line, verdict = cards[name]
        low, high = wilson(successes, units, LEVEL)
        assert shows_its_interval(line, "rag.case.interval", successes, units, language), line  # drawn from 3
        assert values[metric(language, name)] == format_percent(successes / units, language)
        threshold = THRESHOLDS[name]
        side = "fail" if successes / units < threshold else "pass"
        # An uncertain shortfall says "below", never "fails": the page says fails only where it is clear.
        uncertain_case = low < threshold <= high
        key = "verdict.pass" if side == "pass" else "verdict.below" if uncertain_case else "verdict.fail"
        assert verdict.startswith(translate(language, key, threshold=format_percent(threshold, language, 0)))
        if uncertain_case:
            assert verdict.endswith(uncertain), verdict
        else:
            assert verdict.endswith(clear), verdict
            # Clear only where the verdict is wrong at most 5% of the time at the threshold, at this n.
            assert threshold_false_rate(units, threshold, side, LEVEL) <= 1 - LEVEL, (name, units)
    if units <= 3:  # a handful of units never settles a side of these thresholds
        assert not any(v.endswith(clear) for _, v in cards.values()), cards
    # No reference fact: coverage is N/A on its card, its line and its verdict; never 0, never NaN.
    line, verdict = cards["coverage"]
    assert values[metric(language, "coverage")] == translate(language, "value.na_short")
    assert line == translate(language, "value.na", unlabelled=0) and "%" not in line
    assert verdict == translate(language, "verdict.na")
    assert translate(language, "diagnosis.not_applicable", names=metric(language, "coverage")) in captions(at)
    # One case: no dataset figures, so no interval with cases as clusters is drawn at all.
    assert not [s for s in at.header if s.value.startswith(translate(language, "rag.results_dataset",
                                                                       count=2).split("(")[0].strip())]
    assert not any(translate(language, "table.clustered") in frame.value.columns for frame in at.dataframe)
    assert_no_nan(at)
    # The interval's caveat: the units are read as independent (the explanations box, drawn when opened).
    at.session_state["rag_explanations"] = True
    at.run()
    assert translate(language, "explain.uncertainty") in [m.value for m in at.markdown]


def test_the_explanation_of_one_cases_interval_keeps_its_independence_caveat():
    """What the box says of the interval (the caveat the policy keeps beside document 001's Wilson interval)."""
    assert "independent" in translate("en", "explain.uncertainty")
    assert "independientes" in translate("es", "explain.uncertainty")


def test_wilson_for_one_cases_units_holds_its_level_where_it_is_drawn_and_is_withheld_where_it_does_not():
    """The harness (docs/coverage.md, figure rag.case.interval): at every fixed truth and every n from 3 to 50 the
    case's Wilson interval holds the rule; at 1 and 2 units it does not (90% around a true 80% or 90%), and the page
    withholds it there."""
    from bench.harness.run import measure

    measured = measure("rag.case.interval")
    assert all(m.holds for m in measured)
    assert {m.cell.n for m in measured if m.mark == "WITHHELD"} == {1, 2}
    assert any(m.result.window < 0.925 for m in measured if m.cell.n < 3)  # below the rule where withheld
    assert summary_mark("rag.case.interval") == "ok"


@pytest.mark.parametrize("language", LANGUAGES)
def test_two_unsupported_claims_do_not_make_a_clear_failure(language):
    case = one_case(2)
    for claim in case[0]["claims"]:
        claim["supported"] = False
    at = uploaded(case, language)
    _, verdict = verdicts(at, language)["faithfulness"]
    # Below its threshold, but not "fails": that word is kept for a clear shortfall.
    assert verdict.startswith(translate(language, "verdict.below", threshold=format_percent(0.7, language, 0)))
    # 0 of 2 at a true 70% happens 9% of the time: the exact test does not agree, and the page says why
    # (uncase_core/stats/policy.py, bench/coverage.py's pass/fail table).
    assert not verdict.endswith(translate(language, "verdict.clear")), verdict
    assert verdict.endswith(translate(language, "verdict.uncertain")), verdict
    said = " ".join(c.value for c in at.caption)
    # About 3 units would settle it, and the case has 2 in all: the note says no more can come from it.
    assert translate(language, "diagnosis.exact_disagrees_case", name=translate(language, "metric.faithfulness"),
                     units="2", p=format_number(0.09, language, 3), alpha=format_number(0.05, language, 2),
                     needed="3", all_units="2") in said


# ---------------------------------------------------------------- a dataset of n cases


def dataset(cases: int) -> list[dict]:
    """``cases`` cases of 4 passages (case i: i % 5 of them relevant, so the cases differ), 2 claims all supported
    and labelled correct only in the first case, and no reference fact."""
    return [{"id": f"case-{i:02d}", "question": f"Question {i}?", "answer": "An answer.",
             "passages": [{"id": f"p{j}", "text": f"Passage {j}.", "relevant": j < i % 5} for j in range(4)],
             "claims": [{"id": f"c{j}", "text": f"Claim {j}.", "supported": True,
                         "correct": (j == 0) if i == 0 else None} for j in range(2)],
             "reference_facts": []} for i in range(cases)]


FIELDS = {"context_relevance": ("passages", "relevant"), "faithfulness": ("claims", "supported"),
          "correctness": ("claims", "correct"), "coverage": ("reference_facts", "covered")}


def unit_counts(data: list[dict], name: str) -> list[dict[str, int]]:
    """Each case's labelled units and successes on dimension ``name``, read from the uploaded data itself."""
    kind, field = FIELDS[name]
    labels = [[unit.get(field) for unit in case[kind] if unit.get(field) is not None] for case in data]
    return [{"s": sum(1 for label in case if label), "n": len(case)} for case in labels]


def dataset_section(at, language: str, cases: int) -> list[tuple[str, str]]:
    """The elements drawn under the dataset's heading, up to the next heading."""
    heading = translate(language, "rag.results_dataset", count=cases)
    drawn = list(elements(at))
    starts = [i for i, (kind, text) in enumerate(drawn) if text == heading]
    if not starts:
        return []
    after = drawn[starts[0] + 1:]
    end = next((i for i, (kind, _) in enumerate(after) if kind in ("subheader", "heading", "title")), len(after))
    return after[:end]


def dataset_certainty(section: list[str], language: str) -> dict[str, str]:
    """What the dataset's diagnosis says of each applicable dimension: ``"clear"`` or ``"uncertain"`` (a failing one
    in its bullet, a passing one by whether the "passing, but ..." caption names it)."""
    said = {}
    passing_uncertain = next((text for text in section if text.startswith(
        translate(language, "diagnosis.uncertain_passing", names="").rstrip(". "))), "")
    for name in METRICS:
        bullet = next((text for text in section if text.startswith(f"- **{metric(language, name)}**:")), None)
        if bullet is not None:
            said[name] = "clear" if bullet.endswith(f"({translate(language, 'verdict.clear')})") else "uncertain"
        elif not any(metric(language, name) in text and text.startswith(
                translate(language, "diagnosis.not_applicable", names="").rstrip(". ")) for text in section):
            said[name] = "uncertain" if metric(language, name) in passing_uncertain else "clear"
    return said


def cell(frame, language: str, name: str, column: str) -> str:
    row = frame[frame[translate(language, "table.dimension")] == metric(language, name)]
    return str(row[translate(language, column)].iloc[0])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("cases", SIZES)
def test_a_dataset_draws_the_clustered_interval_from_two_cases_and_says_na_below(cases, language):
    data = dataset(cases)
    at = uploaded(data, language)
    assert_no_nan(at)
    section = dataset_section(at, language, cases)
    tables = [frame.value for frame in at.dataframe if translate(language, "table.clustered") in frame.value.columns]
    if cases == 1:  # one case: no dataset figures, no clustered interval (N/A: nothing to measure between cases)
        assert not section and not tables
        return
    assert section, [text for _, text in elements(at)][:20]
    (frame,) = tables
    # Relevance: labelled in every case, so the interval with cases as clusters is drawn, with its design effect.
    per_case = [(i % 5, 4) for i in range(cases)]
    clustered = clustered_interval(per_case, LEVEL)
    relevance = cell(frame, language, "context_relevance", "table.clustered")
    assert clustered.low is not None
    for figure in (format_percent(clustered.low, language), format_percent(clustered.high, language),
                   format_number(clustered.design_effect, language, 2)):
        assert figure in relevance, relevance
    assert translate(language, "table.clustered_na") != relevance
    successes = sum(s for s, _ in per_case)
    # The units pooled as if independent: their counts and rate, never a "95%" they do not hold (issue 48)
    assert cell(frame, language, "context_relevance", "table.micro") == translate(
        language, "value.short", successes=successes, total=4 * cases,
        percent=format_percent(successes / (4 * cases), language, 1))
    # Correctness: labelled in the first case only. Its units are pooled (Wilson, as if independent), but with one
    # case labelled there is no between-case variance: N/A, saying it needs 2 cases with labels.
    na = translate(language, "table.clustered_na")
    assert "2" in na
    assert cell(frame, language, "correctness", "table.clustered") == na
    # The units left unlabelled in the other cases are counted beside it, never dropped in silence.
    assert cell(frame, language, "correctness", "table.micro") == (
        translate(language, "value.short", successes=1, total=2, percent=format_percent(0.5, language, 1))
        + " · " + translate(language, "value.unlabelled", count=2 * (cases - 1)))
    # Coverage: no unit anywhere. N/A in every column, never 0 and never NaN.
    assert cell(frame, language, "coverage", "table.micro") == translate(language, "value.na", unlabelled=0)
    assert cell(frame, language, "coverage", "table.clustered") == na
    assert cell(frame, language, "coverage", "table.macro") == translate(language, "value.na_short")
    # The dataset's diagnosis calls a side clear only where the interval that holds (cases as clusters, wherever 2
    # cases have labels) lies on that side.
    said = dataset_certainty([text for _, text in section], language)
    assert set(said) == {"context_relevance", "faithfulness", "correctness"}, said
    for name, certainty in said.items():
        interval = clustered_interval([(ev["s"], ev["n"]) for ev in unit_counts(data, name)], LEVEL)
        if interval.low is not None and interval.low < THRESHOLDS[name] <= interval.high:
            assert certainty == "uncertain", (name, interval)
    # The caption says which interval holds, and from how many cases (2, as the measured table says).
    help_text = translate(language, "rag.micro_macro_help")
    assert help_text in captions(at) and "2" in help_text


def test_the_clustered_interval_holds_its_level_from_two_cases_as_the_page_says():
    """docs/coverage.md, simulated at fixed true rates: the interval with cases as clusters is drawn from 2 cases and
    holds its level at every cell (50-95%, 2-65 cases), as rag.micro_macro_help says ("holds its level from 2 cases
    on"); the units' own interval does not, and the caption quotes its worst cell at a correlation of 0.5."""
    assert summary_mark("pooled.clustered") == "ok"
    rows = coverage_table("`pooled.clustered`")
    assert all(row["mark"] == "ok" for row in rows), rows
    assert "drawn from 2;" in coverage_caption("pooled.clustered")
    units = [row for row in coverage_table("`pooled.units`") if row["correlation"] == "0.5"]
    worst = round(min(float(row["coverage over the window"].rstrip("%")) for row in units))
    assert worst < 90
    assert f'such a "95%" covered as little as {worst}% of the time' in translate("en", "rag.micro_macro_help")
    assert f"un «95 %» así cubrió solo el {worst} % de las veces" in translate("es", "rag.micro_macro_help")
    for language in LANGUAGES:
        assert "`pooled.units`" in translate(language, "rag.micro_macro_help")
        assert "`pooled.clustered`" in translate(language, "rag.micro_macro_help")


def two_cases_one_way() -> list[dict]:
    """Two cases of 8 passages: 1 relevant in the first, none in the second (the case on screen is the first: 1 of
    8, its own verdict clear too; the dataset pools 1 of 16)."""
    return [{"id": f"case-{i}", "question": f"Question {i}?", "answer": "An answer.",
             "passages": [{"id": f"p{j}", "text": f"Passage {j}.", "relevant": i == 0 and j == 0} for j in range(8)],
             "claims": [{"id": "c1", "text": "A claim.", "supported": True, "correct": True}],
             "reference_facts": [{"id": "f1", "text": "A fact.", "covered": True}]} for i in range(2)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_two_cases_do_not_make_a_clear_dataset_verdict_the_clustered_interval_does_not_support(language):
    """The dataset's diagnosis reads the interval that holds (cases as clusters), not the units' own: 1 of 8 and 0 of
    8 relevant pool to 1 of 16, whose unit-level interval (1.1% to 28.3%) lies below 50% while the clustered one
    (0.0% to 92.5%) straddles it. The diagnosis said "clear" here before issue 36's pooled interval."""
    at = uploaded(two_cases_one_way(), language)
    section = [text for _, text in dataset_section(at, language, 2)]
    clustered = clustered_interval([(1, 8), (0, 8)], LEVEL)
    assert clustered.low < THRESHOLDS["context_relevance"] <= clustered.high  # the interval that holds straddles it
    assert wilson(1, 16)[1] < THRESHOLDS["context_relevance"]  # the units' own interval does not
    name = metric(language, "context_relevance")
    line = f"- **{name}**: {translate(language, 'cause.context_relevance')}"
    assert f"{line} ({translate(language, 'verdict.uncertain')})" in section, section
    assert f"{line} ({translate(language, 'verdict.clear')})" not in section
