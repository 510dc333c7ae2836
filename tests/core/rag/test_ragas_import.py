"""Importing RAGAS-style rows as unlabelled cases."""

from __future__ import annotations

import csv
import io
import json
import os

import pytest

from uncase_core.errors import InputError
from uncase_core.rag.cases import dataset_from_text, dataset_to_text
from uncase_core.rag.evaluation import METRICS, case_metrics
from uncase_core.rag.ragas import import_ragas_bytes, import_ragas_text
from uncase_core.shared.sentences import split_sentences

ROW = {
    "user_input": "How long does a refund take?",
    "retrieved_contexts": ["Refunds take five working days.", "Shipping is free over 50 euros."],
    "response": "A refund takes five days. It goes back to the card.",
    "reference": "Refunds take five working days. The money returns to the original card. No fee applies.",
}
ROW_ES = {
    "user_input": "¿Cuánto tarda un reembolso?",
    "retrieved_contexts": ["Los reembolsos tardan 3,5 días."],
    "response": "¿Tarda mucho? ¡No! Tarda 3.5 días, según el Dr. Ruiz.",
    "reference": "El reembolso tarda 3,5 días hábiles.",
}


def csv_text(rows: list[dict[str, str]], fieldnames: list[str] | None = None) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fieldnames or list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def error_of(text: str, **kwargs) -> InputError:
    with pytest.raises(InputError) as caught:
        import_ragas_text(text, **kwargs)
    return caught.value


def assert_imported(dataset, rows):
    assert dataset.format == "jsonl"
    assert len(dataset.cases) == len(rows)
    for index, (case, row) in enumerate(zip(dataset.cases, rows, strict=True)):
        assert case.id == f"ragas-{index + 1:03d}"
        assert case.question == row["user_input"]
        assert case.answer == row["response"]
        assert [p.text for p in case.passages] == row["retrieved_contexts"]
        assert [p.id for p in case.passages] == [f"p{i}" for i in range(1, len(row["retrieved_contexts"]) + 1)]
        assert [c.text for c in case.claims] == split_sentences(row["response"])
        assert [f.text for f in case.reference_facts] == split_sentences(row["reference"])
        assert case.metadata == {"source": "ragas-import"}
        # Ready to label: every label present and null.
        assert all(p.labels == {"relevant": None} for p in case.passages)
        assert all(c.labels == {"supported": None, "correct": None} for c in case.claims)
        assert all(f.labels == {"covered": None} for f in case.reference_facts)


def test_jsonl_rows():
    dataset = import_ragas_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in (ROW, ROW_ES)))
    assert_imported(dataset, [ROW, ROW_ES])
    first = dataset.cases[0]
    assert [c.text for c in first.claims] == ["A refund takes five days.", "It goes back to the card."]
    assert [f.id for f in first.reference_facts] == ["f1", "f2", "f3"]
    assert [c.text for c in dataset.cases[1].claims] == ["¿Tarda mucho?", "¡No!", "Tarda 3.5 días, según el Dr. Ruiz."]


def test_json_array_rows():
    assert_imported(import_ragas_text(json.dumps([ROW, ROW_ES])), [ROW, ROW_ES])


def test_single_json_object_row():
    assert_imported(import_ragas_text(json.dumps(ROW)), [ROW])


def test_csv_with_json_list_cell():
    text = csv_text([{**ROW, "retrieved_contexts": json.dumps(ROW["retrieved_contexts"])},
                     {**ROW_ES, "retrieved_contexts": json.dumps(ROW_ES["retrieved_contexts"], ensure_ascii=False)}])
    assert_imported(import_ragas_text(text), [ROW, ROW_ES])


def test_csv_with_python_list_repr_cell():
    contexts = ["It's five days.", 'He said "no".', "Línea\ncon salto"]
    text = csv_text([{**ROW, "retrieved_contexts": repr(contexts)}])
    assert "['" in text or "[\"" in text
    dataset = import_ragas_text(text)
    assert [p.text for p in dataset.cases[0].passages] == contexts
    simple = csv_text([{**ROW, "retrieved_contexts": "['a', 'b']"}])
    assert [p.text for p in import_ragas_text(simple).cases[0].passages] == ["a", "b"]


def test_csv_plain_text_cell_is_one_context_and_blank_contexts_are_dropped():
    text = csv_text([{**ROW, "retrieved_contexts": "Only one passage."}])
    assert [p.text for p in import_ragas_text(text).cases[0].passages] == ["Only one passage."]
    text = csv_text([{**ROW, "retrieved_contexts": json.dumps(["a", "  ", "", "b"])}])
    assert [p.text for p in import_ragas_text(text).cases[0].passages] == ["a", "b"]
    text = csv_text([{**ROW, "retrieved_contexts": ""}])
    assert import_ragas_text(text).cases[0].passages == ()


