"""The figures issue 48 found never simulated, at fixed truths: a few seeded cells of each (the full tables are
bench/coverage_fixed_truths.py, in docs/coverage.md). Each finding's test sends what a person sends (a conversation
file, a labelled dataset, a verdicts file, a page's numbers) and checks the figure the app draws from it against
the rule: windowed coverage at every fixed truth at least the level minus 2.5 points, a verdict false at most its
level."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bench.harness.conversation import (
    conversation_fidelity_coverage,
    conversation_verdict,
    page_certainty,
    point_verdict_false_rate,
)
from bench.harness.fixed_cells import exact_interval_cell
from uncase_core.conversations.evaluator import Evaluator
from uncase_core.conversations.model import conversations_from_bytes
from uncase_core.stats.small_samples import wilson_bounds, wilson_holds

LEVEL = 0.95
SLIDER = tuple(round(0.05 * i, 2) for i in range(1, 21))  # conversation quality's threshold slider, 5% to 100%


def conversation_file(claims: int, verified: int) -> bytes:
    """A conversation file as a person uploads it: two turns, ``claims`` labelled claims, ``verified`` verified."""
    return json.dumps({
        "id": "upload", "turns": [{"role": "customer", "text": "When does my refund arrive?"},
                                  {"role": "agent", "text": "Within 5 days."}],
        "claims": [{"turn": 1, "text": f"claim {i}", "verified": i < verified} for i in range(claims)],
    }).encode()


@pytest.mark.parametrize("claims", [1, 2])
def test_one_conversations_fidelity_interval_holds_its_level_with_one_or_two_claims(claims: int):
    """With one claim Wilson's 95% interval covered 90% of the time around a true 80% (0 of 1 gives 0% to 79.3%);
    the page's interval must cover at least 92.5% around every fixed truth."""
    bounds = [Evaluator().evaluate(conversations_from_bytes(conversation_file(claims, verified), "c.json")[0])
              .fidelity for verified in range(claims + 1)]
    cell = exact_interval_cell(np.array([b.low for b in bounds]), np.array([b.high for b in bounds]), LEVEL)
    assert cell.holds, cell


@pytest.mark.parametrize("claims", [1, 2, 3, 5, 8, 13, 21, 50])
def test_the_fidelity_interval_holds_at_every_size_a_conversation_has(claims: int):
    assert conversation_fidelity_coverage(claims).holds


def test_wilson_alone_is_what_failed():
    """The harness sees the failure the page had: Wilson's interval over 1 and 2 units misses the rule at 95%."""
    assert not conversation_fidelity_coverage(1, former=True).holds
    assert not conversation_fidelity_coverage(2, former=True).holds
    assert not wilson_holds(1) and not wilson_holds(2) and wilson_holds(3)


def test_wilson_holds_is_the_windowed_rule_computed_directly():
    for claims in (1, 2, 3, 4, 9):
        for level in (0.8, 0.9, 0.95, 0.99):
            low, high = wilson_bounds(claims, level)
            assert wilson_holds(claims, level) == exact_interval_cell(low, high, level).holds


@pytest.mark.parametrize("claims", [1, 2, 3, 5, 10, 20])
def test_the_fidelity_verdict_is_false_at_most_its_level_at_every_slider_threshold(claims: int):
    certainty = page_certainty()
    for threshold in SLIDER:
        cell = conversation_verdict(claims, threshold, certainty=certainty)
        assert cell.holds, (threshold, cell)
        if cell.power is not None:
            assert cell.power <= cell.best_power + 1e-12  # never more powerful than the exact test it needs


def test_the_point_value_verdict_had_no_level():
    """The verdict the page said before: the point value against the threshold, "fails" half the time at it."""
    assert max(point_verdict_false_rate(10, t) for t in SLIDER) > 0.5


# ---------------------------------------------------------------- units in groups: the judge page, the rubric lab


def judge_dataset(case_rates: list[float], sizes: list[int], rng: np.random.Generator) -> str:
    """A RAG dataset as a person uploads it: every claim hand-labelled supported, the judge agreeing with it at its
    case's own rate (so the judge's accuracy and sensitivity are the share of agreements)."""
    cases = [{"id": f"case-{c}", "question": "q", "answer": "a",
              "claims": [{"id": f"c{i}", "text": "t", "supported": True,
                          "judge_supported": bool(rng.random() < rate)} for i in range(size)]}
             for c, (rate, size) in enumerate(zip(case_rates, sizes, strict=True))]
    return json.dumps({"cases": cases})


