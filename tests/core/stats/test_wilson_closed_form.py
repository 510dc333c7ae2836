"""The Wilson interval's closed form (``proportions._wilson_bounds``) against statsmodels' own.

The proportions module computes Wilson's interval itself so that reading a case file need not import statsmodels
(and with it scipy.stats, pandas and pyarrow); its docstring says why. Here it is compared with
``statsmodels.stats.proportion.proportion_confint(method="wilson")`` on many random pairs and confidences: within
1e-12, and in fact equal, since the same operations run in the same order.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.proportion import proportion_confint

from uncase_core.stats.proportions import Proportion, wilson_interval, wilson_intervals


def statsmodels_wilson(successes: int, total: int, confidence: float) -> tuple[float, float]:
    low, high = proportion_confint(successes, total, alpha=1.0 - confidence, method="wilson")
    low = 0.0 if successes == 0 else min(max(float(low), 0.0), 1.0)
    high = 1.0 if successes == total else min(max(float(high), 0.0), 1.0)
    return low, high


def test_many_random_pairs_match_statsmodels():
    rng = np.random.default_rng(50)
    totals = rng.integers(1, 5_000, 20_000)
    successes = (rng.random(20_000) * (totals + 1)).astype(int).clip(0, totals)
    for confidence in (0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 1 - 0.05 / 4, float(rng.uniform(0.5, 0.999))):
        lows, highs = proportion_confint(successes, totals, alpha=1.0 - confidence, method="wilson")
        mine = wilson_intervals(list(zip(successes.tolist(), totals.tolist(), strict=True)), confidence)
        theirs_low = np.where(successes == 0, 0.0, np.clip(lows, 0.0, 1.0))
        theirs_high = np.where(successes == totals, 1.0, np.clip(highs, 0.0, 1.0))
        mine_low = np.array([interval[0] for interval in mine])
        mine_high = np.array([interval[1] for interval in mine])
        np.testing.assert_allclose(mine_low, theirs_low, rtol=0, atol=1e-12)
        np.testing.assert_allclose(mine_high, theirs_high, rtol=0, atol=1e-12)
        np.testing.assert_array_equal(mine_low, theirs_low)  # the same operations: the same bits
        np.testing.assert_array_equal(mine_high, theirs_high)


@settings(max_examples=300, deadline=None)
@given(total=st.integers(1, 100_000), share=st.floats(0, 1), confidence=st.floats(0.5, 0.999))
def test_any_pair_matches_statsmodels(total, share, confidence):
    successes = min(total, int(share * total))
    expected = statsmodels_wilson(successes, total, confidence)
    assert wilson_interval(successes, total, confidence) == expected
    proportion = Proportion.from_counts(successes, total, 0, confidence)
    assert (proportion.low, proportion.high) == expected


def test_no_labelled_unit_is_still_no_interval():
    assert wilson_intervals([(0, 0), (3, 4), (0, 0)]) == [None, statsmodels_wilson(3, 4, 0.95), None]
