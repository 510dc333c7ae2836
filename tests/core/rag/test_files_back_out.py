"""Every file that comes in goes back out in its own format and kind of file (issue 38): RAGAS rows as JSON Lines,
CSV and Parquet, DeepEval test cases or goldens as JSON, JSON Lines and CSV, Label Studio tasks. Written by the real
tools (tests/data/interchange/README.md says which wrote each), read, labelled, written back as they came
(:func:`export_as_it_came`) and compared with the original file: every original column or key back, in its order,
with its value; the hand labels and judge scores as added columns; read by the reader the tool's users read it with
(pandas for RAGAS's files, DeepEval's documented CSV and JSON layout) and by ours to the same cases."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import pandas as pd
import pytest

from tests.core.rag.test_interchange import labelled
from uncase_core.rag.interchange import export_as_it_came, read_cases
from uncase_core.rag.sources import HAND_COLUMNS, HAND_LABELS_COLUMN

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "interchange"
# (file, tool, kind of file) for every fixture a tool wrote as input (promptfoo's is a run's output: out as cases)
FILES = [
    ("ragas_results_en.jsonl", "ragas", "jsonl"), ("ragas_results_es.jsonl", "ragas", "jsonl"),
    ("ragas_results_en.csv", "ragas", "csv"), ("ragas_results_es.csv", "ragas", "csv"),
    ("ragas_results_en.parquet", "ragas", "parquet"), ("ragas_results_es.parquet", "ragas", "parquet"),
    # written by RAGAS 0.4.3 itself (make_ragas_fixtures.py): to_jsonl, to_csv, to_pandas().to_parquet, and a
    # Hugging Face dataset's to_parquet
    *((f"ragas_dataset_{lang}.{kind}", "ragas", kind) for lang in ("en", "es") for kind in ("jsonl", "csv", "parquet")),
    ("hf_dataset_en.parquet", "ragas", "parquet"), ("hf_dataset_es.parquet", "ragas", "parquet"),
    ("deepeval_goldens_en.json", "deepeval", "json"), ("deepeval_goldens_es.json", "deepeval", "json"),
    ("deepeval_goldens_en.jsonl", "deepeval", "jsonl"), ("deepeval_goldens_es.jsonl", "deepeval", "jsonl"),
    ("deepeval_goldens_en.csv", "deepeval", "csv"), ("deepeval_goldens_es.csv", "deepeval", "csv"),
    ("label_studio_export_en.json", "label-studio", "json"), ("label_studio_export_es.json", "label-studio", "json"),
]


def records(data: bytes, kind: str) -> list[dict]:
    """The file's rows or records as the tool's users read them: pandas for Parquet, the csv module (DeepEval's
    CSV, RAGAS's to_csv), JSON."""
    if kind == "parquet":
        return pd.read_parquet(io.BytesIO(data)).to_dict(orient="records")
    text = data.decode("utf-8-sig")
    if kind == "csv":
        return list(csv.DictReader(io.StringIO(text, newline="")))
    if kind == "jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return json.loads(text)


def same(a, b) -> bool:
    """Equal, NaN equal to NaN or to empty (pandas' "no score"), arrays as lists."""
    if hasattr(a, "tolist"):
        a = a.tolist()
    if hasattr(b, "tolist"):
        b = b.tolist()
    if isinstance(a, float) and math.isnan(a):
        return b is None or (isinstance(b, float) and math.isnan(b))
    return a == b


@pytest.mark.parametrize(("name", "tool", "kind"), FILES)
def test_a_file_goes_back_out_as_it_came_with_every_column_in_its_place(name, tool, kind):
    original = (DATA / name).read_bytes()
    imported = read_cases(original, name)
    cases = labelled(imported.dataset)
    exported = export_as_it_came(cases)
    assert (exported.tool, exported.kind, exported.extension) == (tool, kind, Path(name).suffix)
    before, after = records(original, kind), records(exported.data, kind)
    assert len(after) == len(before)
    for old, new in zip(before, after, strict=True):
        keys = [key for key in new if key not in HAND_COLUMNS]
        if tool == "label-studio":  # the labels and verdicts are the annotations' and predictions' results (checked
            # in test_interchange): every other key of the task is compared
            old, new = ({k: v for k, v in record.items() if k not in ("annotations", "predictions")}
                        for record in (old, new))
            keys = [key for key in keys if key not in ("annotations", "predictions")]
        assert keys == list(old), f"{name}: the columns or keys out of their order"
        assert all(same(old[key], new[key]) for key in old), [
            (key, old[key], new[key]) for key in old if not same(old[key], new[key])]
        if tool != "label-studio":  # the hand labels as added columns, after the file's own
            assert list(new)[-len(HAND_COLUMNS):] == list(HAND_COLUMNS)
            labels = new[HAND_LABELS_COLUMN]
            assert (json.loads(labels) if isinstance(labels, str) else labels)["passages"]
    back = read_cases(exported.data, f"back{exported.extension}")
    assert back.dataset.cases == cases.cases  # read back: the same cases, labels, judge scores, kind of file
    assert export_as_it_came(back.dataset).data == exported.data


@pytest.mark.parametrize("name", ["ragas_results_en.csv", "ragas_results_es.csv"])
def test_ragas_csv_keeps_its_list_cells_as_ragas_writes_them(name):
    """RAGAS's to_csv (pandas) writes a list of passages as Python's repr; it comes back so, not as JSON."""
    original = (DATA / name).read_bytes()
    exported = export_as_it_came(read_cases(original, name).dataset)
    first, again = records(original, "csv")[0], records(exported.data, "csv")[0]
    assert again["retrieved_contexts"] == first["retrieved_contexts"]
    assert again["retrieved_contexts"].startswith("['")
    assert pd.read_csv(io.BytesIO(exported.data))["user_input"].tolist() == \
        pd.read_csv(io.BytesIO(original))["user_input"].tolist()


def test_parquet_keeps_the_types_pandas_reads():
    original = (DATA / "ragas_results_en.parquet").read_bytes()
    exported = export_as_it_came(labelled(read_cases(original, "r.parquet").dataset))
    before, after = pd.read_parquet(io.BytesIO(original)), pd.read_parquet(io.BytesIO(exported.data))
    assert {column: str(kind) for column, kind in before.dtypes.items()} == \
        {column: str(kind) for column, kind in after.dtypes.items() if column in before}
    assert str(after["hand_faithfulness"].dtype) == "float64"
    pd.testing.assert_frame_equal(before, after[list(before.columns)])


def test_deepeval_csv_is_read_as_deepeval_reads_it():
    """DeepEval's add_goldens_from_csv_file reads the columns by name with pandas and splits the contexts at "|"."""
    original = (DATA / "deepeval_goldens_en.csv").read_bytes()
    exported = export_as_it_came(labelled(read_cases(original, "g.csv").dataset))
    frame = pd.read_csv(io.BytesIO(exported.data))
    assert frame["input"][0] == "How long does a refund take?"
    assert frame["retrieval_context"][0].split("|") == ["Refunds are issued within 14 days of the return.",
                                                        "Our stores open at 9 am."]
    assert json.loads(frame["additional_metadata"][0]) == {"language": "en", "domain": "retail"}


def test_cases_of_our_own_go_out_as_rag_cases():
    from uncase_core.assets.reader import load_index, load_scenario
    from uncase_core.rag.cases import dataset_from_bytes
    dataset = load_scenario(load_index()[0], "en")
    exported = export_as_it_came(dataset)
    assert (exported.tool, exported.kind) == (None, "json")
    assert dataset_from_bytes(exported.data, "cases.json").cases == dataset.cases
