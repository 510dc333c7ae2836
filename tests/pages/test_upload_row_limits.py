"""Every upload box refuses a file of one item more than its page handles live, before the file's rows are built,
with the page's message and command in the reader's language; and a small file of very many rows costs the server
what its bytes cost (ui/frame/limits.py read_limit, uncase_core/shared/limits.py).

Before, the limit was checked once every row had become a case: a 12 KB Parquet file of 975,000 rows took a
workshop server to 4.2 GB and 337 s; a 1.4 KB one of 150,000 rows added about 470 MB.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT
from ui.frame.input_errors import error_text, page_error
from ui.frame.limits import LIMITS
from ui.i18n import translate
from uncase_core.assets.reader import ASSETS

MB = 1024 * 1024


def _case(index: int) -> dict:
    return {"id": f"c{index}", "question": "Q?", "passages": [{"id": "p1", "text": "P.", "relevant": True}],
            "answer": "A.", "claims": [{"id": "k1", "text": "A.", "supported": True, "correct": True}],
            "reference_facts": [{"id": "f1", "text": "F.", "covered": True}]}


def cases_json(count: int) -> bytes:
    return json.dumps([_case(i) for i in range(count)]).encode()


def cases_jsonl(count: int) -> bytes:
    return b"".join(json.dumps(_case(i)).encode() + b"\n" for i in range(count))


def ragas_jsonl(count: int) -> bytes:
    return b"".join(json.dumps({"user_input": f"q{i}", "retrieved_contexts": ["c"], "response": "a"}).encode()
                    + b"\n" for i in range(count))


def ragas_csv(count: int) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["user_input", "retrieved_contexts", "response"])
    writer.writerows([f"q{i}", '["c"]', "a"] for i in range(count))
    return out.getvalue().encode()


def ragas_parquet(count: int) -> bytes:
    """As an attacker writes it: the same tiny row over and over, a few KB whatever the count."""
    out = io.BytesIO()
    pq.write_table(pa.table({"user_input": ["q"] * count, "response": ["a"] * count}), out, compression="zstd")
    return out.getvalue()


def deepeval_json(count: int) -> bytes:
    return json.dumps([{"input": f"q{i}", "actual_output": "a", "retrieval_context": ["c"]}
                       for i in range(count)]).encode()


def label_studio_json(count: int) -> bytes:
    return json.dumps([{"id": i, "data": {"id": f"c{i}", "question": "Q?", "answer": "A."}, "annotations": []}
                       for i in range(count)]).encode()


def _asset_records(folder: str, count: int) -> bytes:
    """A built-in record (which tells the file's format), then ``count - 1`` records of an id alone: the file is
    counted before any record is read, so the rest need not be whole."""
    record = json.loads(next(iter(sorted((ASSETS / folder / "en").glob("*.json")))).read_text(encoding="utf-8"))
    return json.dumps(record).encode() + b"\n" + b"".join(b'{"id": "r%d"}\n' % i for i in range(1, count))


def conversations_jsonl(count: int) -> bytes:
    return _asset_records("conversations", count)


def summaries_jsonl(count: int) -> bytes:
    return _asset_records("summaries", count)


Build = Callable[[int], bytes]
# (page script, radio that shows the box and its value or None, upload box key, the page's limit, file name, builder)
BOXES: list[tuple[str, tuple[str, str] | None, str, str, str, Build]] = [
    ("app_pages/rag_diagnosis.py", None, "rag_upload", "rag", "cases.json", cases_json),
    ("app_pages/rag_diagnosis.py", None, "rag_upload", "rag", "cases.jsonl", cases_jsonl),
    ("app_pages/rag_diagnosis.py", None, "rag_upload", "rag", "ragas.jsonl", ragas_jsonl),
    ("app_pages/rag_diagnosis.py", None, "rag_upload", "rag", "ragas.csv", ragas_csv),
    ("app_pages/rag_diagnosis.py", None, "rag_upload", "rag", "ragas.parquet", ragas_parquet),
    ("app_pages/rag_diagnosis.py", None, "rag_upload", "rag", "deepeval.json", deepeval_json),
    ("app_pages/rag_diagnosis.py", None, "rag_upload", "rag", "label_studio.json", label_studio_json),
    ("app_pages/dataset_workbench.py", None, "wb_upload", "dataset", "cases.jsonl", cases_jsonl),
    ("app_pages/dataset_workbench.py", None, "wb_other", "dataset", "cases.jsonl", cases_jsonl),
    ("app_pages/threshold_explorer.py", ("thr_source", "upload"), "thr_upload", "thresholds", "cases.jsonl",
     cases_jsonl),
    ("app_pages/judge_and_hand_labels.py", None, "judge_upload", "judge", "cases.jsonl", cases_jsonl),
    ("app_pages/judge_and_hand_labels.py", None, "judge_ragas_upload", "judge", "scores.jsonl", ragas_jsonl),
    ("app_pages/conversation_quality.py", None, "conv_upload", "conversations", "conversations.jsonl",
     conversations_jsonl),
    ("app_pages/summary_autoevaluation.py", None, "sum_upload", "summaries", "summaries.jsonl", summaries_jsonl),
    ("app_pages/compare_systems.py", ("cmp_source", "upload"), "cmp_upload_a", "compare", "system_a.jsonl",
     cases_jsonl),
    ("app_pages/annotator_agreement.py", ("agr_source", "upload"), "agr_upload_a", "agreement", "annotator_a.jsonl",
     cases_jsonl),
    ("app_pages/workshop_room.py", ("room_new_source", "upload"), "room_new_upload", "rag", "cases.jsonl",
     cases_jsonl),
]


def _open(script: str, lang: str, radio: tuple[str, str] | None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=90)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page(script)
    at.run()
    if radio is not None:
        key, value = radio
        at.radio(key=key).set_value(value).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _errors(at: AppTest) -> list[str]:
    return [str(element.value) for element in at.error]


@pytest.mark.parametrize(("script", "radio", "key", "page", "name", "build"), BOXES,
                         ids=[f"{key}-{name}" for _, _, key, _, name, _ in BOXES])
def test_a_file_of_one_item_more_than_the_page_handles_is_refused_with_its_limit(
        script: str, radio: tuple[str, str] | None, key: str, page: str, name: str, build: Build) -> None:
    limit = LIMITS[page].max_items
    at = _open(script, "es", radio)
    at.file_uploader(key=key).set_value((name, build(limit + 1), "application/octet-stream"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    refused = page_error("page_too_many_items", name, count=limit + 1, limit=limit, command="C")
    wanted = error_text(refused, "es").split("C")[0]  # the count and the limit, as a Spanish reader writes them
    assert any(wanted.split(":", 1)[-1].strip() in shown for shown in _errors(at)), (_errors(at), wanted)


def test_a_file_of_as_many_items_as_the_page_handles_is_read():
    limit = LIMITS["compare"].max_items
    at = _open("app_pages/compare_systems.py", "en", ("cmp_source", "upload"))
    at.file_uploader(key="cmp_upload_a").set_value(("system_a.jsonl", cases_jsonl(limit), "application/json"))
    at.run()
    assert not at.exception and not _errors(at), _errors(at)
    assert at.session_state["workspace"].source(__import__("ui.page_data.compare", fromlist=["UPLOADS"])
                                                .UPLOADS["a"])[0] == "system_a.jsonl"


def _peak_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise LookupError("VmHWM")


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise LookupError("VmRSS")


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux's /proc to read peak memory")
def test_a_tiny_parquet_file_of_150000_rows_is_refused_without_building_them():
    data = ragas_parquet(150_000)
    assert len(data) < 64 * 1024
    at = _open("app_pages/rag_diagnosis.py", "en", None)
    Path("/proc/self/clear_refs").write_text("5")  # this process's peak (VmHWM) counts from now
    before = _rss_kb()
    at.file_uploader(key="rag_upload").set_value(("many.parquet", data, "application/octet-stream"))
    at.run()
    grown_mb = (_peak_kb() - before) / 1024
    assert any("150,000 items is more than this page handles live (2,000)" in shown for shown in _errors(at)), \
        _errors(at)
    assert translate("en", "rag.load_scenario")  # the page goes on
    # Before: every row became a case first (about 470 MB for this file). Now it is refused from the file's footer.
    assert grown_mb < 60, f"the process's peak grew by {grown_mb:.0f} MB"


def text_parquet(megabytes: int, rows: int = 9) -> bytes:
    """As the tester's file: a few KB of zstd holding ``megabytes`` of text in a few rows."""
    size = megabytes * MB // rows
    out = io.BytesIO()
    pq.write_table(pa.table({"user_input": [chr(97 + index) * size for index in range(rows)],
                             "response": ["a"] * rows}), out, compression="zstd", compression_level=22)
    return out.getvalue()


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux's /proc to read peak memory")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_small_parquet_file_of_90_mb_of_text_is_refused_at_what_a_workspace_can_keep(lang: str):
    """Within the command line's 96 MB, but a page stores what it reads in a workspace (10 MB): a page reads at most
    half of that, 5 MB, and says so (before, this file was read and cost the server about 550 MB)."""
    data = text_parquet(90)
    assert len(data) < 16 * 1024
    at = _open("app_pages/rag_diagnosis.py", lang, None)
    Path("/proc/self/clear_refs").write_text("5")
    before = _rss_kb()
    at.file_uploader(key="rag_upload").set_value(("text.parquet", data, "application/octet-stream"))
    at.run()
    grown_mb = (_peak_kb() - before) / 1024
    wanted = {"en": "the playground reads at most 5 MB", "es": "el playground lee como mucho 5 MB"}[lang]
    assert any(wanted in shown for shown in _errors(at)), _errors(at)
    assert grown_mb < 60, f"the process's peak grew by {grown_mb:.0f} MB"
