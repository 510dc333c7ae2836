"""The RAG case model: reading every accepted layout, validation that names the place,
and writing back without losing anything."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.rag.cases import (
    JUDGE_FIELDS,
    LABEL_FIELDS,
    RagCase,
    RagDataset,
    Unit,
    case_from_dict,
    case_to_dict,
    dataset_from_bytes,
    dataset_from_text,
    dataset_to_text,
    file_extension,
)

DESIGN_EXAMPLE = {
    "id": "refund-01", "question": "How long does a refund take?",
    "passages": [{"id": "p1", "text": "Refunds take five days.", "relevant": True}],
    "answer": "Five days.",
    "claims": [{"id": "c1", "text": "A refund takes five days.", "supported": True, "correct": False}],
    "reference_facts": [{"id": "f1", "text": "Refunds take five working days.", "covered": True}],
    "metadata": {"language": "es", "domain": "retail", "split": "dev", "source": "synthetic"},
}


def error_of(text: str, source: str = "") -> InputError:
    with pytest.raises(InputError) as caught:
        dataset_from_text(text, source)
    return caught.value


def case_json(case_id: str = "a", **fields: Any) -> str:
    return json.dumps({"id": case_id, "question": "q", **fields})


# ---------------------------------------------------------------- layouts


def test_load_one_case():
    dataset = dataset_from_text(json.dumps(DESIGN_EXAMPLE, indent=2))
    assert dataset.format == "case"
    assert dataset.extra == {}
    (case,) = dataset.cases
    assert case.id == "refund-01"
    assert case.question == "How long does a refund take?"
    assert case.answer == "Five days."
    assert case.passages == (Unit("p1", "Refunds take five days.", {"relevant": True}),)
    assert case.claims == (Unit("c1", "A refund takes five days.", {"supported": True, "correct": False}),)
    assert case.reference_facts == (Unit("f1", "Refunds take five working days.", {"covered": True}),)
    assert case.metadata == DESIGN_EXAMPLE["metadata"]
    assert case.extra == {}
    assert case.claims[0].label("correct") is False
    assert case.units("claims") is case.claims


def test_load_jsonl_dataset():
    text = case_json("a") + "\n\n" + case_json("b", answer="x") + "\n"
    dataset = dataset_from_text(text)
    assert dataset.format == "jsonl"
    assert [case.id for case in dataset.cases] == ["a", "b"]
    assert dataset.cases[1].answer == "x"
    assert file_extension(dataset) == "jsonl"


def test_load_cases_object_keeps_top_level_keys():
    text = json.dumps({"name": "workshop", "version": 3, "cases": [json.loads(case_json("a")),
                                                                    json.loads(case_json("b"))]})
    dataset = dataset_from_text(text)
    assert dataset.format == "object"
    assert dataset.extra == {"name": "workshop", "version": 3}
    assert [case.id for case in dataset.cases] == ["a", "b"]
    assert file_extension(dataset) == "json"


def test_load_top_level_array():
    dataset = dataset_from_text("[" + case_json("a") + ", " + case_json("b") + "]")
    assert dataset.format == "array"
    assert [case.id for case in dataset.cases] == ["a", "b"]


def test_single_line_jsonl_reads_as_one_case():
    # One line of JSON is indistinguishable from a one-case file; the case itself survives.
    dataset = dataset_from_text(case_json("a") + "\n")
    assert dataset.format == "case"
    assert [case.id for case in dataset.cases] == ["a"]


def test_bom_and_crlf_are_accepted():
    dataset = dataset_from_text("\ufeff" + case_json("a") + "\r\n" + case_json("b") + "\r\n")
    assert [case.id for case in dataset.cases] == ["a", "b"]
    dataset = dataset_from_bytes(b"\xef\xbb\xbf" + json.dumps(DESIGN_EXAMPLE).encode())
    assert dataset.cases[0].id == "refund-01"


def test_minimal_case_defaults():
    case = case_from_dict({"id": "a", "question": "q"})
    assert case == RagCase("a", "q")
    assert (case.passages, case.claims, case.reference_facts, case.answer) == ((), (), (), "")
    assert case.metadata == {}


def test_null_optional_fields_are_empty():
    case = case_from_dict({"id": "a", "question": "q", "answer": None, "passages": None, "claims": None,
                           "reference_facts": None, "metadata": None})
    assert case == RagCase("a", "q")


# ---------------------------------------------------------------- labels


def test_null_and_absent_labels_are_unlabelled():
    case = case_from_dict({
        "id": "a", "question": "q",
        "passages": [{"id": "p1", "text": "t", "relevant": None}, {"id": "p2", "text": "t"}],
        "claims": [{"id": "c1", "text": "t", "supported": True}, {"id": "c2", "text": "t", "correct": False}],
        "reference_facts": [{"id": "f1", "text": "t"}],
    })
    assert [p.labels for p in case.passages] == [{"relevant": None}, {"relevant": None}]
    assert [c.labels for c in case.claims] == [{"supported": True, "correct": None},
                                               {"supported": None, "correct": False}]
    assert case.reference_facts[0].labels == {"covered": None}
    # Written back, an absent label becomes an explicit null.
    assert case_to_dict(case)["passages"][1] == {"id": "p2", "text": "t", "relevant": None}


def test_unit_with_label_returns_a_new_unit():
    unit = Unit("p1", "t", {"relevant": None})
    changed = unit.with_label("relevant", True)
    assert changed.label("relevant") is True
    assert unit.label("relevant") is None
    assert unit.label("unknown") is None


def test_case_and_dataset_replacers():
    dataset = dataset_from_text(json.dumps([DESIGN_EXAMPLE, {**DESIGN_EXAMPLE, "id": "refund-02"}]))
    case = dataset.cases[1]
    passages = (case.passages[0].with_label("relevant", False),)
    updated = dataset.with_case(1, case.with_units("passages", passages))
    assert updated.cases[1].passages[0].label("relevant") is False
    assert dataset.cases[1].passages[0].label("relevant") is True
    assert updated.cases[0] == dataset.cases[0]
    assert updated.format == "array"


def test_label_fields():
    assert dict(LABEL_FIELDS) == {"passages": ("relevant",), "claims": ("supported", "correct"),
                                  "reference_facts": ("covered",)}


# ---------------------------------------------------------------- validation errors


def test_error_in_cases_object_names_the_place():
    cases = [json.loads(case_json("a")), json.loads(case_json("b")),
             json.loads(case_json("c", claims=[{"id": "c1", "text": "t", "supported": "yes"}]))]
    error = error_of(json.dumps({"cases": cases}))
    assert str(error) == 'cases[2].claims[0].supported: expected true, false or null, got "yes"'
    assert error.where == "cases[2].claims[0].supported"


def test_error_names_the_source_file():
    error = error_of(json.dumps([{"id": "a"}]), "data.json")
    assert str(error) == 'data.json: cases[0]: missing "question"'
    assert error.source == "data.json"


def test_error_in_jsonl_names_the_line():
    text = case_json("a") + "\n\n" + case_json("b", passages=[{"id": "p1", "text": "t", "relevant": "yes"}])
    error = error_of(text, "f.jsonl")
    assert str(error) == 'f.jsonl: line 3: passages[0].relevant: expected true, false or null, got "yes"'


def test_jsonl_line_that_is_not_an_object():
    assert str(error_of(case_json("a") + "\n[1, 2]\n")) == "line 2: expected a case object, got a list"


def test_truncated_jsonl_gives_the_line():
    error = error_of(case_json("a") + "\n" + case_json("b") + '\n{"id": "c", "quest')
    assert error.where == "line 3"
    assert error.problem.startswith("invalid JSON:")


def test_truncated_json_gives_the_line():
    error = error_of('{\n  "id": "a",\n  "question": "q",\n  "passages": [\n    {"id": "p1",')
    assert error.where == "line 5"
    assert error.problem.startswith("invalid JSON:")


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ({"id": 5, "question": "q"}, "id: expected text, got 5"),
        ({"id": ["a"], "question": "q"}, "id: expected text, got a list"),
        ({"id": "", "question": "q"}, "id: id must not be empty"),
        ({"id": "  ", "question": "q"}, "id: id must not be empty"),
        ({"question": "q"}, 'missing "id"'),
        ({"id": "a"}, 'missing "question"'),
        ({"id": "a", "question": True}, "question: expected text, got true"),
        ({"id": "a", "question": "q", "answer": 3}, "answer: expected text, got 3"),
        ({"id": "a", "question": "q", "passages": {}}, "passages: expected a list, got an object"),
        ({"id": "a", "question": "q", "passages": "p1"}, 'passages: expected a list, got "p1"'),
        ({"id": "a", "question": "q", "claims": 4}, "claims: expected a list, got 4"),
        ({"id": "a", "question": "q", "reference_facts": "x"}, 'reference_facts: expected a list, got "x"'),
        ({"id": "a", "question": "q", "passages": [[1]]}, "passages[0]: expected an object, got a list"),
        ({"id": "a", "question": "q", "claims": ["c1"]}, 'claims[0]: expected an object, got "c1"'),
        ({"id": "a", "question": "q", "passages": [{"text": "t"}]}, 'passages[0]: missing "id"'),
        ({"id": "a", "question": "q", "passages": [{"id": "p"}]}, 'passages[0]: missing "text"'),
        ({"id": "a", "question": "q", "passages": [{"id": 7, "text": "t"}]}, "passages[0].id: expected text, got 7"),
        ({"id": "a", "question": "q", "passages": [{"id": "", "text": "t"}]}, "passages[0].id: id must not be empty"),
        ({"id": "a", "question": "q", "passages": [{"id": "p", "text": 5}]}, "passages[0].text: expected text, got 5"),
        ({"id": "a", "question": "q", "passages": [{"id": "p", "text": "t", "relevant": 1}]},
         "passages[0].relevant: expected true, false or null, got 1"),
        ({"id": "a", "question": "q", "passages": [{"id": "p", "text": "t", "relevant": 0}]},
         "passages[0].relevant: expected true, false or null, got 0"),
        ({"id": "a", "question": "q", "passages": [{"id": "p", "text": "t", "relevant": "true"}]},
         'passages[0].relevant: expected true, false or null, got "true"'),
        ({"id": "a", "question": "q", "claims": [{"id": "c", "text": "t", "supported": "yes"}]},
         'claims[0].supported: expected true, false or null, got "yes"'),
        ({"id": "a", "question": "q", "claims": [{"id": "c", "text": "t", "supported": True, "correct": "no"}]},
         'claims[0].correct: expected true, false or null, got "no"'),
        ({"id": "a", "question": "q", "reference_facts": [{"id": "f", "text": "t", "covered": 0.5}]},
         "reference_facts[0].covered: expected true, false or null, got 0.5"),
        ({"id": "a", "question": "q", "reference_facts": [{"id": "f", "text": "t", "covered": [True]}]},
         "reference_facts[0].covered: expected true, false or null, got a list"),
        ({"id": "a", "question": "q", "metadata": []}, "metadata: expected an object, got a list"),
        ({"id": "a", "question": "q", "metadata": "es"}, 'metadata: expected an object, got "es"'),
    ],
)
def test_wrong_types_are_named(case, message):
    error = error_of(json.dumps(case))
    assert str(error) == message
    # The same problem inside a dataset is placed under its case.
    dataset_error = error_of(json.dumps({"cases": [json.loads(case_json("ok")), case]}))
    expected = f"cases[1].{error.where}: {error.problem}" if error.where else f"cases[1]: {error.problem}"
    assert str(dataset_error) == expected
    assert dataset_error.problem == error.problem


def test_long_bad_values_are_shortened_in_messages():
    error = error_of(case_json("a", passages=[{"id": "p", "text": "t", "relevant": "x" * 100}]))
    assert error.problem == 'expected true, false or null, got "' + "x" * 37 + '..."'


def test_duplicate_unit_ids():
    passages = [{"id": "p1", "text": "a"}, {"id": "p2", "text": "b"}, {"id": "p1", "text": "c"}]
    assert str(error_of(case_json("a", passages=passages))) == 'passages[2].id: duplicate id "p1" (also at passages[0])'
    cases = [json.loads(case_json("x")), json.loads(case_json("y", claims=[{"id": "c", "text": "a"},
                                                                           {"id": "c", "text": "b"}]))]
    assert str(error_of(json.dumps(cases))) == 'cases[1].claims[1].id: duplicate id "c" (also at cases[1].claims[0])'


def test_same_unit_id_in_different_kinds_is_fine():
    case = case_from_dict({"id": "a", "question": "q", "passages": [{"id": "x", "text": "t"}],
                           "claims": [{"id": "x", "text": "t"}], "reference_facts": [{"id": "x", "text": "t"}]})
    assert case.passages[0].id == case.claims[0].id == case.reference_facts[0].id == "x"


def test_duplicate_case_ids():
    three = [json.loads(case_json("a")), json.loads(case_json("b")), json.loads(case_json("a"))]
    assert str(error_of(json.dumps(three))) == 'cases[2]: duplicate case id "a" (also at cases[0])'
    assert str(error_of(json.dumps({"cases": [json.loads(case_json("a"))] * 2}))) == (
        'cases[1]: duplicate case id "a" (also at cases[0])')
    assert str(error_of(case_json("a") + "\n" + case_json("b") + "\n\n" + case_json("a"))) == (
        'line 4: duplicate case id "a" (also at line 1)')


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("   \n\t\n", "the file is empty"),
        ("\ufeff", "the file is empty"),
        ("[]", "cases: the dataset has no cases"),
        ('{"cases": []}', "cases: the dataset has no cases"),
        ('{"cases": 3}', "cases: expected a list, got 3"),
        ('{"cases": {"id": "a"}}', "cases: expected a list, got an object"),
        ("5", 'expected a case, a list of cases or {"cases": [...]}, got 5'),
        ('"case"', 'expected a case, a list of cases or {"cases": [...]}, got "case"'),
        ("null", 'expected a case, a list of cases or {"cases": [...]}, got null'),
        ("[1]", "cases[0]: expected a case object, got 1"),
    ],
)
def test_documents_that_are_not_datasets(text, message):
    assert str(error_of(text)) == message


def test_invalid_utf8_bytes():
    with pytest.raises(InputError) as caught:
        dataset_from_bytes(b'{"id": "a", "question": "caf\xe9"}', "upload.json")
    assert str(caught.value) == (
        "upload.json: not UTF-8 text (undecodable byte at offset 28); save the file as UTF-8")


def test_bytes_are_read_like_text():
    text = json.dumps(DESIGN_EXAMPLE, ensure_ascii=False)
    assert dataset_from_bytes(text.encode("utf-8")) == dataset_from_text(text)
    with pytest.raises(InputError, match=r"^up.json: the file is empty$"):
        dataset_from_bytes(b"", "up.json")


@pytest.mark.parametrize("text", ["[" * 100_000, '{"cases": ' * 50_000, case_json("a") + "\n" + "[" * 100_000])
def test_deep_nesting_is_a_clean_error(text):
    error = error_of(text, "deep.json")
    assert "nested too deeply" in str(error)
    assert str(error).startswith("deep.json: ")


# ---------------------------------------------------------------- unknown keys and writing


def test_unknown_keys_are_kept_and_written_back():
    data = {
        **DESIGN_EXAMPLE,
        "notes": {"by": "ana", "tags": ["x", 1, None]},
        "passages": [{"id": "p1", "text": "t", "relevant": False, "rank": 3, "source": {"url": "u"}}],
        "claims": [{"id": "c1", "text": "t", "supported": None, "correct": True, "span": [0, 4]}],
    }
    case = case_from_dict(data)
    assert case.extra == {"notes": {"by": "ana", "tags": ["x", 1, None]}}
    assert case.passages[0].extra == {"rank": 3, "source": {"url": "u"}}
    assert case.claims[0].extra == {"span": [0, 4]}
    assert case_to_dict(case) == data


def test_case_to_dict_matches_the_design_format():
    case = case_from_dict(DESIGN_EXAMPLE)
    data = case_to_dict(case)
    assert data == DESIGN_EXAMPLE
    assert list(data) == ["id", "question", "passages", "answer", "claims", "reference_facts", "metadata"]


def _dataset_text(fmt: str, cases: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> str:
    if fmt == "case":
        return json.dumps(cases[0], indent=2)
    if fmt == "jsonl":
        return "".join(json.dumps(case) + "\n" for case in cases)
    if fmt == "array":
        return json.dumps(cases)
    return json.dumps({**(extra or {}), "cases": cases})


@pytest.mark.parametrize("fmt", ["case", "jsonl", "object", "array"])
def test_round_trip_every_format(fmt, make_case_dict):
    cases = [
        make_case_dict("a", passages=[True, None, False], claims=[(True, False), (None, True)], facts=[None]),
        {**make_case_dict("b", passages=[], claims=[(False, None)], facts=[True, True], answer="¿Sí? ¡No! 😀"),
         "x-extra": {"kept": [1, 2.5, None]}},
    ]
    if fmt == "case":
        cases = cases[:1]
    text = _dataset_text(fmt, cases, {"title": "workshop", "version": 2})
    dataset = dataset_from_text(text)
    assert dataset.format == fmt
    written = dataset_to_text(dataset)
    again = dataset_from_text(written)
    assert again == dataset
    assert dataset_to_text(again) == written
    assert [case_to_dict(case) for case in again.cases] == cases
    if fmt == "object":
        assert again.extra == {"title": "workshop", "version": 2}
        assert json.loads(written)["title"] == "workshop"
    if fmt == "jsonl":
        assert written.count("\n") == 2
    else:
        assert written.endswith("\n")
        json.loads(written)


def test_case_format_with_several_cases_is_written_as_jsonl():
    dataset = RagDataset((RagCase("a", "q"), RagCase("b", "q")), "case")
    assert file_extension(dataset) == "jsonl"
    assert dataset_from_text(dataset_to_text(dataset)).cases == dataset.cases


# ---------------------------------------------------------------- round trip property

SPECIAL_TEXT = ["😀", "👩🏽‍⚕️", "مرحبا بالعالم", "שלום", "\u200f", "¿Qué? ¡Sí!", "ñ", "\u2028", "\u2029",
                "\x85", "\r\n", "\n", "\t", '"', "\\", "\x00", "\ufeff", "null", "{}", "[", "}"]

texts = st.lists(st.one_of(st.text(max_size=6), st.sampled_from(SPECIAL_TEXT)), max_size=3).map("".join)
ids = texts.filter(lambda s: s.strip() != "")
labels = st.sampled_from([True, False, None, "absent"])
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), texts,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(texts, inner, max_size=3)),
    max_leaves=5,
)
extra_keys = texts.map(lambda s: "x-" + s)


@st.composite
def unit_dicts(draw, kind: str, count_max: int = 3) -> list[dict[str, Any]]:
    unit_ids = draw(st.lists(ids, unique=True, max_size=count_max))
    units = []
    for unit_id in unit_ids:
        unit: dict[str, Any] = {"id": unit_id, "text": draw(texts)}
        for name in LABEL_FIELDS[kind]:
            label = draw(labels)
            if label != "absent":
                unit[name] = label
        unit.update(draw(st.dictionaries(extra_keys, json_values, max_size=2)))
        units.append(unit)
    return units


@st.composite
def case_dicts(draw, case_id: str) -> dict[str, Any]:
    case: dict[str, Any] = {
        "id": case_id,
        "question": draw(texts),
        "passages": draw(unit_dicts("passages")),
        "answer": draw(texts),
        "claims": draw(unit_dicts("claims")),
        "reference_facts": draw(unit_dicts("reference_facts")),
        "metadata": draw(st.dictionaries(texts, json_values, max_size=3)),
    }
    case.update(draw(st.dictionaries(extra_keys, json_values, max_size=2)))
    return case


@st.composite
def datasets(draw) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    fmt = draw(st.sampled_from(["case", "jsonl", "object", "array"]))
    low, high = {"case": (1, 1), "jsonl": (2, 3)}.get(fmt, (1, 3))
    case_ids = draw(st.lists(ids, unique=True, min_size=low, max_size=high))
    cases = [draw(case_dicts(case_id)) for case_id in case_ids]
    extra = draw(st.dictionaries(texts.filter(lambda s: s != "cases"), json_values, max_size=3))
    return fmt, cases, extra


def _normalized(case: dict[str, Any]) -> dict[str, Any]:
    """What the loader should make of ``case``: absent labels become explicit nulls."""
    out = dict(case)
    for kind, names in LABEL_FIELDS.items():
        out[kind] = [{**{name: None for name in names}, **unit} for unit in case[kind]]
    return out


def _canonical(value: Any) -> str:
    # Compare through JSON so that True vs 1 or 1 vs 1.0 would count as a difference.
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


@settings(max_examples=100, deadline=None)
@given(datasets(), st.booleans())
def test_round_trip_loses_nothing(data, ascii_only):
    fmt, cases, extra = data
    if fmt == "jsonl":
        text = "".join(json.dumps(case, ensure_ascii=ascii_only) + "\n" for case in cases)
    elif fmt == "case":
        text = json.dumps(cases[0], ensure_ascii=ascii_only, indent=2)
    elif fmt == "array":
        text = json.dumps(cases, ensure_ascii=ascii_only)
    else:
        text = json.dumps({**extra, "cases": cases}, ensure_ascii=ascii_only)

    dataset = dataset_from_text(text)
    assert dataset.format == fmt
    # Loading kept everything the file held...
    assert _canonical([case_to_dict(case) for case in dataset.cases]) == _canonical([_normalized(c) for c in cases])
    if fmt == "object":
        assert _canonical(dict(dataset.extra)) == _canonical(extra)

    # ...and writing then reading again (as text and as UTF-8 bytes) changes nothing.
    written = dataset_to_text(dataset)
    again = dataset_from_text(written)
    assert again == dataset
    assert dataset_from_bytes(written.encode("utf-8")) == dataset
    assert dataset_to_text(again) == written


def test_a_one_line_jsonl_file_is_written_back_as_jsonl():
    line = json.dumps({"id": "a", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": True}]})
    dataset = dataset_from_bytes((line + "\n").encode(), "one.jsonl")
    assert dataset.format == "jsonl"
    again = dataset_from_bytes(dataset_to_text(dataset).encode(), "one.jsonl")
    assert again == dataset
    assert dataset_to_text(dataset).count("\n") == 1
    assert dataset_from_bytes((line + "\n").encode(), "one.json").format == "case"


# ---------------------------------------------------------------- judge verdicts beside the labels


JUDGED_CASE = {
    "id": "j1", "question": "q",
    "passages": [{"id": "p1", "text": "t", "relevant": None, "judge_relevant": True},
                 {"id": "p2", "text": "t", "relevant": False}],
    "claims": [{"id": "c1", "text": "t", "supported": True, "judge_supported": False, "judge_correct": None,
                "rank": 2}],
    "reference_facts": [{"id": "f1", "text": "t", "judge_covered": False}],
}


def test_judge_verdicts_are_first_class_and_apart_from_labels():
    case = case_from_dict(JUDGED_CASE)
    p1, p2 = case.passages
    assert p1.labels == {"relevant": None} and p1.judge == {"judge_relevant": True} and p1.extra == {}
    assert p1.verdict("relevant") is True and p2.verdict("relevant") is None
    assert p2.judge == {}  # no verdict key in the file: none invented
    claim = case.claims[0]
    assert claim.judge == {"judge_supported": False, "judge_correct": None}
    assert claim.extra == {"rank": 2}
    assert case.reference_facts[0].labels == {"covered": None}
    assert case.reference_facts[0].verdict("covered") is False


def test_judge_fields_table():
    assert dict(JUDGE_FIELDS) == {kind: tuple(f"judge_{name}" for name in names)
                                  for kind, names in LABEL_FIELDS.items()}


def test_judge_verdicts_round_trip_and_absent_keys_stay_absent():
    dataset = dataset_from_text(json.dumps([JUDGED_CASE]))
    written = json.loads(dataset_to_text(dataset))[0]
    assert written["passages"][0] == {"id": "p1", "text": "t", "relevant": None, "judge_relevant": True}
    assert "judge_relevant" not in written["passages"][1]
    assert written["claims"][0] == {"id": "c1", "text": "t", "supported": True, "correct": None,
                                    "judge_supported": False, "judge_correct": None, "rank": 2}
    assert dataset_from_text(dataset_to_text(dataset)) == dataset


def test_with_verdict_sets_only_the_verdict():
    unit = Unit("c1", "t", {"supported": True, "correct": None})
    judged = unit.with_verdict("correct", False)
    assert judged.judge == {"judge_correct": False}
    assert judged.labels == unit.labels
    assert unit.judge == {}


def test_labels_are_never_counted_from_verdicts():
    from uncase_core.rag.evaluation import pooled_metrics

    metrics = pooled_metrics([case_from_dict(JUDGED_CASE)])
    assert (metrics["context_relevance"].total, metrics["context_relevance"].unlabelled) == (1, 1)
    assert metrics["coverage"].total == 0


@pytest.mark.parametrize(("kind", "field", "value", "shown"), [
    ("passages", "judge_relevant", "yes", '"yes"'),
    ("claims", "judge_supported", 1, "1"),
    ("claims", "judge_correct", 0.0, "0.0"),
    ("reference_facts", "judge_covered", [True], "a list"),
])
def test_a_non_boolean_verdict_is_refused_with_the_place(kind, field, value, shown):
    case = {"id": "a", "question": "q", kind: [{"id": "u1", "text": "t"}, {"id": "u2", "text": "t", field: value}]}
    with pytest.raises(InputError) as caught:
        dataset_from_text(json.dumps({"cases": [case]}))
    assert caught.value.where == f"cases[0].{kind}[1].{field}"
    assert caught.value.problem == f"expected true, false or null, got {shown}"


def test_a_verdict_of_another_kind_is_an_unknown_key_and_kept():
    case = case_from_dict({"id": "a", "question": "q", "passages": [{"id": "p", "text": "t", "judge_covered": "x"}]})
    assert case.passages[0].extra == {"judge_covered": "x"} and case.passages[0].judge == {}
