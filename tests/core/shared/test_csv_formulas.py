"""CSV formula injection (issue 26, item 4): every CSV the playground writes for a spreadsheet (tables of results, and
another tool's file when asked: issue 51) shows a cell beginning with =, +, -, @, a tab or a carriage return as text
(a single quote in front), and the playground reads its own files back unchanged.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.views.room.rooms import ClassView, export_csv
from uncase_core.agreement.class_labels import class_labels
from uncase_core.rag.cases import RagDataset, case_from_dict, dataset_to_text
from uncase_core.rag.csv_files import dataset_to_csv
from uncase_core.rag.files import read_rag_upload
from uncase_core.rag.interchange import export_cases, read_cases
from uncase_core.rubrics.holistic import holistic_to_csv, read_holistic
from uncase_core.rubrics.lab import read_verdicts, verdicts_to_csv
from uncase_core.shared.spreadsheets import FORMULA_STARTS, formula_safe, formula_unsafe
from uncase_store.rooms import Room

HYPERLINK = '=HYPERLINK("http://e.x","click")'
HOSTILE = (HYPERLINK, "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\r=1", "'=already quoted",
           " =1+1", "\u200b=1+1", "\ufeff@SUM(A1)", "\uff1d1+1", "\u00a0+1", "\u3000\uff0bcmd")


# What a spreadsheet may trim before it reads a cell (blanks, zero-width characters, a byte-order mark); written out
# here, not taken from the module under test, so the test is an independent model.
TRIMMED = " \t\r\n\u00a0\u2002\u2003\u3000\u200b\u200c\u200d\u2060\ufeff"
FULL_WIDTH_SIGNS = "\uff1d\uff0b\uff0d\uff20"


def runnable(cell: str) -> bool:
    """Whether a spreadsheet would take ``cell`` as a formula (a plain number such as -0.5 is not one), also after
    trimming what it may trim, and with the full-width signs read as the signs."""
    first = cell[:1] if cell[:1] in FORMULA_STARTS else cell.lstrip(TRIMMED)[:1]
    if not first or (first not in FORMULA_STARTS and first not in FULL_WIDTH_SIGNS):
        return False
    try:
        float(cell)
    except ValueError:
        return True
    return cell != cell.strip()


def cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]


def assert_nothing_runs(text: str) -> None:
    found = [cell for cell in cells(text) if runnable(cell)]
    assert not found, found


@pytest.mark.parametrize("text", HOSTILE)
def test_a_hostile_cell_gets_a_quote_and_comes_back(text):
    escaped = formula_safe(text)
    assert escaped == "'" + text
    assert not runnable(escaped)
    assert formula_unsafe(escaped) == text


@pytest.mark.parametrize("value", ["plain", "", "-0.5", "-3", "12", "'quoted", 1.5, -2, None, True])
def test_other_cells_are_left_alone(value):
    assert formula_safe(value) == value
    if isinstance(value, str):
        assert formula_unsafe(value) == value


@given(st.text(alphabet=st.sampled_from(["=", "+", "-", "@", "\t", "\r", "'", "a", "1", ".", " ", "\u200b", "\ufeff",
                                         "\u00a0", "\uff1d", "\uff0b", "\uff20", "\n"]), max_size=8))
@settings(max_examples=400, deadline=None)
def test_escaping_round_trips_and_never_leaves_a_formula(text):
    escaped = formula_safe(text)
    assert formula_unsafe(escaped) == text
    assert not runnable(escaped)


def hostile_dataset() -> RagDataset:
    case = {"id": HYPERLINK, "question": "+1+1 ?", "answer": "@SUM(A1) is the answer.",
            "passages": [{"id": "p1", "text": "-2+3 is five", "relevant": True},
                         {"id": "p2", "text": "\tcmd tab", "relevant": False}],
            "claims": [{"id": "c1", "text": "@SUM(A1) is the answer.", "supported": True, "correct": False}],
            "reference_facts": [{"id": "f1", "text": "=1+1", "covered": True}],
            "metadata": {"domain": "=cmd|' /C calc'!A0", "source": "synthetic"}}
    return RagDataset((case_from_dict(case),), "object")


def test_the_case_csv_for_a_spreadsheet_escapes():
    text = dataset_to_csv(hostile_dataset(), spreadsheet=True)
    assert_nothing_runs(text)
    assert "'" + HYPERLINK in cells(text)


def test_the_case_csv_reads_back_the_same_cases():
    dataset = hostile_dataset()
    text = dataset_to_csv(dataset)
    assert HYPERLINK in cells(text)  # cells as they are: the file is read back, not opened in a spreadsheet
    back = read_rag_upload(text.encode("utf-8"), "cases.csv")[0]
    case, original = back.cases[0], dataset.cases[0]
    assert case.id == original.id and case.question == original.question and case.answer == original.answer
    assert [p.text for p in case.passages] == [p.text for p in original.passages]
    assert case.metadata["domain"] == original.metadata["domain"]


@pytest.mark.parametrize("tool", ["ragas", "deepeval"])
def test_a_tools_csv_for_a_spreadsheet_escapes(tool):
    assert_nothing_runs(export_cases(hostile_dataset(), tool, kind="csv", spreadsheet=True).decode("utf-8"))


def test_the_ragas_csv_reads_back_the_same_texts():
    text = export_cases(hostile_dataset(), "ragas", "csv").decode("utf-8")
    back = read_cases(text.encode("utf-8"), "rows.csv").dataset.cases[0]
    assert back.question == "+1+1 ?" and [p.text for p in back.passages] == ["-2+3 is five", "\tcmd tab"]


def test_rubric_verdicts_and_holistic_scores_escape_names_and_read_back():
    verdicts = pd.DataFrame({"candidate": [HYPERLINK, "b"], "prompt": ["p", "@p"], "item": ["-i", "i"],
                             "judge": ["+j", "j"], "run": [1, 1], "verdict": [True, False]})
    text = verdicts_to_csv(verdicts)
    assert_nothing_runs(text)
    back = read_verdicts(text.encode("utf-8"), "verdicts.csv")
    assert list(back["candidate"]) == [HYPERLINK, "b"] and list(back["judge"]) == ["+j", "j"]
    scores = pd.DataFrame({"candidate": [HYPERLINK, "b"], "judge": ["@j", "@j"], "score": [-0.5, 2.0]})
    text = holistic_to_csv(scores)
    assert_nothing_runs(text)
    assert "-0.5" in cells(text)  # a negative number stays a number
    again = read_holistic(text.encode("utf-8"), "holistic.csv")
    assert list(again["candidate"]) == [HYPERLINK, "b"] and list(again["score"]) == [-0.5, 2.0]


def test_the_rooms_label_export_escapes_participant_names():
    dataset = hostile_dataset()
    labels = class_labels(dataset, {HYPERLINK: dataset, "@bob": dataset}, resamples=0, seed=0)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    room = Room("ABC234", "room", now, now, 0, "rag-dataset", "upload", "upload", dataset_to_text(dataset))
    text = export_csv(ClassView(room, dataset, labels, 2, 0, {}))
    assert_nothing_runs(text)
    names = {row["participant"] for row in csv.DictReader(io.StringIO(text, newline=""))}
    assert names == {"'" + HYPERLINK, "'@bob"}
