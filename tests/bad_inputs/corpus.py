"""The bad input corpus of issue 8: malformed files, and tricky files that are valid, for every loader.

    from tests.bad_inputs.corpus import CORPUS, FORMATS, for_format

``CORPUS`` is a tuple of :class:`BadInput`. Each entry has

* ``name``: the file name with its extension (loaders and pages choose the format by it);
* ``data``: the bytes;
* ``formats``: the loaders it is fed to, keys of :data:`FORMATS` (where each is used: page, CLI);
* ``expect``: ``"error"`` (must raise :class:`~uncase_core.errors.InputError`, never anything
  else) or ``"ok"`` (valid, must load: a BOM, CRLF line ends, emoji and right-to-left text are
  valid);
* ``place``: texts the error message must contain besides the file name (a field path such as
  ``passages[0].relevant``, ``line 2``, ``offset``), empty when there is no place to name;
* ``why``: one line saying what is wrong (or tricky);
* ``family``: its category in the issue's list (``truncated``, ``wrong-type``, ``encoding``...);
* ``block_kind``: for ``summary_block`` entries, the block the text is pasted as
  (``accuracy``, ``adherence`` or ``completeness``); ``entry.text`` is the text to paste;
* ``generated``: built by this module rather than stored under ``files/``.

The hand-made entries are files under ``files/`` (open them; ``python -m tests.bad_inputs.corpus
--write`` rebuilds them from the built-in assets), except a few over 64 KB (200,000-character
cells and blocks), which are built on import. Built here too: the "wrong type in every field"
variants (each field of a valid document replaced in turn by a number, a string, a list, an
object, null and a boolean, expected to load or fail as the format defines) and the 1 MB strings.
``python -m tests.bad_inputs.corpus --write-all DIR`` writes every entry to DIR.

Decisions on CSV extra columns: a header column no loader knows is ignored (valid) by the RAGAS,
verdict and holistic readers; a row with more cells than the header is an error in all three.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FILES_DIR = HERE / "files"
ROOT = HERE.parents[1]
# Every code payload in the corpus would create this file if anything ever ran it.
SENTINEL = "/tmp/uncase_bad_input_pwned"
PAYLOAD = f"__import__('os').system('touch {SENTINEL}')"
LONG_CHARS = 1_000_000

FORMATS: Mapping[str, str] = {
    "rag": "RAG cases: rag_cases.dataset_from_bytes; RAG page upload (rag_files.read_rag_upload), "
           "threshold explorer, dataset workbench; CLI `rag`",
    "ragas": "RAGAS rows (JSON, JSONL, CSV): ragas_import.import_ragas_bytes; RAG page upload "
             "(rag_files.read_rag_upload); CLI `import-ragas`",
    "dataset": "a RAG dataset and its revision log: dataset_from_bytes + datasets.revisions; dataset "
               "workbench page; CLI `dataset`",
    "agreement": "one annotator's RAG file: agreement.agreement_from_bytes (as file A or B); agreement page",
    "conversations": "conversations.conversations_from_bytes; conversation page; CLI `conversations` and "
                     "`verify REPORT FILE` (the FILE)",
    "report": "a certified batch report: CLI `verify REPORT FILE` (the REPORT)",
    "summaries": "summary.cases_from_bytes; summary page upload; CLI `summaries`",
    "summary_block": "summary.parse_judgement_block(text, block_kind): the summary page's paste box",
    "verdicts": "rubrics.read_verdicts; rubric lab upload; CLI `rubrics`",
    "holistic": "holistic.read_holistic; rubric lab holistic upload; CLI `rubrics --holistic`",
}
FAMILIES = ("valid", "truncated", "invalid-json", "csv-columns", "wrong-type", "empty", "bom", "crlf",
            "encoding", "binary", "long-string", "unicode", "deep-nesting", "python-literal", "label-number",
            "duplicate-ids", "nan-infinity", "huge-integer", "other-format")
RAG = ("rag", "dataset", "agreement")  # a RAG case file is read by all three


@dataclass(frozen=True)
class BadInput:
    name: str
    data: bytes = field(repr=False)
    formats: tuple[str, ...]
    expect: str  # "error" or "ok"
    why: str
    family: str
    place: tuple[str, ...] = ()
    block_kind: str = ""
    generated: bool = False  # built in this module rather than stored under files/

    @property
    def text(self) -> str:
        """The data as pasted text (``summary_block`` entries)."""
        return self.data.decode("utf-8")


# ------------------------------------------------------------------ valid documents to break


def _asset(relative: str) -> Any:
    return json.loads((ROOT / "assets" / relative).read_text(encoding="utf-8"))


def _json(value: Any) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _jsonl(values: list[Any]) -> bytes:
    return "".join(json.dumps(value, ensure_ascii=False) + "\n" for value in values).encode("utf-8")


def _csv(rows: list[list[Any]], delimiter: str = ",") -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n", delimiter=delimiter).writerows(rows)
    return out.getvalue().encode("utf-8")


def _rag_case() -> dict:
    return _asset("rag/en/all_good.json")


def _rag_cases() -> list[dict]:
    return _asset("datasets/workbench_en.json")["cases"][:3]


def _conversation() -> dict:
    return _asset("conversations/en/good.json")


def _conversations() -> list[dict]:
    return [_asset(f"conversations/en/{name}.json") for name in ("good", "drift", "repetitive")]


def _summary() -> dict:
    return _asset("summaries/en/appointment.json")


def _summaries() -> list[dict]:
    return [_asset(f"summaries/en/{name}.json") for name in ("appointment", "cancellation", "micro_macro")]


def _ragas_rows() -> list[dict]:
    return [{"user_input": case["question"], "retrieved_contexts": [p["text"] for p in case["passages"]],
             "response": case["answer"], "reference": " ".join(f["text"] for f in case["reference_facts"])}
            for case in _rag_cases()]


RAGAS_HEADER = ["user_input", "retrieved_contexts", "response", "reference"]


def _ragas_csv_rows(python_repr: bool = False) -> list[list[str]]:
    rows = [RAGAS_HEADER]
    for row in _ragas_rows():
        contexts = repr(row["retrieved_contexts"]) if python_repr else json.dumps(row["retrieved_contexts"])
        rows.append([row["user_input"], contexts, row["response"], row["reference"]])
    return rows


VERDICT_HEADER = ["candidate", "prompt", "item", "judge", "run", "verdict"]


def _verdict_records() -> list[dict]:
    records = []
    for c, candidate in enumerate(("model-a", "model-b", "model-c")):
        for p, prompt in enumerate(("P1", "P2")):
            for i, item in enumerate(("i1", "i2")):
                for j, judge in enumerate(("J1", "J2")):
                    verdict = "yes" if (c + p + i + j + c * i) % 3 else "no"
                    records.append({"candidate": candidate, "prompt": prompt, "item": item, "judge": judge,
                                    "run": 1, "verdict": verdict})
    return records


def _verdict_rows() -> list[list[Any]]:
    return [VERDICT_HEADER] + [[r[c] for c in VERDICT_HEADER] for r in _verdict_records()]


HOLISTIC_HEADER = ["candidate", "judge", "score"]


def _holistic_records() -> list[dict]:
    scores = {"model-a": (8.5, 8.0), "model-b": (6.0, 7.5), "model-c": (4.5, 3.0)}
    return [{"candidate": c, "judge": j, "score": s[k]} for c, s in scores.items() for k, j in enumerate(("J1", "J2"))]


def _holistic_rows() -> list[list[Any]]:
    return [HOLISTIC_HEADER] + [[r[c] for c in HOLISTIC_HEADER] for r in _holistic_records()]


def _revision(**changes: Any) -> dict:
    entry = {"case": "retail-001", "unit": "p1", "field": "relevant", "old": False, "new": True,
             "reason": "the passage answers the question", "author": "ana", "time": "2026-10-02T09:30:00+00:00"}
    return {**entry, **changes}


def _dataset_with_revisions(*revisions: Any) -> dict:
    return {"name": "with a revision log", "cases": _rag_cases(), "revisions": list(revisions)}


# ------------------------------------------------------------------ ways to break a file


def _set(doc: Any, path: tuple, value: Any) -> Any:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def _cut(data: bytes, fraction: float = 0.6) -> bytes:
    """The first part of ``data``, cut in the middle of a line."""
    return data[: int(len(data) * fraction)]


def _cut_last_line(data: bytes) -> bytes:
    lines = data.rstrip(b"\n").split(b"\n")
    return b"\n".join([*lines[:-1], lines[-1][: len(lines[-1]) // 2]])


def _middle_line(data: bytes, bad: bytes) -> bytes:
    lines = data.rstrip(b"\n").split(b"\n")
    return b"\n".join([lines[0], bad, *lines[2:]]) + b"\n"


def _bom(data: bytes) -> bytes:
    return b"\xef\xbb\xbf" + data


def _crlf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def _latin1_middle(data: bytes) -> bytes:
    """Valid UTF-8 with one Latin-1 encoded "é" (byte 0xE9) in a string in the middle."""
    middle = data.index(b'"', len(data) // 2) + 1
    return data[:middle] + "café ".encode("latin-1") + data[middle:]


def _utf16(data: bytes) -> bytes:
    return data.decode("utf-8").encode("utf-16")  # with its byte-order mark


def _utf16_no_bom(data: bytes) -> bytes:
    return data.decode("utf-8").encode("utf-16-le")


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
DEEP = ("[" * 100_000 + "]" * 100_000).encode("ascii")
EMOJI_RTL = ("Emoji 👩‍👩‍👧 🇲🇽 👍🏽 and right-to-left: هل يمكنني إرجاع الحذاء بعد ٣٠ يومًا؟ "
             "\u200fהאם אפשר להחזיר את הנעליים?\u200e (mixed ‏RTL‎ marks, e\u0301 combining)")
HUGE_INT = "9" * 400  # fits Python's 4,300-digit limit, too large for a float
HUGER_INT = "9" * 5000  # beyond the limit
LITERAL_ACCURACY = ("{'decomposition': [{'point': 'The arrival window is 1:30 to 2:45 PM.', "
                    "'accuracy': 'The agent said so.', 'is_accurate': True}, {'point': 'No dates were discussed.', "
                    "'accuracy': 'June 2nd was mentioned.', 'is_accurate': 'False'}]}")
CATEGORICAL_ADHERENCE = ('{"rubrics": [ "question": "Is the section one of the allowed values?", '
                         '"reasoning": "It is exactly Resolved.", "is_addressed": "True" ]}')


def _emoji_case() -> dict:
    case = _rag_case()
    case["question"] = EMOJI_RTL + " " + case["question"]
    case["passages"][0]["text"] = "פסקה בעברית 📦 " + case["passages"][0]["text"]
    case["claims"][0]["text"] = "ادعاء بالعربية ✅ " + case["claims"][0]["text"]
    return case


def _emoji_conversation() -> dict:
    conversation = _conversation()
    conversation["turns"][0]["text"] = EMOJI_RTL + " " + conversation["turns"][0]["text"]
    conversation["turns"][1]["text"] = "مرحبا 👋 שלום. " + conversation["turns"][1]["text"]
    return conversation


def _emoji_summary() -> dict:
    summary = _summary()
    summary["transcript"][0]["text"] = EMOJI_RTL
    summary["sections"][0]["text"] = "ملخص 📝 סיכום " + summary["sections"][0]["text"]
    return summary


def _rows_with(rows: list[Any], index: int, row: Any) -> list[Any]:
    rows = copy.deepcopy(rows)
    rows[index] = row
    return rows


def _deep_metadata(levels: int) -> dict:
    case = _rag_case()
    nested: Any = "bottom"
    for _ in range(levels):
        nested = [nested]
    case["metadata"] = {**case.get("metadata", {}), "nested": nested}
    return case


# ------------------------------------------------------------------ the stored files


@dataclass(frozen=True)
class _Spec:
    name: str
    family: str
    formats: tuple[str, ...]
    expect: str
    why: str
    build: Callable[[], bytes]
    place: tuple[str, ...] = ()
    block_kind: str = ""
    stored: bool = True  # False: over ~64 KB, built on import rather than kept under files/


def _specs() -> list[_Spec]:
    s: list[_Spec] = []

    def add(name, family, formats, expect, why, build, place=(), block_kind="", stored=True):
        s.append(_Spec(name, family, tuple(formats), expect, why, build, tuple(place), block_kind, stored))

    # ---- RAG cases (also the dataset workbench and the agreement page)
    add("rag_valid_case.json", "valid", RAG, "ok", "a valid case (all_good)", lambda: _json(_rag_case()))
    add("rag_valid_dataset.jsonl", "valid", RAG, "ok", "three valid cases as JSON Lines",
        lambda: _jsonl(_rag_cases()))
    add("rag_truncated.json", "truncated", RAG, "error", "the case cut off in the middle",
        lambda: _cut(_json(_rag_case())), ["line "])
    add("rag_truncated_last_line.jsonl", "truncated", RAG, "error", "JSON Lines whose last line is cut",
        lambda: _cut_last_line(_jsonl(_rag_cases())), ["line 3"])
    add("rag_bad_line_middle.jsonl", "invalid-json", RAG, "error", "line 2 of 3 is not JSON (trailing comma)",
        lambda: _middle_line(_jsonl(_rag_cases()), b'{"id": "retail-002", "question": "Can I?",}'), ["line 2"])
    add("rag_trailing_comma.json", "invalid-json", RAG, "error", "a trailing comma after the last key",
        lambda: _json(_rag_case()).replace(b'\n}', b',\n}'), ["line "])
    add("rag_single_quotes.json", "invalid-json", RAG, "error", "a Python dict repr, not JSON",
        lambda: repr(_rag_case()).encode("utf-8"), ["line 1"])
    add("rag_top_level_number.json", "wrong-type", RAG, "error", "the whole file is the number 42",
        lambda: b"42\n")
    add("rag_top_level_string.json", "wrong-type", RAG, "error", "the whole file is a JSON string",
        lambda: b'"refund-01"\n')
    add("rag_cases_not_list.json", "wrong-type", RAG, "error", '{"cases": 3}',
        lambda: b'{"cases": 3}\n', ["cases"])
    add("rag_label_number.json", "label-number", RAG, "error", '"relevant": 1 instead of true',
        lambda: _json(_set(_rag_case(), ("passages", 0, "relevant"), 1)), ["passages[0].relevant"])
    add("rag_label_zero_float.json", "label-number", RAG, "error", '"covered": 0.0 instead of false',
        lambda: _json(_set(_rag_case(), ("reference_facts", 1, "covered"), 0.0)), ["reference_facts[1].covered"])
    add("rag_label_string.json", "label-number", RAG, "error", '"supported": "yes" instead of true',
        lambda: _json(_set(_rag_case(), ("claims", 0, "supported"), "yes")), ["claims[0].supported"])
    add("rag_label_with_newline.json", "label-number", RAG, "error",
        'a label "yes\\nno" holding a line break: the message must stay on one line',
        lambda: _json(_set(_rag_case(), ("claims", 1, "correct"), "yes\nno\r\nmaybe")), ["claims[1].correct"])
    add("rag_duplicate_case_ids.jsonl", "duplicate-ids", RAG, "error", "two cases with the same id",
        lambda: _jsonl([*_rag_cases()[:2], _rag_cases()[0]]), ["line 3"])
    add("rag_duplicate_unit_ids.json", "duplicate-ids", RAG, "error", "two passages with the same id",
        lambda: _json(_set(_rag_case(), ("passages", 1, "id"), "p1")), ["passages[1].id"])
    add("rag_nan_label.json", "nan-infinity", RAG, "error", '"relevant": NaN',
        lambda: _json(_rag_case()).replace(b'"relevant": true', b'"relevant": NaN', 1), ["passages[0].relevant"])
    add("rag_infinity_label.json", "nan-infinity", RAG, "error", '"covered": -Infinity',
        lambda: _json(_rag_case()).replace(b'"covered": true', b'"covered": -Infinity', 1),
        ["reference_facts[0].covered"])
    add("rag_nan_in_metadata.json", "nan-infinity", RAG, "error",
        "NaN and Infinity in free metadata: not JSON, and they would be written back as non-standard JSON",
        lambda: _json(_set(_rag_case(), ("metadata",), {"score": 1.5})).replace(b"1.5", b"NaN, \"top\": Infinity"),
        ["metadata.score", "NaN"])
    add("rag_huge_exponent_extra_key.json", "nan-infinity", RAG, "error",
        "1e999999 (infinity once read) in an unknown top-level key",
        lambda: _json({**_rag_case(), "weight_hint": 0.5}).replace(b'"weight_hint": 0.5', b'"weight_hint": 1e999999'),
        ["weight_hint", "Infinity"])
    add("rag_nan_unit_extra_key.jsonl", "nan-infinity", RAG, "error", "NaN in an unknown key of a passage, line 2",
        lambda: _jsonl(_rows_with(_rag_cases(), 1, _set(_rag_cases()[1], ("passages", 0, "score"), 0.5))).replace(
            b'"score": 0.5', b'"score": NaN'), ["line 2", "passages[0].score", "NaN"])
    add("rag_huge_integer_label.json", "huge-integer", RAG, "error", "a 400-digit integer as a label",
        lambda: _json(_rag_case()).replace(b'"relevant": true', f'"relevant": {HUGE_INT}'.encode(), 1),
        ["passages[0].relevant"])
    add("rag_huge_integer_5000_digits.json", "huge-integer", RAG, "error",
        "a 5,000-digit integer, beyond Python's integer parsing limit",
        lambda: _json(_set(_rag_case(), ("metadata",), {"n": 0})).replace(b'"n": 0', f'"n": {HUGER_INT}'.encode()),
        ["line ", "5,000 digits"])
    add("rag_python_payload.json", "python-literal", RAG, "ok",
        "code as the question text: it is only text, never run",
        lambda: _json(_set(_rag_case(), ("question",), PAYLOAD)))
    add("rag_emoji_rtl.json", "unicode", RAG, "ok", "emoji, Arabic and Hebrew text, RTL marks",
        lambda: _json(_emoji_case()))
    add("rag_control_characters.json", "unicode", RAG, "ok", "NUL, ANSI escape and U+2028 inside texts",
        lambda: _json(_set(_rag_case(), ("answer",), "Yes.\u0000 \u001b[2J\u2028Refund\u0085 in 5 days.")))
    add("rag_lone_surrogate.json", "unicode", RAG, "error", "an unpaired \\ud800 escape (not a character)",
        lambda: _json(_rag_case()).replace(b'"question": "', b'"question": "\\ud800', 1), ["question"])
    add("rag_bom.json", "bom", RAG, "ok", "UTF-8 with a byte-order mark", lambda: _bom(_json(_rag_case())))
    add("rag_bom.jsonl", "bom", RAG, "ok", "JSON Lines with a byte-order mark", lambda: _bom(_jsonl(_rag_cases())))
    add("rag_crlf.json", "crlf", RAG, "ok", "Windows line ends", lambda: _crlf(_json(_rag_case())))
    add("rag_crlf.jsonl", "crlf", RAG, "ok", "JSON Lines with Windows line ends", lambda: _crlf(_jsonl(_rag_cases())))
    add("rag_latin1_middle.json", "encoding", RAG, "error", "UTF-8 with a Latin-1 byte in the middle",
        lambda: _latin1_middle(_json(_rag_case())), ["offset"])
    add("rag_utf16.json", "encoding", RAG, "error", "UTF-16 with its byte-order mark",
        lambda: _utf16(_json(_rag_case())), ["offset 0"])
    add("rag_utf16_no_bom.json", "encoding", RAG, "error", "UTF-16 without a byte-order mark (NUL bytes)",
        lambda: _utf16_no_bom(_json(_rag_case())), ["line 1"])
    add("rag_png.json", "binary", RAG, "error", "a PNG image named .json", lambda: PNG, ["offset 0"])
    add("rag_empty.json", "empty", RAG, "error", "0 bytes", lambda: b"")
    add("rag_whitespace.jsonl", "empty", RAG, "error", "only spaces, tabs and blank lines",
        lambda: b"  \n\t\n\r\n   \n")
    add("rag_empty_list.json", "empty", RAG, "error", "an empty list of cases", lambda: b"[]\n", ["cases"])
    add("rag_empty_object.json", "empty", RAG, "error", "an empty object: no id", lambda: b"{}\n", ['"id"'])
    add("deep_nesting.json", "deep-nesting", (*RAG, "ragas", "conversations", "report", "summaries", "verdicts",
                                               "holistic"), "error", "100,000 nested [ (one file for every loader)",
        lambda: DEEP)
    add("rag_deep_nesting.jsonl", "deep-nesting", RAG, "error", "a valid line, then 100,000 nested [",
        lambda: _jsonl(_rag_cases()[:1]) + DEEP + b"\n", stored=False)
    add("rag_nested_metadata.json", "deep-nesting", RAG, "ok", "metadata nested 200 levels deep (kept)",
        lambda: (json.dumps(_deep_metadata(200), ensure_ascii=False) + "\n").encode("utf-8"))
    # ---- the dataset workbench's revision log (the RAG loaders keep it as it is)
    add("dataset_valid_revisions.json", "valid", ("dataset",), "ok", "a dataset with a valid revision log",
        lambda: _json(_dataset_with_revisions(_revision())))
    add("dataset_revision_bad_time.json", "wrong-type", ("dataset",), "error", "a revision time that is no date",
        lambda: _json(_dataset_with_revisions(_revision(time="yesterday"))), ["revisions[0].time"])
    add("dataset_revision_label_number.json", "label-number", ("dataset",), "error", 'a revision with "new": 1',
        lambda: _json(_dataset_with_revisions(_revision(new=1))), ["revisions[0].new"])
    add("dataset_revisions_not_list.json", "wrong-type", ("dataset",), "error", '"revisions": "none"',
        lambda: _json({**_dataset_with_revisions(), "revisions": "none"}), ["revisions"])
    add("dataset_revision_python_payload.json", "python-literal", ("dataset",), "error",
        "code as a revision time: refused as a time, never run",
        lambda: _json(_dataset_with_revisions(_revision(time=PAYLOAD))), ["revisions[0].time"])

    # ---- RAGAS rows
    add("ragas_valid.jsonl", "valid", ("ragas",), "ok", "three valid RAGAS rows", lambda: _jsonl(_ragas_rows()))
    add("ragas_valid.csv", "valid", ("ragas",), "ok", "valid RAGAS CSV, contexts as JSON",
        lambda: _csv(_ragas_csv_rows()))
    add("ragas_pandas_repr.csv", "valid", ("ragas",), "ok", "contexts as a Python list repr (pandas export)",
        lambda: _csv(_ragas_csv_rows(python_repr=True)))
    add("ragas_bom.csv", "bom", ("ragas",), "ok", "CSV with a byte-order mark", lambda: _bom(_csv(_ragas_csv_rows())))
    add("ragas_bom.jsonl", "bom", ("ragas",), "ok", "JSONL with a byte-order mark",
        lambda: _bom(_jsonl(_ragas_rows())))
    add("ragas_crlf.csv", "crlf", ("ragas",), "ok", "CSV with Windows line ends",
        lambda: _crlf(_csv(_ragas_csv_rows())))
    add("ragas_emoji_rtl.csv", "unicode", ("ragas",), "ok", "emoji and right-to-left text in every column",
        lambda: _csv([RAGAS_HEADER, [EMOJI_RTL, json.dumps(["سياق 📄", "הקשר"], ensure_ascii=False),
                                     "جواب. תשובה 👍.", "مرجع. אסמכתא."]]))
    add("ragas_missing_question_column.csv", "csv-columns", ("ragas",), "error", "no user_input column",
        lambda: _csv([[c for c in r[1:]] for r in _ragas_csv_rows()]), ["line 1"])
    add("ragas_extra_named_column.csv", "csv-columns", ("ragas",), "ok", "an extra header column (ignored)",
        lambda: _csv([[*r, "note" if i == 0 else f"note {i}"] for i, r in enumerate(_ragas_csv_rows())]))
    add("ragas_extra_cells.csv", "csv-columns", ("ragas",), "error", "row 3 has more cells than the header",
        lambda: _csv(_rows_with(_ragas_csv_rows(), 2, [*_ragas_csv_rows()[2], "stray"])), ["line 3"])
    add("ragas_empty_question_cell.csv", "csv-columns", ("ragas",), "error", "row 2 has an empty user_input",
        lambda: _csv(_rows_with(_ragas_csv_rows(), 1, ["", "[]", "an answer", ""])), ["line 2"])
    add("ragas_header_only.csv", "empty", ("ragas",), "error", "a header and no rows",
        lambda: _csv([RAGAS_HEADER]))
    add("ragas_truncated.csv", "truncated", ("ragas",), "error", "the last row cut inside its list of contexts",
        lambda: _csv(_ragas_csv_rows(python_repr=True)).rsplit(b"', '", 1)[0], ["line 4", "retrieved_contexts"])
    add("ragas_truncated.jsonl", "truncated", ("ragas",), "error", "JSONL whose last line is cut",
        lambda: _cut_last_line(_jsonl(_ragas_rows())), ["line 3"])
    add("ragas_bad_line_middle.jsonl", "invalid-json", ("ragas",), "error", "line 2 is a Python dict",
        lambda: _middle_line(_jsonl(_ragas_rows()), repr(_ragas_rows()[1]).encode()), ["line 2"])
    add("ragas_question_number.jsonl", "label-number", ("ragas",), "error", '"user_input": 42',
        lambda: _jsonl(_rows_with(_ragas_rows(), 1, {**_ragas_rows()[1], "user_input": 42})),
        ["line 2", "user_input"])
    add("ragas_contexts_number.jsonl", "wrong-type", ("ragas",), "error", '"retrieved_contexts": 3',
        lambda: _jsonl(_rows_with(_ragas_rows(), 1, {**_ragas_rows()[1], "retrieved_contexts": 3})),
        ["line 2", "retrieved_contexts"])
    add("ragas_response_nan.jsonl", "nan-infinity", ("ragas",), "error", '"response": NaN',
        lambda: _jsonl(_rows_with(_ragas_rows(), 1, {**_ragas_rows()[1], "response": 0.5})).replace(b"0.5", b"NaN"),
        ["line 2", "response"])
    add("ragas_nan_extra_key.jsonl", "nan-infinity", ("ragas",), "error", "NaN in an unknown column of line 1",
        lambda: _jsonl(_rows_with(_ragas_rows(), 0, {**_ragas_rows()[0], "score": 0.5})).replace(
            b'"score": 0.5', b'"score": NaN'), ["line 1", "score"])
    add("ragas_semicolon.csv", "csv-columns", ("ragas",), "ok",
        "saved with ';' as the delimiter, as Excel does in a Spanish locale (sniffed)",
        lambda: _csv(_ragas_csv_rows(), ";"))
    add("ragas_tabs.csv", "csv-columns", ("ragas",), "ok", "saved with tabs as the delimiter (sniffed)",
        lambda: _csv(_ragas_csv_rows(), "\t"))
    add("ragas_context_columns.csv", "csv-columns", ("ragas",), "ok", "one column per passage, with id and metadata",
        lambda: _csv([["id", "user_input", "context_1", "context_2", "response", "language", "metadata.owner"],
                      ["r1", "How long?", "Five days.", "Free shipping.", "Five days.", "en", "ops"]], ";"))
    add("ragas_semicolon_bad_json_cell.csv", "csv-columns", ("ragas",), "error",
        "a ';' file whose list of contexts on line 3 is cut", lambda: _csv(_rows_with(
            _ragas_csv_rows(), 2, [_ragas_rows()[1]["user_input"], '["one", "two"', "a", "b"]), ";"),
        ["line 3", "retrieved_contexts"])
    add("ragas_duplicate_column.csv", "csv-columns", ("ragas",), "error", "the header names context_1 twice",
        lambda: _csv([["user_input", "context_1", "context_1"], ["q", "a", "b"]]), ["line 1", "context_1"])
    add("ragas_passages_two_ways.csv", "csv-columns", ("ragas",), "error",
        "both a retrieved_contexts column and context_N columns",
        lambda: _csv([["user_input", "retrieved_contexts", "context_1"], ["q", "[]", "b"]]),
        ["line 1", "retrieved_contexts", "context_1"])
    add("ragas_long_passage_cell.csv", "long-string", ("ragas",), "error",
        "a 120,000-character passage cell, under the csv module's limit but over the reader's",
        lambda: _csv([["user_input", "context_1", "context_2"], ["q", "a", "p" * 120_000]]),
        ["line 2", "context_2"], stored=False)
    add("ragas_huge_integer.jsonl", "huge-integer", ("ragas",), "error", "a 400-digit user_input",
        lambda: _jsonl(_rows_with(_ragas_rows(), 2, {**_ragas_rows()[2], "user_input": 0.5})).replace(
            b"0.5", HUGE_INT.encode()), ["line 3", "user_input"])
    add("ragas_contexts_payload.csv", "python-literal", ("ragas",), "error",
        "a contexts cell holding code in a list: literal_eval refuses it, nothing runs",
        lambda: _csv(_rows_with(_ragas_csv_rows(), 1, [_ragas_rows()[0]["user_input"], f"[{PAYLOAD}]", "a", "b"])),
        ["line 2", "retrieved_contexts"])
    add("ragas_duplicate_ids.jsonl", "duplicate-ids", ("ragas",), "error", "two rows with the same id",
        lambda: _jsonl([{**row, "id": "same"} for row in _ragas_rows()]), ["line "])
    add("ragas_huge_cell.csv", "long-string", ("ragas",), "error",
        "a 200,000-character cell, beyond the csv module's field limit",
        lambda: _csv(_rows_with(_ragas_csv_rows(), 1, ["q" * 200_000, "[]", "a", "b"])), ["line 2", "field limit"],
        stored=False)
    add("ragas_huge_header.csv", "long-string", ("ragas",), "error", "a 200,000-character header cell",
        lambda: _csv([[*RAGAS_HEADER, "h" * 200_000], *_ragas_csv_rows()[1:]]), ["line 1", "field limit"],
        stored=False)
    add("ragas_latin1_middle.csv", "encoding", ("ragas",), "error", "a Latin-1 byte in the middle",
        lambda: _latin1_middle(_csv(_ragas_csv_rows())), ["offset"])
    add("ragas_utf16.csv", "encoding", ("ragas",), "error", "UTF-16 CSV", lambda: _utf16(_csv(_ragas_csv_rows())),
        ["offset 0"])
    add("ragas_empty.csv", "empty", ("ragas",), "error", "0 bytes", lambda: b"")
    add("ragas_whitespace.csv", "empty", ("ragas",), "error", "only white space", lambda: b" \r\n\t\n")
    add("ragas_png.csv", "binary", ("ragas",), "error", "a PNG image named .csv", lambda: PNG, ["offset 0"])

    # ---- conversations
    add("conv_valid.json", "valid", ("conversations",), "ok", "a valid conversation (good)",
        lambda: _json(_conversation()))
    add("conv_valid.jsonl", "valid", ("conversations",), "ok", "three valid conversations as JSON Lines",
        lambda: _jsonl(_conversations()))
    add("conv_truncated.json", "truncated", ("conversations",), "error", "cut off in the middle",
        lambda: _cut(_json(_conversation())), ["line "])
    add("conv_truncated_last_line.jsonl", "truncated", ("conversations",), "error", "the last line is cut",
        lambda: _cut_last_line(_jsonl(_conversations())), ["line 3"])
    add("conv_bad_line_middle.jsonl", "invalid-json", ("conversations",), "error", "line 2 uses single quotes",
        lambda: _middle_line(_jsonl(_conversations()), b"{'id': 'drift', 'turns': []}"), ["line 2"])
    add("conv_label_number.json", "label-number", ("conversations",), "error", '"verified": 1',
        lambda: _json(_set(_conversation(), ("claims", 0, "verified"), 1)), ["claims[0].verified"])
    add("conv_turn_label_number.json", "label-number", ("conversations",), "error", '"coherent": 0',
        lambda: _json(_set(_conversation(), ("turn_labels",), [{"turn": 0, "coherent": 0}])),
        ["turn_labels[0].coherent"])
    add("conv_role_number.json", "label-number", ("conversations",), "error", '"role": 1',
        lambda: _json(_set(_conversation(), ("turns", 0, "role"), 1)), ["turns[0].role"])
    add("conv_duplicate_ids.jsonl", "duplicate-ids", ("conversations",), "error", "two conversations share an id",
        lambda: _jsonl([_conversation(), _conversation()]), ["conversation 1"])
    add("conv_nan_turn.json", "nan-infinity", ("conversations",), "error", '"turn": NaN',
        lambda: _json(_conversation()).replace(b'"turn": 1', b'"turn": NaN', 1), ["claims[0].turn"])
    add("conv_infinity_extra_key.json", "nan-infinity", ("conversations",), "error",
        "-Infinity in an unknown top-level key",
        lambda: _json({**_conversation(), "quality": 0.5}).replace(b'"quality": 0.5', b'"quality": -Infinity'),
        ["quality", "-Infinity"])
    add("conv_huge_turn_number.json", "huge-integer", ("conversations",), "error", "a 400-digit turn number",
        lambda: _json(_conversation()).replace(b'"turn": 1', f'"turn": {HUGE_INT}'.encode(), 1),
        ["claims[0].turn"])
    add("conv_python_payload.json", "python-literal", ("conversations",), "ok",
        "code as a turn's text: only text, never run",
        lambda: _json(_set(_conversation(), ("turns", 1, "text"), PAYLOAD)))
    add("conv_emoji_rtl.json", "unicode", ("conversations",), "ok", "emoji, Arabic and Hebrew turns",
        lambda: _json(_emoji_conversation()))
    add("conv_lone_surrogate.json", "unicode", ("conversations",), "error", "an unpaired surrogate in a turn",
        lambda: _json(_conversation()).replace(b'"text": "', b'"text": "\\udc00', 1), ["turns[0].text"])
    add("conv_bom.json", "bom", ("conversations",), "ok", "a byte-order mark", lambda: _bom(_json(_conversation())))
    add("conv_crlf.jsonl", "crlf", ("conversations",), "ok", "Windows line ends",
        lambda: _crlf(_jsonl(_conversations())))
    add("conv_latin1_middle.json", "encoding", ("conversations",), "error", "a Latin-1 byte in the middle",
        lambda: _latin1_middle(_json(_conversation())), ["offset"])
    add("conv_utf16.json", "encoding", ("conversations",), "error", "UTF-16", lambda: _utf16(_json(_conversation())),
        ["offset 0"])
    add("conv_png.json", "binary", ("conversations",), "error", "a PNG image", lambda: PNG, ["offset 0"])
    add("conv_empty.json", "empty", ("conversations",), "error", "0 bytes", lambda: b"")
    add("conv_whitespace.jsonl", "empty", ("conversations",), "error", "blank lines only", lambda: b"\n\n  \n")
    add("conv_empty_list.json", "empty", ("conversations",), "error", "an empty list", lambda: b"[]\n")

    # ---- certified reports (the REPORT of `verify REPORT FILE`)
    thresholds = {"rouge_l": 0.65, "fidelity": 0.9, "ttr": 0.55, "coherence": 0.85}

    def report(**changes: Any) -> bytes:
        return _json({"thresholds": thresholds, "memorization_limit": 0.01, "certificate_hash": "0" * 64, **changes})

    add("report_truncated.json", "truncated", ("report",), "error", "the report cut off",
        lambda: _cut(report()), ["line "])
    add("report_not_json.json", "invalid-json", ("report",), "error", "plain text", lambda: b"certified!\n",
        ["line 1"])
    add("report_empty.json", "empty", ("report",), "error", "0 bytes", lambda: b"")
    add("report_no_certificate.json", "wrong-type", ("report",), "error", "no certificate_hash",
        lambda: _json({"thresholds": thresholds}), ["certificate_hash"])
    add("report_top_level_list.json", "wrong-type", ("report",), "error", "a list, not a report",
        lambda: b"[1, 2, 3]\n", ["certificate_hash"])
    add("report_thresholds_list.json", "wrong-type", ("report",), "error", '"thresholds": [0.5]',
        lambda: report(thresholds=[0.5]), ["thresholds"])
    add("report_threshold_string.json", "label-number", ("report",), "error", '"rouge_l": "0.65" (a string)',
        lambda: report(thresholds={**thresholds, "rouge_l": "0.65"}), ["thresholds.rouge_l"])
    add("report_threshold_nan.json", "nan-infinity", ("report",), "error", '"fidelity": NaN',
        lambda: report().replace(b'"fidelity": 0.9', b'"fidelity": NaN'), ["thresholds.fidelity"])
    add("report_nan_extra_key.json", "nan-infinity", ("report",), "error", "NaN in an unknown key of the report",
        lambda: report(note=0.5).replace(b'"note": 0.5', b'"note": NaN'), ["note", "NaN"])
    add("report_threshold_huge_integer.json", "huge-integer", ("report",), "error",
        "a 400-digit threshold (too large for a float)",
        lambda: report().replace(b'"ttr": 0.55', f'"ttr": {HUGE_INT}'.encode()), ["thresholds.ttr"])
    add("report_huge_integer_5000_digits.json", "huge-integer", ("report",), "error", "a 5,000-digit number",
        lambda: report().replace(b'"memorization_limit": 0.01', f'"memorization_limit": {HUGER_INT}'.encode()))
    add("report_memorization_limit_string.json", "wrong-type", ("report",), "error", 'memorization_limit "1%"',
        lambda: report(memorization_limit="1%"), ["memorization_limit"])
    add("report_python_payload.json", "python-literal", ("report",), "error", "code as the thresholds",
        lambda: report(thresholds=PAYLOAD), ["thresholds"])
    add("report_utf16.json", "encoding", ("report",), "error", "UTF-16", lambda: _utf16(report()))
    add("report_png.json", "binary", ("report",), "error", "a PNG image", lambda: PNG)

    # ---- summary cases
    add("summary_valid.json", "valid", ("summaries",), "ok", "a valid summary case (appointment)",
        lambda: _json(_summary()))
    add("summary_valid.jsonl", "valid", ("summaries",), "ok", "three valid cases as JSON Lines",
        lambda: _jsonl(_summaries()))
    add("summary_truncated.json", "truncated", ("summaries",), "error", "cut off in the middle",
        lambda: _cut(_json(_summary())), ["line "])
    add("summary_truncated_last_line.jsonl", "truncated", ("summaries",), "error", "the last line is cut",
        lambda: _cut_last_line(_jsonl(_summaries())), ["line 3"])
    add("summary_bad_line_middle.jsonl", "invalid-json", ("summaries",), "error", "line 2 is not JSON",
        lambda: _middle_line(_jsonl(_summaries()), b'{"id": "cancellation", "transcript": [}'), ["line 2"])
    add("summary_label_number.json", "label-number", ("summaries",), "error", '"is_accurate": 1',
        lambda: _json(_set(_summary(), ("accuracy", "decomposition", 0, "is_accurate"), 1)),
        ["accuracy.decomposition[0].is_accurate"])
    add("summary_label_nan.json", "nan-infinity", ("summaries",), "error", '"is_covered": NaN',
        lambda: _json(_summary()).replace(b'"is_covered": true', b'"is_covered": NaN', 1),
        ["completeness[0].content_list[0].is_covered"])
    add("summary_huge_exponent_extra_key.json", "nan-infinity", ("summaries",), "error",
        "1e400 (infinity once read) in an unknown key of a section",
        lambda: _json(_set(_summary(), ("sections", 0, "weight"), 0.5)).replace(b'"weight": 0.5', b'"weight": 1e400'),
        ["sections[0].weight", "Infinity"])
    add("summary_section_kind_number.json", "wrong-type", ("summaries",), "error", '"kind": 1',
        lambda: _json(_set(_summary(), ("sections", 0, "kind"), 1)), ["sections[0].kind"])
    add("summary_block_python_literal.json", "python-literal", ("summaries",), "ok",
        "an accuracy block as the single-quoted Python literal document 002 prints (read, never run)",
        lambda: _json(_set(_summary(), ("accuracy",), LITERAL_ACCURACY)))
    add("summary_block_payload.json", "python-literal", ("summaries",), "error",
        "a block string holding code: refused, never run",
        lambda: _json(_set(_summary(), ("accuracy",), PAYLOAD)), ["accuracy"])
    add("summary_block_nested_payload.json", "python-literal", ("summaries",), "error",
        "code inside an otherwise valid literal block",
        lambda: _json(_set(_summary(), ("adherence",),
                           "{'rubrics': [{'question': " + PAYLOAD + ", 'is_addressed': True}]}")), ["adherence"])
    add("summary_block_set_literal.json", "python-literal", ("summaries",), "error",
        "a Python set inside a block (not a JSON value)",
        lambda: _json(_set(_summary(), ("completeness",), "[{'question': 'q', 'content_list': [{1, 2}]}]")),
        ["completeness"])
    add("summary_block_too_long.json", "long-string", ("summaries",), "error",
        "a block string longer than the 200,000-character limit",
        lambda: _json(_set(_summary(), ("accuracy",), "{'decomposition': [" + " " * 200_001 + "]}")),
        ["accuracy", "too long"], stored=False)
    add("summary_block_deep.json", "deep-nesting", ("summaries",), "error", "a block string of 50,000 nested [",
        lambda: _json(_set(_summary(), ("completeness",), "[" * 50_000)), ["completeness"], stored=False)
    add("summary_duplicate_ids.jsonl", "duplicate-ids", ("summaries",), "error", "two cases share an id",
        lambda: _jsonl([_summary(), _summary()]), ["line 2", "id"])
    add("summary_emoji_rtl.json", "unicode", ("summaries",), "ok", "emoji, Arabic and Hebrew text",
        lambda: _json(_emoji_summary()))
    add("summary_bom.json", "bom", ("summaries",), "ok", "a byte-order mark", lambda: _bom(_json(_summary())))
    add("summary_crlf.jsonl", "crlf", ("summaries",), "ok", "Windows line ends", lambda: _crlf(_jsonl(_summaries())))
    add("summary_latin1_middle.json", "encoding", ("summaries",), "error", "a Latin-1 byte in the middle",
        lambda: _latin1_middle(_json(_summary())), ["offset"])
    add("summary_utf16.json", "encoding", ("summaries",), "error", "UTF-16", lambda: _utf16(_json(_summary())),
        ["offset 0"])
    add("summary_png.json", "binary", ("summaries",), "error", "a PNG image", lambda: PNG, ["offset 0"])
    add("summary_empty.json", "empty", ("summaries",), "error", "0 bytes", lambda: b"")
    add("summary_whitespace.json", "empty", ("summaries",), "error", "white space only", lambda: b"\t \n")
    add("summary_huge_integer.json", "huge-integer", ("summaries",), "error", "a 400-digit label",
        lambda: _json(_summary()).replace(b'"is_accurate": true', f'"is_accurate": {HUGE_INT}'.encode(), 1),
        ["accuracy.decomposition[0].is_accurate"])

    # ---- judgement blocks pasted on the summary page
    def block(name, family, expect, why, text, kind="accuracy", place=(), stored=True):
        add(name, family, ("summary_block",), expect, why, lambda: text.encode("utf-8"),
            [kind, *place] if expect == "error" else [], kind, stored)

    block("block_accuracy_json.txt", "valid", "ok", "a strict JSON accuracy block",
          json.dumps(_summary()["accuracy"], indent=2))
    block("block_accuracy_literal.txt", "python-literal", "ok", "the single-quoted literal document 002 prints",
          LITERAL_ACCURACY)
    block("block_adherence_categorical.txt", "valid", "ok", "document 002's categorical form (repaired)",
          CATEGORICAL_ADHERENCE, "adherence")
    block("block_payload_system.txt", "python-literal", "error", "os.system through __import__", PAYLOAD)
    block("block_payload_in_value.txt", "python-literal", "error", "code as a value inside a literal",
          "{'decomposition': [{'point': " + PAYLOAD + ", 'is_accurate': True}]}")
    block("block_payload_lambda.txt", "python-literal", "error", "a lambda called at once",
          f"(lambda: {PAYLOAD})()")
    block("block_payload_eval.txt", "python-literal", "error", "eval of a string", f'eval("{PAYLOAD}")')
    block("block_payload_fstring.txt", "python-literal", "error", "an f-string running code",
          "f\"{" + PAYLOAD + "}\"")
    block("block_payload_memory.txt", "python-literal", "error", "'a' * 10**10: would take 10 GB if evaluated",
          "{'decomposition': [{'point': 'a' * 10**10}]}")
    block("block_payload_dunder.txt", "python-literal", "error", "attribute access on a literal",
          "().__class__.__base__.__subclasses__()")
    block("block_set_literal.txt", "python-literal", "error", "a set where a list goes",
          "{'decomposition': {'point one', 'point two'}}", place=["decomposition"])
    block("block_bytes_literal.txt", "python-literal", "error", "a bytes value",
          "{'decomposition': [{'point': b'bytes', 'is_accurate': True}]}", place=["decomposition[0]"])
    block("block_label_number.txt", "label-number", "error", '"is_accurate": 1',
          '{"decomposition": [{"point": "p", "is_accurate": 1}]}', place=["decomposition[0].is_accurate"])
    block("block_completeness_label_number.txt", "label-number", "error", "'is_covered': 2",
          "[{'question': 'q', 'content_list': [{'transcript_content': 't', 'is_covered': 2}]}]", "completeness",
          ["completeness[0].content_list[0].is_covered"])
    block("block_truncated.txt", "truncated", "error", "a JSON block cut off",
          json.dumps(_summary()["accuracy"], indent=2)[:150])
    block("block_empty.txt", "empty", "error", "nothing pasted", "", place=["empty"])
    block("block_whitespace.txt", "empty", "error", "only blank lines", "\n  \n\t", place=["empty"])
    block("block_deep_nesting.txt", "deep-nesting", "error", "100,000 nested [", "[" * 100_000, "completeness",
          stored=False)
    block("block_too_long.txt", "long-string", "error", "over the 200,000-character limit",
          "[" + " " * 200_001 + "]", "completeness", ["too long"], stored=False)
    block("block_emoji_rtl.txt", "unicode", "ok", "emoji and right-to-left text in the points",
          json.dumps({"decomposition": [{"point": EMOJI_RTL, "accuracy": "✅ صحيح", "is_accurate": True}]},
                     ensure_ascii=False))
    block("block_crlf.txt", "crlf", "ok", "pasted with Windows line ends",
          json.dumps(_summary()["adherence"], indent=2).replace("\n", "\r\n"), "adherence")
    block("block_bom.txt", "bom", "ok", "pasted text starting with a byte-order mark",
          "\ufeff" + json.dumps(_summary()["completeness"]), "completeness")
    block("block_nan.txt", "nan-infinity", "error", "NaN as a label", '{"decomposition": [{"point": "p", '
          '"is_accurate": NaN}]}', place=["decomposition[0].is_accurate"])
    block("block_huge_integer.txt", "huge-integer", "error", "a 5,000-digit number",
          '{"decomposition": [{"point": "p", "is_accurate": ' + HUGER_INT + "}]}")

    # ---- rubric verdicts
    add("verdicts_valid.csv", "valid", ("verdicts",), "ok", "valid verdicts", lambda: _csv(_verdict_rows()))
    add("verdicts_valid.jsonl", "valid", ("verdicts",), "ok", "valid verdicts as JSON Lines",
        lambda: _jsonl(_verdict_records()))
    add("verdicts_verdict_one.jsonl", "label-number", ("verdicts",), "ok", '"verdict": 1 (1/0 are allowed)',
        lambda: _jsonl([{**r, "verdict": 1 if r["verdict"] == "yes" else 0} for r in _verdict_records()]))
    add("verdicts_bom.csv", "bom", ("verdicts",), "ok", "a byte-order mark", lambda: _bom(_csv(_verdict_rows())))
    add("verdicts_crlf.csv", "crlf", ("verdicts",), "ok", "Windows line ends", lambda: _crlf(_csv(_verdict_rows())))
    add("verdicts_emoji_rtl.csv", "unicode", ("verdicts",), "ok", "emoji and Arabic/Hebrew names",
        lambda: _csv([VERDICT_HEADER] + [[{"model-a": "نموذج 🅰", "model-b": "מודל ב", "model-c": "c"}[r[0]],
                                          *r[1:]] for r in _verdict_rows()[1:]]))
    add("verdicts_formula.csv", "unicode", ("verdicts",), "ok", "a spreadsheet formula as a name (only text)",
        lambda: _csv([VERDICT_HEADER] + [["=cmd|' /C calc'!A0" if r[0] == "model-a" else r[0], *r[1:]]
                                         for r in _verdict_rows()[1:]]))
    add("verdicts_missing_column.csv", "csv-columns", ("verdicts",), "error", "no run column",
        lambda: _csv([[c for k, c in enumerate(r) if k != 4] for r in _verdict_rows()]), ["line 1", "run"])
    add("verdicts_extra_named_column.csv", "csv-columns", ("verdicts",), "ok", "an extra column (ignored)",
        lambda: _csv([[*r, "comment" if i == 0 else ""] for i, r in enumerate(_verdict_rows())]))
    add("verdicts_extra_cells.csv", "csv-columns", ("verdicts",), "error", "row 3 has a seventh cell",
        lambda: _csv(_rows_with(_verdict_rows(), 2, [*_verdict_rows()[2], "x"])), ["line 3"])
    add("verdicts_missing_cells.csv", "csv-columns", ("verdicts",), "error", "row 3 has four cells",
        lambda: _csv(_rows_with(_verdict_rows(), 2, _verdict_rows()[2][:4])), ["line 3"])
    add("verdicts_truncated.csv", "truncated", ("verdicts",), "error", "the last row cut",
        lambda: _cut_last_line(_csv(_verdict_rows())), [f"line {len(_verdict_rows())}"])
    add("verdicts_truncated.jsonl", "truncated", ("verdicts",), "error", "the last line cut",
        lambda: _cut_last_line(_jsonl(_verdict_records())), [f"line {len(_verdict_records())}"])
    add("verdicts_bad_line_middle.jsonl", "invalid-json", ("verdicts",), "error", "line 2 is not JSON",
        lambda: _middle_line(_jsonl(_verdict_records()), b'{"candidate": "model-a" "prompt": "P1"}'), ["line 2"])
    add("verdicts_verdict_number.jsonl", "label-number", ("verdicts",), "error", '"verdict": 2',
        lambda: _jsonl(_rows_with(_verdict_records(), 1, {**_verdict_records()[1], "verdict": 2})),
        ["line 2", "verdict"])
    add("verdicts_verdict_nan.jsonl", "nan-infinity", ("verdicts",), "error", '"verdict": NaN',
        lambda: _jsonl(_verdict_records()).replace(b'"verdict": "no"', b'"verdict": NaN', 1), ["verdict"])
    add("verdicts_infinity_extra_key.jsonl", "nan-infinity", ("verdicts",), "error",
        "Infinity in an unknown key, line 3 (it would be ignored, but the file is not JSON)",
        lambda: _jsonl(_rows_with(_verdict_records(), 2, {**_verdict_records()[2], "confidence": 0.5})).replace(
            b'"confidence": 0.5', b'"confidence": Infinity'), ["line 3", "confidence"])
    add("verdicts_semicolon.csv", "csv-columns", ("verdicts",), "error",
        "saved with ';' as the delimiter, as spreadsheets do in many locales",
        lambda: _csv(_verdict_rows(), ";"), ["line 1", "';' as the delimiter"])
    add("verdicts_tabs.csv", "csv-columns", ("verdicts",), "error", "saved with tabs as the delimiter",
        lambda: _csv(_verdict_rows(), "\t"), ["line 1", "tabs as the delimiter"])
    add("verdicts_python_payload.csv", "python-literal", ("verdicts",), "error", "code as a verdict",
        lambda: _csv(_rows_with(_verdict_rows(), 1, [*_verdict_rows()[1][:5], PAYLOAD])), ["line 2", "verdict"])
    add("verdicts_duplicate_rows.csv", "duplicate-ids", ("verdicts",), "error", "the same verdict twice",
        lambda: _csv([*_verdict_rows()[:3], _verdict_rows()[2], *_verdict_rows()[3:]]), ["line 4"])
    add("verdicts_huge_cell.csv", "long-string", ("verdicts",), "error", "a 200,000-character cell",
        lambda: _csv(_rows_with(_verdict_rows(), 1, ["c" * 200_000, *_verdict_rows()[1][1:]])),
        ["line 2", "field limit"], stored=False)
    add("verdicts_header_only.csv", "empty", ("verdicts",), "error", "a header and no rows",
        lambda: _csv([VERDICT_HEADER]))
    add("verdicts_latin1_middle.csv", "encoding", ("verdicts",), "error", "a Latin-1 byte in the middle",
        lambda: _latin1_middle(_jsonl(_verdict_records())), ["offset"])
    add("verdicts_utf16.csv", "encoding", ("verdicts",), "error", "UTF-16", lambda: _utf16(_csv(_verdict_rows())),
        ["offset 0"])
    add("verdicts_png.csv", "binary", ("verdicts",), "error", "a PNG image", lambda: PNG, ["offset 0"])
    add("verdicts_empty.csv", "empty", ("verdicts",), "error", "0 bytes", lambda: b"")
    add("verdicts_whitespace.csv", "empty", ("verdicts",), "error", "white space only", lambda: b"\n \n")
    add("verdicts_huge_integer.jsonl", "huge-integer", ("verdicts",), "error", "a 5,000-digit run number",
        lambda: _jsonl(_verdict_records()).replace(b'"run": 1', f'"run": {HUGER_INT}'.encode(), 1),
        ["line 1", "5,000 digits"])

    # ---- holistic scores
    add("holistic_valid.csv", "valid", ("holistic",), "ok", "valid scores", lambda: _csv(_holistic_rows()))
    add("holistic_valid.jsonl", "valid", ("holistic",), "ok", "valid scores as JSON Lines",
        lambda: _jsonl(_holistic_records()))
    add("holistic_bom.csv", "bom", ("holistic",), "ok", "a byte-order mark", lambda: _bom(_csv(_holistic_rows())))
    add("holistic_crlf.csv", "crlf", ("holistic",), "ok", "Windows line ends", lambda: _crlf(_csv(_holistic_rows())))
    add("holistic_emoji_rtl.csv", "unicode", ("holistic",), "ok", "emoji and Arabic/Hebrew names",
        lambda: _csv([HOLISTIC_HEADER] + [[{"model-a": "نموذج 🅰"}.get(r[0], r[0]), "שופט" if r[1] == "J1" else "🧑‍⚖️",
                                           r[2]] for r in _holistic_rows()[1:]]))
    add("holistic_candidate_number.jsonl", "label-number", ("holistic",), "ok",
        "a number as a candidate name (read as its text, as in CSV)",
        lambda: _jsonl([{**r, "candidate": k // 2} for k, r in enumerate(_holistic_records())]))
    add("holistic_missing_column.csv", "csv-columns", ("holistic",), "error", "no score column",
        lambda: _csv([r[:2] for r in _holistic_rows()]), ["line 1", "score"])
    add("holistic_extra_named_column.csv", "csv-columns", ("holistic",), "ok", "an extra column (ignored)",
        lambda: _csv([[*r, "note"] for r in _holistic_rows()]))
    add("holistic_extra_cells.csv", "csv-columns", ("holistic",), "error", "row 3 has a fourth cell",
        lambda: _csv(_rows_with(_holistic_rows(), 2, [*_holistic_rows()[2], "9"])), ["line 3"])
    add("holistic_missing_cells.csv", "csv-columns", ("holistic",), "error", "row 3 has no score",
        lambda: _csv(_rows_with(_holistic_rows(), 2, _holistic_rows()[2][:2])), ["line 3", "score"])
    add("holistic_score_text.csv", "wrong-type", ("holistic",), "error", 'score "seven"',
        lambda: _csv(_rows_with(_holistic_rows(), 2, [*_holistic_rows()[2][:2], "seven"])), ["line 3", "score"])
    add("holistic_score_nan.csv", "nan-infinity", ("holistic",), "error", "score nan",
        lambda: _csv(_rows_with(_holistic_rows(), 2, [*_holistic_rows()[2][:2], "nan"])), ["line 3", "score"])
    add("holistic_score_infinity.jsonl", "nan-infinity", ("holistic",), "error", "score Infinity",
        lambda: _jsonl(_holistic_records()).replace(b'"score": 6.0', b'"score": Infinity', 1), ["line 3", "score"])
    add("holistic_score_huge_exponent.jsonl", "nan-infinity", ("holistic",), "error", "score 1e999999",
        lambda: _jsonl(_holistic_records()).replace(b'"score": 6.0', b'"score": 1e999999', 1), ["line 3", "score"])
    add("holistic_semicolon.csv", "csv-columns", ("holistic",), "error", "saved with ';' as the delimiter",
        lambda: _csv(_holistic_rows(), ";"), ["line 1", "';' as the delimiter"])
    add("holistic_score_huge_integer.jsonl", "huge-integer", ("holistic",), "error",
        "a 400-digit score (too large for a float)",
        lambda: _jsonl(_holistic_records()).replace(b'"score": 6.0', f'"score": {HUGE_INT}'.encode(), 1),
        ["line 3", "score"])
    add("holistic_python_payload.csv", "python-literal", ("holistic",), "error", "code as a score",
        lambda: _csv(_rows_with(_holistic_rows(), 2, [*_holistic_rows()[2][:2], PAYLOAD])), ["line 3", "score"])
    add("holistic_duplicate.csv", "duplicate-ids", ("holistic",), "error", "a second score for model-a and J1",
        lambda: _csv([*_holistic_rows(), _holistic_rows()[1]]), [f"line {len(_holistic_rows()) + 1}"])
    add("holistic_truncated.csv", "truncated", ("holistic",), "error", "the last row cut before its score",
        lambda: _csv(_holistic_rows()).rstrip(b"\n").rsplit(b",", 1)[0] + b"\n", [f"line {len(_holistic_rows())}"])
    add("holistic_truncated.jsonl", "truncated", ("holistic",), "error", "the last line cut",
        lambda: _cut_last_line(_jsonl(_holistic_records())), [f"line {len(_holistic_records())}"])
    add("holistic_bad_line_middle.jsonl", "invalid-json", ("holistic",), "error", "line 2 is not JSON",
        lambda: _middle_line(_jsonl(_holistic_records()), b"candidate=model-a judge=J2 score=8"), ["line 2"])
    add("holistic_huge_cell.csv", "long-string", ("holistic",), "error", "a 200,000-character cell",
        lambda: _csv(_rows_with(_holistic_rows(), 1, ["c" * 200_000, "J1", "1"])), ["line 2", "field limit"],
        stored=False)
    add("holistic_huge_header.csv", "long-string", ("holistic",), "error", "a 200,000-character header cell",
        lambda: _csv([[*HOLISTIC_HEADER, "h" * 200_000], *_holistic_rows()[1:]]), ["line 1", "field limit"],
        stored=False)
    add("holistic_latin1_middle.csv", "encoding", ("holistic",), "error", "a Latin-1 byte in the middle",
        lambda: _latin1_middle(_jsonl(_holistic_records())), ["offset"])
    add("holistic_utf16.csv", "encoding", ("holistic",), "error", "UTF-16", lambda: _utf16(_csv(_holistic_rows())),
        ["offset 0"])
    add("holistic_png.csv", "binary", ("holistic",), "error", "a PNG image", lambda: PNG, ["offset 0"])
    add("holistic_empty.csv", "empty", ("holistic",), "error", "0 bytes", lambda: b"")
    add("holistic_header_only.csv", "empty", ("holistic",), "error", "a header and no rows",
        lambda: _csv([HOLISTIC_HEADER]))

    # ---- another module's valid file: refused, naming the module it belongs to
    everything = (*RAG, "ragas", "conversations", "report", "summaries", "verdicts", "holistic")

    def other(name, not_to, why, build, looks_like):
        formats = tuple(f for f in everything if f not in not_to)
        add(name, "other-format", formats, "error", why, build, [f"this looks like {looks_like}"])

    # The RAG page's upload (rag_files.read_rag_upload, fed "rag" and "ragas" entries) takes both RAG cases and
    # RAGAS rows, so these skip one another's loaders (tests/core/shared/test_formats.py covers import-ragas on RAG
    # cases);
    # the report reader (`verify REPORT`) takes one JSON document, so JSON Lines and CSV skip it.
    other("other_rag_case.json", (*RAG, "ragas"), "a RAG case (all_good)", lambda: _json(_rag_case()),
          "a RAG case file")
    other("other_rag_dataset.json", (*RAG, "ragas"), 'a RAG dataset, {"cases": [...]} (workbench)',
          lambda: _json(_asset("datasets/workbench_en.json")), "a RAG case file")
    other("other_conversation.json", ("conversations",), "a conversation (good)",
          lambda: _json(_conversation()), "synthetic conversations")
    other("other_conversations.jsonl", ("conversations", "report"), "conversations as JSON Lines",
          lambda: _jsonl(_conversations()), "synthetic conversations")
    other("other_summary.json", ("summaries",), "a summary case (appointment)",
          lambda: _json(_summary()), "summary cases")
    # The workbench and its CLI command read another tool's file as the RAG page does (uncase_core/rag/case_files.py).
    other("other_ragas.jsonl", ("rag", "ragas", "report", "dataset"), "RAGAS rows as JSON Lines",
          lambda: _jsonl(_ragas_rows()), "RAGAS rows")
    other("other_ragas.csv", ("rag", "ragas", "report", "dataset"), "RAGAS rows as CSV",
          lambda: _csv(_ragas_csv_rows()), "RAGAS rows")
    other("other_verdicts.csv", ("verdicts", "report"), "rubric verdicts as CSV",
          lambda: _csv(_verdict_rows()), "rubric verdicts")
    other("other_verdicts.jsonl", ("verdicts", "report"), "rubric verdicts as JSON Lines",
          lambda: _jsonl(_verdict_records()), "rubric verdicts")
    other("other_holistic.csv", ("holistic", "report"), "holistic scores as CSV",
          lambda: _csv(_holistic_rows()), "holistic scores")
    other("other_holistic.jsonl", ("holistic", "report"), "holistic scores as JSON Lines",
          lambda: _jsonl(_holistic_records()), "holistic scores")
    other("other_report.json", ("report",), "a certified conversation report",
          lambda: report(results=[], count=0, passed=0, pass_rate=None), "a conversation quality report")
    return s


def write_files() -> None:
    """Rebuild every stored file from the built-in assets."""
    FILES_DIR.mkdir(exist_ok=True)
    for spec in _specs():
        if spec.stored:
            (FILES_DIR / spec.name).write_bytes(spec.build())


def _stored() -> Iterator[BadInput]:
    for spec in _specs():
        path = FILES_DIR / spec.name
        # A stored file not written yet is built (test_stored_files_are_the_listed_ones notices it).
        data = path.read_bytes() if spec.stored and path.exists() else spec.build()
        yield BadInput(spec.name, data, spec.formats, spec.expect, spec.why, spec.family, spec.place, spec.block_kind,
                       generated=not spec.stored)


# ------------------------------------------------------------------ wrong type in every field

WRONG_VALUES: tuple[tuple[str, Any], ...] = (
    ("number", 7), ("string", "seven"), ("list", []), ("object", {}), ("null", None), ("bool", True))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return {str: "string", list: "list", dict: "object"}[type(value)]


@dataclass(frozen=True)
class _Schema:
    """Which wrong kinds each field accepts, by path pattern (``passages[].relevant``).

    ``opaque`` fields take anything and are not walked into; ``places`` gives the texts an error
    message names when they are not the field's own path; ``outcomes`` overrides the outcome of
    one (pattern, kind) when another field is what breaks (e.g. no turns: claim turn 1 is gone).
    """

    accepts: Mapping[str, frozenset[str]]
    opaque: frozenset[str] = frozenset()
    places: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    outcomes: Mapping[tuple[str, str], tuple[str, tuple[str, ...]]] = field(default_factory=dict)


def _k(*kinds: str) -> frozenset[str]:
    return frozenset(kinds)


NONE = _k()
NULLABLE = _k("null")
LABEL = _k("null")  # a label takes true, false or null: every wrong kind but null is refused

RAG_SCHEMA = _Schema(
    accepts={
        "id": NONE, "question": NONE, "answer": NULLABLE, "metadata": NULLABLE,
        **{kind: NULLABLE for kind in ("passages", "claims", "reference_facts")},
        **{f"{kind}[]": NONE for kind in ("passages", "claims", "reference_facts")},
        **{f"{kind}[].{key}": NONE for kind in ("passages", "claims", "reference_facts") for key in ("id", "text")},
        "passages[].relevant": LABEL, "claims[].supported": LABEL, "claims[].correct": LABEL,
        "reference_facts[].covered": LABEL,
    },
    opaque=frozenset({"metadata"}),
)
CONVERSATION_SCHEMA = _Schema(
    accepts={
        "id": NONE, "domain": NULLABLE, "language": NULLABLE, "seed_template": _k("null", "list"),
        "turns": NULLABLE, "turns[]": NONE, "turns[].role": NONE, "turns[].text": NONE,
        "knowledge_base": NULLABLE, "knowledge_base[]": NONE, "claims": NULLABLE, "claims[]": NONE,
        "claims[].turn": NONE, "claims[].text": NONE, "claims[].verified": LABEL, "turn_labels": NULLABLE,
        "source_texts": NULLABLE, "source_texts[]": NONE,
    },
    outcomes={("turns", "null"): ("error", ("claims[0].turn",))},  # with no turns, claim 0's turn 1 is gone
)
SUMMARY_SCHEMA = _Schema(
    accepts={
        "id": NONE, "language": NULLABLE, "transcript": NULLABLE, "transcript[]": NONE, "transcript[].role": NONE,
        "transcript[].text": NONE, "sections": NULLABLE, "sections[]": NONE, "sections[].name": NONE,
        "sections[].kind": NONE, "sections[].categorical": NULLABLE, "sections[].instruction": NULLABLE,
        "sections[].allowed_values": _k("list"), "sections[].text": NULLABLE,
        "accuracy": NULLABLE, "accuracy.decomposition": NULLABLE, "accuracy.decomposition[]": NONE,
        "accuracy.decomposition[].point": NONE, "accuracy.decomposition[].accuracy": NULLABLE,
        "accuracy.decomposition[].is_accurate": LABEL,
        "adherence": NULLABLE, "adherence.rubrics": NULLABLE, "adherence.rubrics[]": NONE,
        "adherence.rubrics[].question": NONE, "adherence.rubrics[].reasoning": NULLABLE,
        "adherence.rubrics[].is_addressed": LABEL,
        "completeness": NULLABLE, "completeness[]": NONE, "completeness[].question": NONE,
        "completeness[].content_list": NULLABLE, "completeness[].content_list[]": NONE,
        "completeness[].content_list[].transcript_content": NULLABLE,
        "completeness[].content_list[].related_content_from_summary": NULLABLE,
        "completeness[].content_list[].is_covered": LABEL,
    },
)
RAGAS_SCHEMA = _Schema(
    accepts={"user_input": NONE, "retrieved_contexts": _k("null", "string"), "retrieved_contexts[]": NONE,
             "response": NULLABLE, "reference": NULLABLE},
    places={"retrieved_contexts[]": ("retrieved_contexts",)},
)
_NAME = _k("number", "bool")  # written as their text, as a CSV cell would be
VERDICT_SCHEMA = _Schema(
    accepts={"candidate": _NAME, "prompt": _NAME, "item": _NAME, "judge": _NAME, "run": _k("string", "bool"),
             "verdict": _k("bool")},
)
HOLISTIC_SCHEMA = _Schema(accepts={"candidate": _k("number"), "judge": _k("number"), "score": NONE})
REVISION_SCHEMA = _Schema(
    accepts={"revisions": NULLABLE, "revisions[]": NONE, "revisions[].case": NONE, "revisions[].unit": NONE,
             "revisions[].field": NONE, "revisions[].old": LABEL, "revisions[].new": LABEL,
             "revisions[].reason": NULLABLE, "revisions[].author": NULLABLE, "revisions[].time": NONE},
)


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every field under ``value``: object keys, and the first element of each list."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _paths(item, (*path, key))
    elif isinstance(value, list) and value:
        yield (*path, 0)
        yield from _paths(value[0], (*path, 0))


def _pattern(path: tuple) -> str:
    return "".join("[]" if isinstance(key, int) else (f".{key}" if i else key) for i, key in enumerate(path))


def _shown(path: tuple) -> str:
    return "".join(f"[{key}]" if isinstance(key, int) else (f".{key}" if i else key) for i, key in enumerate(path))


def _wrong_types(prefix: str, formats: tuple[str, ...], schema: _Schema, doc: Any, root: tuple,
                 render: Callable[[Any], bytes], ext: str, line: str = "") -> Iterator[BadInput]:
    """Each field under ``doc[root]`` replaced in turn by every value of another kind.

    ``line`` ("line 2") is the place of the record in a JSON Lines file.
    """
    base = doc
    for key in root:
        base = base[key]
    for path in _paths(base):
        pattern = _pattern(path)
        if any(pattern.startswith(opaque + ".") or pattern.startswith(opaque + "[") for opaque in schema.opaque):
            continue
        if pattern not in schema.accepts:
            raise KeyError(f"{prefix}: no schema entry for {pattern}")
        original = base
        for key in path:
            original = original[key]
        for kind, value in WRONG_VALUES:
            if kind == _kind(original):
                continue
            expect = "ok" if kind in schema.accepts[pattern] else "error"
            place: tuple[str, ...] = schema.places.get(pattern, ())
            if not place:
                parent, leaf = _shown(path[:-1]), path[-1]
                place = tuple(p for p in (parent, f"[{leaf}]" if isinstance(leaf, int) else str(leaf)) if p)
            expect, place = schema.outcomes.get((pattern, kind), (expect, place))
            if line:
                place = (line, *place)
            name = f"{prefix}__{_shown(path).replace('[', '.').replace(']', '')}__{kind}.{ext}"
            yield BadInput(name, render(_set(doc, (*root, *path), value)), formats, expect,
                           f"{_shown(path)} replaced by {json.dumps(value)}", "wrong-type",
                           place if expect == "error" else (), generated=True)


def _generated() -> Iterator[BadInput]:
    stored = {entry.name: entry.data for entry in _stored_cache}
    case = json.loads(stored["rag_valid_case.json"])
    yield from _wrong_types("rag_wrong_type", RAG, RAG_SCHEMA, case, (), _json, "json")
    conversation = json.loads(stored["conv_valid.json"])
    yield from _wrong_types("conv_wrong_type", ("conversations",), CONVERSATION_SCHEMA, conversation, (), _json,
                            "json")
    summary = json.loads(stored["summary_valid.json"])
    yield from _wrong_types("summary_wrong_type", ("summaries",), SUMMARY_SCHEMA, summary, (), _json, "json")
    for prefix, fmt, schema, source in (("ragas_wrong_type", "ragas", RAGAS_SCHEMA, "ragas_valid.jsonl"),
                                        ("verdicts_wrong_type", "verdicts", VERDICT_SCHEMA, "verdicts_valid.jsonl"),
                                        ("holistic_wrong_type", "holistic", HOLISTIC_SCHEMA, "holistic_valid.jsonl")):
        records = [json.loads(line) for line in stored[source].decode("utf-8").splitlines()]
        yield from _wrong_types(prefix, (fmt,), schema, records, (1,), _jsonl, "jsonl", "line 2")
    dataset = json.loads(stored["dataset_valid_revisions.json"])
    revisions_only = {"revisions": dataset["revisions"]}
    yield from _wrong_types("dataset_wrong_type", ("dataset",), REVISION_SCHEMA, revisions_only, (),
                            lambda value: _json({**dataset, **value}), "json")
    yield from _long_strings(stored)


def _long_text() -> str:
    """1,000,000 characters of plain sentences with amounts, deterministic."""
    words = ("the refund", "arrives within 5 days", "at the store", "with the receipt", "and the jacket",
             "costs $40", "for members,", "as the policy says.")
    text = " ".join(words[(i * 5) % len(words)] for i in range(LONG_CHARS // 10))
    return (text * (LONG_CHARS // len(text) + 1))[:LONG_CHARS]


def _long_strings(stored: Mapping[str, bytes]) -> Iterator[BadInput]:
    text = _long_text()

    def entry(name, formats, expect, why, data, place=(), block_kind=""):
        return BadInput(name, data, formats, expect, why, "long-string", tuple(place), block_kind, generated=True)

    case = json.loads(stored["rag_valid_case.json"])
    yield entry("rag_long_question.json", RAG, "ok", "a 1 MB question", _json({**case, "question": text}))
    conversation = json.loads(stored["conv_valid.json"])
    yield entry("conv_long_turn.json", ("conversations",), "ok", "a 1 MB agent turn",
                _json(_set(conversation, ("turns", 1, "text"), text)))
    summary = json.loads(stored["summary_valid.json"])
    yield entry("summary_long_transcript.json", ("summaries",), "ok", "a 1 MB transcript turn",
                _json(_set(summary, ("transcript", 0, "text"), text)))
    rows = [json.loads(line) for line in stored["ragas_valid.jsonl"].decode("utf-8").splitlines()]
    yield entry("ragas_long_response.jsonl", ("ragas",), "ok", "a 1 MB response (split into claims)",
                _jsonl(_set(rows, (1, "response"), text)))
    verdicts = [json.loads(line) for line in stored["verdicts_valid.jsonl"].decode("utf-8").splitlines()]
    yield entry("verdicts_long_item.jsonl", ("verdicts",), "ok", "a 1 MB item name",
                _jsonl(_set(verdicts, (1, "item"), text)))
    scores = [json.loads(line) for line in stored["holistic_valid.jsonl"].decode("utf-8").splitlines()]
    yield entry("holistic_long_name.jsonl", ("holistic",), "ok", "a 1 MB candidate name",
                _jsonl(_set(scores, (1, "candidate"), text)))
    yield entry("block_long.txt", ("summary_block",), "error", "a 1 MB pasted block (over the limit)",
                json.dumps({"decomposition": [{"point": text, "is_accurate": True}]}).encode(),
                ["accuracy", "too long"], "accuracy")
    yield entry("report_long_thresholds.json", ("report",), "error", "a 1 MB string as the thresholds",
                _json({"thresholds": text, "certificate_hash": "0" * 64}), ["thresholds"])


_stored_cache: tuple[BadInput, ...] = tuple(_stored())
CORPUS: tuple[BadInput, ...] = (*_stored_cache, *_generated())


def for_format(fmt: str) -> tuple[BadInput, ...]:
    """The entries fed to the loader ``fmt`` (a key of :data:`FORMATS`)."""
    if fmt not in FORMATS:
        raise KeyError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    return tuple(entry for entry in CORPUS if fmt in entry.formats)


def write_all(directory: Path) -> None:
    """Write every entry, the built ones too, into ``directory`` to open them."""
    directory.mkdir(parents=True, exist_ok=True)
    for entry in CORPUS:
        (directory / entry.name).write_bytes(entry.data)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write_files()
        print(f"wrote {sum(spec.stored for spec in _specs())} files to {FILES_DIR}")
    elif sys.argv[1:2] == ["--write-all"] and len(sys.argv) == 3:
        write_all(Path(sys.argv[2]))
        print(f"wrote {len(CORPUS)} entries to {sys.argv[2]}")
    else:
        print(__doc__)
        print("usage: python -m tests.bad_inputs.corpus --write | --write-all DIRECTORY")
