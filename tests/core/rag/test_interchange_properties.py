"""Round trips through every target, for any cases (hypothesis): write, read back, nothing of the case is lost, and a
second trip gives the very same cases and the very same file."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uncase_core.rag.cases import LABEL_FIELDS, RagCase, RagDataset, Unit
from uncase_core.rag.interchange import export_cases, read_cases
from uncase_core.rag.sources import RECORD_KEYS, SOURCE_FILE_KEY, reference_of

# (tool, layout, kind of file)
TARGETS = [("ragas", None, "jsonl"), ("ragas", None, "json"), ("ragas", None, "csv"), ("ragas", None, "parquet"),
           ("deepeval", "snake", "json"), ("deepeval", "camel", "json"), ("deepeval", "snake", "jsonl"),
           ("deepeval", "snake", "csv"), ("label-studio", None, "json")]
LETTERS = "abcdefghijklmnopqrstuvwxyzáéíóúñüABCÑ¿¡"
text = st.text(alphabet=LETTERS + " .,;:!?\"'-\n|", min_size=1, max_size=40).filter(
    lambda value: any(char in LETTERS for char in value)).map(str.strip)
label = st.sampled_from([True, False, None])


@st.composite
def units(draw: Any, kind: str, prefix: str) -> tuple[Unit, ...]:
    made = []
    for index in range(draw(st.integers(0, 4))):
        labels = {name: draw(label) for name in LABEL_FIELDS[kind]}
        judge = {f"judge_{name}": value for name in LABEL_FIELDS[kind]
                 if (value := draw(st.sampled_from([True, False, None, "absent"]))) != "absent"}
        made.append(Unit(f"{prefix}{index + 1}", draw(text), labels, {}, judge))
    return tuple(made)


@st.composite
def datasets(draw: Any) -> RagDataset:
    count = draw(st.integers(1, 4))
    ids = draw(st.lists(st.text(alphabet="abcdef-0123456789", min_size=1, max_size=8).filter(str.strip),
                        min_size=count, max_size=count, unique=True))
    cases = []
    for case_id in ids:
        metadata = draw(st.dictionaries(st.sampled_from(["language", "domain", "split", "team"]), text, max_size=3))
        cases.append(RagCase(case_id, draw(text), draw(units("passages", "p")), draw(st.one_of(st.just(""), text)),
                             draw(units("claims", "c")), draw(units("reference_facts", "f")), metadata))
    return RagDataset(tuple(cases))


def essentials(case: RagCase) -> tuple[Any, ...]:
    """What a round trip must keep: ids, texts, labels, verdicts, metadata, the reference (not the tool's records)."""
    metadata = dict(case.metadata)
    return (case.id, case.question, case.passages, case.answer, case.claims, case.reference_facts, metadata,
            reference_of(case))


def _without_records(dataset: RagDataset) -> tuple[RagCase, ...]:
    keys = {*RECORD_KEYS.values(), SOURCE_FILE_KEY}  # the last file read is each step's own
    return tuple(replace(case, extra={k: v for k, v in case.extra.items() if k not in keys}) for case in dataset.cases)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(datasets(), st.sampled_from(TARGETS))
def test_every_target_keeps_every_case(dataset, target):
    name, layout, kind = target
    written = export_cases(dataset, name, layout, kind)
    back = read_cases(written, f"cases.{kind}")
    assert back.format == name
    assert [essentials(case) for case in back.dataset.cases] == [essentials(case) for case in dataset.cases]
    again = read_cases(export_cases(back.dataset, name, layout, kind), f"again.{kind}")
    assert again.dataset.cases == back.dataset.cases
    assert export_cases(again.dataset, name, layout, kind) == export_cases(back.dataset, name, layout, kind)


@settings(max_examples=20, deadline=None)
@given(datasets())
def test_a_chain_of_tools_keeps_every_case(dataset):
    """RAGAS rows to Label Studio and back, then out to DeepEval and in again: the labels survive every step."""
    ragas = read_cases(export_cases(dataset, "ragas", "csv"), "rows.csv").dataset
    studio = read_cases(export_cases(ragas, "label-studio"), "tasks.json").dataset
    assert _without_records(studio) == _without_records(ragas)
    deepeval = read_cases(export_cases(studio, "deepeval", "snake"), "goldens.json").dataset
    assert [essentials(case) for case in deepeval.cases] == [essentials(case) for case in dataset.cases]


@settings(max_examples=20, deadline=None)
@given(datasets())
def test_parquet_rows_read_as_the_same_rows_in_json_lines(dataset):
    rows = [json.loads(line) for line in export_cases(dataset, "ragas", "jsonl").decode().splitlines()]
    for row in rows:  # Parquet holds one type per column: the hand labels as JSON text, as a CSV cell does
        row["hand_labels"] = json.dumps(row["hand_labels"], ensure_ascii=False)
        row.pop("metadata", None)  # objects with other keys per row would become one struct of every key
    table = pa.Table.from_pylist(rows)
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    from_parquet = read_cases(buffer.getvalue(), "rows.parquet").dataset
    assert [(case.id, case.question, case.passages, case.claims, case.reference_facts) for case in
            from_parquet.cases] == [(case.id, case.question, case.passages, case.claims, case.reference_facts)
                                    for case in dataset.cases]
