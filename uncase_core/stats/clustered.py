"""A pooled proportion whose units come in cases: an interval that counts cases, not units, as the independent draws.

The claims of one answer, the passages of one question, move together: a retriever that fails a question tends to
fail all of its passages. Wilson's interval over all the units of a dataset treats them as independent, and with a
within-case correlation of 0.3 to 0.5 its "95%" covered 74-82% of the time (``bench/coverage.py``).

:func:`design_effect_wilson` is the Wilson interval at the *effective* number of units (Kish's design effect, as
Miller's "Adding Error Bars to Evals" (2024) recommends for clustered evaluation items):

- the design effect ``deff`` is the ratio of the cluster-robust variance of the pooled rate (cases as clusters, with
  the small-sample factor ``G / (G - 1)``, statsmodels' CR1) to the binomial variance ``p (1 - p) / n``, at least 1
  (a design effect below 1 is noise with few cases, and would narrow the interval below Wilson's) and at most
  :func:`largest_design_effect`, ``sum(n_i^2) / n``, the design effect when each case is one draw (every unit of a
  case alike);
- the design effect is measured only from at least :data:`MIN_MINORITY_CASES` cases holding a unit of the rarer
  outcome (a failing unit when the rate is at least one half). With fewer, the robust variance sees almost nothing
  vary between cases: with no failing unit it is 0 / 0, and with one or two cases holding the failures it is far
  below the truth, so the units counted as nearly independent exactly where a passing system sits (coverage 81.7%
  at a within-case correlation of 0.5, 20 cases and a true rate of 95%; a pooled "passes (clear)" false 11.2% at a
  90% threshold). There the interval takes the largest design effect instead: it assumes only what the
  data cannot refute;
- the interval is Wilson's with ``n / deff`` units and, for its critical value, Student's ``t`` with ``G - 1`` degrees
  of freedom instead of the normal ``z``: with few cases the variance itself is uncertain.

Why this and not the alternatives, each measured at fixed true rates 0.5-0.95 (windows of +-0.05), unequal cases of
1-12 units, within-case correlation 0-0.5 and 2-1,000 cases (``bench/coverage.py``, docs/coverage.md): statsmodels'
cluster-robust OLS interval (``cov_type="cluster"``) has zero width when every case passes; the former floor at 1
covered 87.6% at its worst; the largest design effect alone holds but is 18% wider on average; three cases with a rarer
unit still let a pooled "passes (clear)" be false 7% of the time. With one case there is no between-case variance to
measure: N/A.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from uncase_core.stats.distributions import t_ppf, t_sf  # scipy.special's, not scipy.stats': see that module
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, check_confidence

MIN_CASES = 2
# Below this many cases holding a unit of the rarer outcome, the design effect is not measured but bounded (module
# docstring): measured by simulation, three let a pooled "passes (clear)" be false 7% of the time, four hold 5%.
MIN_MINORITY_CASES = 4


def largest_design_effect(totals: np.ndarray) -> np.ndarray:
    """``sum(n_i^2) / sum(n_i)`` over each row's cases: the design effect when every unit of a case is alike, so that
    each case is one draw weighted by its units (``n`` for equal cases of ``n`` units)."""
    totals = np.asarray(totals, float)
    return (totals ** 2).sum(axis=-1) / totals.sum(axis=-1)


def minority_cases(successes: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """How many cases of each row hold a unit of the rarer outcome: a failing unit when the pooled rate is at least
    one half, else a passing one."""
    successes, totals = np.asarray(successes, float), np.asarray(totals, float)
    with np.errstate(divide="ignore", invalid="ignore"):
        passing_side = successes.sum(axis=-1) >= totals.sum(axis=-1) / 2.0
    with_failure = ((successes < totals) & (totals > 0)).sum(axis=-1)
    with_success = (successes > 0).sum(axis=-1)
    return np.where(passing_side, with_failure, with_success)


def design_effects(successes: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """Each row's design effect (module docstring): measured between 1 and :func:`largest_design_effect` from at
    least :data:`MIN_MINORITY_CASES` cases holding a unit of the rarer outcome, that largest value otherwise."""
    successes, totals = np.asarray(successes, float), np.asarray(totals, float)
    cases = (totals > 0).sum(axis=-1)
    units = totals.sum(axis=-1)
    largest = largest_design_effect(totals)
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = successes.sum(axis=-1) / units
        residual = successes - rate[..., None] * totals
        robust = cases / (cases - 1.0) * (residual ** 2).sum(axis=-1) / units ** 2
        binomial = rate * (1.0 - rate) / units
        measured = np.clip(robust / binomial, 1.0, largest)
    measurable = (minority_cases(successes, totals) >= MIN_MINORITY_CASES) & (binomial > 0)
    return np.where(measurable, measured, largest)


def design_effect_wilson(successes: np.ndarray, totals: np.ndarray,
                         confidence: float = DEFAULT_CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """``(low, high)`` for each row of per-case counts, (rows, cases) arrays; cases with no unit are ignored. Rows
    with fewer than two cases with units get ``(0, 1)`` here, and :func:`clustered_interval` says N/A for them;
    vectorized for the simulation."""
    successes, totals = np.asarray(successes, float), np.asarray(totals, float)
    cases = (totals > 0).sum(axis=-1)
    units = totals.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = successes.sum(axis=-1) / units
        deff = design_effects(successes, totals)
        effective = units / deff
        z = t_ppf(1.0 - (1.0 - confidence) / 2.0, np.maximum(cases - 1, 1))
        z2 = z * z
        centre = (rate + z2 / (2 * effective)) / (1 + z2 / effective)
        half = z * np.sqrt(rate * (1 - rate) / effective + z2 / (4 * effective ** 2)) / (1 + z2 / effective)
    enough = cases >= MIN_CASES
    # Exact 0 and 1 at the ends, as the Wilson interval of the proportions module.
    low = np.where(enough, np.where(rate <= 0, 0.0, np.clip(centre - half, 0.0, 1.0)), 0.0)
    high = np.where(enough, np.where(rate >= 1, 1.0, np.clip(centre + half, 0.0, 1.0)), 1.0)
    return low, high


@dataclass(frozen=True, kw_only=True)
class ClusteredInterval:
    """The pooled rate's interval with cases as clusters (:func:`design_effect_wilson`).

    ``cases`` have labelled units; ``units`` is their total; ``design_effect`` is how many units count as one
    independent draw (1: the units behave as independent); ``effective_units`` is ``units / design_effect``. ``low``
    and ``high`` are ``None`` (N/A) with fewer than :data:`MIN_CASES` cases, never NaN.
    """

    cases: int
    units: int
    value: float | None
    low: float | None
    high: float | None
    design_effect: float | None
    effective_units: float | None
    confidence: float

    def to_dict(self) -> dict[str, object]:
        return {"cases": self.cases, "units": self.units, "value": self.value, "low": self.low, "high": self.high,
                "design_effect": self.design_effect, "effective_units": self.effective_units,
                "confidence": self.confidence}


def clustered_interval(per_case: Sequence[tuple[int, int]] | np.ndarray,
                       confidence: float = DEFAULT_CONFIDENCE) -> ClusteredInterval:
    """The interval of ``sum(successes) / sum(labelled)`` over cases, each ``(successes, labelled units)``: pairs,
    or an integer array of one row per case (read without a Python step per case: a page pools 2,000 cases a
    tick, and Holm's correction asks the interval again at stricter levels)."""
    confidence = check_confidence(confidence)
    if isinstance(per_case, np.ndarray):
        labelled = per_case[per_case[:, 1] > 0] if len(per_case) else np.zeros((0, 2), np.int64)
        cases, units = len(labelled), int(labelled[:, 1].sum())
        successes, totals = labelled[:, 0].astype(float), labelled[:, 1].astype(float)
    else:
        counted = [(int(s), int(n)) for s, n in per_case if n > 0]
        cases, units = len(counted), sum(n for _, n in counted)
        successes = np.array([s for s, _ in counted], float)
        totals = np.array([n for _, n in counted], float)
    if not cases:
        return ClusteredInterval(cases=0, units=0, value=None, low=None, high=None, design_effect=None,
                                 effective_units=None, confidence=confidence)
    value = float(successes.sum() / units)
    if cases < MIN_CASES:
        return ClusteredInterval(cases=cases, units=units, value=value, low=None, high=None,
                                 design_effect=None, effective_units=None, confidence=confidence)
    low, high = design_effect_wilson(successes[None, :], totals[None, :], confidence)
    deff = float(design_effects(successes[None, :], totals[None, :])[0])
    return ClusteredInterval(cases=cases, units=units, value=value, low=float(low[0]), high=float(high[0]),
                             design_effect=deff, effective_units=units / deff, confidence=confidence)


def design_effect_p_values(successes: np.ndarray, totals: np.ndarray, threshold: float) -> np.ndarray:
    """The two-sided p-value that each row's true pooled rate is ``threshold``, by the score test the interval of
    :func:`design_effect_wilson` inverts (Wilson's at ``n / deff`` units, Student's ``t`` with ``G - 1`` degrees of
    freedom): the interval at confidence ``c`` leaves ``threshold`` out exactly when this p-value is below
    ``1 - c``, so a page's verdict from the interval and a correction over several verdicts from these p-values say
    the same thing for one verdict. 1 for rows with fewer than :data:`MIN_CASES` cases with units."""
    successes, totals = np.asarray(successes, float), np.asarray(totals, float)
    cases = (totals > 0).sum(axis=-1)
    units = totals.sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = successes.sum(axis=-1) / units
        effective = units / design_effects(successes, totals)
        score = np.abs(rate - threshold) / np.sqrt(threshold * (1.0 - threshold) / effective)
        p = 2.0 * t_sf(score, np.maximum(cases - 1, 1))
    return np.where(cases >= MIN_CASES, np.minimum(p, 1.0), 1.0)


def clustered_p_value(per_case: Sequence[tuple[int, int]], threshold: float) -> float:
    """:func:`design_effect_p_values` of one set of cases, each ``(successes, labelled units)``; 1.0 with fewer than
    :data:`MIN_CASES` cases with units."""
    counted = [(int(s), int(n)) for s, n in per_case if n > 0]
    if len(counted) < MIN_CASES:
        return 1.0
    successes = np.array([[s for s, _ in counted]], float)
    totals = np.array([[n for _, n in counted]], float)
    return float(design_effect_p_values(successes, totals, threshold)[0])
