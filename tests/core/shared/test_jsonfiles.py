"""Reading JSON / JSONL text and bytes, and the one error type that says where."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.errors import InputError
from uncase_core.shared.jsonfiles import decode_text, dumps_json, dumps_jsonl, parse_document

# ---------------------------------------------------------------- InputError


def test_input_error_message_joins_source_place_and_problem():
    error = InputError("expected text, got 5", "cases[0].id", "data.json")
    assert str(error) == "data.json: cases[0].id: expected text, got 5"
    assert error.message == str(error)
    assert (error.problem, error.where, error.source) == ("expected text, got 5", "cases[0].id", "data.json")
    assert str(InputError("the file is empty")) == "the file is empty"
    assert str(InputError("bad", "line 3")) == "line 3: bad"


def test_input_error_located_and_nested():
    error = InputError("bad", "supported")
    assert str(error.located("f.json")) == "f.json: supported: bad"
    assert error.nested("claims[0]").where == "claims[0].supported"
    assert InputError("bad", "[2]").nested("cases").where == "cases[2]"
    assert InputError("bad").nested("line 4").where == "line 4"
    assert InputError("bad", "x").nested("").where == "x"
    # The original is left as it was.
    assert error.where == "supported"
    assert error.source == ""


# ---------------------------------------------------------------- decoding


def test_decode_text_utf8_and_bom():
    assert decode_text("¿Qué? 😀".encode()) == "¿Qué? 😀"
    assert decode_text(b"\xef\xbb\xbf{}") == "{}"


def test_decode_text_rejects_invalid_utf8_with_offset():
    with pytest.raises(InputError, match=r"^not UTF-8 text \(undecodable byte at offset 3\); save the file as UTF-8$"):
        decode_text(b'{"a\xff": 1}')
    with pytest.raises(InputError, match="not UTF-8"):
        decode_text("caf\u00e9".encode("latin-1"))


# ---------------------------------------------------------------- parsing


def test_parse_one_json_document():
    document = parse_document('{\n  "a": [1, 2],\n  "b": "x"\n}\n')
    assert document.kind == "json"
    assert document.value == {"a": [1, 2], "b": "x"}
    assert document.records == ()


def test_parse_json_lines_with_line_numbers_and_blank_lines():
    document = parse_document('{"a": 1}\n\n  \n{"a": 2}\r\n{"a": 3}\n')
    assert document.kind == "jsonl"
    assert document.records == ((1, {"a": 1}), (4, {"a": 2}), (5, {"a": 3}))


def test_parse_strips_bom_from_text():
    assert parse_document('\ufeff{"a": 1}').value == {"a": 1}


@pytest.mark.parametrize("text", ["", " ", "\n\n", "\t \r\n", "\ufeff", "\ufeff  \n"])
def test_parse_empty_or_blank_is_an_error(text):
    with pytest.raises(InputError, match=r"^the file is empty$"):
        parse_document(text)


def test_truncated_json_names_the_line():
    with pytest.raises(InputError) as caught:
        parse_document('{\n  "id": "a",\n  "passages": [\n')
    assert caught.value.where == "line 4"
    assert caught.value.problem.startswith("invalid JSON: ")


def test_bad_jsonl_line_names_that_line():
    with pytest.raises(InputError) as caught:
        parse_document('{"a": 1}\n{"a": 2}\n\n{"a": \n{"a": 4}\n')
    assert caught.value.where == "line 4"
    assert str(caught.value) == "line 4: invalid JSON: Expecting value (column 7)"


def test_jsonl_line_may_hold_line_separators_inside_strings():
    # U+2028, U+2029 and NEL are legal unescaped inside JSON strings; they do not end a
    # JSON Lines record (regression: str.splitlines() used to cut the record there).
    lines = [json.dumps({"t": f"a{sep}b"}, ensure_ascii=False) for sep in ("\u2028", "\u2029", "\x85", "\x1c")]
    document = parse_document("\n".join(lines) + "\n")
    assert document.kind == "jsonl"
    assert [value["t"] for _, value in document.records] == ["a\u2028b", "a\u2029b", "a\x85b", "a\x1cb"]
    assert [line for line, _ in document.records] == [1, 2, 3, 4]


@pytest.mark.parametrize("text", ["[" * 100_000, "{\"a\": " * 100_000, "[" * 100_000 + "]" * 100_000])
def test_deep_nesting_is_a_clean_input_error(text):
    with pytest.raises(InputError, match="nested too deeply"):
        parse_document(text)


def test_deep_nesting_on_a_jsonl_line_names_the_line():
    with pytest.raises(InputError) as caught:
        parse_document('{"a": 1}\n' + "[" * 100_000 + "\n")
    assert caught.value.where == "line 2"
    assert "nested too deeply" in caught.value.problem


# ---------------------------------------------------------------- writing


def test_dumps_json_keeps_unicode_and_ends_with_newline():
    text = dumps_json({"q": "¿Qué? 😀 שלום"})
    assert text.endswith("}\n")
    assert "¿Qué? 😀 שלום" in text
    assert json.loads(text) == {"q": "¿Qué? 😀 שלום"}


def test_dumps_jsonl_one_record_per_line():
    text = dumps_jsonl([{"a": 1}, {"b": "ñ\u2028"}])
    assert text.count("\n") == 2
    assert parse_document(text).records == ((1, {"a": 1}), (2, {"b": "ñ\u2028"}))
    assert dumps_jsonl([]) == ""


def test_a_number_too_long_to_convert_is_a_located_error():
    from uncase_core.shared.jsonfiles import parse_document

    with pytest.raises(InputError, match="unreadable value"):
        parse_document('{"id": ' + "9" * 5000 + "}")


# ---------------------------------------------------------------- NaN, Infinity, 1e999999 (issue 16)

NON_FINITE = ("NaN", "Infinity", "-Infinity", "1e999999", "-1e999999", "1E+400", "1" + "0" * 400 + ".5",
              "1" + "0" * 300 + "e10")


@pytest.mark.parametrize("token", NON_FINITE)
def test_non_finite_numbers_are_refused_naming_the_place(token):
    with pytest.raises(InputError) as caught:
        parse_document(f'{{"id": "a", "metadata": {{"scores": [1, {token}]}}}}')
    assert caught.value.where == "metadata.scores[1]"
    assert "is not a JSON number" in caught.value.problem
    with pytest.raises(InputError) as caught:
        parse_document(f'{{"id": "a"}}\n{{"id": "b"}}\n{{"id": "c", "x": {{"y": {token}}}}}\n')
    assert caught.value.where == "line 3: x.y"
    with pytest.raises(InputError) as caught:
        parse_document(f"[{token}]")
    assert caught.value.where == "[0]"


def test_the_message_says_which_value():
    with pytest.raises(InputError, match=r"^a: NaN is not a JSON number \(write null for a missing value\)$"):
        parse_document('{"a": NaN}')
    with pytest.raises(InputError, match=r"^a: -Infinity \(or a number beyond -1\.8e308\) is not a JSON number"):
        parse_document('{"a": -1e999}')


def test_finite_numbers_with_exponents_and_look_alike_strings_are_kept():
    text = '{"a": 1e308, "b": -2.5E-400, "c": "NaN", "d": "Infinity", "NaN": 1e5, "e": ' + "9" * 400 + "}"
    value = parse_document(text).value
    assert value["a"] == 1e308 and value["b"] == -0.0 and value["NaN"] == 1e5 and value["e"] == int("9" * 400)
    assert value["c"] == "NaN" and value["d"] == "Infinity"


def _with_leaf(value, path, leaf):
    if not path:
        return leaf
    head, *rest = path
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[head] = _with_leaf(value[head], rest, leaf)
    return copy


def _leaf_paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaf_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaf_paths(item, (*path, i))


def _shown(path):
    shown = ""
    for key in path:
        shown += f"[{key}]" if isinstance(key, int) else (f".{key}" if shown else key)
    return shown


finite_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet="abcNaNInfinity ", max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet="abxyz", min_size=1, max_size=3),
                                                                inner, max_size=3),
    max_leaves=10)


@settings(max_examples=200, deadline=None)
@given(value=finite_json, data=st.data(), token=st.sampled_from(NON_FINITE))
def test_a_non_finite_number_anywhere_is_refused_at_its_path(value, data, token):
    text = json.dumps(value, allow_nan=False)
    assert parse_document(text).value == value  # finite values read back as they were
    path = data.draw(st.sampled_from(list(_leaf_paths(value))))
    marker = "__NON_FINITE__"
    spliced = json.dumps(_with_leaf(value, path, marker), allow_nan=False).replace(f'"{marker}"', token)
    with pytest.raises(InputError) as caught:
        parse_document(spliced)
    assert caught.value.where == _shown(path)


def test_writers_never_write_non_standard_json():
    for bad in (float("nan"), float("inf"), float("-inf")):
        with pytest.raises(ValueError, match="not JSON compliant"):
            dumps_json({"a": [bad]})
        with pytest.raises(ValueError, match="not JSON compliant"):
            dumps_jsonl([{"a": 1}, {"b": bad}])


def test_the_download_writers_refuse_a_non_finite_number_built_in_code():
    """Files can no longer bring one in; a value set in code is refused by the writer rather than written as NaN."""
    from dataclasses import replace
    from pathlib import Path

    from uncase_core.conversations.model import conversations_from_text, conversations_to_text
    from uncase_core.rag.cases import dataset_from_text, dataset_to_text
    from uncase_core.summaries.cases import cases_from_text, cases_to_text

    assets = Path(__file__).resolve().parents[3] / "assets"
    dataset = dataset_from_text((assets / "rag/en/all_good.json").read_text("utf-8"))
    case = replace(dataset.cases[0], extra={"score": float("nan")})
    (conversation,) = conversations_from_text((assets / "conversations/en/good.json").read_text("utf-8"))
    (summary,) = cases_from_text((assets / "summaries/en/appointment.json").read_text("utf-8"))
    for write in (lambda: dataset_to_text(replace(dataset, cases=(case,))),
                  lambda: conversations_to_text((replace(conversation, extra={"x": float("inf")}),)),
                  lambda: cases_to_text((replace(summary, extra={"x": float("-inf")}),))):
        with pytest.raises(ValueError, match="not JSON compliant"):
            write()
