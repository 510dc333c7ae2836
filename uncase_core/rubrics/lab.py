"""Rubric lab: DRFR, post-hoc rubric filtering and ranking stability between judges (document 003).

Verdicts come in long form, one row per verdict: ``candidate, prompt, item, judge, run,
verdict``. An item is identified by the pair ``(prompt, item)``.

Definitions and the choices made where document 003 does not say:

* **Runs.** The runs of one ``(candidate, prompt, item, judge)`` group are combined by
  majority. A tie (as many passes as fails, e.g. two runs that disagree) is counted in
  :attr:`RubricAnalysis.ties` and resolved as **fail**: a requirement is followed only when
  most runs say so.
* **DRFR** (InFoBench) per judge and candidate = items passed / items judged, pooled over
  all items of all prompts, with the interval of :func:`uncase_core.stats.grouped.grouped_proportion` over the
  prompts: the items of one prompt move together (a candidate that misreads a prompt fails its items), so with
  several items a prompt the prompts are the independent draws, and with every item from one prompt there is no
  interval. The core keeps proportions on the 0-1 scale; :meth:`RubricAnalysis.to_dict` and the CLI print
  0-100.
* **After filtering** DRFR is counted over the kept items, without an interval when any item was removed
  (:func:`_without_intervals` says why).
* **Filters.** Every filter is evaluated on the full item set (independently of the other
  filters), so an item can be removed by several filters and then has one
  :class:`RemovedItem` per filter.

  - *trivial*: under a judge, every candidate that was judged on the item passes it
    (run-majority verdicts);
  - *impossible*: under a judge, no candidate passes it;
  - *misaligned*: under a judge, the Pearson (point-biserial) correlation between the item's
    verdicts across candidates and the candidates' DRFR computed without that item (over all
    other items) is strictly below ``misaligned_below`` (default 0). When the correlation is
    undefined (the item's verdicts or the scores are constant, or fewer than two candidates)
    the item is not misaligned under that judge;
  - the three above are combined over the judges that judged the item with ``rule``:
    ``"all"`` (fires under every such judge, the default) or ``"any"`` (under at least one);
  - *unstable*: computed on the raw runs, judges pooled: the share of ``(candidate, judge)``
    pairs with at least two runs whose runs are not all equal is strictly above
    ``unstable_above`` (default 0.20). Pairs with a single run cannot show instability and
    are left out of the denominator; the rule all/any does not apply to it.
* **Stability** between judges: candidates ranked by DRFR per judge (ties broken by candidate
  name); Spearman and Kendall (``scipy.stats``, tau-b) for each judge pair, over the candidates
  with a DRFR under both judges (``None`` when undefined). ``identical_ranks`` counts the rank
  positions where all judges put the same candidate.
* **Discrimination**, on the mean DRFR across judges sorted from best to worst:
  ``mean_neighbour_gap`` (mean difference between neighbours; on one sorted list it equals
  ``spread / (n - 1)``), ``spread`` (top minus bottom) and ``separated_pairs``: neighbouring
  pairs whose intervals, on the candidates' verdicts pooled over judges with the prompts as clusters (the judges of
  one answer agree, so its verdicts are not independent draws), do not overlap.
  Gap and spread are on the 0-1 scale in :class:`StabilityFigures` and in points (0-100) in
  :meth:`RubricAnalysis.to_dict`.

Everything is vectorized over a dense ``candidates x items x judges`` array, so 1.7 million
verdicts are analysed in a few seconds.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
import pandas as pd

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).
from uncase_core.errors import (
    InputError,
    at_line,
    expected_value,
    input_error,
    missing_columns,
    problem,
    unreadable_csv,
)
from uncase_core.shared.choices import RUBRIC_FILTERS
from uncase_core.shared.formats import VERDICTS, check_csv_header, parse_format
from uncase_core.shared.jsonfiles import decode_text
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows
from uncase_core.shared.spreadsheets import formula_safe, formula_unsafe
from uncase_core.stats.grouped import grouped_proportion
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence

FILTERS = RUBRIC_FILTERS
RULES = ("all", "any")
COLUMNS = ("candidate", "prompt", "item", "judge", "run", "verdict")
KEY_COLUMNS = COLUMNS[:-1]
_TRUE = frozenset({"yes", "true", "1"})
_FALSE = frozenset({"no", "false", "0"})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "duplicate_verdict": "the same candidate, prompt, item, judge and run appear twice",
    "csv_field_count": "expected {expected_count} fields, got {got_count}",
    "no_verdicts_after_header": "no verdicts after the header",
    "verdicts_layout": 'expected JSON Lines, a list of verdicts or {{"verdicts": [...]}}',
    "no_verdicts_in_file": "no verdicts in the file",
    "no_verdicts": "no verdicts",
    "unknown_filter": "unknown filter {got}; use {choices}",
})


# --------------------------------------------------------------------------- reading


def _finish(raw: pd.DataFrame, lines: np.ndarray) -> pd.DataFrame:
    """Check the string columns of ``raw`` (one row per verdict, ``lines`` its line numbers)."""
    for column in KEY_COLUMNS:
        values = raw[column].astype(str).str.strip()
        blank = (values == "").to_numpy()
        if blank.any():
            raise problem("empty_value", at_line(int(lines[np.argmax(blank)]), column))
        raw[column] = values
    text = raw["verdict"].astype(str).str.strip().str.lower()
    yes = text.isin(_TRUE).to_numpy()
    no = text.isin(_FALSE).to_numpy()
    bad = ~(yes | no)
    if bad.any():
        first = int(np.argmax(bad))
        value = raw["verdict"].iloc[first]
        raise expected_value("yes_no_verdict", repr(value), at_line(int(lines[first]), "verdict"))
    frame = pd.DataFrame({c: raw[c].to_numpy(dtype=object) for c in KEY_COLUMNS})
    frame["verdict"] = yes
    duplicated = frame.duplicated(list(KEY_COLUMNS)).to_numpy()
    if duplicated.any():
        first = int(np.argmax(duplicated))
        raise input_error(PROBLEMS, "duplicate_verdict", at_line(int(lines[first])))
    return frame


def _missing(columns) -> None:
    missing = [c for c in COLUMNS if c not in columns]
    if missing:
        raise missing_columns(missing, at_line(1))


def _read_csv(text: str, limit: ReadLimit) -> pd.DataFrame:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
        while not any(cell.strip() for cell in header):
            header = next(reader)
    except StopIteration:
        raise problem("file_empty") from None
    except csv.Error as error:
        raise unreadable_csv(error, at_line(1)) from None
    names = [cell.strip().lower() for cell in header]
    header_line = reader.line_num
    check_csv_header(header, VERDICTS, at_line(header_line))
    try:
        _missing(names)
    except InputError as error:
        raise error.at(at_line(header_line)) from None
    index = [names.index(c) for c in COLUMNS]
    width = len(names)
    rows: list[list[str]] = []
    lines: list[int] = []
    try:
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != width:
                raise input_error(PROBLEMS, "csv_field_count", at_line(reader.line_num), expected_count=width,
                                  got_count=len(row))
            if limit.rows is not None and len(rows) == limit.rows:
                check_rows(len(rows) + 1 + sum(1 for row in reader if any(cell.strip() for cell in row)), limit)
            rows.append([formula_unsafe(row[i]) for i in index])  # as verdicts_to_csv escapes them
            lines.append(reader.line_num)
    except csv.Error as error:
        raise unreadable_csv(error, at_line(reader.line_num)) from None
    if not rows:
        raise input_error(PROBLEMS, "no_verdicts_after_header")
    raw = pd.DataFrame(rows, columns=list(COLUMNS), dtype=object)
    return _finish(raw, np.asarray(lines))


def _scalar(value: object, where: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float) and value is not None:
        return str(value)
    raise expected_value("string_or_number", repr(value), where)


def _read_json(text: str, limit: ReadLimit) -> pd.DataFrame:
    document = parse_format(text, VERDICTS, limit)
    if document.kind == "jsonl":
        records = [(at_line(n), n, value) for n, value in document.records]
    elif isinstance(document.value, list):
        records = [(f"[{i}]", i + 1, value) for i, value in enumerate(document.value)]
    elif isinstance(document.value, dict) and "verdicts" not in document.value:  # JSON Lines of one line
        records = [(at_line(1), 1, document.value)]
    elif isinstance(document.value, dict) and isinstance(document.value.get("verdicts"), list):
        records = [(f"verdicts[{i}]", i + 1, value) for i, value in enumerate(document.value["verdicts"])]
    else:
        raise input_error(PROBLEMS, "verdicts_layout")
    if not records:
        raise input_error(PROBLEMS, "no_verdicts_in_file")
    check_rows(len(records), limit)
    rows = []
    for where, _, record in records:
        if not isinstance(record, dict):
            raise expected_value("object", type(record).__name__, where)
        try:
            _missing(record.keys())
        except InputError as error:
            raise error.at(where) from None
        rows.append([_scalar(record[c], f"{where}: {c}") for c in COLUMNS])
    raw = pd.DataFrame(rows, columns=list(COLUMNS), dtype=object)
    lines = np.arange(1, len(rows) + 1)
    try:
        return _finish(raw, lines)
    except InputError as error:  # _finish names "line k" by position; give the record's own place
        if error.where.startswith("line "):
            position, _, rest = error.where[5:].partition(":")
            place = records[int(position) - 1][0]
            raise error.at(place + (":" + rest if rest else "")) from None
        raise


def read_verdicts(data: bytes, name: str, limit: ReadLimit = UNLIMITED) -> pd.DataFrame:
    """Read verdicts from CSV (with a header) or JSON Lines / a JSON list of objects; a file of more verdicts than
    ``limit`` takes is refused before any is kept.

    Returns a frame with string columns ``candidate, prompt, item, judge, run`` and a bool
    ``verdict``. Extra columns are ignored. Errors are :class:`InputError` located in ``name``
    and naming the line (CSV, JSONL) or the record (JSON list).
    """
    try:
        text = decode_text(data)
        stripped = text.lstrip("\ufeff \t\r\n")
        if not stripped:
            raise problem("file_empty")
        if stripped[0] in "{[":
            return _read_json(text, limit)
        return _read_csv(text.lstrip("\ufeff"), limit)
    except InputError as error:
        raise error.located(name) from None


def verdicts_to_csv(frame: pd.DataFrame) -> str:
    """Verdicts as CSV text (verdict written yes/no), readable back by :func:`read_verdicts`."""
    out = pd.DataFrame({c: frame[c].astype(str).map(formula_safe) for c in KEY_COLUMNS})
    out["verdict"] = np.where(frame["verdict"].to_numpy(dtype=bool), "yes", "no")
    # With "\r\n" as the line end the writer quotes any field holding "\r" or "\n"; with "\n"
    # alone a bare "\r" would go out unquoted and split the row when read back.
    return out.to_csv(index=False, lineterminator="\r\n")


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class FilterSettings:
    enabled: tuple[str, ...] = FILTERS
    rule: str = "all"
    misaligned_below: float = 0.0
    unstable_above: float = 0.20

    def checked(self) -> FilterSettings:
        unknown = [f for f in self.enabled if f not in FILTERS]
        if unknown:
            raise input_error(PROBLEMS, "unknown_filter", "filters", got=repr(unknown[0]), choices=", ".join(FILTERS))
        if self.rule not in RULES:
            raise expected_value("all_or_any", repr(self.rule), "rule")
        for name in ("misaligned_below", "unstable_above"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
                raise expected_value("number", repr(value), name)
        if not 0.0 <= self.unstable_above <= 1.0:
            raise problem("must_be_between", "unstable_above", low=0, high=1, got=repr(self.unstable_above))
        return self


@dataclass(frozen=True)
class RemovedItem:
    """An item a filter removed; ``reason`` in English, ``details`` for translated messages."""

    prompt: str
    item: str
    filter: str
    reason: str
    details: Mapping[str, str] = field(default_factory=dict, compare=False)  # the figures of the reason


@dataclass(frozen=True)
class StabilityFigures:
    spearman: Mapping[str, float | None]
    kendall: Mapping[str, float | None]
    identical_ranks: int
    mean_neighbour_gap: float | None
    spread: float | None
    separated_pairs: int
    ranking: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # judge -> candidates, best first

    def to_dict(self) -> dict:
        def points(value: float | None) -> float | None:
            return None if value is None else value * 100.0
        return {
            "spearman": dict(self.spearman),
            "kendall": dict(self.kendall),
            "identical_ranks": self.identical_ranks,
            "mean_neighbour_gap": points(self.mean_neighbour_gap),
            "spread": points(self.spread),
            "separated_pairs": self.separated_pairs,
        }


def _drfr_dict(table: Mapping[str, Mapping[str, Proportion]]) -> dict:
    def points(value: float | None) -> float | None:
        return None if value is None else value * 100.0
    return {judge: {cand: {"passed": p.successes, "judged": p.total, "value": points(p.value),
                           "low": points(p.low), "high": points(p.high)}
                    for cand, p in row.items()}
            for judge, row in table.items()}


@dataclass(frozen=True)
class RubricAnalysis:
    drfr_before: Mapping[str, Mapping[str, Proportion]]
    drfr_after: Mapping[str, Mapping[str, Proportion]]
    removed: tuple[RemovedItem, ...]
    stability_before: StabilityFigures
    stability_after: StabilityFigures
    ties: int
    items: int = 0  # distinct (prompt, item) pairs
    kept_items: int = 0

    def removed_keys(self, filter_name: str | None = None) -> frozenset[tuple[str, str]]:
        """The (prompt, item) pairs removed (by ``filter_name`` only, if given)."""
        return frozenset((r.prompt, r.item) for r in self.removed if filter_name in (None, r.filter))

    def to_dict(self) -> dict:
        """The CLI's JSON: DRFR value, low and high on the 0-100 scale."""
        return {
            "drfr": {"before": _drfr_dict(self.drfr_before), "after": _drfr_dict(self.drfr_after)},
            "removed": [{"prompt": r.prompt, "item": r.item, "filter": r.filter, "reason": r.reason}
                        for r in self.removed],
            "stability": {"before": self.stability_before.to_dict(), "after": self.stability_after.to_dict()},
            "ties": self.ties,
        }


