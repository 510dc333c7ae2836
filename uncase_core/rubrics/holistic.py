"""Holistic scores: one number per candidate and judge, and how far judges agree on their ranking.

Document 003 compares three protocols: holistic scoring, rubric scoring and filtered rubric
scoring. Holistic scores (``candidate, judge, score``, CSV or JSONL) give the first: the
same agreement figures as the rubric analysis (Spearman and Kendall for each pair of judges,
ranks on which all judges agree), so the three can be read side by side.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
import pandas as pd

from uncase_core.errors import (
    InputError,
    at_line,
    expected_object_with,
    expected_value,
    input_error,
    missing_columns,
    problem,
    unreadable_csv,
)
from uncase_core.rubrics.generator import PlantedTruth
from uncase_core.shared.formats import HOLISTIC, check_csv_header, parse_format
from uncase_core.shared.jsonfiles import decode_text
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows
from uncase_core.shared.spreadsheets import formula_safe, formula_unsafe

HOLISTIC_COLUMNS = ("candidate", "judge", "score")
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "no_scores": "no scores in the file",
    "second_score": "a second score for the same candidate and judge",
})


def _score(value: object, where: str) -> float:
    if isinstance(value, bool):
        raise expected_value("number", json.dumps(value), where)
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):  # OverflowError: an integer too large for a float
        raise expected_value("number", repr(value), where) from None
    if not math.isfinite(number):
        raise expected_value("finite_number", repr(value), where)
    return number


def _text(value: object, where: str) -> str:
    if value is None or isinstance(value, (dict, list, bool)) or str(value).strip() == "":
        raise expected_value("name", json.dumps(value), where)
    return str(value).strip()


def holistic_to_csv(frame: pd.DataFrame) -> str:
    """``candidate, judge, score`` rows as CSV text, readable back by :func:`read_holistic` (names a spreadsheet
    would run as a formula escaped, :func:`uncase_core.shared.spreadsheets.formula_safe`)."""
    return frame.map(formula_safe).to_csv(index=False, lineterminator="\r\n")


def read_holistic(data: bytes, name: str, limit: ReadLimit = UNLIMITED) -> pd.DataFrame:
    """Read ``candidate, judge, score`` rows; errors name the file, the line and the column. A file of more rows than
    ``limit`` takes is refused before any is kept."""
    try:
        text = decode_text(data)
        if not text.strip():
            raise problem("file_empty")
        rows: list[tuple[str, dict]] = []
        if name.lower().endswith(".csv") or not text.lstrip().startswith(("{", "[")):
            reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
            try:
                check_csv_header(reader.fieldnames or [], HOLISTIC, at_line(1))
                missing = [c for c in HOLISTIC_COLUMNS if c not in (reader.fieldnames or [])]
                if missing:
                    raise missing_columns(missing, at_line(1))
                for row in reader:
                    if None in row:  # DictReader puts cells beyond the header under the key None
                        raise problem("csv_more_cells", at_line(reader.line_num))
                    if limit.rows is not None and len(rows) == limit.rows:
                        check_rows(len(rows) + 1 + sum(1 for _ in reader), limit)
                    # as holistic_to_csv escapes them
                    rows.append((at_line(reader.line_num), {k: formula_unsafe(v) for k, v in row.items()}))
            except csv.Error as error:
                # DictReader.line_num is only updated after a row is read: ask its reader.
                raise unreadable_csv(error, at_line(max(reader.reader.line_num, 1))) from None
        else:
            document = parse_format(text, HOLISTIC, limit)
            records = document.records if document.kind == "jsonl" else \
                [(i + 1, r) for i, r in enumerate(document.value if isinstance(document.value, list) else
                                                  [document.value])]
            check_rows(len(records), limit)
            for line, record in records:
                if not isinstance(record, dict):
                    raise expected_object_with(HOLISTIC_COLUMNS, at_line(line))
                rows.append((at_line(line), record))
        if not rows:
            raise input_error(PROBLEMS, "no_scores")
        parsed = [(_text(row.get("candidate"), f"{where}: candidate"), _text(row.get("judge"), f"{where}: judge"),
                   _score(row.get("score"), f"{where}: score")) for where, row in rows]
        frame = pd.DataFrame(parsed, columns=list(HOLISTIC_COLUMNS))
        duplicated = frame.duplicated(["candidate", "judge"])
        if duplicated.any():
            where = rows[int(np.flatnonzero(duplicated.to_numpy())[0])][0]
            raise input_error(PROBLEMS, "second_score", where)
        return frame
    except InputError as error:
        raise error.located(name) from None


@dataclass(frozen=True)
class RankAgreement:
    spearman: Mapping[str, float | None]  # "J1|J2" -> rho
    kendall: Mapping[str, float | None]
    identical_ranks: int
    ranking: Mapping[str, tuple[str, ...]]  # judge -> candidates, best first

    def to_dict(self) -> dict:
        return {"spearman": dict(self.spearman), "kendall": dict(self.kendall),
                "identical_ranks": self.identical_ranks}


def _defined(value: float) -> float | None:
    return None if value is None or math.isnan(value) else float(value)


def holistic_agreement(scores: pd.DataFrame) -> RankAgreement:
    """Agreement between judges' holistic rankings (candidates scored by every judge only)."""
    import scipy.stats as sps  # here, not with the module: it is on every page's first-run import path

    table = scores.pivot_table(index="candidate", columns="judge", values="score", aggfunc="mean").dropna()
    judges = [str(j) for j in table.columns]
    spearman: dict[str, float | None] = {}
    kendall: dict[str, float | None] = {}
    for a, b in itertools.combinations(judges, 2):
        x, y = table[a].to_numpy(), table[b].to_numpy()
        label = f"{a}|{b}"
        if len(x) < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
            spearman[label] = kendall[label] = None
            continue
        spearman[label] = _defined(sps.spearmanr(x, y).statistic)
        kendall[label] = _defined(sps.kendalltau(x, y).statistic)
    names = np.array([str(c) for c in table.index], dtype=object)
    ranking = {j: tuple(names[np.lexsort((names, -table[j].to_numpy()))]) for j in judges}
    orders = [ranking[j] for j in judges]
    identical = sum(1 for position in zip(*orders, strict=True) if len(set(position)) == 1) if orders else 0
    return RankAgreement(spearman, kendall, identical, ranking)


def generate_holistic(truth: PlantedTruth, judges: Sequence[str], seed: int, noise: float = 0.5) -> pd.DataFrame:
    """Synthetic 0-10 holistic scores: each judge folds ability, its own bias and noise into one number.

    One number per candidate carries all of a judge's taste, which is what makes holistic
    rankings less stable between judges than rubric ones.
    """
    rng = np.random.default_rng(seed + 10_007)  # its own stream: the verdicts stay as they were
    rows = []
    for judge in judges:
        bias = rng.normal(0.0, 0.3)
        for candidate, ability in truth.ability.items():
            logit = ability + bias + rng.normal(0.0, noise)
            rows.append((candidate, judge, round(10.0 / (1.0 + math.exp(-logit)), 1)))
    return pd.DataFrame(rows, columns=list(HOLISTIC_COLUMNS))
