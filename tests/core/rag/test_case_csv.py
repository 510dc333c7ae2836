"""RAG cases in CSV as spreadsheets write it (issue 22), the CSV writer, and the case templates."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uncase_core.assets.reader import TEMPLATE_KINDS, load_template, template_name
from uncase_core.errors import InputError
from uncase_core.judge.imports import IMPORT_NOTES, read_ragas_scores, read_ragas_scores_bytes
from uncase_core.rag.cases import RagCase, RagDataset, Unit, dataset_from_text, dataset_to_text
from uncase_core.rag.csv_files import dataset_to_csv
from uncase_core.rag.files import read_rag_file, read_rag_upload
from uncase_core.rag.ragas import MAX_CELL_CHARS, RAGAS_NOTES, import_ragas, import_ragas_bytes, import_ragas_text
from uncase_core.shared.sentences import split_sentences
from uncase_core.shared.spreadsheets import decimal_text, sniff_delimiter

PASSAGES = ["Refunds take five working days.", "Shipping is free over 50 euros; returns, too.", "Línea \"citada\"."]
ANSWER = "A refund takes five days. It goes back to the card."
REFERENCE = "Refunds take five working days. The money returns to the original card."


def csv_bytes(rows: list[list[str]], delimiter: str = ",", bom: bool = False) -> bytes:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    return (b"\xef\xbb\xbf" if bom else b"") + out.getvalue().encode("utf-8")


def error_of(data: bytes, name: str = "cases.csv") -> InputError:
    with pytest.raises(InputError) as caught:
        read_rag_upload(data, name)
    return caught.value


def texts(units) -> list[str]:
    return [unit.text for unit in units]


# ---------------------------------------------------------------- delimiters and byte-order marks


def test_spanish_semicolon_csv_with_bom_as_excel_saves_it():
    data = csv_bytes([["user_input", "retrieved_contexts", "response", "reference"],
                      ["¿Cuánto tarda?", json.dumps(["Tarda 3,5 días; a veces más."], ensure_ascii=False),
                       "Tarda 3,5 días.", "El reembolso tarda 3,5 días hábiles."]], ";", bom=True)
    upload = read_rag_file(data, "casos.csv")
    case = upload.dataset.cases[0]
    assert upload.kind == "ragas"
    assert case.question == "¿Cuánto tarda?"
    assert texts(case.passages) == ["Tarda 3,5 días; a veces más."]
    assert texts(case.claims) == ["Tarda 3,5 días."]
    assert [note.code for note in upload.notes] == ["csv_delimiter"]
    assert upload.notes[0].params == {"delimiter": ";"}
    assert upload.notes_to_dicts()[0]["text"] == "read as CSV with cells separated by ;"


@pytest.mark.parametrize(("delimiter", "said"), [(",", ","), (";", ";"), ("\t", "tab")])
@pytest.mark.parametrize("bom", [False, True])
def test_every_delimiter_with_or_without_bom(delimiter, said, bom):
    data = csv_bytes([["question", "context_1", "context_2", "answer"], ["Q, really; yes?", *PASSAGES[:2], ANSWER]],
                     delimiter, bom)
    imported = import_ragas(data.decode("utf-8-sig") if not bom else data.decode("utf-8"), "x.csv", "csv")
    assert imported.delimiter == delimiter
    assert imported.notes[0].params == {"delimiter": said}
    case = imported.dataset.cases[0]
    assert case.question == "Q, really; yes?"
    assert texts(case.passages) == PASSAGES[:2]
    assert read_rag_upload(data, "x.tsv" if delimiter == "\t" else "x.csv")[0] == imported.dataset


def test_sniffing_is_decided_by_the_header_and_survives_commas_in_the_cells():
    text = "question;answer\n\"a, b, c, d, e\";\"f, g, h\"\n"
    assert sniff_delimiter(text) == ";"
    assert sniff_delimiter("\ufeffquestion\tanswer\nx, y\tz\n") == "\t"
    assert sniff_delimiter('"a;b",c\n1,2\n') == ","  # a quoted name holding ';' does not count
    assert sniff_delimiter("question\nwhat, then?\n") == ","  # one column: commas, as before
    assert sniff_delimiter("a,b;c\n1,2;3\n4,5;6\n") in (",", ";")  # ambiguous header: csv.Sniffer decides


def test_a_tab_delimited_file():
    data = csv_bytes([["id", "user_input", "retrieved_contexts", "response"], ["t1", "Q?", PASSAGES[0], ANSWER]],
                     "\t")
    dataset, _ = read_rag_upload(data, "rows.tsv")
    assert dataset.cases[0].id == "t1" and texts(dataset.cases[0].passages) == [PASSAGES[0]]


# ---------------------------------------------------------------- passages three ways


def test_one_column_per_passage():
    data = csv_bytes([["question", "context_2", "context_1", "context_3", "context_10", "answer"],
                      ["Q1", PASSAGES[1], PASSAGES[0], "", PASSAGES[2], ANSWER],
                      ["Q2", "", "only one", "   ", "", ""]])
    upload = read_rag_file(data, "cases.csv")
    first, second = upload.dataset.cases
    assert texts(first.passages) == [PASSAGES[0], PASSAGES[1], PASSAGES[2]]  # by number, the empty cell skipped
    assert [p.id for p in first.passages] == ["p1", "p2", "p3"]
    assert texts(second.passages) == ["only one"]
    note = next(note for note in upload.notes if note.code == "csv_passage_columns")
    assert note.params == {"columns": "context_1, context_2, context_3, context_10", "count": 4}


def test_passage_columns_may_be_called_passage_n():
    data = csv_bytes([["question", "passage_1", "passage_2"], ["Q", "a", "b"]])
    assert texts(read_rag_upload(data, "c.csv")[0].cases[0].passages) == ["a", "b"]


def test_passages_separated_by_blank_lines_in_one_cell():
    cell = f"{PASSAGES[0]}\r\n\r\n{PASSAGES[1]}\n  \n\n{PASSAGES[2]}\n"
    data = csv_bytes([["user_input", "retrieved_contexts"], ["Q", cell], ["Q2", "One passage\nover two lines."]])
    upload = read_rag_file(data, "c.csv")
    assert texts(upload.dataset.cases[0].passages) == PASSAGES
    assert texts(upload.dataset.cases[1].passages) == ["One passage\nover two lines."]  # no blank line: one passage
    assert [note.code for note in upload.notes] == ["csv_delimiter", "csv_blank_line_passages"]
    assert upload.notes[1].params == {"count": 1}


def test_a_json_list_cell_still_works_in_a_semicolon_file():
    data = csv_bytes([["user_input", "retrieved_contexts"], ["Q", json.dumps(PASSAGES, ensure_ascii=False)]], ";")
    assert texts(read_rag_upload(data, "c.csv")[0].cases[0].passages) == PASSAGES


def test_a_malformed_json_list_cell_in_a_semicolon_file_names_its_line_and_column():
    data = csv_bytes([["user_input", "retrieved_contexts"], ["Q", json.dumps(PASSAGES)],
                      ["Q2", '["one", "two"']], ";")
    error = error_of(data, "casos.csv")
    assert str(error) == ("casos.csv: line 3: retrieved_contexts: cannot read the list of contexts; write it as a "
                          "JSON list of strings")


# ---------------------------------------------------------------- id and metadata


def test_id_and_metadata_columns():
    data = csv_bytes([["id", "question", "context_1", "answer", "reference", "language", "domain", "split", "source",
                       "metadata.author", "metadata.Team Name", "notes"],
                      ["refund-7", "Q", "p", ANSWER, REFERENCE, "en", "retail", "dev", "hand-written", "Ana", "",
                       "ignored"],
                      ["refund-8", "Q", "p", ANSWER, REFERENCE, "es", "", "", "", "", "Equipo 2", ""]])
    upload = read_rag_file(data, "c.csv")
    first, second = upload.dataset.cases
    assert first.id == "refund-7" and second.id == "refund-8"
    assert first.metadata == {"language": "en", "domain": "retail", "split": "dev", "source": "hand-written",
                              "author": "Ana"}
    assert second.metadata == {"language": "es", "Team Name": "Equipo 2"}  # a source column: no ragas-import
    assert texts(first.reference_facts) == split_sentences(REFERENCE)
    note = next(note for note in upload.notes if note.code == "csv_metadata_columns")
    assert note.params["columns"] == "language, domain, split, source, metadata.author, metadata.Team Name"


def test_without_an_id_or_source_column_the_defaults_stay():
    data = csv_bytes([["question", "language"], ["Q", "es"], ["Q2", ""]])
    dataset, _ = read_rag_upload(data, "c.csv")
    assert [case.id for case in dataset.cases] == ["ragas-001", "ragas-002"]
    assert [case.metadata for case in dataset.cases] == [{"language": "es", "source": "ragas-import"},
                                                         {"source": "ragas-import"}]


# ---------------------------------------------------------------- refusals, each with its place


@pytest.mark.parametrize(("rows", "message"), [
    ([["question", "context_1", "context_2"], ["Q", "a", "b"], ["Q2", "a", "b", "surplus"]],
     "line 3: more cells than header columns"),
    ([["question", "context_1"], ["Q", "a"], ["   ", "b"]], "line 3: missing 'user_input' or 'question'"),
    ([["id", "question"], ["x", "Q"], ["y", "Q"], ["x", "Q"]], 'line 4: duplicate id "x"'),
    ([["question", "context_1", "context_1"], ["Q", "a", "b"]], 'line 1: the header has the column "context_1" twice'),
    ([["question", "context_1", "context_01"], ["Q", "a", "b"]],
     'line 1: the columns "context_1" and "context_01" are both number 1'),
    ([["question", "context_1", "passage_2"], ["Q", "a", "b"]],
     'line 1: the header gives the passages two ways, "context_1" and "passage_2"; keep one'),
    ([["question", "retrieved_contexts", "context_1"], ["Q", "[]", "b"]],
     'line 1: the header gives the passages two ways, "retrieved_contexts" and "context_1"; keep one'),
    ([["question", "language", "metadata.language"], ["Q", "en", "es"]],
     'line 1: the columns "language" and "metadata.language" both set the metadata "language"'),
    ([["question", "metadata."], ["Q", "x"]], 'line 1: the column "metadata." names no metadata key; write '
                                               "metadata.<key>"),
    ([["question", "context_1", "context_2"], ["Q", "a", "p" * (MAX_CELL_CHARS + 1)]],
     f"line 2: context_2: the cell has {MAX_CELL_CHARS + 1:,} characters, more than the {MAX_CELL_CHARS:,} a cell "
     "may hold"),
])
@pytest.mark.parametrize("delimiter", [",", ";"])
def test_refused_files_say_where_and_why(rows, message, delimiter):
    error = error_of(csv_bytes(rows, delimiter), "cases.csv")
    assert str(error) == f"cases.csv: {message}"
    assert error.code


def test_a_row_is_named_by_the_line_it_starts_on_when_its_cells_hold_line_breaks():
    cell = f"{PASSAGES[0]}\n\n{PASSAGES[1]}\n\n{PASSAGES[2]}"
    data = csv_bytes([["id", "question", "retrieved_contexts"], ["a", "Q", cell], ["b", "Q", cell], ["a", "Q", cell]],
                     ";")
    assert str(error_of(data, "c.csv")) == 'c.csv: line 12: duplicate id "a"'  # rows start on lines 2, 7, 12
    data = csv_bytes([["question", "context_1"], ["Q", "two\nlines"], [], ["Q", "a", "surplus"]])
    assert str(error_of(data, "c.csv")) == "c.csv: line 5: more cells than header columns"


def test_a_cell_over_the_csv_modules_own_limit_names_its_line():
    error = error_of(csv_bytes([["question", "context_1"], ["Q", "a"], ["Q", "x" * 200_000]], ";"))
    assert error.where == "line 3" and "field limit" in error.problem


# ---------------------------------------------------------------- the writer


def _case(case_id: str, passages: list[str], answer: str, facts: list[str], metadata: dict, claims=None) -> RagCase:
    return RagCase(case_id, f"Question of {case_id}?",
                   tuple(Unit(f"p{i}", t, {"relevant": True}) for i, t in enumerate(passages, 1)), answer,
                   tuple(Unit(f"c{i}", t, {"supported": None, "correct": None})
                         for i, t in enumerate(split_sentences(answer) if claims is None else claims, 1)),
                   tuple(Unit(f"f{i}", t, {"covered": False}) for i, t in enumerate(facts, 1)), metadata)


def _same_texts(left: RagDataset, right: RagDataset) -> None:
    assert len(left.cases) == len(right.cases)
    for a, b in zip(left.cases, right.cases, strict=True):
        assert (a.id, a.question, a.answer, dict(a.metadata)) == (b.id, b.question, b.answer, dict(b.metadata))
        for kind in ("passages", "claims", "reference_facts"):
            assert texts(a.units(kind)) == texts(b.units(kind)), kind


def test_writer_columns_and_round_trip():
    dataset = RagDataset((
        _case("a", PASSAGES, ANSWER, split_sentences(REFERENCE), {"language": "en", "source": "x", "topic": "refunds"}),
        _case("b", PASSAGES[:1], "", [], {"split": "dev"}),
    ))
    text = dataset_to_csv(dataset)
    header = text.splitlines()[0]
    assert header == ("id,question,context_1,context_2,context_3,answer,reference,language,split,source,"
                      "metadata.topic")
    _same_texts(import_ragas_text(text, fmt="csv"), dataset)


def test_claims_and_facts_the_splitter_would_not_find_get_their_own_columns():
    dataset = RagDataset((_case("a", PASSAGES, "One. Two.", ["Dr. No. spoke", "then. Left"], {"source": "s"},
                                claims=["One. Two."]),))
    text = dataset_to_csv(dataset, ";")
    assert text.splitlines()[0].split(";")[5:10] == ["answer", "reference", "claim_1", "fact_1", "fact_2"]
    _same_texts(import_ragas_text(text), dataset)


def test_the_writer_says_labels_are_not_kept():
    dataset = RagDataset((_case("a", PASSAGES, ANSWER, ["Fact."], {"source": "s"}),))
    back = import_ragas_text(dataset_to_csv(dataset))
    assert all(p.labels == {"relevant": None} for p in back.cases[0].passages)


_TEXT = st.text(alphabet=st.sampled_from([*"abcñáéü ,;\"'\n\t\r[]{}.?¿!0123456789", "Ç", "🙂"]),
                min_size=1, max_size=40).filter(lambda s: s.strip())
_KEY = st.text(alphabet=st.sampled_from(list("abz_ ñ")), min_size=1, max_size=6).filter(lambda s: s.strip())


@st.composite
def _datasets(draw) -> RagDataset:
    count = draw(st.integers(1, 4))
    ids = draw(st.lists(_TEXT, min_size=count, max_size=count, unique=True))
    cases = []
    for case_id in ids:
        metadata = draw(st.dictionaries(st.one_of(st.sampled_from(["language", "domain", "split", "source"]), _KEY),
                                        _TEXT, max_size=3))
        question = draw(_TEXT)
        passages = draw(st.lists(_TEXT, max_size=4))
        answer = draw(st.one_of(st.just(""), _TEXT))
        claims = draw(st.one_of(st.none(), st.lists(_TEXT, max_size=3)))
        facts = draw(st.lists(_TEXT, max_size=4))
        case = _case(case_id, passages, answer, facts, metadata, claims)
        cases.append(RagCase(case.id, question, case.passages, case.answer, case.claims, case.reference_facts,
                             case.metadata))
    return RagDataset(tuple(cases))


@settings(max_examples=150, deadline=None)
@given(dataset=_datasets(), delimiter=st.sampled_from([",", ";", "\t"]), bom=st.booleans())
def test_property_written_csv_reads_back_the_same_texts(dataset, delimiter, bom):
    text = dataset_to_csv(dataset, delimiter, bom)
    imported = import_ragas(text.removeprefix("\ufeff") if not bom else text, "x.csv", "csv")
    assert imported.delimiter == delimiter
    _same_texts(imported.dataset, dataset)
    uploaded, _ = read_rag_upload(text.encode("utf-8"), "x.csv")
    assert uploaded == imported.dataset


# ---------------------------------------------------------------- templates


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("kind", TEMPLATE_KINDS)
def test_each_template_loads_through_the_page_upload(kind, language):
    name = template_name(kind, language)
    assert name == f"case_{language}.{kind}"
    dataset, upload_kind = read_rag_upload(load_template(kind, language), name)
    assert upload_kind == ("cases" if kind == "json" else "ragas")
    (case,) = dataset.cases
    assert (len(case.passages), len(case.reference_facts), len(case.claims)) == (3, 4, 4)
    assert case.metadata["language"] == language


@pytest.mark.parametrize("language", ["en", "es"])
def test_json_template_is_fully_labelled_and_round_trips_byte_for_byte(language):
    data = load_template("json", language)
    dataset = dataset_from_text(data.decode("utf-8"))
    assert dataset_to_text(dataset).encode("utf-8") == data
    (case,) = dataset.cases
    labels = [value for kind in ("passages", "claims", "reference_facts") for unit in case.units(kind)
              for value in unit.labels.values()]
    assert None not in labels and True in labels and False in labels
    assert {"language", "domain", "split", "source"} <= set(case.metadata)


@pytest.mark.parametrize(("language", "delimiter", "bom"), [("en", ",", False), ("es", ";", True)])
def test_csv_template_round_trips_through_the_writer_and_matches_the_json(language, delimiter, bom):
    data = load_template("csv", language)
    assert data.startswith(b"\xef\xbb\xbf") == bom
    upload = read_rag_file(data, template_name("csv", language))
    assert upload.notes[0].params == {"delimiter": delimiter}
    assert dataset_to_csv(upload.dataset, delimiter, bom).encode("utf-8") == data
    json_case = dataset_from_text(load_template("json", language).decode("utf-8"))
    _same_texts(upload.dataset, json_case)


def test_an_unknown_template_kind_is_refused_and_an_unknown_language_falls_back_to_english():
    with pytest.raises(InputError) as caught:
        load_template("xlsx", "en")
    assert caught.value.code == "unknown_template"
    assert template_name("csv", "fr") == "case_en.csv"


# ---------------------------------------------------------------- the judge's RAGAS scores


def test_ragas_scores_with_a_decimal_comma_in_a_spanish_semicolon_csv():
    data = csv_bytes([["id", "user_input", "faithfulness", "context_recall"],
                      ["a", "¿Q?", "0,65", "1"], ["b", "¿Q?", "", "0,5"], ["c", "¿Q?", "nan", ",25"]], ";", bom=True)
    scores = read_ragas_scores_bytes(data, "puntajes.csv")
    assert scores.case_ids == ("a", "b", "c")
    assert scores.scores["faithfulness"] == (0.65, None, None)
    assert scores.scores["coverage"] == (1.0, 0.5, 0.25)
    assert [note.code for note in scores.notes] == ["csv_delimiter", "decimal_commas"]
    assert scores.notes[1].text(IMPORT_NOTES) == "3 scores were written with a decimal comma (0,65) and read as such"


@pytest.mark.parametrize("cell", ["1.234,5", "0,123,4", "1,234.5"])
def test_ragas_scores_with_digit_grouping_are_refused_with_a_message(cell):
    data = csv_bytes([["user_input", "faithfulness"], ["Q", "0,5"], ["Q", cell]], ";")
    with pytest.raises(InputError) as caught:
        read_ragas_scores_bytes(data, "s.csv")
    assert str(caught.value) == (f"s.csv: line 3: faithfulness: {cell!r} groups its digits with a thousands "
                                 "separator; write the number without one (such as 0,65 or 0.65)")
    assert caught.value.code == "number_grouping"


def test_ragas_scores_in_json_keep_their_numbers_and_comma_csv_is_unchanged():
    assert read_ragas_scores(json.dumps([{"user_input": "q", "faithfulness": 0.5}])).notes == ()
    scores = read_ragas_scores("user_input,faithfulness\nq,0.75\n")
    assert scores.scores["faithfulness"] == (0.75,) and scores.notes[0].params == {"delimiter": ","}


def test_decimal_text():
    assert decimal_text("0,65") == "0.65" and decimal_text(" 1,0 ") == "1.0" and decimal_text("0.65") == "0.65"
    assert decimal_text("abc, def") == "abc, def"


def test_every_note_has_its_english():
    for code in ("csv_delimiter", "csv_passage_columns", "csv_blank_line_passages", "csv_metadata_columns"):
        assert code in RAGAS_NOTES
    assert "csv_delimiter" in IMPORT_NOTES and "decimal_commas" in IMPORT_NOTES


def test_import_ragas_bytes_reads_the_same_as_the_upload():
    data = csv_bytes([["question", "context_1"], ["Q", "a"]], ";", bom=True)
    assert import_ragas_bytes(data, "c.csv") == read_rag_upload(data, "c.csv")[0]