# --------------------------------------------------------------------------- analysis


@dataclass(frozen=True)
class _Cube:
    """Dense run counts: axes candidate x item x judge."""

    candidates: tuple[str, ...]
    prompts: np.ndarray  # per item
    items: np.ndarray
    judges: tuple[str, ...]
    passes: np.ndarray  # int, C x I x J
    runs: np.ndarray


def _codes(series: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(series.dtype, pd.CategoricalDtype):
        categories = np.asarray(series.cat.categories.astype(str), dtype=object)
        codes = series.cat.codes.to_numpy()
        order = np.argsort(categories, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return rank[codes].astype(np.int64), categories[order]
    codes, uniques = pd.factorize(series.astype(str), sort=True)
    return codes.astype(np.int64), np.asarray(uniques, dtype=object)


def _cube(verdicts: pd.DataFrame) -> _Cube:
    _missing(verdicts.columns)
    if len(verdicts) == 0:
        raise input_error(PROBLEMS, "no_verdicts")
    c, cands = _codes(verdicts["candidate"])
    p, prompts = _codes(verdicts["prompt"])
    it, items = _codes(verdicts["item"])
    j, judges = _codes(verdicts["judge"])
    pair = p * len(items) + it
    pair_codes, pair_uniques = pd.factorize(pair, sort=True)
    n_c, n_i, n_j = len(cands), len(pair_uniques), len(judges)
    key = (c * n_i + pair_codes) * n_j + j
    size = n_c * n_i * n_j
    verdict = verdicts["verdict"].to_numpy(dtype=bool)
    passes = np.bincount(key, weights=verdict, minlength=size).astype(np.int64).reshape(n_c, n_i, n_j)
    runs = np.bincount(key, minlength=size).reshape(n_c, n_i, n_j)
    return _Cube(tuple(str(x) for x in cands), prompts[pair_uniques // len(items)],
                 items[pair_uniques % len(items)], tuple(str(x) for x in judges), passes, runs)


def _prompt_codes(cube: _Cube) -> np.ndarray:
    """Each item's prompt, as a number from 0."""
    return np.unique(cube.prompts.astype(str), return_inverse=True)[1]


def _by_prompt(values: np.ndarray, prompts: np.ndarray) -> np.ndarray:
    """``values`` (C x I x J) summed over the items of each prompt: C x P x J."""
    return np.stack([values[:, prompts == p, :].sum(axis=1) for p in range(int(prompts.max()) + 1)], axis=1)


def _drfr(cube: _Cube, majority: np.ndarray, judged: np.ndarray, keep: np.ndarray,
          confidence: float) -> tuple[dict, np.ndarray, np.ndarray]:
    """DRFR per judge and candidate over the kept items, and the passed and judged counts by prompt (C x P x J)."""
    prompts = _prompt_codes(cube)
    passed = _by_prompt(majority & judged & keep[None, :, None], prompts)
    total = _by_prompt(judged & keep[None, :, None], prompts)
    table = {}
    for ji, judge in enumerate(cube.judges):
        table[judge] = {cand: grouped_proportion(list(zip(passed[ci, :, ji].tolist(), total[ci, :, ji].tolist(),
                                                          strict=True)), confidence)
                        for ci, cand in enumerate(cube.candidates)}
    return table, passed, total


def _without_intervals(table: dict) -> dict:
    """DRFR after filtering, its intervals withheld: the filters chose the items from these same verdicts (they
    drop the items every candidate passes or fails), so the kept items are not a sample of any population an
    interval could speak of. With two candidates, 100 prompts and no bad item planted, the after interval held the
    good items' true rate 36% of the time (``bench/coverage.py``); the value stays, as a description of the kept
    items."""
    return {judge: {cand: Proportion(p.successes, p.total, p.unlabelled, p.value, None, None, p.confidence)
                    for cand, p in row.items()} for judge, row in table.items()}


def _float_or_none(value: float) -> float | None:
    value = float(value)
    return None if math.isnan(value) else value


def _stability(cube: _Cube, passed_by_prompt: np.ndarray, total_by_prompt: np.ndarray,
               confidence: float) -> StabilityFigures:
    from scipy import stats as sps

    passed, total = passed_by_prompt.sum(axis=1), total_by_prompt.sum(axis=1)  # C x J
    # Where a judge judged nothing for a candidate the rate is undefined: ``defined`` says so
    # explicitly rather than a NaN travelling through the arithmetic.
    defined = total > 0
    rate = passed / np.maximum(total, 1)  # C x J
    names = np.array(cube.candidates, dtype=object)
    spearman: dict[str, float | None] = {}
    kendall: dict[str, float | None] = {}
    for a, b in itertools.combinations(range(len(cube.judges)), 2):
        label = f"{cube.judges[a]}|{cube.judges[b]}"
        both = defined[:, a] & defined[:, b]
        x, y = rate[both, a], rate[both, b]
        if both.sum() < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
            spearman[label] = kendall[label] = None
            continue
        spearman[label] = _float_or_none(sps.spearmanr(x, y).statistic)
        kendall[label] = _float_or_none(sps.kendalltau(x, y).statistic)
    ranking = {}
    orders = []
    for ji, judge in enumerate(cube.judges):
        score = np.where(defined[:, ji], rate[:, ji], -1.0)
        order = np.lexsort((names, -score))  # best first, ties by name
        orders.append(order)
        ranking[judge] = tuple(names[order])
    stacked = np.array(orders)
    identical = int((stacked == stacked[0]).all(axis=0).sum()) if len(orders) else 0
    counts = defined.sum(axis=1)
    mean = np.where(defined, rate, 0.0).sum(axis=1) / np.maximum(counts, 1)
    valid = np.flatnonzero(counts > 0)
    gap = spread = None
    separated = 0
    if len(valid) >= 2:
        order = valid[np.lexsort((names[valid], -mean[valid]))]
        sorted_mean = mean[order]
        spread = float(sorted_mean[0] - sorted_mean[-1])
        gap = float(np.mean(-np.diff(sorted_mean)))
        # the judges' verdicts on one answer pooled, the prompts as clusters (C x P counts)
        pooled = [grouped_proportion(list(zip(passed_by_prompt[ci].sum(axis=-1).tolist(),
                                              total_by_prompt[ci].sum(axis=-1).tolist(), strict=True)), confidence)
                  for ci in order]
        for upper, lower in itertools.pairwise(pooled):
            if upper.low is not None and lower.high is not None and upper.low > lower.high:
                separated += 1
    return StabilityFigures(spearman, kendall, identical, gap, spread, separated, ranking)


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def _misaligned_r(majority: np.ndarray, judged: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Correlation (items x judges) between an item's verdicts and the leave-item-out DRFR,
    and where it is defined (at least two candidates and both sides varying)."""
    x = majority.astype(np.float64)
    w = judged.astype(np.float64)
    passed = (x * w).sum(axis=1, keepdims=True)
    total = w.sum(axis=1, keepdims=True)
    rest = total - w
    with np.errstate(invalid="ignore", divide="ignore"):
        y = np.where(rest > 0, (passed - x * w) / np.where(rest > 0, rest, 1), 0.0)
    w = w * (rest > 0)
    n = w.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mx = (w * x).sum(axis=0) / n
        my = (w * y).sum(axis=0) / n
        dx = x - mx
        dy = y - my
        vx = (w * dx * dx).sum(axis=0)
        vy = (w * dy * dy).sum(axis=0)
        cov = (w * dx * dy).sum(axis=0)
        r = cov / np.sqrt(vx * vy)
    defined = (n >= 2) & (vx > 1e-12) & (vy > 1e-12)
    return np.where(defined, r, 0.0), defined


def analyse(verdicts: pd.DataFrame, settings: FilterSettings = FilterSettings(),
            confidence: float = DEFAULT_CONFIDENCE) -> RubricAnalysis:
    """DRFR, filtered items and stability figures before and after filtering (module docstring)."""
    settings = settings.checked()
    confidence = check_confidence(confidence)
    cube = _cube(verdicts)
    judged = cube.runs > 0
    majority = 2 * cube.passes > cube.runs  # ties resolve as fail
    ties = int((judged & (2 * cube.passes == cube.runs)).sum())
    n_items = len(cube.items)
    judged_item = judged.any(axis=0)  # I x J: the judge judged the item
    n_judged = judged_item.sum(axis=1)
    def by_rule(per_judge: np.ndarray) -> np.ndarray:
        if settings.rule == "all":
            return (n_judged > 0) & np.all(per_judge | ~judged_item, axis=1)
        return np.any(per_judge & judged_item, axis=1)

    fired: dict[str, np.ndarray] = {}
    n_cands = judged.sum(axis=0)  # I x J candidates judged
    n_pass = (majority & judged).sum(axis=0)
    if "trivial" in settings.enabled:
        fired["trivial"] = by_rule((n_cands > 0) & (n_pass == n_cands))
    if "impossible" in settings.enabled:
        fired["impossible"] = by_rule((n_cands > 0) & (n_pass == 0))
    r = r_defined = None
    if "misaligned" in settings.enabled:
        r, r_defined = _misaligned_r(majority, judged)
        fired["misaligned"] = by_rule(r_defined & (r < settings.misaligned_below))
    changing = (cube.passes > 0) & (cube.passes < cube.runs)
    repeated = cube.runs >= 2
    n_repeated = repeated.sum(axis=(0, 2))
    n_changing = changing.sum(axis=(0, 2))
    if "unstable" in settings.enabled:
        share = np.where(n_repeated > 0, n_changing / np.maximum(n_repeated, 1), 0.0)
        fired["unstable"] = (n_repeated > 0) & (share > settings.unstable_above)

    judge_word = "every" if settings.rule == "all" else "at least one"
    removed: list[RemovedItem] = []
    keep = np.ones(n_items, dtype=bool)
    for index in np.flatnonzero(np.any(np.array([fired[f] for f in fired]), axis=0)) if fired else []:
        keep[index] = False
        for name in FILTERS:
            if name not in fired or not fired[name][index]:
                continue
            judges_on = [ji for ji in range(len(cube.judges)) if judged_item[index, ji]]
            if name in ("trivial", "impossible"):
                detail = ", ".join(f"{cube.judges[ji]} {n_pass[index, ji]}/{n_cands[index, ji]}" for ji in judges_on)
                verb = "passed" if name == "trivial" else "failed"
                reason = f"{verb} by every candidate under {judge_word} judge (passed/judged: {detail})"
                details = {"rule": settings.rule, "detail": detail}
            elif name == "misaligned":
                detail = ", ".join(
                    f"{cube.judges[ji]} " + ("—" if not r_defined[index, ji] else f"{r[index, ji]:+.3f}")
                    for ji in judges_on)
                reason = (f"correlation between its verdicts and the candidates' DRFR without it is below "
                          f"{settings.misaligned_below:g} under {judge_word} judge ({detail})")
                details = {"rule": settings.rule, "detail": detail, "cutoff": f"{settings.misaligned_below:g}"}
            else:
                share = n_changing[index] / n_repeated[index]
                reason = (f"verdict changes between runs in {n_changing[index]} of {n_repeated[index]} "
                          f"(candidate, judge) pairs ({_pct(share)} > {_pct(settings.unstable_above)})")
                details = {"changing": str(n_changing[index]), "repeated": str(n_repeated[index]),
                           "share": _pct(share), "cutoff": _pct(settings.unstable_above)}
            removed.append(RemovedItem(str(cube.prompts[index]), str(cube.items[index]), name, reason, details))

    everything = np.ones(n_items, dtype=bool)
    before, passed_b, total_b = _drfr(cube, majority, judged, everything, confidence)
    after, passed_a, total_a = _drfr(cube, majority, judged, keep, confidence)
    if not keep.all():
        after = _without_intervals(after)
    return RubricAnalysis(
        drfr_before=before, drfr_after=after, removed=tuple(removed),
        stability_before=_stability(cube, passed_b, total_b, confidence),
        stability_after=_stability(cube, passed_a, total_a, confidence),
        ties=ties, items=n_items, kept_items=int(keep.sum()))
