"""Prediction-powered inference for a proportion: the formulas on counts (vectorized) and the interval built on them.

:func:`ppi_mean_interval` (and :func:`ppi_interval_from_counts`) combine a few hand labels with many verdicts of an
automatic judge into a :class:`PPIInterval` beside the classical Wilson interval on the labels alone.

With binary hand labels ``Y`` and binary judge verdicts ``f``, everything PPI needs is in
five counts: the 2x2 table of (hand label, judge verdict) on the ``n`` labelled units
(``n11``: both 1, ``n10``: label 1 judge 0, ``n01``: label 0 judge 1, ``n00``: both 0), and the
judge's positives ``m1`` among the ``m`` unlabelled units. Every function here takes those
counts as numpy arrays (or scalars) and works element-wise, so a simulation can compute
thousands of repeats in one call without building per-unit arrays.

The formulas are those of the ``ppi-python`` package (``ppi_py.ppi_mean_pointestimate`` and
``ppi_mean_ci``, version 0.2.3), rewritten on counts:

- estimate ``theta = lam * g + ybar - lam * fbar``, with ``g = m1 / m``, ``ybar`` and ``fbar`` the
  means of the labels and of the judge on the labelled units;
- variance ``lam² g (1 - g) / m + var(Y - lam f) / n``, both variances with ``ddof = 0`` (as numpy's
  ``std`` that ``ppi_py`` calls);
- PPI++ tuning: ``lam = cov(Y, f) / ((1 + n / m) var(f))`` clipped to [0, 1], where ``cov`` is over
  the labelled units with ``ddof = 0`` and ``var(f)`` over labelled and unlabelled units together
  with ``ddof = 1`` (``ppi_py._calc_lam_glm`` with ``clip=True``, called with the gradients of the
  mean, whose centring cancels in the covariance).

Why our own code rather than ``ppi_py``: that package pulls numba, llvmlite and scikit-learn
(about 270 MB) for a few lines of arithmetic, switches off every Python warning when imported,
and returns NaN or divides by zero where the playground must say why (a judge with one verdict,
no unlabelled units); and on counts the simulation is one vectorized pass. The tests compare
these functions with ``ppi_py`` to 1e-6.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
from numpy.typing import ArrayLike, NDArray

from uncase_core.errors import expected_value, input_error
from uncase_core.shared.notes import Note, notes_to_dicts
from uncase_core.stats.differences import _check_counts
from uncase_core.stats.planning import _z
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, PROBLEMS, Proportion, _check_count, check_confidence

Array = NDArray[np.float64]


def _floats(*values: ArrayLike) -> tuple[Array, ...]:
    return tuple(np.asarray(value, dtype=np.float64) for value in values)


def tuned_lambda(n11: ArrayLike, n10: ArrayLike, n01: ArrayLike, n00: ArrayLike, m1: ArrayLike,
                 m: ArrayLike) -> tuple[Array, NDArray[np.bool_]]:
    """PPI++'s power-tuning ``lam`` (clipped to [0, 1]) and where it is undefined.

    Returns ``(lam, undefined)``: ``undefined`` is True where the judge gave one verdict to
    every unit (its variance is 0, so ``ppi_py`` divides by zero) or where there are no
    unlabelled units (``m == 0``); ``lam`` is 0 there, the classical estimate.
    """
    n11, n10, n01, n00, m1, m = _floats(n11, n10, n01, n00, m1, m)
    n = n11 + n10 + n01 + n00
    ybar = (n11 + n10) / n
    fbar = (n11 + n01) / n
    covariance = n11 / n - ybar * fbar
    judged = n + m
    positives = n11 + n01 + m1
    undefined = (m <= 0) | (positives <= 0) | (positives >= judged)
    with np.errstate(divide="ignore", invalid="ignore"):
        variance = positives * (judged - positives) / (judged * (judged - 1.0))
        lam = covariance / ((1.0 + n / m) * variance)
    lam = np.where(undefined, 0.0, np.clip(lam, 0.0, 1.0))
    return lam, undefined


def ppi_estimate(n11: ArrayLike, n10: ArrayLike, n01: ArrayLike, n00: ArrayLike, m1: ArrayLike, m: ArrayLike,
                 lam: ArrayLike) -> tuple[Array, Array]:
    """The PPI estimate of the proportion and its standard error, for a given ``lam``.

    ``lam = 1`` is plain PPI, ``lam = 0`` the classical mean of the labels (then ``m`` may be 0).
    Counts must hold ``n = n11 + n10 + n01 + n00 >= 1``; where ``m == 0`` only ``lam == 0`` is
    defined (the unlabelled part then weighs nothing). Nothing is clipped here.
    """
    n11, n10, n01, n00, m1, m, lam = _floats(n11, n10, n01, n00, m1, m, lam)
    n = n11 + n10 + n01 + n00
    ybar = (n11 + n10) / n
    fbar = (n11 + n01) / n
    with np.errstate(divide="ignore", invalid="ignore"):
        judge_unlabelled = np.where(m > 0, m1 / m, 0.0)
        imputed_variance = np.where(m > 0, lam * lam * judge_unlabelled * (1.0 - judge_unlabelled) / m, 0.0)
    # The rectifier Y - lam f takes the values 1 - lam (n11), 1 (n10), -lam (n01) and 0 (n00).
    rectifier_mean = ybar - lam * fbar
    rectifier_square = (n11 * (1.0 - lam) ** 2 + n10 + n01 * lam * lam) / n
    rectifier_variance = np.maximum(rectifier_square - rectifier_mean**2, 0.0)  # rounding can go a hair below 0
    estimate = lam * judge_unlabelled + rectifier_mean
    return estimate, np.sqrt(imputed_variance + rectifier_variance / n)


METHODS = ("small_sample", "wald")
PSEUDO_DISAGREEMENT = 0.5
"""Hand-labelled units added, in weight, to each of the two disagreement cells when the small-sample method
estimates the spread of the judge's errors (see :func:`standard_error`)."""


