"""What the ``rag`` and ``compare`` commands' exit status says, so a CI job can stop on it (docs/cli.md).

- 0 ``pass``: nothing fails clearly (``rag``), B is not clearly worse on any dimension (``compare``);
- 1 ``fail``: a dimension of the pooled result is below its threshold and the interval says so clearly (``rag``);
  A is clearly better than B on a dimension, that is B clearly worse (``compare``);
- 2: bad input (:data:`uncase_core.cli.main.EXIT_BAD_INPUT`), nothing was evaluated;
- 3 ``nothing_labelled``: no dimension has a labelled unit (``rag``), no dimension has a case with a pass or fail
  for both systems (``compare``): an unlabelled dataset must never read as a pass; ``nothing_scored``: no score
  column has 2 scores (``scores``; with two runs, no column 2 cases both runs scored).

``scores`` (a tool's own scores) with two runs exits 1 ``fail`` when B's scores are clearly lower
than A's on a column (its paired interval below 0), else 0.

``--exit-zero`` keeps the report and returns 0 whatever it says (bad input still exits 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

GateStatus = Literal["pass", "fail", "nothing_labelled", "nothing_scored"]
EXIT_CODES: Mapping[GateStatus, int] = MappingProxyType({"pass": 0, "fail": 1, "nothing_labelled": 3,
                                                         "nothing_scored": 3})


@dataclass(frozen=True)
class Gate:
    """The verdict a CI reads: its status, the dimensions that decided it, and the exit status it gives."""

    status: GateStatus
    dimensions: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.status]

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "dimensions": list(self.dimensions), "exit_code": self.exit_code}


def rag_gate(evaluation: Any) -> Gate:
    """The gate of a :class:`~uncase_core.rag.evaluation.DatasetEvaluation`: its pooled diagnosis."""
    diagnosis = evaluation.pooled.diagnosis
    if diagnosis.status == "unlabelled":
        return Gate("nothing_labelled")
    clear = tuple(name for name in diagnosis.failing if name not in diagnosis.uncertain)
    return Gate("fail", clear) if clear else Gate("pass")


def compare_gate(comparison: Any) -> Gate:
    """The gate of a :class:`~uncase_core.compare.systems.SystemComparison`: B clearly worse on any dimension."""
    verdicts = {name: d.verdict.code for name, d in comparison.dimensions.items()}
    if all(code == "not_applicable" for code in verdicts.values()):
        return Gate("nothing_labelled")
    worse = tuple(name for name, code in verdicts.items() if code == "a_better")
    return Gate("fail", worse) if worse else Gate("pass")


def scores_gate(columns: Any, comparisons: Any = None) -> Gate:
    """The gate of ``scores``: one run's :class:`~uncase_core.rag.tool_scores.ScoreColumn` (nothing scored or
    pass), or two runs' :class:`~uncase_core.rag.tool_scores.ScoreComparison` (B clearly lower on a column: fail)."""
    if comparisons is None:
        if not any(column.mean is not None and column.mean.applicable for column in columns):
            return Gate("nothing_scored")
        return Gate("pass")
    compared = [c for c in comparisons if c.difference is not None and c.difference.applicable]
    if not compared:
        return Gate("nothing_scored")
    lower = tuple(c.metric for c in compared if c.difference.verdict == "b_lower")
    return Gate("fail", lower) if lower else Gate("pass")
