"""A made-up fifth RAG dimension, "answer relevance" (claims labelled ``on_topic``), added as a record before any
module reads the records: the start of the scripts tests/core/rag/test_dimensions.py and
tests/pages/test_fifth_dimension_page.py run in a new interpreter. Adding the record re-derives the tables that
uncase_core/rag/dimensions.py computes from the records at import (DERIVED lists them; a test checks the list)."""

from __future__ import annotations

# The catalogue entries a RAG dimension needs (uncase_core/rag/dimensions.py), by its name and by the label its unit
# carries. A new dimension is its record, these entries in every catalogue, and the data (tests/ui/test_i18n.py
# checks each record has them all, and that no other entry is written per dimension).
DIMENSION_KEYS = ("metric.{name}", "cause.{name}", "explain.{name}", "judge.unit.{name}", "judge.unit_plural.{name}",
                  "judge.question.{name}")
LABEL_KEYS = ("label.{label}", "label.{label}_help", "focus.ask.{label}", "agr.field.{label}")


def dimension_keys(name: str, label: str) -> tuple[str, ...]:
    """The catalogue keys of the dimension ``name`` whose units carry ``label``."""
    return tuple(key.format(name=name) for key in DIMENSION_KEYS) + tuple(key.format(label=label) for key in LABEL_KEYS)


DERIVED = ("BY_NAME", "METRICS", "METRIC_UNITS", "DEFAULT_THRESHOLDS", "CAUSES", "JUDGED_AGAINST")

ADD_FIFTH_DIMENSION = r'''
from types import MappingProxyType as _Proxy
from uncase_core.rag import dimensions as d
fifth = d.Dimension(name="answer_relevance", unit="claims", label="on_topic", threshold=0.7,
                    cause="the answer wanders off the question", unit_word="claim", tag="ans", judge_cutoff=0.5,
                    judged_against="question", ragas_columns=("answer_relevancy",))
d.DIMENSIONS = (*d.DIMENSIONS, fifth)
d.BY_NAME = _Proxy({x.name: x for x in d.DIMENSIONS})
d.METRICS = tuple(d.BY_NAME)
d.METRIC_UNITS = _Proxy({x.name: (x.unit, x.label) for x in d.DIMENSIONS})
d.DEFAULT_THRESHOLDS = _Proxy({x.name: x.threshold for x in d.DIMENSIONS})
d.CAUSES = _Proxy({x.name: x.cause for x in d.DIMENSIONS})
d.JUDGED_AGAINST = _Proxy({x.name: x.judged_against for x in d.DIMENSIONS})
'''