def standard_error(n11: ArrayLike, n10: ArrayLike, n01: ArrayLike, n00: ArrayLike, m1: ArrayLike, m: ArrayLike,
                   lam: ArrayLike, method: str = "small_sample") -> Array:
    """The standard error a PPI interval is drawn with: ``"wald"`` is ``ppi_py``'s (:func:`ppi_estimate`'s);
    ``"small_sample"`` estimates the spread of the rectifier ``Y - lam f`` as if half a labelled unit more had fallen
    in each disagreement cell (judge yes and human no, judge no and human yes), over ``n`` units.

    Why (measured by ``bench/coverage.py``): the Wald interval estimates how the judge errs from the
    labelled units alone. With few labels and a good judge, no disagreement has been seen yet, the estimated spread
    is 0 and the interval is as narrow as the judge's own: its "95%" covered 52-64% of the time at 5 labels with a
    strong judge and under 93% below about 150 labels with a very strong one. Half a disagreement each way (the
    Jeffreys-style prior that also makes Agresti-Caffo's interval hold at small n) keeps the interval from claiming
    that the judge never errs before the labels can show it; its effect fades as labels accumulate. Measured, its mean
    coverage over the true rate is at least 95% at every number of hand labels from 1 for judges from weak to
    near-perfect, and it is still narrower than the hand labels' Wilson interval once a fair judge has a dozen
    labels (``docs/coverage.md``). The estimate itself is unchanged.
    """
    if method == "wald":
        return ppi_estimate(n11, n10, n01, n00, m1, m, lam)[1]
    n11, n10, n01, n00, m1, m, lam = _floats(n11, n10, n01, n00, m1, m, lam)
    n = n11 + n10 + n01 + n00
    k = PSEUDO_DISAGREEMENT
    n_aug = n + 2.0 * k
    with np.errstate(divide="ignore", invalid="ignore"):
        judge_unlabelled = np.where(m > 0, m1 / m, 0.0)
        imputed_variance = np.where(m > 0, lam * lam * judge_unlabelled * (1.0 - judge_unlabelled) / m, 0.0)
    mean = ((n11 + n10 + k) - lam * (n11 + n01 + k)) / n_aug
    square = (n11 * (1.0 - lam) ** 2 + (n10 + k) + (n01 + k) * lam * lam) / n_aug
    variance = np.maximum(square - mean ** 2, 0.0)
    return np.sqrt(imputed_variance + variance * n_aug / (n * n))


def classical_variance(n11: ArrayLike, n10: ArrayLike, n01: ArrayLike, n00: ArrayLike) -> Array:
    """Variance ``ybar (1 - ybar) / n`` of the mean of the labels (PPI with ``lam = 0``)."""
    n11, n10, n01, n00 = _floats(n11, n10, n01, n00)
    n = n11 + n10 + n01 + n00
    ybar = (n11 + n10) / n
    return ybar * (1.0 - ybar) / n

