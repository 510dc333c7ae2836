"""One record per other tool's format (uncase_core/rag/tools.py): a new format is its module and one line in
TOOLS, and the reader, the writers, "as it came" and the command line's choices follow (issue 40 item 2)."""

from __future__ import annotations

import json
import sys
import types

import pytest

from uncase_core.rag import tools
from uncase_core.rag.cases import RagCase, RagDataset, Unit
from uncase_core.rag.interchange import detect_format, export_as_it_came, export_cases, read_cases
from uncase_core.rag.sources import CaseImport, came_in, with_file
from uncase_core.shared.limits import UNLIMITED, check_rows


def _fake_format_module() -> types.ModuleType:
    """A made-up tool's format: a JSON list of {"q", "a", "ctx"} rows, written back with a "label" per passage."""
    module = types.ModuleType("fake_qa_format")

    def read_file(data, name="", *, variables=None, progress=None, limit=UNLIMITED):
        rows = json.loads(data)
        check_rows(len(rows), limit)
        cases = tuple(RagCase(id=f"fake-{i}", question=row["q"], answer=row["a"],
                              passages=tuple(Unit(id=f"p{j}", text=text, labels={"relevant": None})
                                             for j, text in enumerate(row["ctx"])))
                      for i, row in enumerate(rows))
        return CaseImport(dataset=RagDataset(cases=with_file(cases, "fake-qa", "json")), format="fake-qa",
                          layout="json")

    def write_file(dataset, *, kind, layout=None, delimiter=",", spreadsheet=False):
        return json.dumps([{"q": c.question, "a": c.answer, "ctx": [p.text for p in c.passages],
                            "relevant": [p.label("relevant") for p in c.passages]} for c in dataset.cases]).encode()

    def claims_record(record):
        return {"q", "ctx"} <= set(record)

    module.read_file, module.write_file, module.claims_record = read_file, write_file, claims_record
    return module


@pytest.fixture
def fake_tool(monkeypatch):
    monkeypatch.setitem(sys.modules, "fake_qa_format", _fake_format_module())
    registry = {**tools.TOOLS, "fake-qa": tools.ToolFormat(name="fake-qa", title="Fake QA rows",
                                                           module="fake_qa_format", kinds=("json",))}
    monkeypatch.setattr(tools, "TOOLS", registry)  # the one line a new format adds
    return "fake-qa"


def test_a_new_format_is_its_module_and_one_record(fake_tool):
    data = json.dumps([{"q": "When?", "a": "Monday.", "ctx": ["It opens on Monday.", "Cats."]}]).encode()
    imported = read_cases(data, "rows.json", fmt=fake_tool)
    dataset = imported.dataset
    assert [c.question for c in dataset.cases] == ["When?"]
    assert came_in(dataset) == (fake_tool, "json", None)  # the case knows which tool's file it came in
    written = json.loads(export_cases(dataset, fake_tool))
    assert written[0]["ctx"] == ["It opens on Monday.", "Cats."]
    back = export_as_it_came(dataset)  # "As it came": the made-up tool's own format
    assert (back.tool, back.kind, json.loads(back.data)) == (fake_tool, "json", written)
    # its module's claim is asked like the others': the file is recognised without naming its format
    assert detect_format(data, "rows.json") == fake_tool
    assert read_cases(data, "rows.json").format == fake_tool
    assert detect_format(b'[{"user_input": "When?", "response": "Monday."}]') == "ragas"  # the others as before


def test_the_records_are_what_the_command_line_and_the_writers_offer():
    assert tools.INTERCHANGE_FORMATS == ("ragas", "deepeval", "promptfoo", "label-studio")
    assert tools.EXPORT_TARGETS == ("ragas", "deepeval", "label-studio")  # promptfoo is read, not written
    assert tools.FILE_KINDS["ragas"] == ("jsonl", "json", "csv", "parquet")
    from uncase_core.cli.main import build_parser

    parser = build_parser()
    actions = {a.dest: a for sub in parser._subparsers._group_actions for p in sub.choices.values()
               for a in p._actions}
    assert tuple(actions["source_format"].choices) == tools.INTERCHANGE_FORMATS
    assert tuple(actions["to"].choices) == tools.EXPORT_TARGETS


@pytest.mark.parametrize("name", list(tools.TOOLS))
def test_every_formats_module_has_the_shape_the_record_calls(name):
    tool = tools.TOOLS[name]
    assert callable(tool.function("read_file"))
    assert hasattr(__import__(tool.module, fromlist=["x"]), "write_file") is tool.writes

