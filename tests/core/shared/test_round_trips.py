"""No lost labels: every format the playground writes reads back exactly (issue 8, bullet A).

Each property builds a valid document with hypothesis, writes it with the project's own
writer, reads it back with the project's own reader, and compares exactly: the dataclasses
compare equal *and* a type-strict, order-keeping rendering of them does, so ``True`` never
comes back as ``1``, ``1.0`` never as ``1``, ``None`` never as a missing key, and unknown keys
keep their values and order. Texts mix arbitrary Unicode with emoji (ZWJ sequences, flags),
right-to-left text and bidi controls, combining marks, quotes, backslashes, every kind of
line break, NUL and byte-order marks.

Reader <-> writer pairs covered:

* ``rag_cases``: ``dataset_from_text`` / ``dataset_from_bytes`` <-> ``dataset_to_text``, layouts
  ``case``, ``array``, ``object`` (top-level extra keys) and ``jsonl``, with judge verdicts
  (``judge_relevant`` ... present, null or absent) beside the labels; the annotator
  agreement page reads the same files (``agreement_from_bytes``).
* ``datasets``: the revision log inside the exported dataset (``apply_label_change`` /
  ``with_revision`` / ``revisions``) and the dataset version.
* ``conversations``: ``conversations_from_text`` / ``_from_bytes`` <-> ``conversations_to_text``
  (the conversation page's "labelled data" download).
* ``evaluator``: a certified batch report, downloaded as JSON, still verifies against the
  downloaded dataset (``canonical_json`` / ``certificate_payload`` / ``verify``).
* ``summary``: ``cases_from_text`` / ``cases_from_bytes`` <-> ``cases_to_text``; judgement blocks
  pasted as JSON or in document 002's single-quoted form (``parse_judgement_block``).
* ``rubrics``: ``read_verdicts`` <-> ``verdicts_to_csv`` (the only verdict writer: no JSONL).
* ``jsonfiles``: ``parse_document`` <-> ``dumps_json`` / ``dumps_jsonl``.

Read-only formats (no writer in the project, so no round trip): holistic scores
(``holistic.read_holistic``) and RAGAS rows (``ragas_import``).

Round trips that once lost something (found by these properties) are pinned at the end of the
file as regression tests.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uncase_core.agreement.pairs import agreement_from_bytes
from uncase_core.conversations import model as conv_mod
from uncase_core.conversations.evaluator import Evaluator, canonical_json, verify
from uncase_core.conversations.model import (
    COHERENCE_ISSUES,
    ROLES,
    Claim,
    Conversation,
    TurnLabel,
    conversation_to_dict,
    conversations_from_bytes,
    conversations_from_text,
    conversations_to_text,
)
from uncase_core.datasets.workbench import (
    FIELD_KIND,
    Revision,
    apply_label_change,
    dataset_version,
    diff_datasets,
    revisions,
    with_revision,
)
from uncase_core.errors import InputError
from uncase_core.rag.cases import (
    JUDGE_FIELDS,
    LABEL_FIELDS,
    UNIT_KINDS,
    RagCase,
    RagDataset,
    Unit,
    case_to_dict,
    dataset_from_bytes,
    dataset_from_text,
    dataset_to_text,
    file_extension,
)
from uncase_core.rubrics.lab import COLUMNS, KEY_COLUMNS, read_verdicts, verdicts_to_csv
from uncase_core.shared.jsonfiles import dumps_json, dumps_jsonl, parse_document
from uncase_core.summaries import blocks as sblocks
from uncase_core.summaries import cases as sfiles
from uncase_core.summaries import format as sfmt

# Moderate example counts: about 25 s of test time on a busy two-core machine (generation dominates).
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(SETTINGS, max_examples=50)

# ---------------------------------------------------------------- building blocks

TRICKY = (
    "", " ", "👩‍👩‍👧‍👦", "🇪🇸", "🙂", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "مرحبا بالعالم", "שלום", "\u202eevil\u202c", "\u200f", "e\u0301",
    "n\u0303", "\u0301", "Z\u0335\u0321", '"', "'", "\\", "\\n", "\\u00e9", '\\"', "\n", "\r\n", "\r", "\t",
    "\u2028", "\u2029", "\u0085", "\x0b", "\x0c", "\x1c", "\x00", "\x7f", "\ufeff", "\u200b", "\u00a0", "<script>",
    '{"cases": []}', "[1, 2]", "NaN", "null", "True", "¿Qué?", "ñandú", "日本語", "\U0010fffd",
)
# Arbitrary Unicode (hypothesis leaves out lone surrogates, which UTF-8 cannot hold) mixed with the above.
texts = st.lists(st.one_of(st.text(max_size=5), st.sampled_from(TRICKY)), max_size=3).map("".join)
# Ids must not be blank; blank draws become "id" plus the blank (maps, not filters: they are cheaper to draw).
nonblank = texts.map(lambda s: s if s.strip() else f"id{s}")
labels = st.sampled_from([True, False, None])
# Keys that sit close to the formats' own names, beside arbitrary ones.
NEAR_MISSES = ("Id", "ID", "id ", "labels", "relevant", "supported", "correct", "covered", "verified", "coherent",
               "judge_relevant", "judge_supported", "judge_correct", "judge_covered", "judge", "Judge_covered",
               "issue", "note", "metadata", "revisions", "notes", "", " ", "__proto__", "$ref", "🔑", "ключ")
keys = st.one_of(texts, st.sampled_from(NEAR_MISSES))
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.sampled_from([0, 1, -1, 0.0, -0.0, 1.0]),
    st.floats(allow_nan=False, allow_infinity=False), texts,
)
json_values = st.recursive(
    json_scalars, lambda inner: st.lists(inner, max_size=2) | st.dictionaries(keys, inner, max_size=2), max_leaves=4)
time_zones = st.sampled_from([None, UTC, timezone(timedelta(hours=-6)), timezone(timedelta(hours=5, minutes=30))])
iso_times = st.datetimes(timezones=time_zones).map(datetime.isoformat)


def extras(reserved: Any, max_size: int = 2) -> st.SearchStrategy[dict[str, Any]]:
    """Unknown keys: anything but the names the format itself reads (``reserved``, renamed with a "_" if drawn)."""
    reserved = frozenset(reserved)
    return st.dictionaries(keys.map(lambda key: f"{key}_" if key in reserved else key), json_values,
                           max_size=max_size)


def typed(value: Any, ordered: bool = True) -> Any:
    """A rendering that tells ``True`` from ``1``, ``1.0`` from ``1``, ``-0.0`` from ``0.0`` and keeps key order.

    ``ordered=False`` sorts object keys instead (for the canonical form, which sorts them).
    """
    if value is None:
        return ("null",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, float):
        return ("float", repr(value))
    if isinstance(value, str):
        return ("str", value)
    if isinstance(value, Mapping):
        items = [(typed(key), typed(item, ordered)) for key, item in value.items()]
        return ("object", items if ordered else sorted(items, key=lambda pair: pair[0]))
    if isinstance(value, list | tuple):
        return ("array", [typed(item, ordered) for item in value])
    raise TypeError(f"not a JSON value: {value!r}")


def with_bom(text: str, bom: bool) -> bytes:
    return ("\ufeff" + text if bom else text).encode("utf-8")


# ---------------------------------------------------------------- RAG cases and datasets

# "cases" as an unknown key of a case is left out: see test_rag_case_key_named_cases_survives_array_layout.
CASE_RESERVED = ("id", "question", "passages", "answer", "claims", "reference_facts", "metadata", "cases")


def units(kind: str) -> st.SearchStrategy[tuple[Unit, ...]]:
    names = LABEL_FIELDS[kind]
    # Judge verdicts: any subset of the kind's verdict keys, each true, false or null (absent keys stay absent).
    verdicts = st.dictionaries(st.sampled_from(JUDGE_FIELDS[kind]), labels, max_size=len(JUDGE_FIELDS[kind]))
    unit = st.builds(
        lambda unit_id, text, values, extra, judge: Unit(unit_id, text, dict(zip(names, values, strict=True)), extra,
                                                         judge),
        nonblank, texts, st.tuples(*[labels] * len(names)),
        extras(("id", "text", *names, *JUDGE_FIELDS[kind]), max_size=1), verdicts)
    return st.lists(unit, max_size=3, unique_by=lambda u: u.id).map(tuple)


rag_cases = st.builds(
    RagCase, id=nonblank, question=texts, passages=units("passages"), answer=texts, claims=units("claims"),
    reference_facts=units("reference_facts"), metadata=st.dictionaries(keys, json_values, max_size=2),
    extra=extras(CASE_RESERVED))


@st.composite
def rag_datasets(draw, layouts=("case", "array", "object", "jsonl"), top_reserved=("cases",)) -> RagDataset:
    layout = draw(st.sampled_from(layouts))
    size = 1 if layout == "case" else draw(st.integers(1, 3))
    cases = draw(st.lists(rag_cases, min_size=size, max_size=size, unique_by=lambda c: c.id))
    extra = draw(extras(top_reserved)) if layout == "object" else {}
    return RagDataset(tuple(cases), layout, extra)


def rag_typed(dataset: RagDataset) -> Any:
    return dataset.format, typed(dict(dataset.extra)), [typed(case_to_dict(case)) for case in dataset.cases]


def download_name(dataset: RagDataset) -> str:
    # The RAG page names its download with file_extension; the layout of a one-case JSONL file rests on it.
    return f"dataset.{file_extension(dataset)}"


@settings(SETTINGS, max_examples=60)
@given(dataset=rag_datasets(), bom=st.booleans())
def test_rag_dataset_round_trip_is_exact(dataset, bom):
    text = dataset_to_text(dataset)
    back = dataset_from_text(text, download_name(dataset))
    assert back == dataset
    assert rag_typed(back) == rag_typed(dataset)
    assert dataset_to_text(back) == text  # exporting again gives the very same file
    # As the page downloads it (UTF-8) and as an editor may save it again (with a byte-order mark).
    back = dataset_from_bytes(with_bom(text, bom), download_name(dataset))
    assert back == dataset
    assert rag_typed(back) == rag_typed(dataset)
    assert dataset_version(back) == dataset_version(dataset)


@QUICK
@given(dataset=rag_datasets())
def test_rag_round_trip_without_a_file_name_keeps_every_case(dataset):
    # Without the name only one thing may change: a one-case JSONL file reads as a single case.
    back = dataset_from_text(dataset_to_text(dataset))
    assert back.cases == dataset.cases
    assert [typed(case_to_dict(c)) for c in back.cases] == [typed(case_to_dict(c)) for c in dataset.cases]
    expected = "case" if dataset.format == "jsonl" and len(dataset.cases) == 1 else dataset.format
    assert (back.format, back.extra) == (expected, dataset.extra)


@QUICK
@given(dataset=rag_datasets())
def test_annotator_agreement_of_a_file_with_its_own_export_is_perfect(dataset):
    data = dataset_to_text(dataset).encode("utf-8")
    matched = agreement_from_bytes(data, download_name(dataset), data, download_name(dataset))
    given_labels = sum(1 for case in dataset.cases for kind in UNIT_KINDS for unit in case.units(kind)
                       for value in unit.labels.values() if value is not None)
    assert len(matched.pairs) == given_labels
    assert matched.disagreements == ()
    assert (matched.only_a, matched.only_b, matched.cases_only_a, matched.cases_only_b) == (0, 0, (), ())


# ---------------------------------------------------------------- revision log (datasets)


@QUICK
@given(dataset=rag_datasets(top_reserved=("cases", "revisions")), data=st.data())
def test_label_changes_and_their_log_survive_export(dataset, data):
    targets = [(case.id, kind, unit.id, name) for case in dataset.cases for kind in UNIT_KINDS
               for unit in case.units(kind) for name in LABEL_FIELDS[kind]]
    changed = dataset
    if targets:
        picks = data.draw(st.lists(st.tuples(st.sampled_from(targets), labels, texts, texts, iso_times), max_size=5))
        for (case_id, kind, unit_id, name), value, reason, author, time in picks:
            changed = apply_label_change(changed, case_id, kind, unit_id, name, value, reason, author, time)
    text = dataset_to_text(changed)
    back = dataset_from_text(text, download_name(changed))
    assert back == changed
    assert rag_typed(back) == rag_typed(changed)
    assert revisions(back) == revisions(changed)
    assert dataset_version(back) == dataset_version(changed)
    assert diff_datasets(changed, back).empty
    # The log is complete: replaying it on the original gives the exported labels back.
    replayed = dataset
    for entry in revisions(back):
        case = next(c for c in replayed.cases if c.id == entry.case)
        unit = next(u for u in case.units(FIELD_KIND[entry.field]) if u.id == entry.unit)
        assert unit.label(entry.field) == entry.old
        replayed = apply_label_change(replayed, entry.case, FIELD_KIND[entry.field], entry.unit, entry.field,
                                      entry.new, entry.reason, entry.author, entry.time)
    assert replayed.cases == back.cases


revision_entries = st.builds(
    Revision, case=nonblank, unit=nonblank, field=st.sampled_from(sorted(FIELD_KIND)), old=labels, new=labels,
    reason=texts, author=texts, time=iso_times)


@QUICK
@given(dataset=rag_datasets(top_reserved=("cases", "revisions")),
       entries=st.lists(revision_entries, min_size=1, max_size=4), bom=st.booleans())
def test_revision_entries_read_back_exactly(dataset, entries, bom):
    logged = dataset
    for entry in entries:
        logged = with_revision(logged, entry)
    back = dataset_from_bytes(with_bom(dataset_to_text(logged), bom), "dataset.json")
    assert back.format == "object"
    assert revisions(back) == tuple(entries)
    assert typed(back.extra["revisions"]) == typed([entry.to_dict() for entry in entries])
    assert back == logged
    # The log is not part of the version: the cases alone are.
    assert dataset_version(back) == dataset_version(dataset)


# ---------------------------------------------------------------- conversations


# "conversations" as an unknown key has its own test: test_conversation_key_named_conversations_round_trips.
CONVERSATION_RESERVED = (*conv_mod._KNOWN, "conversations")
turns = st.builds(conv_mod.Turn, role=st.sampled_from(ROLES), text=texts)


@st.composite
def conversations(draw, conv_id: st.SearchStrategy[str] = nonblank) -> Conversation:
    turn_list = tuple(draw(st.lists(turns, max_size=3)))
    numbers = st.integers(0, len(turn_list) - 1) if turn_list else st.nothing()
    claim = st.builds(Claim, turn=numbers, text=texts, verified=labels,
                      extra=extras(("turn", "text", "verified"), max_size=1))
    turn_label = st.builds(TurnLabel, turn=numbers, coherent=labels, issue=st.sampled_from((None, *COHERENCE_ISSUES)),
                           extra=extras(("turn", "coherent", "issue"), max_size=1))
    return Conversation(
        id=draw(conv_id),
        turns=turn_list,
        seed_template=draw(st.one_of(texts, st.lists(turns, max_size=2).map(tuple))),
        domain=draw(texts),
        language=draw(st.one_of(st.sampled_from(["", "en", "es"]), texts)),
        knowledge_base=tuple(draw(st.lists(texts, max_size=2))),
        claims=draw(st.one_of(st.none(), st.lists(claim, max_size=2).map(tuple))),
        turn_labels=tuple(draw(st.lists(turn_label, max_size=2))),
        source_texts=tuple(draw(st.lists(texts, max_size=2))),
        extra=draw(extras(CONVERSATION_RESERVED)),
    )


conversation_sets = st.lists(conversations(), min_size=1, max_size=3, unique_by=lambda c: c.id).map(tuple)


@QUICK
@given(items=conversation_sets, bom=st.booleans())
def test_labelled_conversations_round_trip_exactly(items, bom):
    text = conversations_to_text(items)
    for back in (conversations_from_text(text), conversations_from_bytes(with_bom(text, bom), "conversations.json")):
        assert back == items
        assert [typed(conversation_to_dict(c)) for c in back] == [typed(conversation_to_dict(c)) for c in items]
    assert conversations_to_text(conversations_from_text(text)) == text


@settings(SETTINGS, max_examples=30)
@given(items=st.lists(conversations(), min_size=1, max_size=3, unique_by=lambda c: c.id).map(tuple),
       limit=st.sampled_from([0.0, 0.01, 0.5, 1.0]))
def test_certified_report_verifies_after_json_round_trip(items, limit):
    report = Evaluator(memorization_limit=limit).batch_evaluate(items, certify=True, workers=1)
    # The conversation page's report download and its labelled-data download, uploaded again.
    report_text = json.dumps(report.to_dict(), ensure_ascii=False, indent=2)
    data = conversations_to_text(items).encode("utf-8")
    result = verify(json.loads(report_text.encode("utf-8").decode("utf-8-sig")),
                    conversations_from_bytes(data, "conversations.json"))
    assert result.matches, result.reason
    assert result.recomputed == report.certificate_hash


@SETTINGS
@given(value=json_values)
def test_canonical_json_reads_back_and_hashes_the_same(value):
    encoded = canonical_json(value)
    back = json.loads(encoded.decode("utf-8"))
    assert typed(back, ordered=False) == typed(value, ordered=False)
    assert canonical_json(back) == encoded


# ---------------------------------------------------------------- summary cases (document 002)

# "cases" as an unknown key of a case has its own test: test_summary_key_named_cases_round_trips.
SUMMARY_RESERVED = (*sfmt._CASE_KEYS, "cases")

sections = st.builds(
    sfmt.Section, name=texts, kind=st.sampled_from(sfmt.SECTION_KINDS), categorical=st.booleans(),
    instruction=texts, allowed_values=st.one_of(st.none(), st.lists(texts, max_size=2).map(tuple)), text=texts,
    extra=extras(sfmt._SECTION_KEYS))
accuracy_points = st.builds(
    sfmt.AccuracyPoint, point=texts, accuracy=texts, is_accurate=labels,
    extra=extras(("point", "accuracy", "is_accurate")))
rubric_entries = st.builds(
    sfmt.Rubric, question=texts, reasoning=texts, is_addressed=labels,
    extra=extras(("question", "reasoning", "is_addressed")))
completeness_items = st.builds(
    sfmt.CompletenessItem, transcript_content=texts, related_content_from_summary=texts, is_covered=labels,
    extra=extras(("transcript_content", "related_content_from_summary", "is_covered")))
completeness_questions = st.builds(
    sfmt.CompletenessQuestion, question=texts, content_list=st.lists(completeness_items, max_size=2).map(tuple),
    extra=extras(("question", "content_list")))
summary_cases = st.builds(
    sfmt.SummaryCase, id=nonblank, language=st.one_of(st.sampled_from(["", "en", "es"]), texts),
    transcript=st.lists(st.builds(sfmt.Turn, role=texts, text=texts), max_size=2).map(tuple),
    sections=st.lists(sections, max_size=2).map(tuple),
    accuracy=st.lists(accuracy_points, max_size=2).map(tuple),
    rubrics=st.lists(rubric_entries, max_size=2).map(tuple),
    completeness=st.lists(completeness_questions, max_size=2).map(tuple),
    extra=extras(SUMMARY_RESERVED))


@QUICK
@given(cases=st.lists(summary_cases, min_size=1, max_size=3, unique_by=lambda c: c.id).map(tuple), bom=st.booleans())
def test_summary_cases_round_trip_exactly(cases, bom):
    text = sfiles.cases_to_text(cases)
    for back in (sfiles.cases_from_text(text), sfiles.cases_from_bytes(with_bom(text, bom), "summaries.json")):
        assert back == cases
        assert [typed(sfiles.case_to_dict(c)) for c in back] == [typed(sfiles.case_to_dict(c)) for c in cases]
        assert all(case.notes == () for case in back)  # nothing was repaired or ignored on the way
    assert sfiles.cases_to_text(sfiles.cases_from_text(text)) == text


block_objects = {
    "accuracy": st.lists(accuracy_points, max_size=3),
    "adherence": st.lists(rubric_entries, max_size=3),
    "completeness": st.lists(completeness_questions, max_size=3),
}


@SETTINGS
@given(data=st.data(), kind=st.sampled_from(sfmt.SUMMARY_METRICS))
def test_judgement_blocks_read_back_as_json_and_as_single_quoted_literals(data, kind):
    block = sblocks._BLOCK_WRITERS[kind](data.draw(block_objects[kind]))
    parsed, notes = sblocks.parse_judgement_block(json.dumps(block, ensure_ascii=False), kind)
    assert typed(parsed) == typed(block)
    assert notes == ()
    # Document 002 prints blocks as Python literals (single quotes, True/False/None): repr() writes that form.
    parsed, _ = sblocks.parse_judgement_block(repr(block), kind)
    assert typed(parsed) == typed(block)


def test_summary_keys_beside_a_block_are_dropped_with_a_note():
    # Documented, not silent: a block object holds only "decomposition" / "rubrics", and the reader says what it
    # ignored. (The module docstring's "a round trip loses nothing" covers the keys inside the entries.)
    (case,) = sfiles.cases_from_text(json.dumps({"id": "a", "accuracy": {"decomposition": [], "model": "x"}}))
    assert any("ignored keys" in note and "'model'" in note for note in case.notes)
    assert "model" not in sfiles.cases_to_text((case,))


# ---------------------------------------------------------------- rubric verdicts

# A verdict file's key values are read stripped and must not be empty.
verdict_values = texts.map(lambda s: s.strip() or "v")


def verdict_key(row: tuple) -> tuple:
    return row[:-1]


verdict_rows = st.lists(st.tuples(*[verdict_values] * len(KEY_COLUMNS), st.booleans()), min_size=1, max_size=8,
                        unique_by=verdict_key)


def verdict_frame(rows: list[tuple]) -> pd.DataFrame:
    frame = pd.DataFrame({c: pd.Series([row[i] for row in rows], dtype=object) for i, c in enumerate(KEY_COLUMNS)})
    frame["verdict"] = pd.Series([row[-1] for row in rows], dtype=bool)
    return frame


def assert_same_verdicts(back: pd.DataFrame, frame: pd.DataFrame) -> None:
    assert list(back.columns) == list(COLUMNS)
    assert back["verdict"].dtype == bool
    assert [typed(list(back[c])) for c in COLUMNS] == [typed(list(frame[c])) for c in COLUMNS]


@QUICK
@given(rows=verdict_rows, bom=st.booleans())
def test_verdicts_round_trip_through_csv(rows, bom):
    frame = verdict_frame(rows)
    text = verdicts_to_csv(frame)
    back = read_verdicts(with_bom(text, bom), "verdicts.csv")
    assert_same_verdicts(back, frame)
    assert verdicts_to_csv(back) == text


# ---------------------------------------------------------------- JSON and JSON Lines files


@SETTINGS
@given(value=json_values)
def test_dumps_json_reads_back_as_one_document(value):
    document = parse_document(dumps_json(value))
    assert document.kind == "json"
    assert typed(document.value) == typed(value)


@SETTINGS
@given(values=st.lists(json_values, min_size=1, max_size=5), bom=st.booleans())
def test_dumps_jsonl_reads_back_record_by_record(values, bom):
    document = parse_document(("\ufeff" if bom else "") + dumps_jsonl(values))
    if len(values) == 1:  # one line of JSON Lines is also one JSON document
        assert document.kind == "json"
        assert typed(document.value) == typed(values[0])
    else:
        assert document.kind == "jsonl"
        assert [line for line, _ in document.records] == list(range(1, len(values) + 1))
        assert typed([record for _, record in document.records]) == typed(values)


# ---------------------------------------------------------------- explicit cases beside the generators


def test_rag_case_key_named_cases_survives_array_layout():
    # A case may carry an unknown "cases" key in an array or JSON Lines file; it is kept there. (In the one-case
    # layout such a file is read as {"cases": ...} instead, so a case with that key cannot come from one.)
    text = json.dumps([{"id": "a", "question": "q", "cases": [1, {"x": True}]}])
    dataset = dataset_from_text(text)
    assert dataset.format == "array"
    assert dataset.cases[0].extra == {"cases": [1, {"x": True}]}
    assert dataset_from_text(dataset_to_text(dataset)) == dataset


def test_rag_single_line_jsonl_keeps_its_layout_only_by_name():
    dataset = dataset_from_text(dumps_jsonl([{"id": "a", "question": "q"}]), "one.jsonl")
    assert dataset.format == "jsonl"
    assert dataset_from_text(dataset_to_text(dataset), "one.jsonl") == dataset


# ---------------------------------------------------------------- round trips that once lost something


def test_rag_lone_surrogate_is_rejected_or_written_back():
    text = '{"id": "a", "question": "x \\ud800 y", "passages": []}'
    try:
        dataset = dataset_from_text(text, "case.json")
    except InputError:
        return  # rejected with a located error, as conversations and summaries are: fine
    back = dataset_from_bytes(dataset_to_text(dataset).encode("utf-8"), "case.json")
    assert back == dataset


def test_conversation_key_named_conversations_round_trips():
    text = json.dumps([{"id": "outer", "turns": [], "conversations": [{"id": "inner", "turns": []}]}])
    items = conversations_from_text(text)
    assert items[0].extra == {"conversations": [{"id": "inner", "turns": []}]}
    assert conversations_from_text(conversations_to_text(items)) == items


def test_summary_key_named_cases_round_trips():
    text = json.dumps([{"id": "outer", "cases": [{"id": "inner"}]}])
    cases = sfiles.cases_from_text(text)
    assert cases[0].extra == {"cases": [{"id": "inner"}]}
    assert sfiles.cases_from_text(sfiles.cases_to_text(cases)) == cases


def test_verdict_value_with_carriage_return_round_trips():
    frame = read_verdicts(b'candidate,prompt,item,judge,run,verdict\n"model\rA",p1,i1,j1,1,yes\n', "in.csv")
    assert frame["candidate"][0] == "model\rA"
    assert_same_verdicts(read_verdicts(verdicts_to_csv(frame).encode("utf-8"), "verdicts.csv"), frame)


def test_verdict_lone_surrogate_is_rejected_or_written_back():
    data = b'[{"candidate": "x\\ud800", "prompt": "p", "item": "i", "judge": "j", "run": 1, "verdict": true}]'
    try:
        frame = read_verdicts(data, "in.json")
    except InputError:
        return  # rejected with a located error: fine
    assert_same_verdicts(read_verdicts(verdicts_to_csv(frame).encode("utf-8"), "verdicts.csv"), frame)


def test_readers_build_what_the_generators_build():
    # The generators build the dataclasses directly: every label name present (None when not labelled), plain
    # dicts for labels and extra keys. A reader filling in what a file leaves out must agree with that.
    dataset = dataset_from_text('{"id": "a", "question": "q", "claims": [{"id": "c", "text": "t"}]}')
    unit = dataset.cases[0].claims[0]
    assert type(unit.labels) is dict and unit.labels == {"supported": None, "correct": None}
    assert unit == Unit("c", "t", {"supported": None, "correct": None}, {})
    assert type(unit.judge) is dict and unit.judge == {}  # no verdict keys in the file: none on the unit
    assert replace(dataset.cases[0], claims=()) == RagCase("a", "q")
