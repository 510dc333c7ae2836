"""How often each interval covers the truth: a seeded simulation of a judge, a few hand labels and PPI.

A population has a true rate ``p`` of positive units. A judge says yes to a positive unit
with probability ``sensitivity`` and to a negative one with probability
``false_positive_rate``, so it says yes at rate ``q = p * sensitivity + (1 - p) *
false_positive_rate``, is right with probability ``p * sensitivity + (1 - p) * (1 -
false_positive_rate)`` and is biased by ``q - p``. It judges ``judged`` units; ``labelled`` of
them, a uniform random sample, also get a hand label. In every repeat four intervals are
formed, as the playground forms them:

- ``judge_only``: Wilson on the judge's yes count over all judged units;
- ``hand_labels``: Wilson on the hand labels;
- ``ppi`` and ``ppi_tuned``: PPI and PPI++ (:mod:`uncase_core.stats.ppi`), clipped to [0, 1].

Each repeat needs only counts: the labelled units fall in the four (label, verdict) cells by
one multinomial draw, and the judge's yes count among the unlabelled units is one binomial
draw, because PPI's estimate and variance depend on nothing else. So the cost does not grow
with the number of units, and all repeats are drawn and computed at once with numpy.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from statistics import NormalDist
from types import MappingProxyType

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.errors import expected_in_range, expected_value, must_be_in_range
from uncase_core.stats.ppi import ppi_estimate, standard_error, tuned_lambda
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence

METHODS = ("judge_only", "hand_labels", "ppi", "ppi_tuned")
MAX_REPEATS = 200_000
MAX_UNITS = 10**9
DEFAULT_REPEATS = 2_000
MONTE_CARLO_CONFIDENCE = 0.95
"""Level of each coverage's own Wilson interval over the repeats (its Monte Carlo error), whatever the methods' level:
it describes the simulation, not the method."""

METHOD_NAMES: Mapping[str, str] = MappingProxyType({
    "judge_only": "judge alone (Wilson on the judge's verdicts)",
    "hand_labels": "hand labels alone (Wilson)",
    "ppi": "PPI",
    "ppi_tuned": "PPI++",
})


@dataclass(frozen=True)
class MethodFigures:
    """One interval's behaviour over the repeats: ``coverage`` counts the repeats whose interval held the
    true rate (a :class:`Proportion`, so it carries its own Monte Carlo interval: Wilson at
    :data:`MONTE_CARLO_CONFIDENCE`, 95%, whatever the methods' level); ``mean_width`` and
    ``mean_estimate`` are averages over the repeats."""

    coverage: Proportion
    mean_width: float
    mean_estimate: float

    def to_dict(self) -> dict[str, object]:
        return {"coverage": self.coverage.to_dict(), "mean_width": self.mean_width,
                "mean_estimate": self.mean_estimate}


@dataclass(frozen=True, kw_only=True)
class SimulationResult:
    """The settings, what they imply about the judge, and each method's coverage and width."""

    true_rate: float
    sensitivity: float
    false_positive_rate: float
    labelled: int
    judged: int
    repeats: int
    confidence: float
    seed: int
    judge_rate: float
    judge_accuracy: float
    judge_bias: float
    methods: Mapping[str, MethodFigures]

    def to_dict(self) -> dict[str, object]:
        return {
            "true_rate": self.true_rate, "sensitivity": self.sensitivity,
            "false_positive_rate": self.false_positive_rate, "labelled": self.labelled, "judged": self.judged,
            "repeats": self.repeats, "confidence": self.confidence, "seed": self.seed,
            "judge_rate": self.judge_rate, "judge_accuracy": self.judge_accuracy, "judge_bias": self.judge_bias,
            "methods": {name: self.methods[name].to_dict() for name in METHODS},
        }


def _rate(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(float(value)):
        raise expected_in_range("number", 0, 1, repr(value), name)
    if not 0.0 <= float(value) <= 1.0:
        raise must_be_in_range(0, 1, repr(value), name)
    return float(value)


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise expected_value("whole_number", repr(value), name)
    if not low <= int(value) <= high:
        raise must_be_in_range(low, high, str(value), name)
    return int(value)


def judge_implied(true_rate: float, sensitivity: float, false_positive_rate: float) -> tuple[float, float, float]:
    """``(judge rate, accuracy, bias)`` of a judge with this sensitivity and false-positive rate."""
    p = _rate(true_rate, "true_rate")
    sensitivity = _rate(sensitivity, "sensitivity")
    false_positive_rate = _rate(false_positive_rate, "false_positive_rate")
    judge_rate = p * sensitivity + (1.0 - p) * false_positive_rate
    accuracy = p * sensitivity + (1.0 - p) * (1.0 - false_positive_rate)
    return judge_rate, accuracy, judge_rate - p


def _figures(low: np.ndarray, high: np.ndarray, estimate: np.ndarray, truth: float) -> MethodFigures:
    covered = int(np.count_nonzero((low <= truth) & (truth <= high)))
    return MethodFigures(Proportion.from_counts(covered, low.size, confidence=MONTE_CARLO_CONFIDENCE),
                         float(np.mean(high - low)), float(np.mean(estimate)))


def simulate(
    true_rate: float,
    sensitivity: float,
    false_positive_rate: float,
    labelled: int,
    judged: int,
    repeats: int = DEFAULT_REPEATS,
    confidence: float = DEFAULT_CONFIDENCE,
    seed: int = 0,
    method: str = "small_sample",
) -> SimulationResult:
    """Coverage and mean width of the four intervals over ``repeats`` seeded repeats.

    Parameters
    ----------
    true_rate, sensitivity, false_positive_rate : float
        In [0, 1]; see the module docstring.
    labelled : int
        Hand-labelled units per repeat, at least 1.
    judged : int
        Units the judge gives a verdict per repeat, the labelled ones included; at least ``labelled``.
    repeats : int
        Number of repeats, 1 to :data:`MAX_REPEATS`.
    confidence : float
        Nominal coverage of every interval, strictly between 0 and 1.
    seed : int
        Seed of numpy's generator: the same arguments give the same figures.
    method : {"small_sample", "wald"}
        PPI's standard error (:func:`uncase_core.stats.ppi.standard_error`): the pages' by default.

    Raises
    ------
    InputError
        For a value out of range, naming it (``sensitivity``, ``judged`` ...).
    """
    from statsmodels.stats.proportion import proportion_confint

    judge_rate, accuracy, bias = judge_implied(true_rate, sensitivity, false_positive_rate)
    p = float(true_rate)
    n = _whole(labelled, "labelled", 1, MAX_UNITS)
    total = _whole(judged, "judged", n, MAX_UNITS)
    repeats = _whole(repeats, "repeats", 1, MAX_REPEATS)
    seed = _whole(seed, "seed", 0, 2**63 - 1)
    confidence = check_confidence(confidence)
    rng = np.random.default_rng(seed)
    cells = rng.multinomial(n, [p * sensitivity, p * (1 - sensitivity), (1 - p) * false_positive_rate,
                                (1 - p) * (1 - false_positive_rate)], size=repeats)
    n11, n10, n01, n00 = (cells[:, i] for i in range(4))
    m = total - n
    m1 = rng.binomial(m, judge_rate, size=repeats)
    alpha = 1.0 - confidence
    methods: dict[str, MethodFigures] = {}
    judge_yes = n11 + n01 + m1
    low, high = proportion_confint(judge_yes, total, alpha=alpha, method="wilson")
    methods["judge_only"] = _figures(np.clip(low, 0, 1), np.clip(high, 0, 1), judge_yes / total, p)
    low, high = proportion_confint(n11 + n10, n, alpha=alpha, method="wilson")
    methods["hand_labels"] = _figures(np.clip(low, 0, 1), np.clip(high, 0, 1), (n11 + n10) / n, p)
    z = NormalDist().inv_cdf(1.0 - alpha / 2.0)
    plain_lambda = np.ones(repeats) if m > 0 else np.zeros(repeats)  # no unlabelled units: the classical case
    for name, lam in (("ppi", plain_lambda), ("ppi_tuned", tuned_lambda(n11, n10, n01, n00, m1, m)[0])):
        estimate = ppi_estimate(n11, n10, n01, n00, m1, m, lam)[0]
        se = standard_error(n11, n10, n01, n00, m1, m, lam, method)
        methods[name] = _figures(np.clip(estimate - z * se, 0, 1), np.clip(estimate + z * se, 0, 1),
                                 np.clip(estimate, 0, 1), p)
    return SimulationResult(true_rate=p, sensitivity=float(sensitivity), false_positive_rate=float(false_positive_rate),
                            labelled=n, judged=total, repeats=repeats, confidence=confidence, seed=seed,
                            judge_rate=judge_rate, judge_accuracy=accuracy, judge_bias=bias,
                            methods=MappingProxyType(methods))