MIN_LABELS_FOR_TUNED = 60
"""Below this many labelled units PPI++'s interval is withheld: its lambda, tuned on so few labels, made its "95%"
cover 91% of the time at 10 and 30 labels (``bench/coverage.py``; plain PPI's small-sample interval holds at every
number of labels, so it is drawn from one)."""
MIN_DISAGREEMENTS = 10
"""Below this many labelled units where judge and hand label differ, the ``few_disagreements`` note warns."""

PPI_NOTES: Mapping[str, str] = MappingProxyType({
    "clipped": "the normal interval reached outside [0, 1] ({raw_low:.4f} to {raw_high:.4f}, estimate "
               "{raw_estimate:.4f}); the estimate and bounds shown are clipped to [0, 1]",
    "one_judge_verdict": "the judge gave every unit the same verdict, so it carries no information; PPI++ uses "
                         "lambda = 0, the Wald (normal) interval on the {labelled} hand labels, not their Wilson "
                         "interval",
    "no_unlabelled_units": "every judged unit is also hand-labelled, so the judge adds nothing; the interval is the "
                           "Wald (normal) interval on the {labelled} hand labels (lambda = 0), not their Wilson "
                           "interval",
    "tuned_few_labels": "only {labelled} hand labels: PPI++'s lambda, tuned on so few, makes its interval cover "
                        "less often than stated, so it is withheld; plain PPI holds; PPI++ needs at least {minimum}",
    "tuned_few_labels_set": "only {labelled} hand labels: PPI++'s lambda, tuned on so few, makes its interval cover "
                            "less often than stated, so it is withheld; PPI++ needs at least {minimum} and this set "
                            "has {units} judged units, so it cannot come here; plain PPI holds",
    "few_disagreements": "the judge and the hand labels disagree on {disagreements} of the {labelled} labelled "
                         "units ({judge_yes} judge-yes/human-no, {judge_no} judge-no/human-yes); the interval "
                         "allows for errors not seen yet, so it narrows as labels show how the judge errs",
    "zero_width_clipped": "the whole normal interval lay outside [0, 1] ({raw_low:.4f} to {raw_high:.4f}) and "
                          "clipped to one point; an interval of zero width would claim a certainty the data cannot "
                          "give, so its bounds are withheld",
    "zero_width_no_variance": "the estimated variance is 0, so the interval has zero width; that would claim a "
                              "certainty the data cannot give, so its bounds are withheld",
    "worth_undefined_labels": "what the judge is worth in hand labels is undefined here: the {labelled} hand "
                              "labels are all the same, so their estimated variance is 0",
    "worth_undefined_ppi": "what the judge is worth in hand labels is undefined here: the estimated variance of "
                           "the PPI estimate is 0",
})


@dataclass(frozen=True, kw_only=True)
class PPIInterval:
    """A prediction-powered interval for a proportion, with what it is compared with.

    ``estimate``, ``low`` and ``high`` are clipped to [0, 1] (``ppi_py`` does not clip; the
    ``clipped`` note gives the raw values when clipping changed anything). An interval of zero
    width (one hand label whose interval lies beyond 1 and clips to [1, 1]; PPI++ on constant
    labels, whose variance is 0) is withheld: ``low`` and ``high`` are ``None`` and the
    ``zero_width_clipped`` or ``zero_width_no_variance`` note says why. ``lam`` is 1 for
    plain PPI and the tuned value for PPI++ (0 for a judge with one verdict everywhere).
    ``classical`` is the Wilson interval on the hand labels alone; ``judge_only`` the Wilson
    interval on the judge's verdicts over every judged unit (labelled and unlabelled), the
    judge's figure taken at face value. ``effective_labels`` is
    ``labelled * var(classical estimate) / var(PPI estimate)``: how many hand labels alone would
    give the PPI interval's precision; ``judge_worth`` is that minus ``labelled`` (negative when
    the judge costs precision). Both are ``None`` when a variance is 0 (see ``notes``).
    """

    estimate: float
    low: float | None
    high: float | None
    standard_error: float
    lam: float
    tuned: bool
    labelled: int
    unlabelled: int
    table: tuple[tuple[int, int], tuple[int, int]]
    judge_positive_unlabelled: int
    classical: Proportion
    judge_only: Proportion
    effective_labels: float | None
    judge_worth: float | None
    notes: tuple[Note, ...]
    confidence: float = DEFAULT_CONFIDENCE

    @property
    def disagreements(self) -> int:
        return self.table[0][1] + self.table[1][0]

    def to_dict(self) -> dict[str, object]:
        return {
            "method": "ppi++" if self.tuned else "ppi",
            "estimate": self.estimate,
            "low": self.low,
            "high": self.high,
            "standard_error": self.standard_error,
            "lambda": self.lam,
            "confidence": self.confidence,
            "labelled": self.labelled,
            "unlabelled": self.unlabelled,
            "table": {"label_1_judge_1": self.table[0][0], "label_1_judge_0": self.table[0][1],
                      "label_0_judge_1": self.table[1][0], "label_0_judge_0": self.table[1][1]},
            "judge_positive_unlabelled": self.judge_positive_unlabelled,
            "classical": self.classical.to_dict(),
            "judge_only": self.judge_only.to_dict(),
            "effective_labels": self.effective_labels,
            "judge_worth": self.judge_worth,
            "notes": notes_to_dicts(self.notes, PPI_NOTES),
        }