def test_csv_format_can_be_forced_and_bom_is_dropped():
    text = csv_text([{**ROW, "retrieved_contexts": json.dumps(ROW["retrieved_contexts"])}])
    assert_imported(import_ragas_text(text, fmt="csv"), [ROW])
    assert_imported(import_ragas_bytes(b"\xef\xbb\xbf" + text.encode()), [ROW])


def test_old_column_names():
    old = {"question": ROW["user_input"], "contexts": ROW["retrieved_contexts"], "answer": ROW["response"],
           "ground_truth": ROW["reference"]}
    assert_imported(import_ragas_text(json.dumps(old) + "\n" + json.dumps(old) + "\n"), [ROW, ROW])
    text = csv_text([{**old, "contexts": json.dumps(old["contexts"])}])
    assert_imported(import_ragas_text(text), [ROW])


def test_ids_are_taken_from_the_row_when_present():
    rows = [{**ROW, "id": "refund-7"}, {**ROW, "id": 12}, {**ROW, "id": ""}, {**ROW, "id": "   "}, ROW]
    dataset = import_ragas_text(json.dumps(rows))
    assert [case.id for case in dataset.cases] == ["refund-7", "12", "ragas-003", "ragas-004", "ragas-005"]
    # What is imported can be exported and read back as a case dataset.
    assert dataset_from_text(dataset_to_text(dataset)) == dataset


def test_duplicate_row_ids():
    error = error_of(json.dumps({**ROW, "id": "x"}) + "\n" + json.dumps({**ROW, "id": "x"}) + "\n")
    assert str(error) == 'line 2: duplicate id "x"'


def test_only_user_input_is_required():
    dataset = import_ragas_text(json.dumps({"user_input": "q"}))
    case = dataset.cases[0]
    assert (case.question, case.answer, case.passages, case.claims, case.reference_facts) == ("q", "", (), (), ())


def test_missing_user_input_names_the_line():
    text = json.dumps(ROW) + "\n\n" + json.dumps({k: v for k, v in ROW.items() if k != "user_input"}) + "\n"
    assert str(error_of(text, source="rows.jsonl")) == "rows.jsonl: line 3: missing 'user_input' or 'question'"
    assert str(error_of(json.dumps([ROW, {"response": "a"}]))) == "[1]: missing 'user_input' or 'question'"
    rows = [{**ROW, "retrieved_contexts": "x"}, {**ROW, "user_input": "", "retrieved_contexts": "x"}]
    assert str(error_of(csv_text(rows))) == "line 3: missing 'user_input' or 'question'"


def test_csv_without_a_question_column():
    error = error_of("response,reference\nA.,B.\n")
    assert error.where == "line 1"
    assert "no user_input (or question) column" in error.problem


def test_csv_with_extra_cells_names_the_line():
    text = "user_input,response\nq,One.\nq2,Two.,surplus\n"
    assert str(error_of(text, source="rows.csv")) == "rows.csv: line 3: more cells than header columns"


def test_csv_with_fewer_cells_is_fine():
    dataset = import_ragas_text("user_input,response,reference\nq\n")
    assert dataset.cases[0].question == "q"
    assert dataset.cases[0].claims == ()


@pytest.mark.parametrize(
    ("row", "field"),
    [
        ({"user_input": 5}, "user_input"),
        ({"user_input": "q", "response": ["a"]}, "response"),
        ({"user_input": "q", "reference": {"a": 1}}, "reference"),
        ({"user_input": "q", "retrieved_contexts": [1, 2]}, "retrieved_contexts"),
        ({"user_input": "q", "retrieved_contexts": {"a": "b"}}, "retrieved_contexts"),
        ({"user_input": "q", "retrieved_contexts": "[1, 2]"}, "retrieved_contexts"),
    ],
)
def test_wrong_types_are_named(row, field):
    error = error_of(json.dumps(ROW) + "\n" + json.dumps(row) + "\n")
    assert error.where.startswith("line 2")
    assert field in error.where


def test_row_that_is_not_an_object():
    assert error_of(json.dumps([ROW, "text"])).where == "[1]"


@pytest.mark.parametrize("text", ["", "   \n", "\ufeff"])
def test_empty_input(text):
    assert str(error_of(text)) == "the file is empty"


def test_header_only_csv_has_no_rows():
    assert str(error_of("user_input,response\n")) == "no rows to import"
    assert str(error_of("[]")) == "no rows to import"


