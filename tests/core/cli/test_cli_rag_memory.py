"""``python -m uncase_core rag FILE`` holds a bounded multiple of the file at its peak, measured by tracemalloc.

tracemalloc counts every Python allocation, and for the same interpreter and code the count does not move with the
machine's load (no wall clock here). The modules are imported before tracing starts, so what is measured is what
reading, evaluating and printing this file take. The output goes to a file, not to memory. Figures, and the same
from a fresh process: bench/bench_cli_rag.py.
"""

from __future__ import annotations

import sys
import tracemalloc

from bench.synthetic_rag import synthetic_dataset
from uncase_core.cli.main import run
from uncase_core.rag import evaluation  # noqa: F401  (imported before tracing: the libraries are not the file's)
from uncase_core.rag.cases import dataset_from_bytes, dataset_to_text

CASES = 500  # 0.5 MB of JSON Lines, 14 labelled units a case (the ratios are the same at 1,000)


def traced_peak(call) -> int:
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_rag_peak_memory_is_a_small_multiple_of_the_file(tmp_path, monkeypatch):
    path = tmp_path / "cases.jsonl"
    path.write_text(dataset_to_text(synthetic_dataset(CASES)), encoding="utf-8")
    out = tmp_path / "out.json"
    run(["rag", str(path), "--exit-zero"])  # once untraced: lazy imports and caches are not the file's
    with out.open("w", encoding="utf-8") as stream:
        monkeypatch.setattr(sys, "stdout", stream)
        peak = traced_peak(lambda: run(["rag", str(path), "--exit-zero"]))
    size = path.stat().st_size
    assert out.stat().st_size > size  # the whole evaluation was printed
    # 22.0x the file before the output was written as it is encoded, the cases let go before it and units labelled
    # alike shared their labels; 10.2x now, where the parsed JSON beside the cases being built is most of the peak.
    assert peak < 12 * size, f"{peak / size:.1f}x the file"


def test_cases_read_from_a_file_hold_less_than_four_times_the_file():
    data = dataset_to_text(synthetic_dataset(CASES)).encode()
    dataset_from_bytes(data, "warm.jsonl")
    tracemalloc.start()
    try:
        dataset = dataset_from_bytes(data, "cases.jsonl")
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(dataset.cases) == CASES
    assert held < 4 * len(data), f"{held / len(data):.1f}x the file"  # 8.4x when every unit had its own dicts; 3.4x now


def test_units_labelled_alike_share_their_labels_and_a_label_change_touches_one_unit():
    dataset = dataset_from_bytes(dataset_to_text(synthetic_dataset(20)).encode(), "cases.jsonl")
    units = [unit for case in dataset.cases for unit in case.passages]
    alike = [unit for unit in units if unit.labels == {"relevant": True}]
    assert len(alike) > 2 and len({id(unit.labels) for unit in alike}) == 1
    changed = alike[0].with_label("relevant", False)
    assert changed.labels == {"relevant": False} and all(unit.labels == {"relevant": True} for unit in alike)
    assert not alike[0].extra and not alike[0].judge and alike[0].extra == {}


def test_the_json_written_as_it_is_encoded_is_the_json_printed_before(monkeypatch):
    import io

    from uncase_core.cli.main import _json_text, _stream_json

    for value in ({"a": [1, 2.5, None, True, "é\u202e\n"], "b": {}, "c": [], "d": {"x": [{"y": 1e-300}]}}, [], {}, "s"):
        for batch in (1, 3, 8192):
            stream = io.StringIO()
            monkeypatch.setattr(sys, "stdout", stream)
            _stream_json(value, batch=batch)
            assert stream.getvalue() == _json_text(value)