def _binary_array(values: object, name: str) -> NDArray[np.bool_]:
    """``values`` (a list, tuple, numpy array or pandas Series of 0/1 or booleans) as a boolean array."""
    if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise expected_value("list_of_binary", type(values).__name__, name)
    try:
        array = np.asarray(values) if len(values) else np.zeros(0, dtype=bool)
    except ValueError:  # ragged nesting: the loop below names the first bad value
        array = np.zeros((0, 0))
    if array.ndim == 1 and array.dtype.kind == "b":
        return array
    if array.ndim == 1 and array.dtype.kind in "iuf":
        bad = np.flatnonzero((array != 0) & (array != 1))
        if bad.size == 0:
            return array == 1
        first = int(bad[0])
        raise expected_value("binary", repr(array[first].item()), f"{name}[{first}]")
    for i, value in enumerate(list(values)):  # mixed or non-numeric content: find the first bad value
        if not (isinstance(value, bool | np.bool_) or (isinstance(value, numbers.Real) and value in (0, 1))):
            raise expected_value("binary", repr(value), f"{name}[{i}]")
    raise input_error(PROBLEMS, "expected_flat_binary_list", name)


def ppi_mean_interval(
    labels: Sequence[bool | int],
    judge_on_labelled: Sequence[bool | int],
    judge_on_unlabelled: Sequence[bool | int],
    confidence: float = DEFAULT_CONFIDENCE,
    tuned: bool = False,
    method: str = "small_sample",
) -> PPIInterval:
    """Prediction-powered interval for a proportion from a few hand labels and many judge verdicts.

    Parameters
    ----------
    labels : sequence of 0/1 or bool
        Hand labels of the labelled units (at least one). PPI assumes these units are a
        uniform random sample of the judged units.
    judge_on_labelled : sequence of 0/1 or bool
        The judge's verdicts on the same units, in the same order.
    judge_on_unlabelled : sequence of 0/1 or bool
        The judge's verdicts on the units without a hand label (may be empty: then the result
        is the classical interval, with a note).
    confidence : float
        Coverage, strictly between 0 and 1.
    tuned : bool
        False: plain PPI (lambda = 1, Angelopoulos et al. 2023). True: PPI++ (Angelopoulos,
        Duchi and Zrnic 2024) with lambda estimated and clipped to [0, 1] as ``ppi_py`` does;
        lambda = 0 with a note when the judge gave every unit one verdict.
    method : {"small_sample", "wald"}
        The standard error (:func:`standard_error`): ``"small_sample"`` (the default, what the pages show) holds
        its level with few hand labels; ``"wald"`` is ``ppi_py``'s.

    Returns
    -------
    PPIInterval
        The estimate equals ``ppi_py.ppi_mean_pointestimate``; with ``method="wald"`` the interval, before
        clipping, equals ``ppi_py.ppi_mean_ci`` (``lam=1`` or ``lam=None``, ``alpha = 1 - confidence``) to
        rounding; see :mod:`uncase_core.stats.ppi` for the formulas.

    Raises
    ------
    InputError
        With no labelled units (``labels``), lengths that differ (``judge_on_labelled``), a value
        that is not 0, 1, true or false (``labels[3]`` and the like), or a confidence outside (0, 1).
    """
    confidence = check_confidence(confidence)
    y = _binary_array(labels, "labels")
    f = _binary_array(judge_on_labelled, "judge_on_labelled")
    g = _binary_array(judge_on_unlabelled, "judge_on_unlabelled")
    if y.size == 0:
        raise input_error(PROBLEMS, "ppi_no_labels", "labels")
    if f.size != y.size:
        raise input_error(PROBLEMS, "verdict_counts_differ", "judge_on_labelled", count=int(f.size),
                          other_count=int(y.size))
    n11 = int(np.count_nonzero(y & f))
    n10 = int(np.count_nonzero(y)) - n11
    n01 = int(np.count_nonzero(f)) - n11
    n00 = y.size - n11 - n10 - n01
    return ppi_interval_from_counts(((n11, n10), (n01, n00)), int(np.count_nonzero(g)), g.size, confidence, tuned,
                                    method)


