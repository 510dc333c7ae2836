"""Agreement among many annotators: Krippendorff's alpha, Fleiss' kappa and a bootstrap interval over units.

A class labels the same units, each person as far as they got. ``ratings`` holds one list
per annotator, one entry per unit, ``None`` where that annotator gave no label; labels are
categories as :mod:`uncase_core.agreement.categories` defines them (booleans, whole numbers or
texts, never booleans mixed with numbers).

- :func:`krippendorff_alpha` uses every unit with at least two labels, whoever gave them,
  so it is the figure to read when people skipped units. It is computed by the
  ``krippendorff`` package from the units' category counts.
- :func:`fleiss_kappa` needs the same raters on every unit: it uses the units labelled by
  every annotator who labelled anything, and says how many it left out. It is computed by
  statsmodels' ``fleiss_kappa`` on the units-by-categories count table (never through
  ``aggregate_raters``, which would count a missing label as a category of its own).
- :func:`bootstrap_interval` resamples units with replacement (a seeded BCa bootstrap, the
  bias-corrected and accelerated percentiles of Efron 1987) for either statistic, from
  :data:`MIN_UNITS_FOR_AGREEMENT_INTERVAL` units on; below that it is withheld (note
  ``few_units``) and says how many more units it needs.

Both statistics are functions of the per-unit category counts alone (:class:`LabelCounts`),
so the class view can build the counts once and ask for everything. A statistic that is
undefined (no unit with two labels; only one category among the labels used, so that no
disagreement is expected by chance) is ``None`` with a ``note``: a stable code whose English
wording is in :data:`AGREEMENT_NOTES`. Never NaN, never a warning.

References
----------
Krippendorff, K. (2011). Computing Krippendorff's Alpha-Reliability. Annenberg School for
Communication, University of Pennsylvania, departmental paper 43.
Fleiss, J. L. (1971). Measuring nominal scale agreement among many raters. Psychological
Bulletin 76, 378-382.
Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American Statistical
Association 82, 171-185.
Efron, B. and Tibshirani, R. J. (1993). An Introduction to the Bootstrap, ch. 13 and 14.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from types import MappingProxyType
from typing import Literal

import krippendorff
import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.agreement.categories import Category, KindTracker, distinct_kinds, read_category, sort_key
from uncase_core.errors import (
    expected_at_least,
    expected_in_range,
    expected_one_of,
    expected_value,
    input_error,
)
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, check_confidence

Level = Literal["nominal", "ordinal", "interval"]
LEVELS: tuple[Level, ...] = ("nominal", "ordinal", "interval")
Statistic = Literal["alpha", "fleiss"]
STATISTICS: tuple[Statistic, ...] = ("alpha", "fleiss")
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS = MappingProxyType({
    "table_shape": "expected a units x {columns} table, got shape {got}",
    "negative_counts": "counts must not be negative",
    "categories_not_sorted": "expected distinct categories in sorted order",
    "more_labels_than_annotators": "a unit has more labels than there are annotators",
    "entry_counts_differ": "has {count} entries but ratings[0] has {other_count}; give one entry per unit, None where "
                           "not labelled",
    "interval_alpha_numbers": "interval alpha needs numbers as labels (differences between them are the distances)",
    "ordinal_alpha_kinds": "ordinal alpha needs one kind of label (all numbers, all texts or all true/false)",
})
DEFAULT_RESAMPLES = 1000
MAX_RESAMPLES = 100_000
# Resample weights are built in blocks of at most this many (resample, unit) cells, so memory stays
# bounded for large datasets; the blocks depend only on the number of units, so results stay reproducible.
_BLOCK_CELLS = 2_000_000

NOTE_NO_PAIRABLE_UNITS = "no_pairable_units"
NOTE_NO_VARIATION = "no_variation"
NOTE_FEWER_THAN_TWO_ANNOTATORS = "fewer_than_two_annotators"
NOTE_NO_COMPLETE_UNITS = "no_complete_units"
NOTE_NO_DEFINED_RESAMPLE = "no_defined_resample"
NOTE_FEW_UNITS = "few_units"
NOTE_ONE_POINT = "one_point"
MIN_UNITS_FOR_AGREEMENT_INTERVAL = 50
"""Below this many units (those the statistic uses) the interval of alpha or Fleiss' kappa is withheld.

