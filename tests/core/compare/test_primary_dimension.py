"""A primary dimension declared before looking (issue 48, finding 8): tested first at the full level, the others
after it, so that a real difference on the dimension that matters is called about as often as the exact McNemar test
of that dimension alone calls it, and the four verdicts together still hold the family's level (simulated at
dimension correlations 0 to 0.9 in tests/core/stats/test_coverage_paired.py)."""

from __future__ import annotations

import itertools
import math

import pytest

from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.compare import systems
from uncase_core.compare.systems import compare_systems
from uncase_core.errors import InputError
from uncase_core.rag.evaluation import METRICS
from uncase_core.stats.verdicts import exact_mcnemar_p, paired_verdicts

ALPHA = 0.05
# A dimension's true pass rates for A and B and the phi correlation of the two systems' pass/fail on one case: a
# real 20-point difference at the rates a system has.
TRUTHS = [(0.6, 0.8, 0.0), (0.7, 0.9, 0.0), (0.5, 0.7, 0.3), (0.75, 0.95, 0.2)]
OTHERS = [(0, 0), (3, 2), (1, 6)]  # the other three dimensions' discordant counts: they do not move the primary


def discordant_shares(rate_a: float, rate_b: float, correlation: float) -> tuple[float, float]:
    both = rate_a * rate_b + correlation * math.sqrt(rate_a * (1 - rate_a) * rate_b * (1 - rate_b))
    return rate_a - both, rate_b - both


def power(pairs: int, p_only_a: float, p_only_b: float, called) -> float:
    """Exactly, over every ``(only_a, only_b)`` of ``pairs`` pairs: the chance that ``called(only_a, only_b)``."""
    total = 0.0
    for only_a, only_b in itertools.product(range(pairs + 1), repeat=2):
        rest = pairs - only_a - only_b
        if rest < 0 or not called(only_a, only_b):
            continue
        total += math.exp(math.lgamma(pairs + 1) - math.lgamma(only_a + 1) - math.lgamma(only_b + 1)
                          - math.lgamma(rest + 1) + only_a * math.log(p_only_a) + only_b * math.log(p_only_b)
                          + rest * math.log(1 - p_only_a - p_only_b))
    return total


@pytest.mark.parametrize("pairs", [20, 30, 40, 50])
@pytest.mark.parametrize(("rate_a", "rate_b", "correlation"), TRUTHS)
def test_the_primary_dimension_reaches_the_power_of_the_exact_test_alone(pairs, rate_a, rate_b, correlation):
    p_only_a, p_only_b = discordant_shares(rate_a, rate_b, correlation)

    def mcnemar_alone(only_a: int, only_b: int) -> bool:
        return only_b > only_a and exact_mcnemar_p(only_a, only_b) <= ALPHA

    def page(only_a: int, only_b: int) -> bool:
        verdict = paired_verdicts([(only_a, only_b), *OTHERS], 1 - ALPHA, primary=0)[0]
        return verdict.clear and verdict.direction > 0

    floor = power(pairs, p_only_a, p_only_b, mcnemar_alone)
    assert power(pairs, p_only_a, p_only_b, page) >= 0.8 * floor > 0


def test_the_others_are_tested_only_after_a_clear_primary_and_adjusted_by_it():
    # B clearly better on the primary (10 of 10 one way): the others by Holm among the three, each adjusted p at
    # least the primary's.
    verdicts = paired_verdicts([(0, 10), (9, 0), (2, 0), (4, 4)], 0.95, primary=0)
    assert [v.role for v in verdicts] == ["primary", "secondary", "secondary", "secondary"]
    assert [v.state for v in verdicts] == ["clear", "clear", "withheld", "uncertain"]
    assert verdicts[0].adjusted == verdicts[0].p_value == pytest.approx(2 * 0.5 ** 10)
    assert verdicts[1].adjusted == pytest.approx(3 * 2 * 0.5 ** 9)
    assert verdicts[0].tests == 1 and verdicts[0].needed == 6  # 2 * 0.5**6 = 0.031 <= 0.05 alone
    assert {v.tests for v in verdicts[1:]} == {3} and {v.needed for v in verdicts[1:]} == {7}
    # Primary not clear: nothing else can be called, however one-sided it looks.
    verdicts = paired_verdicts([(2, 0), (0, 10), (9, 0), (4, 4)], 0.95, primary=0)
    assert [v.state for v in verdicts] == ["withheld", "not_tested", "not_tested", "not_tested"]
    assert all(v.adjusted > ALPHA for v in verdicts)
    # A primary with no pair opens no gate either.
    assert [v.state for v in paired_verdicts([None, (0, 10)], 0.95, primary=0)] == ["not_applicable", "not_tested"]


def builtin(language: str = "en"):
    (pair,) = load_pair_index()
    return load_system_pair(pair, language)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_built_in_pair_with_a_primary_dimension(language):
    a, b = builtin(language)
    relevance = compare_systems(a, b, primary="context_relevance")
    codes = {name: d.verdict.code for name, d in relevance.dimensions.items()}
    assert codes == {"context_relevance": "b_better", "faithfulness": "a_better", "correctness": "withheld",
                     "coverage": "uncertain"}
    assert relevance.dimensions["context_relevance"].verdict.adjusted_p == pytest.approx(2 * 0.5 ** 10)
    assert relevance.dimensions["context_relevance"].verdict.needed == 6
    assert {relevance.dimensions[n].verdict.role for n in METRICS} == {"primary", "secondary"}
    data = relevance.to_dict()
    assert data["primary"] == "context_relevance" and data["verdict_basis"] == systems.VERDICT_BASIS_PRIMARY
    assert data["dimensions"]["faithfulness"]["verdict"]["role"] == "secondary"
    # Correctness declared first: 2 cases differ, too few alone (6 needed); nothing else is tested.
    correctness = compare_systems(a, b, primary="correctness")
    assert correctness.dimensions["correctness"].verdict.code == "withheld"
    assert correctness.dimensions["correctness"].verdict.needed == 6
    assert {correctness.dimensions[n].verdict.code for n in METRICS if n != "correctness"} == {"not_tested"}
    plain = compare_systems(a, b)
    assert plain.primary is None and plain.to_dict()["verdict_basis"] == systems.VERDICT_BASIS
    assert {d.verdict.role for d in plain.dimensions.values()} == {"family"}


@pytest.mark.parametrize("primary", ["relevance", "", 3, ["correctness"]])
def test_a_primary_that_is_not_a_dimension_is_named(primary):
    a, b = builtin()
    with pytest.raises(InputError) as caught:
        compare_systems(a, b, primary=primary)
    assert caught.value.where == "primary"
    assert "context_relevance" in str(caught.value)


def test_every_verdict_has_its_words():
    assert set(systems.VERDICT_TEXTS) == set(systems.VERDICTS) and "not_tested" in systems.VERDICTS
