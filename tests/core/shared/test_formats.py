"""Each reader refuses another module's file and names the module it belongs to (issue 16).

Every pair of formats is tried with the built-in assets (RAG cases, datasets, annotator files,
conversations, summaries) and with small files built here for the formats that have no asset
(RAGAS rows, verdicts, holistic scores, a conversation report), as JSON, JSON Lines and CSV.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.conversations.evaluator import Evaluator
from uncase_core.conversations.model import conversations_from_bytes
from uncase_core.errors import InputError
from uncase_core.rag.cases import dataset_from_bytes
from uncase_core.rag.files import read_rag_upload
from uncase_core.rag.ragas import import_ragas_bytes
from uncase_core.rubrics.holistic import read_holistic
from uncase_core.rubrics.lab import read_verdicts
from uncase_core.shared import formats
from uncase_core.shared.formats import (
    CONVERSATION_REPORT,
    CONVERSATIONS,
    HOLISTIC,
    RAG,
    RAGAS,
    SUMMARIES,
    VERDICTS,
    WRONG_FORMAT,
    guess_format,
)
from uncase_core.shared.jsonfiles import parse_document
from uncase_core.summaries.cases import cases_from_bytes

ROOT = Path(__file__).resolve().parents[3]
ASSETS = ROOT / "assets"


def _jsonl(records: list[dict]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


def _csv(rows: list[list[object]], delimiter: str = ",") -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n", delimiter=delimiter).writerows(rows)
    return out.getvalue().encode("utf-8")


RAGAS_ROWS = [{"user_input": "How long?", "retrieved_contexts": ["Five days."], "response": "Five days.",
               "reference": "Five working days."},
              {"user_input": "Where?", "retrieved_contexts": ["At the desk."], "response": "At the desk.",
               "reference": "The desk."}]
VERDICTS_ROWS = [{"candidate": c, "prompt": "P1", "item": i, "judge": j, "run": 1, "verdict": "yes"}
                 for c in ("A", "B") for i in ("i1", "i2") for j in ("J1", "J2")]
HOLISTIC_ROWS = [{"candidate": c, "judge": j, "score": s} for c, s in (("A", 3.0), ("B", 1.0)) for j in ("J1", "J2")]


def _rows_csv(records: list[dict]) -> bytes:
    header = list(records[0])
    return _csv([header] + [[json.dumps(r[k]) if isinstance(r[k], list) else r[k] for k in header] for r in records])


def _report() -> bytes:
    conversation = (ASSETS / "conversations/en/good.json").read_bytes()
    report = Evaluator().batch_evaluate(conversations_from_bytes(conversation), certify=True)
    return json.dumps(report.to_dict()).encode("utf-8")


def _samples() -> list[tuple[str, str, bytes]]:
    """(format, file name, bytes) for every format, from the assets and built here."""
    samples = []
    for pattern, fmt in (("rag/*/*.json", RAG), ("datasets/*.json", RAG), ("agreement/*.json", RAG),
                         ("conversations/*/*.json", CONVERSATIONS), ("summaries/*/*.json", SUMMARIES)):
        samples += [(fmt, path.name, path.read_bytes()) for path in sorted(ASSETS.glob(pattern))
                    if path.name != "scenarios.json"]
    def asset(path: str) -> dict:
        return json.loads((ASSETS / path).read_text("utf-8"))

    conversations = [asset(f"conversations/en/{name}.json") for name in ("good", "drift")]
    summaries = [asset(f"summaries/en/{name}.json") for name in ("appointment", "unlabelled")]
    rag_cases = asset("datasets/workbench_en.json")["cases"][:3]
    samples += [
        (RAG, "cases.jsonl", _jsonl(rag_cases)),
        (CONVERSATIONS, "conversations.jsonl", _jsonl(conversations)),
        (CONVERSATIONS, "wrapped.json", json.dumps({"conversations": conversations}).encode()),
        (SUMMARIES, "summaries.jsonl", _jsonl(summaries)),
        (RAGAS, "ragas.jsonl", _jsonl(RAGAS_ROWS)),
        (RAGAS, "ragas.json", json.dumps(RAGAS_ROWS).encode()),
        (RAGAS, "ragas.csv", _rows_csv(RAGAS_ROWS)),
        (VERDICTS, "verdicts.csv", _rows_csv(VERDICTS_ROWS)),
        (VERDICTS, "verdicts.jsonl", _jsonl(VERDICTS_ROWS)),
        (VERDICTS, "wrapped_verdicts.json", json.dumps({"verdicts": VERDICTS_ROWS}).encode()),
        (HOLISTIC, "holistic.csv", _rows_csv(HOLISTIC_ROWS)),
        (HOLISTIC, "holistic.jsonl", _jsonl(HOLISTIC_ROWS)),
        (CONVERSATION_REPORT, "report.json", _report()),
    ]
    return samples


SAMPLES = _samples()
READERS = {
    RAG: dataset_from_bytes,
    RAGAS: import_ragas_bytes,
    CONVERSATIONS: conversations_from_bytes,
    SUMMARIES: cases_from_bytes,
    VERDICTS: read_verdicts,
    HOLISTIC: read_holistic,
}
PAIRS = [(reader, fmt, name, data) for reader in READERS for fmt, name, data in SAMPLES if fmt != reader]
OWN = [(fmt, name, data) for fmt, name, data in SAMPLES if fmt in READERS]


def test_every_format_has_samples():
    assert {fmt for fmt, _, _ in SAMPLES} == set(formats.FORMATS)
    assert set(formats.FORMAT_LABELS) == set(formats.OPEN_HINTS) == set(formats.FORMAT_NAMES) == set(formats.FORMATS)


@pytest.mark.parametrize(("fmt", "name", "data"), OWN, ids=[f"{fmt}-{name}" for fmt, name, _ in OWN])
def test_each_reader_reads_its_own_format(fmt, name, data):
    READERS[fmt](data, name)


@pytest.mark.parametrize(("reader", "fmt", "name", "data"), PAIRS,
                         ids=[f"{reader}-reads-{fmt}-{name}" for reader, fmt, name, _ in PAIRS])
def test_each_reader_refuses_another_modules_file_and_names_it(reader, fmt, name, data):
    with pytest.raises(InputError) as caught:
        READERS[reader](data, name)
    error = caught.value
    assert error.code == WRONG_FORMAT
    assert (error.params["found"], error.params["expected"]) == (fmt, reader)
    assert (error.params["found_label"].code, error.params["expected_name"].code) == (f"format_label.{fmt}",
                                                                                    f"format_name.{reader}")
    assert error.message == (f"{name}: this looks like {formats.FORMAT_LABELS[fmt]}, not "
                             f"{formats.FORMAT_NAMES[reader]}: {formats.OPEN_HINTS[fmt]}")


def test_the_summary_reader_refused_a_rag_case_that_once_loaded_as_an_empty_summary(capsys, tmp_path):
    path = tmp_path / "case.json"
    path.write_bytes((ASSETS / "rag/en/all_good.json").read_bytes())
    assert run(["summaries", str(path)]) == EXIT_BAD_INPUT  # exited 0 with an empty summary case
    assert capsys.readouterr().err == (
        f"error: {path}: this looks like a RAG case file (passages, claims, reference facts), not summary cases: "
        "open it on the RAG diagnosis page or use `python -m uncase_core rag`\n")


@pytest.mark.parametrize(("fmt", "name", "data"), [s for s in SAMPLES if s[0] != CONVERSATION_REPORT and
                                                   not s[1].endswith((".csv", ".jsonl"))],
                         ids=[s[1] for s in SAMPLES if s[0] != CONVERSATION_REPORT and
                              not s[1].endswith((".csv", ".jsonl"))])
def test_verify_refuses_another_modules_file_as_the_report(capsys, tmp_path, fmt, name, data):
    report = tmp_path / name
    report.write_bytes(data)
    assert run(["verify", str(report), str(ASSETS / "conversations/en/good.json")]) == EXIT_BAD_INPUT
    assert f"this looks like {formats.FORMAT_LABELS[fmt]}, not a conversation quality report" in \
        capsys.readouterr().err


def test_the_rag_page_upload_takes_cases_and_ragas_rows():
    for fmt, name, data in SAMPLES:
        if fmt == RAG:
            assert read_rag_upload(data, name)[1] == "cases"
        elif fmt == RAGAS:
            assert read_rag_upload(data, name)[1] == "ragas"
    with_ids = _jsonl([{**row, "id": f"r{i}"} for i, row in enumerate(RAGAS_ROWS)])  # once read as empty cases
    dataset, kind = read_rag_upload(with_ids, "rows.jsonl")
    assert kind == "ragas" and [case.id for case in dataset.cases] == ["r0", "r1"]
    assert [p.text for p in dataset.cases[0].passages] == ["Five days."]


# ---------------------------------------------------------------- guessing


def test_guess_format_of_records_lists_wrappers_and_documents():
    assert guess_format({"id": "a", "question": "q", "passages": []}) == RAG
    assert guess_format([{"turns": []}]) == CONVERSATIONS
    assert guess_format({"cases": [{"transcript": []}]}) == SUMMARIES
    assert guess_format({"cases": [{"id": "a", "passages": []}], "name": "d"}) == RAG
    assert guess_format({"conversations": []}) == CONVERSATIONS
    assert guess_format({"verdicts": [{"candidate": "A"}]}) == VERDICTS
    assert guess_format(parse_document('{"user_input": "q"}\n{"user_input": "r"}\n')) == RAGAS
    assert guess_format(dict.fromkeys(["candidate", "judge", "score"])) == HOLISTIC


def test_guess_format_says_nothing_without_a_distinctive_key():
    for value in ({"id": "a", "question": "q"}, {"id": "a"}, [], [1, 2], "text", 42, None, {},
                  {"score": 1}, {"candidate": "A", "score": 1}, {"cases": []}, {"cases": 3}):
        assert guess_format(value) is None, value


def test_a_tie_between_formats_is_no_guess():
    assert guess_format({"passages": [], "turns": []}) is None
    assert guess_format({"passages": [], "turns": [], "knowledge_base": []}) == CONVERSATIONS


def test_a_record_with_the_expected_formats_own_key_is_left_to_its_reader():
    """Unknown keys are kept by every reader: a RAG case carrying a conversation's keys is still a RAG case."""
    case = json.loads((ASSETS / "rag/en/all_good.json").read_text("utf-8"))
    case.update({"turns": [], "knowledge_base": [], "seed_template": ""})  # three of a conversation's own keys
    assert guess_format(case) == CONVERSATIONS
    dataset = dataset_from_bytes(json.dumps(case).encode(), "case.json")
    assert dataset.cases[0].extra["turns"] == []


