"""The RAG dimensions, one record each: what every part of the core knows about a dimension comes from here.

A record says which units the dimension counts and by which label, its didactic default threshold (document 001),
the cause the diagnosis names when it fails, what its unit is called in the judge's report, its tag in a failure
variant's id, the lexical judge's cutoff, and the names other tools give the metrics that score it (RAGAS's score
columns, DeepEval's metric names, promptfoo's assertion types). Its words in the reader's language are in the
catalogues (``metric.<name>``, ``cause.<name>``, ``explain.<name>``), never here.

The evaluation (:mod:`~uncase_core.rag.evaluation`), the readers of other tools' files, the failure variants, the
judge, the class labels and the command line read these records; a dimension added here (with its catalogue
entries) flows through them, and ``tests/core/rag/test_dimensions.py`` adds one to see it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True, kw_only=True)
class Dimension:
    """One RAG dimension (see the module's docstring for each field's use)."""

    name: str
    unit: str  # the unit kind it counts: "passages", "claims" or "reference_facts"
    label: str  # the label of that unit it counts: "relevant", "supported", "correct" or "covered"
    threshold: float  # document 001's didactic default: for teaching, not a production gate
    cause: str  # in English, for the command line and JSON output
    unit_word: str  # the unit in the judge's report: "passage"
    tag: str  # three letters in a failure variant's id
    judge_cutoff: float  # the lexical judge's cutoff, chosen on the built-in judge set (assets/judge)
    # What a unit is judged against: "question", "passages", "reference" (the reference facts) or "answer". Focus
    # mode and the judge page show it beside the unit; the lexical judge compares the unit with it.
    judged_against: str
    ragas_columns: tuple[str, ...] = ()  # RAGAS score columns read as judge scores on it
    deepeval_metrics: tuple[str, ...] = ()  # DeepEval metric names (each metric's __name__) that score it
    promptfoo_assertions: tuple[str, ...] = ()  # promptfoo assertion types that score it


DIMENSIONS: tuple[Dimension, ...] = (
    Dimension(name="context_relevance", unit="passages", label="relevant", threshold=0.50,
              cause="retrieval brings poor evidence", unit_word="passage", tag="rel", judge_cutoff=0.25,
              judged_against="question",
              ragas_columns=("context_precision", "llm_context_precision_with_reference",
                             "llm_context_precision_without_reference", "non_llm_context_precision_with_reference"),
              deepeval_metrics=("Contextual Relevancy", "Contextual Precision"),
              promptfoo_assertions=("context-relevance",)),
    Dimension(name="faithfulness", unit="claims", label="supported", threshold=0.70,
              cause="the answer goes beyond good evidence", unit_word="claim", tag="fai", judge_cutoff=0.6,
              judged_against="passages",
              ragas_columns=("faithfulness",), deepeval_metrics=("Faithfulness",),
              promptfoo_assertions=("context-faithfulness",)),
    Dimension(name="correctness", unit="claims", label="correct", threshold=0.70,
              cause="the answer is wrong against the reference", unit_word="claim", tag="cor", judge_cutoff=0.5,
              judged_against="reference",
              ragas_columns=("factual_correctness", "answer_correctness"),
              promptfoo_assertions=("factuality", "model-graded-factuality", "model-graded-closedqa")),
    Dimension(name="coverage", unit="reference_facts", label="covered", threshold=0.70,
              cause="the answer leaves key facts out", unit_word="reference fact", tag="cov", judge_cutoff=0.6,
              judged_against="answer",
              ragas_columns=("context_recall", "llm_context_recall", "non_llm_context_recall"),
              deepeval_metrics=("Contextual Recall",), promptfoo_assertions=("context-recall",)),
)



def labels_by_unit(unit_kinds: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each unit kind's labels, in the dimensions' order, each once (two dimensions may count one label)."""
    return {kind: tuple(dict.fromkeys(d.label for d in DIMENSIONS if d.unit == kind)) for kind in unit_kinds}


BY_NAME: Mapping[str, Dimension] = MappingProxyType({dimension.name: dimension for dimension in DIMENSIONS})
METRICS: tuple[str, ...] = tuple(BY_NAME)
METRIC_UNITS: Mapping[str, tuple[str, str]] = MappingProxyType({d.name: (d.unit, d.label) for d in DIMENSIONS})
DEFAULT_THRESHOLDS: Mapping[str, float] = MappingProxyType({d.name: d.threshold for d in DIMENSIONS})
CAUSES: Mapping[str, str] = MappingProxyType({d.name: d.cause for d in DIMENSIONS})
JUDGED_AGAINST: Mapping[str, str] = MappingProxyType({d.name: d.judged_against for d in DIMENSIONS})
AGAINST_KINDS = ("question", "passages", "reference", "answer")


def dimension_of_label(label: str) -> Dimension:
    """The (first) dimension whose units carry ``label``."""
    return next(d for d in DIMENSIONS if d.label == label)