Measured by ``bench/coverage.py`` (docs/coverage.md, "The workshop room"; yes/no labels as in the room, 2, 3, 5 and
20 raters, prevalence 0.1 to 0.9, true agreement 0 to 0.9): the BCa interval this module draws covered on average
78-84% at 10 units, 92.5-93.7% at 30 and 92.8-95.3% at 40, then 93.1-96.4% at every size from 50 to 300 (the rule
is at least 93%); with a true label per unit and raters of 60-97% accuracy, or 20% of the labels missing (alpha),
93.7-95.0% at 50 and as little as 91.8% at 30. The plain percentile bootstrap it replaced covered 77-81% at 10
units, 89-91% at 30, 91.9-93.8% at 50, and still fell to 92.6-92.7% in some cells at 100 to 300 units. A room
labels a few dozen units per dimension (more over all labels together): from 50 it can draw BCa's interval, where
the percentile one would need several hundred units."""
AGREEMENT_NOTES = MappingProxyType({
    NOTE_NO_PAIRABLE_UNITS: "no unit has labels from two annotators, so there is nothing to compare",
    NOTE_NO_VARIATION: (
        "every label used is the same single category, so no disagreement is expected by chance and the "
        "statistic is undefined (agreement is complete, but says nothing beyond chance)"
    ),
    NOTE_FEWER_THAN_TWO_ANNOTATORS: "fewer than two annotators gave any label",
    NOTE_NO_COMPLETE_UNITS: (
        "no unit was labelled by every annotator who labelled anything, and Fleiss' kappa needs the same raters "
        "on every unit; read Krippendorff's alpha, which uses incomplete units"
    ),
    NOTE_NO_DEFINED_RESAMPLE: "the statistic was undefined in every resample, so there is no interval",
    NOTE_FEW_UNITS: (
        f"with fewer than {MIN_UNITS_FOR_AGREEMENT_INTERVAL} units the bootstrap interval contains the true agreement "
        "less often than stated, so no interval is given; label more units"
    ),
    NOTE_ONE_POINT: (
        "every resample gave the same value (as when every unit is unanimous), so the interval would be a single "
        "point claiming a certainty these units cannot give; no interval is given"
    ),
})
"""English wording of the ``note`` codes of this module's results; the pages translate the codes."""


# ---------------------------------------------------------------- the counts both statistics use


@dataclass(frozen=True, eq=False)
class LabelCounts:
    """How many annotators gave each category to each unit.

    ``counts[u, k]`` is the number of labels ``categories[k]`` that unit ``u`` received;
    ``categories`` are sorted (:func:`uncase_core.agreement.categories.sort_key`); ``annotators``
    counts the annotators who gave at least one label, so a unit is complete when its
    labels add up to it. The array is a read-only copy.
    """

    counts: np.ndarray
    categories: tuple[Category, ...]
    annotators: int

    def __post_init__(self) -> None:
        counts = np.array(self.counts, dtype=np.int64, copy=True)
        if counts.ndim != 2 or counts.shape[1] != len(self.categories):
            raise input_error(PROBLEMS, "table_shape", "counts", columns=len(self.categories), got=str(counts.shape))
        if (counts < 0).any():
            raise input_error(PROBLEMS, "negative_counts", "counts")
        if list(self.categories) != sorted(set(self.categories), key=sort_key):
            raise input_error(PROBLEMS, "categories_not_sorted", "categories")
        if isinstance(self.annotators, bool) or not isinstance(self.annotators, numbers.Integral) \
                or self.annotators < 0:
            raise expected_at_least("whole_number", 0, repr(self.annotators), "annotators")
        if counts.size and int(counts.sum(axis=1).max()) > self.annotators:
            raise input_error(PROBLEMS, "more_labels_than_annotators", "counts")
        counts.flags.writeable = False
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "annotators", int(self.annotators))

    @property
    def units(self) -> int:
        return int(self.counts.shape[0])