def ppi_interval_from_counts(
    table: Sequence[Sequence[int]],
    judge_positive_unlabelled: int,
    unlabelled: int,
    confidence: float = DEFAULT_CONFIDENCE,
    tuned: bool = False,
    method: str = "small_sample",
) -> PPIInterval:
    """:func:`ppi_mean_interval` from counts.

    ``table`` is ``((label 1 & judge 1, label 1 & judge 0), (label 0 & judge 1, label 0 & judge 0))``
    over the labelled units; ``judge_positive_unlabelled`` of the ``unlabelled`` units were judged 1.
    """
    confidence = check_confidence(confidence)
    try:
        (n11, n10), (n01, n00) = table
    except (TypeError, ValueError):
        raise input_error(PROBLEMS, "expected_two_by_two", "table") from None
    n11, n10, n01, n00 = (_check_count(v, f"table[{i // 2}][{i % 2}]") for i, v in enumerate((n11, n10, n01, n00)))
    m1, m = _check_counts(judge_positive_unlabelled, unlabelled, "judge_positive_unlabelled", "unlabelled")
    n = n11 + n10 + n01 + n00
    if n == 0:
        raise input_error(PROBLEMS, "ppi_no_labels", "labels")
    notes: list[Note] = []
    if m == 0:
        lam = 0.0
        notes.append(Note.of("no_unlabelled_units", labelled=n))
    elif tuned:
        lam_array, undefined = tuned_lambda(n11, n10, n01, n00, m1, m)
        lam = float(lam_array)
        if bool(undefined):
            notes.append(Note.of("one_judge_verdict", labelled=n))
    else:
        lam = 1.0
    if method not in METHODS:
        raise expected_value("ppi_method", repr(method), "method")
    estimate = float(ppi_estimate(n11, n10, n01, n00, m1, m, lam)[0])
    se = float(standard_error(n11, n10, n01, n00, m1, m, lam, method))
    z = _z(confidence)
    raw_low, raw_high = estimate - z * se, estimate + z * se
    clipped = tuple(min(max(v, 0.0), 1.0) for v in (estimate, raw_low, raw_high))
    if clipped != (estimate, raw_low, raw_high):
        notes.append(Note.of("clipped", raw_estimate=estimate, raw_low=raw_low, raw_high=raw_high))
    low, high = clipped[1], clipped[2]
    if high - low <= 0.0:  # a point claims a certainty no sample gives: withheld, and said why
        notes.append(Note.of("zero_width_no_variance") if se == 0.0
                     else Note.of("zero_width_clipped", raw_low=raw_low, raw_high=raw_high))
        low = high = None
    if tuned and n < MIN_LABELS_FOR_TUNED and method != "wald":
        # a set of fewer judged units than the minimum can never reach it: said so, not as labels still to come
        if n + m < MIN_LABELS_FOR_TUNED:
            notes.append(Note.of("tuned_few_labels_set", labelled=n, minimum=MIN_LABELS_FOR_TUNED, units=n + m))
        else:
            notes.append(Note.of("tuned_few_labels", labelled=n, minimum=MIN_LABELS_FOR_TUNED))
        low = high = None
    if n10 + n01 < MIN_DISAGREEMENTS and m > 0:
        notes.append(Note.of("few_disagreements", disagreements=n10 + n01, labelled=n, judge_yes=n01, judge_no=n10))
    variance_classical = float(classical_variance(n11, n10, n01, n00))
    effective = worth = None
    if se > 0 and variance_classical > 0:
        effective = n * variance_classical / (se * se)
        worth = effective - n
    else:
        notes.append(Note.of("worth_undefined_labels", labelled=n) if variance_classical == 0
                     else Note.of("worth_undefined_ppi"))
    classical, judge_only = Proportion.many([(n11 + n10, n, 0), (n11 + n01 + m1, n + m, 0)], confidence)
    return PPIInterval(estimate=clipped[0], low=low, high=high, standard_error=se, lam=lam, tuned=bool(tuned),
                       labelled=n, unlabelled=m, table=((n11, n10), (n01, n00)), judge_positive_unlabelled=m1,
                       classical=classical, judge_only=judge_only, effective_labels=effective, judge_worth=worth,
                       notes=tuple(notes), confidence=confidence)