def test_a_csv_file_given_to_a_json_reader_is_named():
    for delimiter in (",", ";", "\t"):
        data = _csv([["candidate", "prompt", "item", "judge", "run", "verdict"], ["A", "P", "i", "J", "1", "yes"]],
                    delimiter)
        with pytest.raises(InputError, match="this looks like rubric verdicts"):
            cases_from_bytes(data, "v.csv")
    with pytest.raises(InputError, match=r"^x\.json: line 1: invalid JSON"):  # broken JSON stays broken JSON
        cases_from_bytes(b'{"candidate";"judge"\n', "x.json")


# ---------------------------------------------------------------- the delimiter


@pytest.mark.parametrize(("reader", "rows", "name"), [
    (read_verdicts, VERDICTS_ROWS, "verdicts.csv"),
    (read_holistic, HOLISTIC_ROWS, "holistic.csv"),
])
@pytest.mark.parametrize(("delimiter", "said"), [(";", "';'"), ("\t", "tabs")])
def test_a_csv_saved_with_another_delimiter_says_so(reader, rows, name, delimiter, said):
    header = list(rows[0])
    data = _csv([header] + [[json.dumps(r[k]) if isinstance(r[k], list) else r[k] for k in header] for r in rows],
                delimiter)
    with pytest.raises(InputError) as caught:
        reader(data, name)
    assert caught.value.message == f"{name}: line 1: the file seems to use {said} as the delimiter; save it with commas"
    assert caught.value.code == formats.CSV_DELIMITER
    assert caught.value.params["delimiter"] == (";" if delimiter == ";" else "tab")


@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_ragas_rows_are_read_with_any_spreadsheet_delimiter(delimiter):
    """The RAG case CSV sniffs its delimiter (tests/core/rag/test_case_csv.py) instead of asking for commas."""
    header = list(RAGAS_ROWS[0])
    data = _csv([header] + [[json.dumps(r[k]) if isinstance(r[k], list) else r[k] for k in header] for r in RAGAS_ROWS],
                delimiter)
    dataset = import_ragas_bytes(data, "ragas.csv")
    assert [case.question for case in dataset.cases] == [row["user_input"] for row in RAGAS_ROWS]


def test_a_one_column_csv_without_separators_is_not_a_delimiter_problem():
    dataset = import_ragas_bytes(b"user_input\nHow long?\n", "one.csv")
    assert dataset.cases[0].question == "How long?"
