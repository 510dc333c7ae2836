"""The command line reads every file the pages read: the product's own RAGAS Parquet and DeepEval JSON exports (and
the other tools' files) go through ``rag``, ``compare``, ``thresholds``, ``dataset`` and ``judge`` as they go through
an upload box, by the same reader (uncase_core.rag.case_files)."""

from __future__ import annotations

import json

import pytest

from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.compare.systems import compare_systems
from uncase_core.rag.case_files import read_case_file
from uncase_core.rag.evaluation import evaluate_dataset
from uncase_core.rag.interchange import export_cases

# (tool, kind of file, extension): the exports a person downloads from the pages and brings back
EXPORTS = (("ragas", "parquet", ".parquet"), ("deepeval", "json", ".json"), ("ragas", "csv", ".csv"),
           ("deepeval", "jsonl", ".jsonl"), ("label-studio", "json", ".json"))


def pair():
    (first,) = load_pair_index()
    return load_system_pair(first, "en")


def exported(tmp_path, dataset, tool, kind, extension, name):
    path = tmp_path / f"{name}{extension}"
    path.write_bytes(export_cases(dataset, tool, kind=kind))
    return path


@pytest.mark.parametrize(("tool", "kind", "extension"), EXPORTS)
def test_compare_reads_the_products_own_exports(tmp_path, capsys, tool, kind, extension):
    a, b = pair()
    path_a = exported(tmp_path, a, tool, kind, extension, "a")
    path_b = exported(tmp_path, b, tool, kind, extension, "b")
    code = run(["compare", str(path_a), str(path_b), "--json", "--resamples", "200"])
    out, err = capsys.readouterr()
    assert code != EXIT_BAD_INPUT, err
    read_a = read_case_file(path_a.read_bytes(), str(path_a)).dataset
    read_b = read_case_file(path_b.read_bytes(), str(path_b)).dataset
    expected = compare_systems(read_a, read_b, resamples=200).to_dict()
    data = json.loads(out)
    assert data["dimensions"] == json.loads(json.dumps(expected))["dimensions"]
    assert data["cases"] == len(a.cases)


@pytest.mark.parametrize(("tool", "kind", "extension"), EXPORTS)
def test_rag_thresholds_dataset_and_judge_read_them_too(tmp_path, capsys, tool, kind, extension):
    a, _ = pair()
    path = exported(tmp_path, a, tool, kind, extension, "cases")
    for command in (["rag"], ["thresholds", "--metric", "coverage"], ["dataset"], ["judge"]):
        code = run([command[0], str(path), *command[1:]])
        out, err = capsys.readouterr()
        assert code != EXIT_BAD_INPUT, (command, err)
        assert json.loads(out)
    run(["rag", str(path)])
    out, _ = capsys.readouterr()
    assert json.loads(out)["pooled"]["metrics"] == json.loads(json.dumps(
        evaluate_dataset(read_case_file(path.read_bytes(), str(path)).dataset.cases).to_dict()))["pooled"]["metrics"]


PROMPTFOO_CONFIG = {"description": "RAG eval", "prompts": ["Answer {{query}} from {{context}}"],
                    "providers": ["openai:gpt-4o-mini"],
                    "tests": [{"vars": {"query": "How long does a refund take?", "context": "Five days."},
                               "assert": [{"type": "context-faithfulness"}]}]}


@pytest.mark.parametrize("command", ["rag", "import-cases", "compare"])
def test_a_promptfoo_config_is_named_as_such(tmp_path, capsys, command):
    path = tmp_path / "promptfooconfig.json"
    path.write_text(json.dumps(PROMPTFOO_CONFIG), encoding="utf-8")
    code = run([command, str(path), *([str(path)] if command == "compare" else [])])
    _, err = capsys.readouterr()
    assert code == EXIT_BAD_INPUT
    assert err == f"error: {path}: this is a promptfoo config (prompts, providers, tests), not its results: run " \
                  "`promptfoo eval -c FILE --output results.json` and bring results.json\n"