def test_invalid_utf8_bytes():
    with pytest.raises(InputError, match=r"^rows.csv: not UTF-8 text"):
        import_ragas_bytes(b"user_input\ncaf\xe9\n", "rows.csv")


def test_invalid_jsonl_line():
    error = error_of(json.dumps(ROW) + '\n{"user_input": \n')
    assert error.where == "line 2"
    assert error.problem.startswith("invalid JSON")


# ---------------------------------------------------------------- never executing code

MALICIOUS = [
    "[__import__('os').system('touch {marker}')]",
    "__import__('os').system('touch {marker}')",
    "[open('{marker}', 'w')]",
    "[exec(\"open('{marker}', 'w')\")]",
    "['a'] + [__import__('os').system('touch {marker}')]",
    "[lambda: open('{marker}', 'w')]",
    "[{{[1]: 2}}]",
    "[" * 10_000,
    "[" * 1_000 + "]" * 1_000,
    "['a', " * 200 + "]",
]


@pytest.mark.parametrize("payload", MALICIOUS)
def test_cell_content_is_never_executed(payload, tmp_path, monkeypatch):
    marker = tmp_path / "executed"
    calls = []
    monkeypatch.setattr(os, "system", lambda *args: calls.append(args) or 0)
    cell = payload.format(marker=marker)
    text = csv_text([{"user_input": "q", "retrieved_contexts": cell}])
    if cell.startswith("["):
        error = error_of(text)
        assert error.where == "line 2: retrieved_contexts"
        assert error.problem == "cannot read the list of contexts; write it as a JSON list of strings"
    else:
        # Not a list: kept as the text of one passage, never evaluated.
        assert [p.text for p in import_ragas_text(text).cases[0].passages] == [cell]
    assert not marker.exists()
    assert calls == []


def test_malicious_json_string_list_is_also_rejected():
    row = {"user_input": "q", "retrieved_contexts": "[__import__('os').system('x')]"}
    error = error_of(json.dumps(row) + "\n" + json.dumps(row) + "\n")
    assert error.where == "line 1: retrieved_contexts"


# ---------------------------------------------------------------- ready to label


def test_imported_cases_are_all_na_until_labelled():
    dataset = import_ragas_text(json.dumps([ROW, ROW_ES]))
    metrics = case_metrics(dataset.cases[0])
    assert all(metrics[name].value is None for name in METRICS)
    assert metrics["context_relevance"].unlabelled == 2
    assert metrics["faithfulness"].unlabelled == 2
    assert metrics["coverage"].unlabelled == 3


def test_imported_dataset_round_trips_through_the_case_format():
    dataset = import_ragas_text(json.dumps([ROW, ROW_ES]))
    written = dataset_to_text(dataset)
    assert dataset_from_text(written) == dataset
    assert all(line.startswith('{"id": "ragas-') for line in written.splitlines())


def _nan_rows() -> str:
    """RAGAS rows as json.dumps writes them: a score RAGAS could not determine is a bare NaN."""
    rows = [{**ROW, "faithfulness": 0.9, "context_recall": float("nan"), "answer_relevancy": float("nan")},
            {**ROW, "user_input": "Second?", "faithfulness": float("nan"), "context_recall": 0.4}]
    return "".join(json.dumps(row) + "\n" for row in rows)


def test_bare_nan_scores_are_read_as_no_verdict_by_the_case_importer_and_the_scores_reader():
    from uncase_core.judge.imports import compare_ragas, read_ragas_scores

    text = _nan_rows()
    assert "NaN" in text
    dataset = import_ragas_text(text, "rows.jsonl")
    assert [case.id for case in dataset.cases] == ["ragas-001", "ragas-002"]
    assert "NaN" not in dataset_to_text(dataset)  # never written back
    scores = read_ragas_scores(text)
    assert scores.scores["faithfulness"] == (0.9, None)
    comparison = compare_ragas(dataset.cases, scores, "faithfulness")
    assert comparison.report.counts["verdict_only"] == 1  # the NaN case is not judged, never 0
    assert "undetermined_scores" in {note.code for note in comparison.notes}


@pytest.mark.parametrize("column", ["user_input", "id", "score"])
def test_nan_outside_a_score_column_is_still_refused_naming_the_place(column):
    text = json.dumps(ROW) + "\n" + json.dumps({**ROW, column: float("nan")}) + "\n"
    with pytest.raises(InputError) as caught:
        import_ragas_text(text, "rows.jsonl")
    assert caught.value.where == f"line 2: {column}"
    assert caught.value.code == "nan_not_json"
