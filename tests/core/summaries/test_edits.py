"""The case editor's text records for summary cases (uncase_core.summaries.edits): replaying them gives the case as
written, a label is cleared exactly where a judged text changed (and the record says so), the cleared labels are
followed through later moves, bad input is refused with its code and place, and the summary template loads back
unchanged."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.assets.reader import (
    SUMMARY_INDEX,
    load_index,
    load_summary_template,
    scenario_path,
    summary_template_name,
)
from uncase_core.errors import InputError
from uncase_core.rag.edits import MAX_TEXT_BYTES
from uncase_core.summaries.cases import case_to_dict, cases_from_bytes, cases_from_text, cases_to_text
from uncase_core.summaries.edits import (
    ClearedLabel,
    add_unit,
    apply_summary_edit,
    move_unit,
    new_case,
    pending_cleared,
    remove_unit,
    set_summary_id,
    set_summary_metadata,
    set_unit_field,
    split_points,
    summary_edit,
    summary_metadata,
    summary_points,
)
from uncase_core.summaries.evaluation import evaluate_summary
from uncase_core.summaries.format import SummaryCase

TRANSCRIPT = [{"role": "agent", "text": "Hello, how can I help?"},
              {"role": "customer", "text": "I was charged $30, but my plan is $10."},
              {"role": "agent", "text": "I refunded the $20 difference."}]
SECTIONS = [{"name": "Summary", "kind": "custom", "categorical": False, "instruction": "Say what happened.",
             "allowed_values": None, "text": "The customer was overcharged. The agent refunded $20."},
            {"name": "Outcome", "kind": "custom", "categorical": True, "instruction": "Resolved or not.",
             "allowed_values": ["Resolved", "Unresolved"], "text": "Resolved"}]
RUBRICS = ["Does the summary follow the instruction 'Say what happened'?",
           "Does the summary return only one of the allowed values?"]
COMPLETENESS = [{"question": "Does the summary give the amounts?",
                 "items": ["The charge was $30.", "The plan is $10."]},
                {"question": "Does the summary give an order number?", "items": []}]


def _replay(cases: tuple, records: list[dict]) -> tuple:
    for record in records:
        cases = apply_summary_edit(cases, json.loads(json.dumps(record)))  # as stored: plain JSON
    return cases


def _written() -> tuple[tuple[SummaryCase, ...], list[dict]]:
    record = new_case((), "billing-01", TRANSCRIPT, SECTIONS, rubrics=RUBRICS, completeness=COMPLETENESS,
                      language="en", metadata={"domain": "billing", "split": "dev", "source": "written", "team": "x"})
    return apply_summary_edit((), record), [record]


def _labelled() -> tuple[tuple[SummaryCase, ...], list[dict]]:
    cases, records = _written()
    for op, fields in (("accuracy", {"index": 0, "value": True}), ("accuracy", {"index": 1, "value": False}),
                       ("rubric", {"index": 0, "value": True}),
                       ("completeness", {"question": 0, "item": 0, "value": False}),
                       ("completeness", {"question": 0, "item": 1, "value": True})):
        records.append(summary_edit(cases, op, 0, **fields))
        cases = apply_summary_edit(cases, records[-1])
    return cases, records


def _do(cases: tuple, records: list[dict], record: dict) -> tuple:
    records.append(record)
    return apply_summary_edit(cases, record)


def test_a_new_case_has_its_texts_the_summary_split_into_points_and_no_label():
    cases, _ = _written()
    (case,) = cases
    assert case.id == "billing-01" and case.language == "en"
    assert [(t.role, t.text) for t in case.transcript] == [(t["role"], t["text"]) for t in TRANSCRIPT]
    assert [s.name for s in case.sections] == ["Summary", "Outcome"]
    assert case.sections[1].categorical and case.sections[1].allowed_values == ("Resolved", "Unresolved")
    # The points are the free-text sections' sentences: the categorical value is not a point.
    assert [p.point for p in case.accuracy] == ["The customer was overcharged.", "The agent refunded $20."]
    assert [r.question for r in case.rubrics] == RUBRICS
    assert [[i.transcript_content for i in q.content_list] for q in case.completeness] == [
        ["The charge was $30.", "The plan is $10."], []]
    labels = [p.is_accurate for p in case.accuracy] + [r.is_addressed for r in case.rubrics] + [
        i.is_covered for q in case.completeness for i in q.content_list]
    assert set(labels) == {None}
    assert summary_metadata(case) == {"language": "en", "domain": "billing", "split": "dev", "source": "written",
                                      "team": "x"}
    assert cases_from_text(cases_to_text(cases)) == cases  # the summary format holds all of it
    assert all(p.value is None for p in evaluate_summary(case).metrics.values())  # N/A, nothing labelled


def test_points_can_be_given_and_an_all_categorical_summary_splits_every_section():
    record = new_case((), "c", TRANSCRIPT, SECTIONS, points=["One point."])
    assert [p.point for p in apply_summary_edit((), record)[0].accuracy] == ["One point."]
    categorical = [dict(SECTIONS[1])]
    assert summary_points(apply_summary_edit((), new_case((), "c", TRANSCRIPT, categorical))[0].sections) == [
        "Resolved"]


def test_replaying_the_records_gives_the_case_as_written():
    cases, records = _labelled()
    steps = [
        lambda c: set_unit_field(c, 0, "transcript", 1, "text", "I was charged $30, but my plan is $15."),
        lambda c: set_unit_field(c, 0, "transcript", 1, "role", "client"),
        lambda c: add_unit(c, 0, "transcript", {"role": "customer", "text": "Thanks."}),
        lambda c: move_unit(c, 0, "transcript", 3, 0),
        lambda c: remove_unit(c, 0, "transcript", 0),
        lambda c: set_unit_field(c, 0, "sections", 1, "allowed_values", ["Resolved", "Unresolved", "Escalated"]),
        lambda c: add_unit(c, 0, "sections", {"name": "Dates", "text": "No dates.", "kind": "predefined"}),
        lambda c: set_unit_field(c, 0, "accuracy", 1, "accuracy", "Inaccurate: the refund was $20... as said."),
        lambda c: add_unit(c, 0, "accuracy", {"point": "The plan is $10."}, position=0),
        lambda c: add_unit(c, 0, "rubrics", {"question": "Does it name the agent?", "reasoning": "No."}),
        lambda c: move_unit(c, 0, "rubrics", 2, 0),
        lambda c: add_unit(c, 0, "completeness", {"question": "Does it say the refund?"}, position=1),
        lambda c: add_unit(c, 0, "items", {"transcript_content": "The agent refunded $20."}, question=1),
        lambda c: move_unit(c, 0, "items", 1, 0, question=0),
        lambda c: remove_unit(c, 0, "completeness", 2),
        lambda c: set_summary_metadata(c, 0, "domain", "telecom"),
        lambda c: set_summary_metadata(c, 0, "team", None),
        lambda c: set_summary_metadata(c, 0, "language", "es"),
        lambda c: set_summary_id(c, 0, "billing-02"),
    ]
    for step in steps:
        cases = _do(cases, records, step(cases))
    replayed = _replay((), records)
    assert replayed == cases
    case = replayed[0]
    assert case.id == "billing-02" and case.language == "es"
    assert [(t.role, t.text) for t in case.transcript] == [
        ("agent", "Hello, how can I help?"), ("client", "I was charged $30, but my plan is $15."),
        ("agent", "I refunded the $20 difference.")]
    assert [s.name for s in case.sections] == ["Summary", "Outcome", "Dates"] and case.sections[2].kind == "predefined"
    assert case.sections[1].allowed_values == ("Resolved", "Unresolved", "Escalated")
    assert [(p.point, p.is_accurate) for p in case.accuracy] == [
        ("The plan is $10.", None), ("The customer was overcharged.", True), ("The agent refunded $20.", False)]
    assert case.rubrics[0].question == "Does it name the agent?" and case.rubrics[1].is_addressed is True
    assert [q.question for q in case.completeness] == ["Does the summary give the amounts?", "Does it say the refund?"]
    assert [(i.transcript_content, i.is_covered) for i in case.completeness[0].content_list] == [
        ("The plan is $10.", True), ("The charge was $30.", False)]
    assert summary_metadata(case) == {"language": "es", "domain": "telecom", "split": "dev", "source": "written"}
    assert cases_from_text(cases_to_text(replayed)) == replayed


def test_a_judged_text_change_clears_that_units_label_only_and_the_record_says_so():
    cases, _ = _labelled()
    record = set_unit_field(cases, 0, "accuracy", 0, "point", "The customer was charged twice.")
    assert record["cleared"] == [{"kind": "accuracy", "unit": 0, "fields": ["is_accurate"],
                                  "text": "The customer was charged twice."}]
    changed = apply_summary_edit(cases, record)[0]
    assert changed.accuracy[0].is_accurate is None and changed.accuracy[1].is_accurate is False
    assert changed.rubrics == cases[0].rubrics and changed.completeness == cases[0].completeness
    item = set_unit_field(cases, 0, "items", 1, "related_content_from_summary", "The plan is $10.", question=0)
    assert item["cleared"] == [{"kind": "items", "unit": 1, "question": 0, "fields": ["is_covered"],
                                "text": "The plan is $10."}]
    rubric = set_unit_field(cases, 0, "rubrics", 0, "question", "Does it say what happened?")
    assert apply_summary_edit(cases, rubric)[0].rubrics[0].is_addressed is None and rubric["cleared"]


@pytest.mark.parametrize(("kind", "unit", "field", "question"), [
    ("accuracy", 0, "accuracy", None),  # a justification explains the label: it stays
    ("rubrics", 0, "reasoning", None),
    ("transcript", 1, "text", None),  # the evidence changed, not a labelled unit: labelled units keep theirs
    ("sections", 0, "text", None),
    ("completeness", 0, "question", None),
    ("accuracy", 1, "point", "same"),  # the same text: nothing changes
])
def test_other_text_changes_clear_nothing(kind, unit, field, question):
    cases, _ = _labelled()
    case = cases[0]
    units = {"accuracy": case.accuracy, "rubrics": case.rubrics, "transcript": case.transcript,
             "sections": case.sections, "completeness": case.completeness}[kind]
    value = getattr(units[unit], field) if question == "same" else "Something else entirely."
    record = set_unit_field(cases, 0, kind, unit, field, value)
    assert record["cleared"] == []
    changed = apply_summary_edit(cases, record)[0]
    labels = lambda c: ([p.is_accurate for p in c.accuracy], [r.is_addressed for r in c.rubrics],  # noqa: E731
                        [i.is_covered for q in c.completeness for i in q.content_list])
    assert labels(changed) == labels(case)


def test_splitting_the_summary_again_keeps_points_whose_sentence_is_still_there():
    cases, records = _labelled()
    cases = _do(cases, records, set_unit_field(cases, 0, "sections", 0, "text",
                                               "The agent refunded $20. The customer thanked the agent."))
    assert [p.point for p in cases[0].accuracy] == ["The customer was overcharged.", "The agent refunded $20."]
    record = split_points(cases, 0)
    assert record["cleared"] == []  # a point that goes has no label left to show; one that stays keeps its label
    cases = _do(cases, records, record)
    assert [(p.point, p.is_accurate) for p in cases[0].accuracy] == [
        ("The agent refunded $20.", False), ("The customer thanked the agent.", None)]
    assert _replay((), records) == cases


def test_the_labels_still_cleared_are_followed_through_later_changes_and_forgotten_once_set_again():
    cases, records = _labelled()
    cases = _do(cases, records, set_unit_field(cases, 0, "accuracy", 1, "point", "The agent refunded $30."))
    cases = _do(cases, records, set_unit_field(cases, 0, "items", 0, "transcript_content", "A $30 charge.",
                                               question=0))
    assert pending_cleared((), records) == (ClearedLabel(0, "accuracy", 1, None, "is_accurate"),
                                            ClearedLabel(0, "items", 0, 0, "is_covered"))
    cases = _do(cases, records, add_unit(cases, 0, "accuracy", {"point": "A new first point."}, position=0))
    cases = _do(cases, records, move_unit(cases, 0, "items", 0, 1, question=0))
    cases = _do(cases, records, add_unit(cases, 0, "completeness", {"question": "First?"}, position=0))
    assert pending_cleared((), records) == (ClearedLabel(0, "accuracy", 2, None, "is_accurate"),
                                            ClearedLabel(0, "items", 1, 1, "is_covered"))
    cases = _do(cases, records, set_unit_field(cases, 0, "accuracy", 2, "point", "Changed again."))
    assert pending_cleared((), records)[0] == ClearedLabel(0, "accuracy", 2, None, "is_accurate")  # still said
    cases = _do(cases, records, summary_edit(cases, "accuracy", 0, index=2, value=True))
    cases = _do(cases, records, remove_unit(cases, 0, "completeness", 1))
    assert pending_cleared((), records) == ()
    # A pasted block replaces its units: what was cleared in it is not said any more.
    cases, records = _labelled()
    cases = _do(cases, records, set_unit_field(cases, 0, "rubrics", 0, "question", "New question?"))
    assert pending_cleared((), records) == (ClearedLabel(0, "rubrics", 0, None, "is_addressed"),)
    cases = _do(cases, records, summary_edit(cases, "block", 0, block="adherence",
                                             data={"rubrics": [{"question": "Q", "is_addressed": None}]}))
    assert pending_cleared((), records) == ()


def test_a_record_that_no_longer_fits_its_unit_is_refused():
    cases, _ = _labelled()
    record = set_unit_field(cases, 0, "accuracy", 0, "point", "Changed.")
    moved = apply_summary_edit(cases, move_unit(cases, 0, "accuracy", 0, 1))
    with pytest.raises(InputError) as caught:
        apply_summary_edit(moved, record)  # position 0 now holds another point
    assert caught.value.code == "record_for_another_id" and caught.value.where == "was"
    renamed = apply_summary_edit(cases, set_summary_id(cases, 0, "other"))
    with pytest.raises(InputError) as caught:
        apply_summary_edit(renamed, record)
    assert caught.value.where == "case_id"


def _bad(make):
    cases, _ = _labelled()
    with pytest.raises(InputError) as caught:
        make(cases)
    return caught.value


@pytest.mark.parametrize(("make", "code", "where"), [
    (lambda c: new_case(c, "n", TRANSCRIPT, []), "summary_needs_a_section", "sections"),
    (lambda c: new_case(c, "n", TRANSCRIPT, [{**SECTIONS[0], "text": "  "}]), "must_not_be_empty",
     "sections[0].text"),
    (lambda c: new_case(c, "n", [], SECTIONS), "transcript_needs_a_turn", "transcript"),
    (lambda c: new_case(c, "billing-01", TRANSCRIPT, SECTIONS), "duplicate_case_id_here", "id"),
    (lambda c: new_case(c, " ", TRANSCRIPT, SECTIONS), "id_must_not_be_empty", "id"),
    (lambda c: new_case(c, "n", [*TRANSCRIPT, {"role": "agent", "text": "x" * (MAX_TEXT_BYTES + 1)}], SECTIONS),
     "text_too_long", "transcript[3].text"),
    (lambda c: new_case(c, "n", TRANSCRIPT, SECTIONS, points=["ok", ""]), "must_not_be_empty", "points[1]"),
    (lambda c: new_case(c, "n", TRANSCRIPT, SECTIONS, rubrics=[""]), "must_not_be_empty", "rubrics[0]"),
    (lambda c: new_case(c, "n", TRANSCRIPT, SECTIONS, completeness=[{"question": "Q", "items": ["", "b"]}]),
     "must_not_be_empty", "completeness[0].items[0]"),
    (lambda c: new_case(c, "n", TRANSCRIPT, [{**SECTIONS[0], "kind": "own"}]), "expected_one_of",
     "sections[0].kind"),
    (lambda c: new_case(c, "n", TRANSCRIPT, [{**SECTIONS[0], "colour": "red"}]), "not_a_field_of",
     "sections[0].colour"),
    (lambda c: new_case(c, "n", TRANSCRIPT, SECTIONS, metadata={"": "x"}), "summary_metadata_key_empty", "metadata"),
    (lambda c: set_unit_field(c, 0, "accuracy", 0, "point", "ñ" * (MAX_TEXT_BYTES // 2 + 1)), "text_too_long",
     "accuracy[0].point"),
    (lambda c: set_unit_field(c, 0, "sections", 0, "text", ""), "must_not_be_empty", "sections[0].text"),
    (lambda c: set_unit_field(c, 0, "sections", 1, "allowed_values", ["a", " "]), "must_not_be_empty",
     "sections[1].allowed_values[1]"),
    (lambda c: set_unit_field(c, 0, "sections", 1, "allowed_values", "a, b"), "expected",
     "sections[1].allowed_values"),
    (lambda c: set_unit_field(c, 0, "items", 0, "transcript_content", "", question=0), "must_not_be_empty",
     "completeness[0].items[0].transcript_content"),
    (lambda c: set_unit_field(c, 0, "accuracy", 0, "is_accurate", True), "not_a_field_of", "field"),
    (lambda c: set_unit_field(c, 0, "accuracy", 9, "point", "x"), "no_item_at_position", "unit"),
    (lambda c: set_unit_field(c, 0, "items", 0, "transcript_content", "x", question=7), "no_item_at_position",
     "question"),
    (lambda c: set_unit_field(c, 0, "claims", 0, "text", "x"), "unknown_choice", "kind"),
    (lambda c: add_unit(c, 0, "rubrics", {"question": ""}), "must_not_be_empty", "rubrics[2].question"),
    (lambda c: add_unit(c, 0, "accuracy", {"point": "x"}, position=9), "no_item_at_position", "position"),
    (lambda c: move_unit(c, 0, "accuracy", 0, 5), "no_item_at_position", "to"),
    (lambda c: set_summary_metadata(c, 0, "", "x"), "summary_metadata_key_empty", "key"),
    (lambda c: set_summary_metadata(c, 0, "domain", 3), "expected", "metadata.domain"),
    (lambda c: set_summary_id(c, 0, ""), "id_must_not_be_empty", "id"),
])
def test_bad_input_is_refused_with_its_code_and_place(make, code, where):
    error = _bad(make)
    assert (error.code, error.where) == (code, where), error


def test_the_last_turn_or_section_cannot_be_removed():
    record = new_case((), "one", TRANSCRIPT[:1], SECTIONS[:1])
    cases = apply_summary_edit((), record)
    for kind, code in (("transcript", "transcript_needs_a_turn"), ("sections", "summary_needs_a_section")):
        with pytest.raises(InputError) as caught:
            remove_unit(cases, 0, kind, 0)
        assert caught.value.code == code


def test_a_second_case_is_appended_and_its_id_may_not_repeat_another():
    cases, _ = _written()
    cases = apply_summary_edit(cases, new_case(cases, "billing-02", TRANSCRIPT, SECTIONS))
    assert [c.id for c in cases] == ["billing-01", "billing-02"]
    with pytest.raises(InputError) as caught:
        set_summary_id(cases, 1, "billing-01")
    assert caught.value.code == "duplicate_case_id_here"
    assert apply_summary_edit(cases, set_summary_id(cases, 1, "billing-02"))[1].id == "billing-02"  # its own


def _built_in() -> list[tuple[SummaryCase, ...]]:
    found = []
    for scenario in load_index(SUMMARY_INDEX):
        for language in ("en", "es"):
            path = scenario_path(scenario, language, SUMMARY_INDEX)
            found.append(cases_from_bytes(path.read_bytes(), path.name))
    return found


@pytest.mark.parametrize("cases", _built_in(), ids=lambda cases: f"{cases[0].id}-{cases[0].language}")
def test_built_in_cases_take_text_records_and_keep_their_other_labels(cases):
    case = cases[0]
    for position, point in enumerate(case.accuracy):
        record = set_unit_field(cases, 0, "accuracy", position, "point", point.point + " (edited)")
        changed = apply_summary_edit(cases, record)[0]
        assert record["cleared"] == ([{"kind": "accuracy", "unit": position, "fields": ["is_accurate"],
                                       "text": point.point + " (edited)"}] if point.is_accurate is not None else [])
        assert [p.is_accurate for i, p in enumerate(changed.accuracy) if i != position] == [
            p.is_accurate for i, p in enumerate(case.accuracy) if i != position]
        assert changed.rubrics == case.rubrics and changed.completeness == case.completeness
    # Every record made on a built-in case downloads in the summary format and reads back the same.
    edited = apply_summary_edit(cases, add_unit(cases, 0, "transcript", {"role": "agent", "text": "Bye."}))
    assert cases_from_text(cases_to_text(edited)) == edited


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_summary_template_loads_back_unchanged_and_is_fully_labelled(language):
    name = summary_template_name(language)
    assert name == f"summary_{language}.json"
    data = load_summary_template(language)
    (case,) = cases_from_bytes(data, name)
    assert cases_to_text((case,)).encode("utf-8") == data
    assert case.language == language and summary_metadata(case)["language"] == language
    assert {"domain", "split", "source"} <= set(summary_metadata(case))
    labels = [p.is_accurate for p in case.accuracy] + [r.is_addressed for r in case.rubrics] + [
        i.is_covered for q in case.completeness for i in q.content_list]
    assert None not in labels and True in labels and False in labels
    assert any(s.categorical and s.allowed_values for s in case.sections)
    assert any(not s.categorical for s in case.sections)
    assert any(not q.content_list for q in case.completeness)  # a question with nothing to cover
    evaluation = evaluate_summary(case)
    assert not evaluation.not_applicable  # all three scores apply


def test_an_unknown_template_language_falls_back_to_english():
    assert summary_template_name("fr") == "summary_en.json"


# ---------------------------------------------------------------- properties

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12).filter(
    lambda s: s.strip())
_KIND = st.sampled_from(["transcript", "sections", "accuracy", "rubrics", "completeness", "items"])
_OPS = st.lists(st.tuples(st.sampled_from(["field", "add", "remove", "move", "label", "split"]), _KIND,
                          st.integers(0, 4), st.integers(0, 4), _TEXT, st.booleans()), max_size=14)
_FIELD = {"transcript": "text", "sections": "text", "accuracy": "point", "rubrics": "question",
          "completeness": "question", "items": "transcript_content"}
_NEW = {"transcript": {"role": "agent"}, "sections": {"name": "S"}, "accuracy": {}, "rubrics": {},
        "completeness": {}, "items": {}}


def _count(case: SummaryCase, kind: str, question: int) -> int:
    if kind == "items":
        return len(case.completeness[question].content_list) if question < len(case.completeness) else 0
    return len(getattr(case, kind))


def _step(cases: tuple, op: str, kind: str, a: int, b: int, text: str, flag: bool) -> dict | None:
    """A record made from one drawn operation, or None when it does not fit the case (then it is skipped)."""
    case = cases[0]
    question = b % max(len(case.completeness), 1)
    count = _count(case, kind, question)
    q = question if kind == "items" else None
    if kind == "items" and not case.completeness:
        return None
    if op == "add":
        return add_unit(cases, 0, kind, {**_NEW[kind], _FIELD[kind]: text}, position=a % (count + 1), question=q)
    if count == 0:
        return None
    unit = a % count
    if op == "field":
        return set_unit_field(cases, 0, kind, unit, _FIELD[kind], text, question=q)
    if op == "remove":
        if kind in ("transcript", "sections") and count == 1:
            return None
        return remove_unit(cases, 0, kind, unit, question=q)
    if op == "move":
        return move_unit(cases, 0, kind, unit, b % count, question=q)
    if op == "split":
        return split_points(cases, 0)
    if kind == "accuracy":
        return summary_edit(cases, "accuracy", 0, index=unit, value=flag)
    if kind == "rubrics":
        return summary_edit(cases, "rubric", 0, index=unit, value=flag)
    if kind == "items":
        return summary_edit(cases, "completeness", 0, question=question, item=unit, value=flag)
    return None


@settings(max_examples=80, deadline=None)
@given(ops=_OPS)
def test_any_sequence_of_records_replays_round_trips_and_clears_only_what_it_says(ops):
    cases, records = _labelled()
    for op in ops:
        record = _step(cases, *op)
        if record is None:
            continue
        after = apply_summary_edit(cases, record)
        if record["op"] == "unit_field":
            # Only the named unit's label may go, and the record says so exactly when it went.
            before_case, after_case = cases[0], after[0]
            kind, unit = record["kind"], record["unit"]
            lost = record["cleared"]
            if kind in ("accuracy", "rubrics", "items"):
                units_before = (before_case.completeness[record["question"]].content_list if kind == "items"
                                else getattr(before_case, kind))
                units_after = (after_case.completeness[record["question"]].content_list if kind == "items"
                               else getattr(after_case, kind))
                label = {"accuracy": "is_accurate", "rubrics": "is_addressed", "items": "is_covered"}[kind]
                went = getattr(units_before[unit], label) is not None and getattr(units_after[unit], label) is None
                assert bool(lost) == went
                assert [getattr(u, label) for i, u in enumerate(units_before) if i != unit] == [
                    getattr(u, label) for i, u in enumerate(units_after) if i != unit]
            else:
                assert not lost
        records.append(record)
        cases = after
    assert _replay((), records) == cases
    assert cases_from_text(cases_to_text(cases)) == cases
    assert json.loads(json.dumps(case_to_dict(cases[0]))) == case_to_dict(cases[0])
    for cleared in pending_cleared((), records):  # every label said to be cleared is a real, empty label now
        case = cases[cleared.case]
        unit = (case.completeness[cleared.question].content_list[cleared.unit] if cleared.kind == "items"
                else getattr(case, cleared.kind)[cleared.unit])
        assert getattr(unit, cleared.field) is None