def case_rates(truth: float, cases: int, correlation: float, rng: np.random.Generator) -> list[float]:
    spread = (1 - correlation) / correlation
    return rng.beta(truth * spread, (1 - truth) * spread, cases).tolist()


@pytest.mark.parametrize("truth", [0.5, 0.8, 0.9])
def test_the_judge_pages_accuracy_counts_cases_not_units(truth: float):
    """Three cases of 1 to 12 claims whose judge errors move together (within-case correlation 0.3): the units'
    Wilson interval covered about 71%; the accuracy and sensitivity the page draws must cover 92.5% or more."""
    from uncase_core.judge.report import judge_report
    from uncase_core.rag.cases import dataset_from_text

    rng = np.random.default_rng(int(truth * 100))
    covered = {"accuracy": 0, "sensitivity": 0}
    repeats = 300
    for _ in range(repeats):
        rate = float(rng.uniform(truth - 0.05, truth + 0.05))
        sizes = rng.integers(1, 13, 3).tolist()
        dataset = dataset_from_text(judge_dataset(case_rates(rate, 3, 0.3, rng), sizes, rng), "cases.json")
        agreement = judge_report(dataset.cases, "faithfulness").agreement
        for name in covered:
            figure = getattr(agreement, name)
            covered[name] += figure.low <= rate <= figure.high
    for name, count in covered.items():
        assert count / repeats >= LEVEL - 0.025, (name, count / repeats)


def test_the_judge_pages_rates_are_withheld_when_every_unit_is_in_one_case():
    from uncase_core.judge.report import judge_report
    from uncase_core.rag.cases import dataset_from_text
    from uncase_core.stats.grouped import one_group_only

    rng = np.random.default_rng(1)
    dataset = dataset_from_text(judge_dataset([0.8], [9], rng), "cases.json")
    agreement = judge_report(dataset.cases, "faithfulness").agreement
    assert one_group_only(agreement.accuracy) and agreement.accuracy.value is not None


def verdicts_csv(prompt_rates: np.ndarray, sizes: list[int], rng: np.random.Generator) -> bytes:
    """A verdicts file: candidate k's items of prompt p pass at ``prompt_rates[k, p]`` (one judge, one run)."""
    lines = ["candidate,prompt,item,judge,run,verdict"]
    for k, rates in enumerate(prompt_rates):
        for p, (rate, size) in enumerate(zip(rates, sizes, strict=True)):
            lines += [f"C{k},P{p},I{i},J,1,{'yes' if rng.random() < rate else 'no'}" for i in range(size)]
    return "\n".join(lines).encode()


@pytest.mark.parametrize("truth", [0.5, 0.8])
def test_the_rubric_labs_drfr_counts_prompts_not_items(truth: float):
    """Four prompts of 1 to 12 items whose verdicts move together (within-prompt correlation 0.3), 300 candidates of
    the same true DRFR in one file: Wilson's interval over the items covered about 71%."""
    from uncase_core.rubrics.lab import FilterSettings, analyse, read_verdicts

    rng = np.random.default_rng(int(truth * 100))
    candidates, prompts = 300, 4
    rates = rng.uniform(truth - 0.05, truth + 0.05, candidates)
    spread = (1 - 0.3) / 0.3
    prompt_rates = rng.beta(rates[:, None] * spread, (1 - rates[:, None]) * spread, (candidates, prompts))
    sizes = rng.integers(1, 13, prompts).tolist()
    analysis = analyse(read_verdicts(verdicts_csv(prompt_rates, sizes, rng), "verdicts.csv"), FilterSettings(()))
    drfr = analysis.drfr_before["J"]
    covered = [drfr[f"C{k}"].low <= rates[k] <= drfr[f"C{k}"].high for k in range(candidates)]
    assert np.mean(covered) >= LEVEL - 0.025