def _check_sequence(value: object, where: str, what: str) -> Sequence[object]:
    """``value`` if it is a sequence, else InputError (``what``: a term code of :data:`uncase_core.errors.TERMS`)."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
        raise expected_value(what, type(value).__name__, where)
    return value  # type: ignore[return-value]


def label_counts(ratings: Sequence[Sequence[Category | None]]) -> LabelCounts:
    """Check ``ratings`` (one list per annotator, ``None`` = not labelled) and count the labels per unit.

    Raises
    ------
    InputError
        For ratings that are not a list of lists, annotators with different numbers of
        entries (``where`` is ``ratings[2]``), an entry that is neither a label nor
        ``None`` (``where`` is ``ratings[2][5]``), or booleans mixed with numbers.
    """
    annotators = _check_sequence(ratings, "ratings", "lists_per_annotator")
    kinds = KindTracker()
    units = None
    index: dict[Category, int] = {}
    unit_positions: list[int] = []
    category_positions: list[int] = []
    active = 0
    for i, labels in enumerate(annotators):
        labels = _check_sequence(labels, f"ratings[{i}]", "entries_per_unit")
        if units is None:
            units = len(labels)
        elif len(labels) != units:
            raise input_error(PROBLEMS, "entry_counts_differ", f"ratings[{i}]", count=len(labels), other_count=units)
        before = len(unit_positions)
        for j, label in enumerate(labels):
            if label is None:
                continue
            where = f"ratings[{i}][{j}]"
            category = read_category(label, where)
            kinds.see(category, where)
            unit_positions.append(j)
            category_positions.append(index.setdefault(category, len(index)))
        active += len(unit_positions) > before
    categories = tuple(sorted(index, key=sort_key))
    order = np.empty(len(index), dtype=np.int64)
    order[[index[c] for c in categories]] = np.arange(len(categories))
    counts = np.zeros((units or 0, len(categories)), dtype=np.int64)
    if unit_positions:
        np.add.at(counts, (np.array(unit_positions), order[np.array(category_positions)]), 1)
    return LabelCounts(counts, categories, active)


# ---------------------------------------------------------------- results


@dataclass(frozen=True, kw_only=True)
class AgreementAmongMany:
    """Agreement of many annotators on the same units.

    ``statistic`` is ``"alpha"`` (Krippendorff, at ``level``) or ``"fleiss"``. ``value`` is
    ``None`` when undefined, with ``note`` (a code of :data:`AGREEMENT_NOTES`) saying why.
    ``units`` counts the units used and ``left_out`` the others (alpha: units with fewer than
    two labels; Fleiss: units not labelled by all ``annotators``), so the two add up to all
    units. ``annotators`` counts those who gave at least one label; ``labels`` the labels in
    the units used; ``categories`` the categories among them, sorted.
    """

    statistic: Statistic
    value: float | None
    note: str | None
    units: int
    left_out: int
    annotators: int
    labels: int
    categories: tuple[Category, ...]
    level: Level | None = None

    def to_dict(self) -> dict[str, object]:
        return {"statistic": self.statistic, "level": self.level, "value": self.value, "note": self.note,
                "note_text": None if self.note is None else AGREEMENT_NOTES[self.note], "units": self.units,
                "left_out": self.left_out, "annotators": self.annotators, "labels": self.labels,
                "categories": list(self.categories)}


@dataclass(frozen=True, kw_only=True)
class BootstrapInterval:
    """A BCa bootstrap interval over units for alpha or Fleiss' kappa.

    ``estimate`` is the statistic on all units (as :func:`krippendorff_alpha` or
    :func:`fleiss_kappa` gives it). ``resamples`` were drawn over the ``units`` the
    statistic uses; ``used`` of them had a defined statistic and ``skipped`` did not (only
    one category drawn), and the interval is made from the used ones only. ``low`` and
    ``high`` are ``None`` when the estimate is undefined, no resample was, or there are fewer
    units than the interval holds its level with (note ``few_units``; then ``needed`` is how
    many more units it takes, and no resample is drawn), or every resample gave the same value
    (note ``one_point``: a single point would claim certainty); ``note`` says why.
    """

    statistic: Statistic
    estimate: float | None
    low: float | None
    high: float | None
    confidence: float
    resamples: int
    used: int
    skipped: int
    units: int
    seed: int
    note: str | None
    level: Level | None = None
    needed: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"statistic": self.statistic, "level": self.level, "estimate": self.estimate, "low": self.low,
                "high": self.high, "confidence": self.confidence, "resamples": self.resamples, "used": self.used,
                "skipped": self.skipped, "units": self.units, "seed": self.seed, "note": self.note,
                "note_text": None if self.note is None else AGREEMENT_NOTES[self.note], "needed": self.needed}


# ---------------------------------------------------------------- Krippendorff's alpha


def _check_level(level: object, categories: tuple[Category, ...]) -> Level:
    if level not in LEVELS:
        raise expected_one_of(LEVELS, repr(level), "level")
    if level == "interval" and any(isinstance(c, bool) or not isinstance(c, int) for c in categories):
        raise input_error(PROBLEMS, "interval_alpha_numbers", "level")
    if level == "ordinal" and len(distinct_kinds(categories)) > 1:
        raise input_error(PROBLEMS, "ordinal_alpha_kinds", "level")
    return level  # type: ignore[return-value]


def _pairable(table: LabelCounts) -> tuple[np.ndarray, np.ndarray]:
    """The rows of units with at least two labels, and which categories occur in them."""
    rows = table.counts[table.counts.sum(axis=1) >= 2]
    return rows, rows.sum(axis=0) > 0


def alpha_from_counts(table: LabelCounts, level: Level = "nominal") -> AgreementAmongMany:
    """:func:`krippendorff_alpha` of ratings already counted by :func:`label_counts`."""
    level = _check_level(level, table.categories)
    rows, present = _pairable(table)
    used, labels = int(rows.shape[0]), int(rows.sum())
    categories = tuple(c for c, keep in zip(table.categories, present, strict=True) if keep)

    def result(value: float | None, note: str | None) -> AgreementAmongMany:
        return AgreementAmongMany(statistic="alpha", value=value, note=note, units=used, left_out=table.units - used,
                                  annotators=table.annotators, labels=labels, categories=categories, level=level)

    if used == 0:
        return result(None, NOTE_NO_PAIRABLE_UNITS)
    if len(categories) < 2:
        return result(None, NOTE_NO_VARIATION)
    value = krippendorff.alpha(value_counts=rows[:, present], value_domain=_domain(categories, level),
                               level_of_measurement=level)
    return result(float(value), None)


def _domain(categories: tuple[Category, ...], level: Level) -> np.ndarray:
    # Nominal and ordinal distances depend only on the categories' positions; interval ones on their values.
    if level == "interval":
        return np.array(categories, dtype=float)
    return np.arange(len(categories))


def krippendorff_alpha(ratings: Sequence[Sequence[Category | None]], level: Level = "nominal") -> AgreementAmongMany:
    """Krippendorff's alpha among any number of annotators, with missing labels.

    Parameters
    ----------
    ratings : sequence of sequences
        One list per annotator, one entry per unit (all the same length), ``None`` where
        that annotator did not label the unit. Labels are booleans, whole numbers or texts
        (:mod:`uncase_core.agreement.categories`).
    level : {"nominal", "ordinal", "interval"}
        The distance between two labels: any difference counts 1 (nominal); by rank, with
        the categories in sorted order (ordinal; one kind of label only); squared
        difference of the numbers (interval; numbers only).

    Returns
    -------
    AgreementAmongMany
        ``value = 1 - D_o / D_e``, observed over expected disagreement from the coincidence
        matrix of the units with at least two labels (``units``; the others are
        ``left_out``), computed by ``krippendorff.alpha`` from the units' category counts.
        ``None`` with a note when no unit has two labels, or when the labels used are all
        one category (``D_e = 0``).

    Raises
    ------
    InputError
        For malformed ratings (see :func:`label_counts`), an unknown level, or labels the
        level cannot measure.
    """
    return alpha_from_counts(label_counts(ratings), level)


# ---------------------------------------------------------------- Fleiss' kappa


def fleiss_from_counts(table: LabelCounts) -> AgreementAmongMany:
    """:func:`fleiss_kappa` of ratings already counted by :func:`label_counts`."""
    from statsmodels.stats.inter_rater import fleiss_kappa as _statsmodels_fleiss

    complete = table.counts[table.counts.sum(axis=1) == table.annotators] if table.annotators >= 2 \
        else table.counts[:0]
    present = complete.sum(axis=0) > 0
    used = int(complete.shape[0])
    categories = tuple(c for c, keep in zip(table.categories, present, strict=True) if keep)

    def result(value: float | None, note: str | None) -> AgreementAmongMany:
        return AgreementAmongMany(statistic="fleiss", value=value, note=note, units=used, left_out=table.units - used,
                                  annotators=table.annotators, labels=int(complete.sum()), categories=categories)

    if table.annotators < 2:
        return result(None, NOTE_FEWER_THAN_TWO_ANNOTATORS)
    if used == 0:
        return result(None, NOTE_NO_COMPLETE_UNITS)
    if len(categories) < 2:
        return result(None, NOTE_NO_VARIATION)
    return result(float(_statsmodels_fleiss(complete[:, present], method="fleiss")), None)


def fleiss_kappa(ratings: Sequence[Sequence[Category | None]]) -> AgreementAmongMany:
    """Fleiss' kappa over the units that every annotator who labelled anything labelled.

    Parameters
    ----------
    ratings : sequence of sequences
        As for :func:`krippendorff_alpha`. An annotator who gave no label at all is not
        counted as a rater.

    Returns
    -------
    AgreementAmongMany
        statsmodels' ``fleiss_kappa(table, method="fleiss")`` on the units-by-categories
        count table of the complete units (``units``; the others are ``left_out``).
        ``None`` with a note when fewer than two annotators labelled anything, when no unit
        is complete (Krippendorff's alpha is the figure to read then), or when every label
        of the complete units is one category.

    Raises
    ------
    InputError
        For malformed ratings (see :func:`label_counts`).
    """
    return fleiss_from_counts(label_counts(ratings))


# ---------------------------------------------------------------- bootstrap over units


def _resample_weights(units: int, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """How many times each unit is drawn in each resample: (resamples, units), rows summing to ``units``."""
    draws = rng.integers(0, units, size=(resamples, units))
    flat = draws + (np.arange(resamples) * units)[:, None]
    return np.bincount(flat.ravel(), minlength=resamples * units).reshape(resamples, units).astype(float)


def alpha_of_resamples(rows: np.ndarray, weights: np.ndarray, level: Level, domain: np.ndarray) -> np.ma.MaskedArray:
    """Krippendorff's alpha for many reweightings of the units at once.

    ``rows`` are the category counts of units with at least two labels (every column used
    somewhere); ``weights[r, u]`` is how often unit ``u`` is drawn in resample ``r``. Returns
    one alpha per resample, masked where it is undefined (fewer than two categories drawn):
    callers count those as skipped resamples, never as a result.

    Our own vectorized formula, because calling ``krippendorff.alpha`` once per resample
    costs about a thousand times more. It is Krippendorff's (2011) coincidence-matrix
    computation, as the package does it: each unit ``u`` with ``m_u`` labels adds
    ``(c c' - diag(c)) / (m_u - 1)`` to the coincidences ``o``, so ``o`` for a resample is a
    weighted sum of per-unit matrices; then ``n_v = o.sum(1)``, expected coincidences
    ``e = (n_v n_v' - diag(n_v)) / (n - 1)``, and ``alpha = 1 - sum(o d) / sum(e d)`` with the
    level's distances ``d``. The tests check it equals ``krippendorff.alpha`` to 1e-9 on
    random data at all three levels.
    """
    rows = rows.astype(float)
    labels = rows.sum(axis=1)
    size = rows.shape[1]
    per_unit = (rows[:, :, None] * rows[:, None, :] - rows[:, :, None] * np.eye(size)) / (labels - 1)[:, None, None]
    coincidences = (weights @ per_unit.reshape(len(rows), -1)).reshape(-1, size, size)
    n_v = coincidences.sum(axis=2)
    n = n_v.sum(axis=1)
    defined = ((weights @ rows) > 0).sum(axis=1) >= 2
    result = np.ma.masked_array(np.zeros(len(weights)), mask=~defined)
    if not defined.any():
        return result
    coincidences, n_v, n = coincidences[defined], n_v[defined], n[defined]
    expected = (n_v[:, :, None] * n_v[:, None, :] - n_v[:, :, None] * np.eye(size)) / (n - 1)[:, None, None]
    distances = _distances(level, domain, n_v)
    result[defined] = 1.0 - (coincidences * distances).sum(axis=(1, 2)) / (expected * distances).sum(axis=(1, 2))
    return result


def _distances(level: Level, domain: np.ndarray, n_v: np.ndarray) -> np.ndarray:
    """Squared distances between categories: (V, V), or (R, V, V) for ordinal, which depends on ``n_v``."""
    size = len(domain)
    if level == "nominal":
        return 1.0 - np.eye(size)
    if level == "interval":
        return (domain[:, None] - domain[None, :]) ** 2
    # Ordinal: the labels from the lower category to the higher, less half of each end's own labels.
    low = np.minimum.outer(np.arange(size), np.arange(size))
    high = np.maximum.outer(np.arange(size), np.arange(size))
    through = np.cumsum(n_v, axis=1)
    return (through[:, high] - through[:, low] + (n_v[:, low] - n_v[:, high]) / 2.0) ** 2


def fleiss_of_resamples(complete: np.ndarray, weights: np.ndarray) -> np.ma.MaskedArray:
    """Fleiss' kappa for many reweightings of complete units at once; masked where undefined.

    Our own vectorized formula (Fleiss 1971), for the same reason as
    :func:`alpha_of_resamples`: with ``m`` raters per unit, ``P_u = (sum_k c_uk² - m) /
    (m (m - 1))``, ``p_k`` the share of all labels in category ``k``, ``P_e = sum p_k²`` and
    ``kappa = (mean P_u - P_e) / (1 - P_e)``, each sum weighted by the resample's draws.
    The tests check it equals statsmodels' ``fleiss_kappa`` to 1e-9.
    """
    complete = complete.astype(float)
    raters = complete[0].sum()
    agreement = ((complete**2).sum(axis=1) - raters) / (raters * (raters - 1.0))
    drawn = weights.sum(axis=1)
    totals = weights @ complete
    defined = (totals > 0).sum(axis=1) >= 2
    result = np.ma.masked_array(np.zeros(len(weights)), mask=~defined)
    shares = totals[defined] / (drawn[defined] * raters)[:, None]
    chance = (shares**2).sum(axis=1)
    observed = (weights[defined] @ agreement) / drawn[defined]
    result[defined] = (observed - chance) / (1.0 - chance)
    return result


def _check_count_argument(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= value <= high:
        raise expected_in_range("whole_number", low, high, repr(value), where)
    return int(value)


def check_seed(seed: object) -> int:
    """A bootstrap seed: a whole number from 0 to 2**63 - 1 (``where`` is ``seed``)."""
    return _check_count_argument(seed, "seed", 0, 2**63 - 1)


def bootstrap_from_counts(
    table: LabelCounts,
    statistic: Statistic = "alpha",
    level: Level = "nominal",
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    confidence: float = DEFAULT_CONFIDENCE,
    *,
    interval_from: int = MIN_UNITS_FOR_AGREEMENT_INTERVAL,
) -> BootstrapInterval:
    """:func:`bootstrap_interval` of ratings already counted by :func:`label_counts`."""
    if statistic not in STATISTICS:
        raise expected_one_of(STATISTICS, repr(statistic), "statistic")
    resamples = _check_count_argument(resamples, "resamples", 1, MAX_RESAMPLES)
    seed = check_seed(seed)
    confidence = check_confidence(confidence)
    interval_from = _check_count_argument(interval_from, "interval_from", 0, 2**31)
    if statistic == "alpha":
        point = alpha_from_counts(table, level)
        rows, present = _pairable(table)
        rows = rows[:, present]
    else:
        point = fleiss_from_counts(table)
        rows = table.counts[table.counts.sum(axis=1) == table.annotators]
        rows = rows[:, rows.sum(axis=0) > 0]

    def result(low: float | None, high: float | None, used: int, skipped: int, note: str | None,
               needed: int | None = None) -> BootstrapInterval:
        return BootstrapInterval(statistic=statistic, estimate=point.value, low=low, high=high, confidence=confidence,
                                 resamples=resamples, used=used, skipped=skipped, units=point.units, seed=seed,
                                 note=note, level=point.level, needed=needed)

    if point.value is None:
        return result(None, None, 0, 0, point.note)
    if point.units < interval_from:
        return result(None, None, 0, 0, NOTE_FEW_UNITS, interval_from - point.units)

    def values_of(weights: np.ndarray) -> np.ma.MaskedArray:
        if statistic == "alpha":
            return alpha_of_resamples(rows, weights, point.level, _domain(point.categories, point.level))
        return fleiss_of_resamples(rows, weights)

    rng = np.random.default_rng(seed)
    units = len(rows)
    block = max(1, _BLOCK_CELLS // units)
    values = [values_of(_resample_weights(units, min(block, resamples - start), rng))
              for start in range(0, resamples, block)]
    defined = np.ma.concatenate(values).compressed()
    skipped = resamples - len(defined)
    if len(defined) == 0:
        return result(None, None, 0, skipped, NOTE_NO_DEFINED_RESAMPLE)
    jackknife = np.ma.concatenate([values_of(_leave_one_out_weights(units, start, min(block, units - start)))
                                   for start in range(0, units, block)]).compressed()
    low, high = bca_bounds(defined, point.value, jackknife, confidence)
    if high - low <= 1e-12:  # a point "interval" would claim certainty (as Cohen's kappa's zero variance)
        return result(None, None, len(defined), skipped, NOTE_ONE_POINT)
    return result(low, high, len(defined), skipped, None)


def _leave_one_out_weights(units: int, start: int, count: int) -> np.ndarray:
    """Rows ``start`` to ``start + count`` of the jackknife's weights: every unit once but the row's own."""
    weights = np.ones((count, units))
    weights[np.arange(count), start + np.arange(count)] = 0.0
    return weights


def bca_bounds(values: np.ndarray, estimate: float, jackknife: np.ndarray, confidence: float) -> tuple[float, float]:
    """The BCa interval (Efron 1987; Efron and Tibshirani 1993, 14.3) from bootstrap ``values`` of a statistic whose
    estimate on all units is ``estimate`` and whose leave-one-unit-out values are ``jackknife``.

    Why BCa and not the plain percentiles. Alpha and kappa are ratios bounded above by 1 whose sampling distribution
    is skewed and whose estimate is biased at the sizes a workshop has; the percentile interval ignores both and its
    "95%" covered 91.9-93.8% of the time at 50 units, and under 93% in some cells up to 300, where BCa holds from 50
    (:data:`MIN_UNITS_FOR_AGREEMENT_INTERVAL`; ``bench/coverage.py``). BCa moves the two percentiles by the
    bias correction ``z0`` (the normal quantile of the share of resamples below the estimate, ties counted half, as
    the statistic takes few values) and the acceleration ``a = sum d³ / (6 (sum d²)^1.5)``, ``d`` the jackknife
    values' deviations from their mean: ``Phi(z0 + (z0 + z) / (1 - a (z0 + z)))`` for ``z`` each tail's normal
    quantile. Undefined leave-one-out values (a unit holding a category's only labels) are left out of ``a``; with
    fewer than two, or no spread, ``a`` is 0 (the bias-corrected percentiles). Percentiles by NumPy's linear
    interpolation, as before.
    """
    values = np.asarray(values, dtype=float)
    below = (np.sum(values < estimate) + 0.5 * np.sum(values == estimate)) / len(values)
    z0 = float(NormalDist().inv_cdf(min(max(below, 1e-9), 1.0 - 1e-9)))
    acceleration = 0.0
    if len(jackknife) >= 2:
        deviations = np.mean(jackknife) - np.asarray(jackknife, dtype=float)
        spread = float(np.sum(deviations**2))
        if spread > 0:
            acceleration = float(np.sum(deviations**3)) / (6.0 * spread**1.5)
    tail = (1.0 - confidence) / 2.0
    shares = []
    for z in (NormalDist().inv_cdf(tail), NormalDist().inv_cdf(1.0 - tail)):
        denominator = 1.0 - acceleration * (z0 + z)
        shift = (z0 + z) / denominator if denominator > 0 else z0 + z
        shares.append(NormalDist().cdf(z0 + shift))
    low, high = np.percentile(values, [100.0 * shares[0], 100.0 * shares[1]])
    return float(low), float(high)


def bootstrap_interval(
    ratings: Sequence[Sequence[Category | None]],
    statistic: Statistic = "alpha",
    level: Level = "nominal",
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    confidence: float = DEFAULT_CONFIDENCE,
    *,
    interval_from: int = MIN_UNITS_FOR_AGREEMENT_INTERVAL,
) -> BootstrapInterval:
    """A BCa bootstrap interval over units for Krippendorff's alpha or Fleiss' kappa, from enough units.

    Parameters
    ----------
    ratings : sequence of sequences
        As for :func:`krippendorff_alpha`.
    statistic : {"alpha", "fleiss"}
        Which statistic; alpha at ``level``.
    level : {"nominal", "ordinal", "interval"}
        Alpha's level of measurement (ignored for Fleiss).
    resamples : int
        How many resamples to draw, 1 to :data:`MAX_RESAMPLES`.
    seed : int
        Seed of NumPy's default generator (PCG64): the same inputs and seed give the same
        interval.
    confidence : float
        Coverage, strictly between 0 and 1.
    interval_from : int
        The fewest units (of those the statistic uses) the interval is given for, default
        :data:`MIN_UNITS_FOR_AGREEMENT_INTERVAL`; below it the note is ``few_units`` and
        ``needed`` says how many more. ``bench/coverage.py`` passes 0 to measure it at every size.

    Returns
    -------
    BootstrapInterval
        The units the statistic uses (alpha: units with two labels or more; Fleiss: the
        complete units) are drawn with replacement, as many as there are, ``resamples``
        times; the statistic is recomputed on each draw, resamples where it is undefined
        are skipped and counted, and ``low``/``high`` are the BCa percentiles of the rest
        (:func:`bca_bounds`, with the leave-one-unit-out values for its acceleration): the
        ``(1 - confidence)/2`` and ``(1 + confidence)/2`` percentiles, moved for the
        statistic's bias and skew. The recomputation uses :func:`alpha_of_resamples` and
        :func:`fleiss_of_resamples`, vectorized formulas tested equal to the packages to 1e-9.

    Raises
    ------
    InputError
        For malformed ratings, an unknown statistic or level, or a bad ``resamples``,
        ``seed``, ``confidence`` or ``interval_from``.
    """
    return bootstrap_from_counts(label_counts(ratings), statistic, level, resamples, seed, confidence,
                                 interval_from=interval_from)