# ---------------------------------------------------------------- what the judge is worth, with an interval

MIN_LABELS_FOR_WORTH = 10
"""Below this many labelled units what the judge is worth is withheld: a bootstrap of so few units says little."""
MIN_LABELS_FOR_WORTH_INTERVAL = 600
"""Below this many labelled units the worth's bootstrap interval is withheld (the figure itself is shown from
:data:`MIN_LABELS_FOR_WORTH`): measured against the true worth of simulated judges (``worth_interval`` in
``bench/harness/judge.py``, docs/coverage.md), its "95%" covered 58-76% of the time with a very strong judge at
20 to 100 labels and 77-83% with a strong one at 10 to 30, where a few disagreements decide the figure, and still
92.7% with the very strong judge at 300; from 600 labels it holds for every judge tried."""
WORTH_RESAMPLES = 2_000
WORTH_SEED = 0

WORTH_NOTES: Mapping[str, str] = MappingProxyType({
    "too_few_labels": "what the judge is worth is shown from {minimum} hand labels on ({labelled} so far): with "
                      "fewer it swings too much from one draw of units to the next",
    "undefined": "what the judge is worth is undefined here: a variance it divides by is 0",
    "unstable": "what the judge is worth has no interval: of the {resamples} resamples, {undefined} left it undefined "
                "and {unbounded} without bound (a variance of 0), too many for a bound at this level",
    "interval_few_labels": "what the judge is worth has no interval yet: with fewer than {minimum} hand labels its "
                           "bootstrap interval covers the true worth less often than it says; {needed} more needed",
})


@dataclass(frozen=True, kw_only=True)
class WorthInterval:
    """What the judge is worth in hand labels (``PPIInterval.judge_worth``) with a seeded bootstrap interval.

    ``value`` is the figure itself; ``low`` and ``high`` the percentile interval at ``confidence`` over
    ``resamples`` bootstrap resamples of the labelled units (each resample draws ``labelled`` units with
    replacement from the labelled ones, and the judge's verdicts on the unlabelled units likewise), recomputing
    PPI's variance, and PPI++'s lambda when tuned, in each. ``note`` says why something is ``None``:
    ``too_few_labels`` (fewer than :data:`MIN_LABELS_FOR_WORTH`; everything withheld), ``undefined`` (the figure
    itself is undefined), ``interval_few_labels`` (fewer than the interval's minimum,
    :data:`MIN_LABELS_FOR_WORTH_INTERVAL` by default: the figure is given, the interval withheld, and ``needed``
    says how many more labelled units bring it) or ``unstable`` (more than ``(1 - confidence) / 2`` of the
    resamples were undefined, or so many were without bound that the upper percentile falls among them; the
    interval withheld). ``undefined``
    counts the resamples left out as undefined (both variances 0), ``unbounded`` those worth without bound (PPI's
    variance 0): they rank above every finite one, and the percentiles are taken only when neither bound reaches
    them, so no bound is ever infinite or NaN.
    """

    value: float | None
    low: float | None
    high: float | None
    labelled: int
    resamples: int
    undefined: int
    seed: int
    confidence: float
    note: str | None = None
    unbounded: int = 0
    needed: int | None = None

    def to_dict(self) -> dict[str, object]:
        minimum = MIN_LABELS_FOR_WORTH if self.needed is None else self.labelled + self.needed
        return {"value": self.value, "low": self.low, "high": self.high, "labelled": self.labelled,
                "resamples": self.resamples, "undefined": self.undefined, "unbounded": self.unbounded,
                "seed": self.seed, "confidence": self.confidence, "method": "percentile_bootstrap", "note": self.note,
                "needed": self.needed,
                "note_text": None if self.note is None else WORTH_NOTES[self.note].format(
                    minimum=minimum, labelled=self.labelled, undefined=self.undefined,
                    unbounded=self.unbounded, resamples=self.resamples, needed=self.needed)}


