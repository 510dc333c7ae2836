"""A CSV going back to the tool that wrote it comes back with the same cells (issue 51, item 1): no spreadsheet
guard's ``'`` in front of a text starting with -, +, =, @, a tab or a line break (RAGAS, DeepEval and pandas would
read it as text), and a cell that really starts with ``'`` keeps it on import. The guard is there when asked for: a
CSV meant for a spreadsheet (the page's box, ``export-cases --spreadsheet``).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uncase_core.cli.main import run
from uncase_core.rag.cases import RagCase, RagDataset, Unit
from uncase_core.rag.interchange import export_as_it_came, export_cases, read_cases
from uncase_core.shared.spreadsheets import FORMULA_ESCAPE, FORMULA_STARTS

DATA = Path(__file__).resolve().parents[2] / "data" / "interchange"
# What practitioners' files hold: markdown bullets, amounts, phone numbers, formulas, handles, a text already quoted.
AWKWARD = ("- bullet", "-5 €", "+34 900 123", "=1+1", "@x", "'-already")
# The text columns of each tool's CSV, as the fixtures the tools wrote have them.
TEXT_COLUMNS = {
    "ragas_dataset_en.csv": ("user_input", "response", "reference"),
    "ragas_results_es.csv": ("user_input", "response", "reference", "run"),
    "deepeval_goldens_en.csv": ("input", "actual_output", "expected_output", "retrieval_context", "name", "comments"),
    "deepeval_goldens_es.csv": ("input", "actual_output", "expected_output", "context", "name", "comments"),
}


def read_frame(data: bytes) -> pd.DataFrame:
    """A CSV as pandas reads it, every cell as its text (an empty cell is "", not NaN)."""
    return pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False)


def awkward_file(name: str) -> tuple[bytes, pd.DataFrame]:
    """The tool's own fixture with every awkward text put in its text columns, written as pandas writes a CSV (what
    RAGAS's ``to_pandas().to_csv`` and DeepEval's ``save_as`` do)."""
    frame = read_frame((DATA / name).read_bytes())
    columns = TEXT_COLUMNS[name]
    for row in range(len(frame)):
        for index, column in enumerate(columns):
            frame.loc[row, column] = AWKWARD[(row * len(columns) + index) % len(AWKWARD)]
    data = frame.to_csv(index=False).encode("utf-8")
    return data, read_frame(data)


def test_every_awkward_text_is_in_the_files():
    for name in TEXT_COLUMNS:
        _, frame = awkward_file(name)
        assert set(AWKWARD) <= set(frame.to_numpy().ravel()), name


def test_a_tools_csv_goes_back_as_it_came_cell_for_cell():
    for name in TEXT_COLUMNS:
        data, sent = awkward_file(name)
        came = export_as_it_came(read_cases(data, name).dataset)
        assert came.kind == "csv" and came.tool == name.split("_")[0]
        back = read_frame(came.data)
        added = [column for column in back.columns if column not in sent.columns]
        assert all(column.startswith("hand_") for column in added), added  # the labels, beside the tool's columns
        pd.testing.assert_frame_equal(back[list(sent.columns)], sent)


def test_a_leading_quote_is_kept_on_import():
    data, _ = awkward_file("ragas_dataset_en.csv")
    cases = read_cases(data, "ragas_dataset_en.csv").dataset.cases
    texts = [text for case in cases for text in (case.question, case.answer, *(f.text for f in case.reference_facts))]
    assert "'-already" in texts and "-already" not in texts


def test_the_spreadsheet_csv_still_guards():
    for name in TEXT_COLUMNS:
        data, _ = awkward_file(name)
        dataset = read_cases(data, name).dataset
        tool = name.split("_")[0]
        cells = {cell for row in csv.reader(io.StringIO(export_cases(dataset, tool, kind="csv", spreadsheet=True)
                                                        .decode("utf-8"), newline="")) for cell in row}
        assert {FORMULA_ESCAPE + "=1+1", FORMULA_ESCAPE + "@x", FORMULA_ESCAPE + "- bullet"} <= cells, name
        assert not {"=1+1", "@x", "- bullet", "+34 900 123"} & cells, name


def test_the_command_line_writes_cells_as_they_are_unless_asked(tmp_path, capsys):
    data, sent = awkward_file("deepeval_goldens_en.csv")
    source = tmp_path / "goldens.csv"
    source.write_bytes(data)
    assert run(["import-cases", str(source)]) == 0
    cases = tmp_path / "cases.jsonl"
    cases.write_text(capsys.readouterr().out, encoding="utf-8")
    plain, guarded = tmp_path / "plain.csv", tmp_path / "guarded.csv"
    assert run(["export-cases", str(cases), "--out", str(plain)]) == 0
    assert run(["export-cases", str(cases), "--out", str(guarded), "--spreadsheet"]) == 0
    pd.testing.assert_frame_equal(read_frame(plain.read_bytes())[list(sent.columns)], sent)
    guarded_frame = read_frame(guarded.read_bytes())
    assert guarded_frame.loc[0, "input"] == FORMULA_ESCAPE + sent.loc[0, "input"]


# Text cells as a tool may write them: any character, often after a sign a spreadsheet runs, or a quote.
_STARTS = st.sampled_from([*FORMULA_STARTS, FORMULA_ESCAPE, FORMULA_ESCAPE * 2, " ", "\u200b", "a", "1", "-1"])
_TEXTS = st.builds(lambda start, rest: start + rest + "x", _STARTS,
                   st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="|"), max_size=12))


def _one_case(question: str, answer: str, passage: str) -> RagDataset:
    return RagDataset((RagCase(id="c1", question=question, answer=answer,
                               passages=(Unit(id="p1", text=passage, labels={"relevant": None}),)),), "object")


@given(question=_TEXTS, answer=_TEXTS, passage=_TEXTS, tool=st.sampled_from(["ragas", "deepeval"]))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_text_cells_go_out_and_back_as_they_were(question, answer, passage, tool):
    written = export_cases(_one_case(question, answer, passage), tool, kind="csv")
    cells = read_frame(written).iloc[0]  # what the tool itself (pandas underneath) reads from the file
    names = ("user_input", "response") if tool == "ragas" else ("input", "actual_output")
    assert (cells[names[0]], cells[names[1]]) == (question, answer)
    came = read_cases(written, f"cases-{tool}.csv").dataset
    case = came.cases[0]
    assert (case.question, case.answer, case.passages[0].text) == (question, answer, passage)
    assert export_as_it_came(came).data == written  # and the tool's file goes back byte for byte
