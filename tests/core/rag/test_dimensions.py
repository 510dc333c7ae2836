"""One record per RAG dimension (uncase_core/rag/dimensions.py): the tables the core reads are the records', and a
fifth dimension added as a record flows through the case format, the evaluation and another tool's file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.support.fifth_dimension import ADD_FIFTH_DIMENSION
from uncase_core.rag import dimensions
from uncase_core.rag.cases import LABEL_FIELDS

ROOT = Path(__file__).resolve().parents[3]


def test_the_four_dimensions_tables_come_from_their_records():
    from uncase_core.judge.lexical_judge import DEFAULT_CUTOFFS
    from uncase_core.judge.report import UNIT_NAMES
    from uncase_core.rag import evaluation
    from uncase_core.rag.deepeval import METRIC_DIMENSIONS
    from uncase_core.rag.promptfoo import ASSERTION_DIMENSIONS
    from uncase_core.rag.ragas import RAGAS_COLUMNS
    from uncase_core.rag.sources import HAND_SCORE_COLUMNS
    from uncase_core.rag.variants import TAGS

    assert evaluation.METRICS == ("context_relevance", "faithfulness", "correctness", "coverage")
    assert dict(evaluation.DEFAULT_THRESHOLDS) == {"context_relevance": 0.5, "faithfulness": 0.7, "correctness": 0.7,
                                                   "coverage": 0.7}  # document 001's
    assert dict(LABEL_FIELDS) == {"passages": ("relevant",), "claims": ("supported", "correct"),
                                  "reference_facts": ("covered",)}
    for record in dimensions.DIMENSIONS:
        assert evaluation.METRIC_UNITS[record.name] == (record.unit, record.label)
        assert (evaluation.CAUSES[record.name], UNIT_NAMES[record.name], TAGS[record.name],
                DEFAULT_CUTOFFS[record.name], RAGAS_COLUMNS[record.name]) == (
            record.cause, record.unit_word, record.tag, record.judge_cutoff, record.ragas_columns)
        assert [m for m, d in METRIC_DIMENSIONS.items() if d == record.name] == list(record.deepeval_metrics)
        assert [a for a, d in ASSERTION_DIMENSIONS.items() if d == record.name] == list(record.promptfoo_assertions)
        assert f"hand_{record.name}" in HAND_SCORE_COLUMNS


# Run in a new interpreter: the record is added before any module reads the records (as a real one would be).
FIFTH = ADD_FIFTH_DIMENSION + r'''
import json, sys

from uncase_core.rag.cases import LABEL_FIELDS, dataset_from_text, dataset_to_text
from uncase_core.rag.evaluation import case_metrics, evaluate_dataset
from uncase_core.rag.interchange import export_cases, read_cases
from uncase_core.judge.lexical_judge import case_scores, judge_case
from uncase_core.rag.label_studio import label_studio_config

case = {"id": "c1", "question": "When does the shop open?", "answer": "Monday. Cats are nice.",
        "passages": [{"id": "p1", "text": "It opens on Monday.", "relevant": True}],
        "claims": [{"id": "c1", "text": "It opens Monday.", "supported": True, "correct": True, "on_topic": True},
                   {"id": "c2", "text": "Cats are nice.", "supported": False, "correct": None, "on_topic": False}],
        "reference_facts": [{"id": "f1", "text": "Opens Monday.", "covered": True}]}
dataset = dataset_from_text(json.dumps(case), "case.json")
metrics = case_metrics(dataset.cases[0])
again = dataset_from_text(dataset_to_text(dataset), "again.jsonl")
ragas = read_cases(export_cases(dataset, "ragas", kind="jsonl"), "rows.jsonl").dataset
print(json.dumps({
    "labels": list(LABEL_FIELDS["claims"]),
    "metric": [metrics["answer_relevance"].successes, metrics["answer_relevance"].total],
    "dataset": [evaluate_dataset(dataset.cases).pooled.metrics["answer_relevance"].total],
    "round_trip": again.cases[0].claims[1].label("on_topic"),
    "ragas_labels": [c.label("on_topic") for c in ragas.cases[0].claims],
    "judge_scores": case_scores(dataset.cases[0])["answer_relevance"],
    "label_studio": [c.label("on_topic") for c in
                     read_cases(export_cases(dataset, "label-studio"), "tasks.json").dataset.cases[0].claims],
    "config": label_studio_config("es").decode(),
    "judge_verdicts": [c.verdict("on_topic") for c in judge_case(dataset.cases[0]).claims],
}))
'''


def test_a_fifth_dimension_is_a_record_and_flows_through():
    done = subprocess.run([sys.executable, "-c", FIFTH], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["labels"] == ["supported", "correct", "on_topic"]  # the case format carries its label
    assert seen["metric"] == [1, 2]  # the evaluation counts it: 1 of 2 claims on topic
    assert seen["dataset"] == [2]  # and the dataset's evaluation too
    assert seen["round_trip"] is False  # our own format keeps it
    assert seen["ragas_labels"] == [True, False]  # and RAGAS rows written and read back keep it
    assert seen["label_studio"] == [True, False]  # Label Studio tasks written and read back keep it
    assert 'name="on_topic_{{idx}}"' in seen["config"]  # and its labelling config asks it, by its name
    # the lexical judge compares each claim with what the record says it is judged against (the question):
    # "It opens Monday." holds "opens" of the question's content words, "Cats are nice." none of them
    assert seen["judge_scores"][0] > 0 and seen["judge_scores"][1] == 0
    assert seen["judge_verdicts"] == [seen["judge_scores"][0] >= 0.5, False]


def test_the_fifth_dimension_helper_re_derives_every_table_the_records_make():
    from tests.support.fifth_dimension import DERIVED
    from uncase_core.rag import dimensions

    tables = {name for name, value in vars(dimensions).items() if name.isupper() and name not in
              ("DIMENSIONS", "AGAINST_KINDS") and not callable(value)}
    assert tables == set(DERIVED)