def judge_worth_interval(interval: PPIInterval, resamples: int = WORTH_RESAMPLES, seed: int = WORTH_SEED,
                         minimum: int = MIN_LABELS_FOR_WORTH,
                         interval_from: int = MIN_LABELS_FOR_WORTH_INTERVAL) -> WorthInterval:
    """:class:`WorthInterval` for a PPI or PPI++ interval: its worth in hand labels and a seeded bootstrap interval.

    The figure is given from ``minimum`` labelled units, its interval from ``interval_from`` (where it holds its
    level, :data:`MIN_LABELS_FOR_WORTH_INTERVAL`; a smaller value is for measuring it). The same interval,
    ``resamples`` and ``seed`` always give the same figures. All resamples are computed at once on counts
    (:func:`ppi_estimate`, :func:`tuned_lambda`), so 2,000 of them cost about a millisecond.
    """
    (n11, n10), (n01, n00) = interval.table
    n, m, m1 = interval.labelled, interval.unlabelled, interval.judge_positive_unlabelled
    confidence = interval.confidence
    if n < minimum:
        return WorthInterval(value=None, low=None, high=None, labelled=n, resamples=0, undefined=0, seed=seed,
                             confidence=confidence, note="too_few_labels")
    if interval.judge_worth is None:
        return WorthInterval(value=None, low=None, high=None, labelled=n, resamples=0, undefined=0, seed=seed,
                             confidence=confidence, note="undefined")
    if n < interval_from:
        return WorthInterval(value=interval.judge_worth, low=None, high=None, labelled=n, resamples=0, undefined=0,
                             seed=seed, confidence=confidence, note="interval_few_labels", needed=interval_from - n)
    rng = np.random.default_rng(seed)
    cells = rng.multinomial(n, np.array([n11, n10, n01, n00], dtype=np.float64) / n, size=resamples)
    r11, r10, r01, r00 = (cells[:, i] for i in range(4))
    r1 = rng.binomial(m, m1 / m, size=resamples) if m > 0 else np.zeros(resamples)
    if m == 0:
        lam = np.zeros(resamples)
    elif interval.tuned:
        lam = tuned_lambda(r11, r10, r01, r00, r1, m)[0]
    else:
        lam = np.ones(resamples)
    _, se = ppi_estimate(r11, r10, r01, r00, r1, m, lam)
    variance = classical_variance(r11, r10, r01, r00)
    # A resample whose hand labels are all the same has a classical variance of 0 (the formula gives -n: PPI is
    # as precise as no labels); one whose PPI variance is 0 is worth without bound (+inf); both at once is undefined.
    undefined_mask = (se == 0) & (variance == 0)
    unbounded_mask = (se == 0) & (variance > 0)
    undefined, unbounded = int(np.count_nonzero(undefined_mask)), int(np.count_nonzero(unbounded_mask))
    alpha = 1.0 - confidence
    kept = resamples - undefined
    # NumPy's linear interpolation reads the order statistics at floor((kept - 1) q) and the one after it (even when
    # its weight is 0); the unbounded resamples are the top ``unbounded`` of them, so the upper bound is finite only
    # while that one after is not among them.
    top = int(np.floor((kept - 1) * (1 - alpha / 2))) + 1
    if undefined > alpha / 2 * resamples or kept == 0 or (unbounded and top >= kept - unbounded):
        return WorthInterval(value=interval.judge_worth, low=None, high=None, labelled=n, resamples=resamples,
                             undefined=undefined, seed=seed, confidence=confidence, note="unstable",
                             unbounded=unbounded)
    bounded = ~(undefined_mask | unbounded_mask)
    worth = n * variance[bounded] / (se[bounded] * se[bounded]) - n
    worth = np.concatenate([worth, np.full(unbounded, np.inf)])  # ranked above every finite value, never read
    low, high = (float(v) for v in np.quantile(worth, [alpha / 2, 1 - alpha / 2]))
    return WorthInterval(value=interval.judge_worth, low=low, high=high, labelled=n, resamples=resamples,
                         undefined=undefined, seed=seed, confidence=confidence, note=None, unbounded=unbounded)