def test_the_rubric_labs_after_filtering_intervals_are_withheld():
    """Two candidates, 100 prompts: the filters drop the items both pass or both fail, and the after interval held
    the good items' true rate 36% of the time. The page keeps the value and draws no interval after filtering."""
    from bench.harness.rubrics import drfr_filtered_coverage

    result = drfr_filtered_coverage(candidates=2, prompts=100, planted=(0, 0, 0, 0), repeats=4, seed=3)
    assert result.after is None or result.after >= LEVEL - 0.025, result
    assert result.before >= LEVEL - 0.1  # the before interval is drawn (its coverage: bench/coverage.py)


def test_separated_neighbours_are_false_at_most_their_level_when_judges_agree():
    """Two candidates of the same true DRFR, five judges who agree on each answer (the answer's quality is 85% of a
    verdict's variance): counting every judge's verdict as independent called them separated in about 17% of
    datasets. Each dataset is a verdicts file the lab reads."""
    from bench.harness.rubrics import rubric_verdicts
    from uncase_core.rubrics.lab import FilterSettings, analyse

    repeats = 200
    separated = sum(analyse(rubric_verdicts([0.8, 0.8], 5, 20, 0.0, 0.85, seed), FilterSettings(()))
                    .stability_before.separated_pairs > 0 for seed in range(repeats))
    standard_error = (0.05 * 0.95 / repeats) ** 0.5
    assert separated / repeats <= 0.05 + 3 * standard_error


def test_the_harness_draws_the_grouped_interval_the_pages_draw():
    from bench.harness.grouped import grouped_bounds, grouped_units
    from uncase_core.stats.grouped import grouped_proportion

    rng = np.random.default_rng(5)
    for groups, prevalence in ((1, None), (2, 0.5), (3, None), (7, 0.5), (20, None)):
        successes, totals = grouped_units(groups, 0.3, rng.uniform(0.05, 0.95, 50), rng, prevalence)
        low, high, drawn = grouped_bounds(successes, totals)
        for row in range(50):
            page = grouped_proportion(list(zip(successes[row].tolist(), totals[row].tolist(), strict=True)))
            assert drawn[row] == (page.low is not None)
            if drawn[row]:
                assert (low[row], high[row]) == pytest.approx((page.low, page.high), abs=1e-12)


def test_the_harness_counts_separated_neighbours_as_the_lab_does():
    from bench.harness.rubrics import rubric_verdicts, separated_count
    from uncase_core.rubrics.lab import FilterSettings, analyse

    for seed in range(6):
        frame = rubric_verdicts([0.9, 0.6, 0.5], 2, 6, 0.3, 0.3, seed)
        lab = analyse(frame, FilterSettings(())).stability_before.separated_pairs
        passed = frame[frame["verdict"]].groupby(["candidate", "prompt"]).size().unstack(fill_value=0)
        passed = passed.reindex(index=["C1", "C2", "C3"], columns=[f"P{p + 1}" for p in range(6)], fill_value=0)
        totals = frame[frame["candidate"] == "C1"].groupby("prompt").size().reindex(passed.columns).to_numpy()
        count, _ = separated_count(passed.to_numpy()[None], totals[None])
        assert count[0] == lab


# ---------------------------------------------------------------- the planner: two independent sets


@pytest.mark.parametrize(("n1", "n2"), [(1, 1), (3, 3), (5, 20), (12, 12)])
def test_the_planners_independent_verdict_is_false_at_most_its_level(n1: int, n2: int):
    """Exact over every outcome: "distinguishable" needs Fisher's exact test, so it is never more powerful than it."""
    from bench.harness.planner import planner_independent_verdict

    cell = planner_independent_verdict(n1, n2)
    assert cell.holds and cell.repeats == 0, cell
    assert cell.power <= cell.best_power + 1e-12


def test_the_harness_reads_the_planners_interval_as_the_page_draws_it():
    from bench.harness.planner import independent_tables
    from uncase_core.stats.planning import compare_independent

    low, high, verdict, _ = independent_tables(4, 6)
    for s1, s2 in ((0, 0), (2, 5), (4, 0), (3, 3)):
        page = compare_independent(s1, 4, s2, 6)
        assert (low[s1, s2], high[s1, s2]) == (page.difference.low, page.difference.high)
        assert verdict[s1, s2] == page.distinguishable
