"""The figures issue 48 found never simulated, at fixed truths: a few seeded cells of each (the full tables are
bench/coverage.py --only sims, in docs/coverage.md). Each finding's test sends what a person sends (a conversation
file, a labelled dataset, a verdicts file, a page's numbers) and checks the figure the app draws from it against
the rule: windowed coverage at every fixed truth at least the level minus 2.5 points, a verdict false at most its
level."""

from __future__ import annotations

import json

import numpy as np
import pytest

from uncase_core.conversations.evaluator import Evaluator
from uncase_core.conversations.model import conversations_from_bytes
from uncase_core.stats.fixed_truths import (
    conversation_fidelity_coverage,
    conversation_verdict,
    exact_interval_cell,
    page_certainty,
    point_verdict_false_rate,
)
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
