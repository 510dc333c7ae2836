"""Importing a real judge's output: generic verdict files and RAGAS results (uncase_core.judge.imports)."""

from __future__ import annotations

import json
import math

import pytest

from uncase_core.errors import InputError
from uncase_core.judge.imports import (
    IMPORT_NOTES,
    NO_RAGAS_SCORES,
    attach_verdicts,
    attach_verdicts_bytes,
    case_passes,
    compare_ragas,
    parse_score,
    parse_verdict,
    read_ragas_scores,
    read_ragas_scores_bytes,
)
from uncase_core.judge.report import judge_report
from uncase_core.rag.cases import RagDataset, case_from_dict, dataset_to_text
from uncase_core.rag.ragas import import_ragas_text


def dataset() -> RagDataset:
    case = {
        "id": "refund-01", "question": "q",
        "passages": [{"id": "p1", "text": "t", "relevant": True}, {"id": "p2", "text": "t", "relevant": None}],
        "claims": [{"id": "c1", "text": "t", "supported": True, "correct": None, "judge_correct": True}],
        "reference_facts": [{"id": "f1", "text": "t", "covered": False}],
    }
    other = {"id": "refund-02", "question": "q", "claims": [{"id": "c1", "text": "t"}]}
    return RagDataset((case_from_dict(case), case_from_dict(other)), "jsonl")


GOOD_CSV = """case_id,unit_id,dimension,judge_verdict,score
refund-01,p1,context_relevance,true,0.9
refund-01,p2,context_relevance,0,0.1
refund-01,c1,faithfulness,Yes,
refund-02,c1,correctness,,
refund-01,f1,coverage,FALSE,0.2
"""


def test_csv_verdicts_are_attached_to_their_units():
    result = attach_verdicts(dataset(), GOOD_CSV, "verdicts.csv")
    case, other = result.dataset.cases
    assert [p.verdict("relevant") for p in case.passages] == [True, False]
    assert case.claims[0].judge == {"judge_correct": True, "judge_supported": True}  # the old verdict is kept
    assert other.claims[0].judge == {"judge_correct": None}  # an empty cell: judged, no verdict
    assert case.reference_facts[0].verdict("covered") is False
    assert dict(result.attached) == {"context_relevance": 2, "faithfulness": 1, "correctness": 1, "coverage": 1}
    assert result.rows == 5
    # Labels are untouched, and the counts of hand labels do not move.
    assert [p.label("relevant") for p in case.passages] == [True, None]
    assert judge_report(result.dataset.cases, "context_relevance").hand == judge_report(
        dataset().cases, "context_relevance").hand
    # The attached verdicts are part of the file format and survive a download.
    text = dataset_to_text(result.dataset)
    assert '"judge_relevant": false' in text


def test_jsonl_and_json_arrays_give_the_same_result():
    rows = [{"case_id": "refund-01", "unit_id": "p1", "dimension": "context_relevance", "judge_verdict": True},
            {"case_id": "refund-02", "unit_id": "c1", "dimension": "faithfulness", "judge_verdict": None}]
    from_jsonl = attach_verdicts(dataset(), "".join(json.dumps(row) + "\n" for row in rows))
    from_array = attach_verdicts(dataset(), json.dumps(rows))
    assert from_jsonl.dataset == from_array.dataset
    assert from_jsonl.dataset.cases[1].claims[0].judge == {"judge_supported": None}
    assert attach_verdicts_bytes(dataset(), ("\ufeff" + json.dumps(rows)).encode(), "v.json").dataset == \
        from_array.dataset


@pytest.mark.parametrize(("text", "where", "fragment"), [
    ("case_id,unit_id,dimension\nrefund-01,p1,context_relevance\n", "line 1", "missing column judge_verdict"),
    ("case_id,unit_id,dimension,judge_verdict\nrefund-09,p1,context_relevance,true\n", "line 2: case_id",
     'no case "refund-09"'),
    ("case_id,unit_id,dimension,judge_verdict\nrefund-01,p9,context_relevance,true\n", "line 2: unit_id",
     'has no passage "p9"'),
    ("case_id,unit_id,dimension,judge_verdict\nrefund-01,p1,faithfulness,true\n", "line 2: unit_id",
     'has no claim "p1"'),
    ("case_id,unit_id,dimension,judge_verdict\nrefund-01,p1,relevance,true\n", "line 2: dimension",
     "unknown dimension 'relevance'"),
    ("case_id,unit_id,dimension,judge_verdict\nrefund-01,p1,context_relevance,maybe\n", "line 2: judge_verdict",
     "got 'maybe'"),
    ("case_id,unit_id,dimension,judge_verdict\nrefund-01,p1,context_relevance,true\n\n"
     "refund-01,p1,context_relevance,false\n", "line 4", "first at line 2"),
    ("case_id,unit_id,dimension,judge_verdict\n,p1,context_relevance,true\n", "line 2: case_id", "missing value"),
    ("case_id,unit_id,dimension,judge_verdict\nrefund-01,p1,context_relevance,true,extra\n", "line 2",
     "more cells than header columns"),
    ('[{"case_id": "refund-01", "unit_id": 1, "dimension": "coverage", "judge_verdict": true}]', "[0].unit_id",
     "expected text"),
    ('{"case_id": "refund-01", "unit_id": "f1", "dimension": "coverage", "judge_verdict": 2}\n'
     '{"case_id": "refund-01", "unit_id": "f1", "dimension": "coverage", "judge_verdict": 2}\n',
     "line 1: judge_verdict", "got 2"),
    ("[1, 2]", "[0]", "expected an object"),
    ("", "", "the file is empty"),
])
def test_bad_verdict_files_are_refused_with_the_place(text, where, fragment):
    with pytest.raises(InputError) as caught:
        attach_verdicts(dataset(), text, "verdicts.csv")
    assert caught.value.where == where
    assert fragment in caught.value.problem
    assert caught.value.source == "verdicts.csv"


def test_parse_verdict_spellings():
    for value, expected in ((True, True), (0, False), (" YES ", True), ("No", False), ("1", True), ("null", None),
                            ("", None), (None, None)):
        assert parse_verdict(value, "x") is expected
    for bad in (2, 0.5, "si", [True]):
        with pytest.raises(InputError):
            parse_verdict(bad, "x")


# ---------------------------------------------------------------- RAGAS

# As pandas writes to_pandas() to CSV: an unnamed index column, contexts as a Python list literal, NaN as "nan".
RAGAS_CSV = (",user_input,retrieved_contexts,response,reference,faithfulness,context_recall,"
             "factual_correctness(mode=f1)\n") + """\
0,How long?,"['Refunds take 5 days.', 'Shipping is free.']",Five days. It is free.,Refunds take 5 days.,1.0,0.9,0.8
1,Who pays?,['The shop pays returns.'],You pay. Always.,The shop pays.,0.4,,0.2
2,Where?,['At the desk.'],At the desk.,At the desk.,nan,1.0,NaN
"""


def labelled_ragas_cases():
    """The RAGAS file imported for labelling, then labelled by hand (claims: supported)."""
    imported = import_ragas_text(RAGAS_CSV, "ragas.csv")
    labelled = []
    for case, supported in zip(imported.cases, ([True, True], [False, True], [None]), strict=True):
        claims = tuple(claim.with_label("supported", s) for claim, s in zip(case.claims, supported, strict=True))
        labelled.append(case.with_units("claims", claims))
    return labelled


def test_ragas_scores_become_case_verdicts_and_nan_is_unjudged():
    scores = read_ragas_scores(RAGAS_CSV, "ragas.csv")
    assert scores.case_ids == ("ragas-001", "ragas-002", "ragas-003")
    assert dict(scores.columns) == {"faithfulness": "faithfulness", "correctness": "factual_correctness(mode=f1)",
                                    "coverage": "context_recall"}
    assert scores.scores["faithfulness"] == (1.0, 0.4, None)
    assert scores.scores["coverage"] == (0.9, None, 1.0)
    comparison = compare_ragas(labelled_ragas_cases(), scores, "faithfulness")
    report = comparison.report
    # Hand labels: case 1 all supported (1.0 >= 0.7), case 2 half (0.5 < 0.7), case 3 unlabelled.
    # Verdicts: 1.0 >= 0.5, 0.4 < 0.5, NaN -> none (never 0).
    assert report.unit == "case"
    assert dict(report.counts) == {"units": 3, "both": 2, "label_only": 0, "verdict_only": 0, "neither": 1}
    assert report.agreement.table == ((1, 0), (0, 1))
    assert report.judge.total == 2
    codes = [note.code for note in comparison.notes]
    assert codes == ["case_is_the_unit", "undetermined_scores"]
    data = json.loads(json.dumps(comparison.to_dict()))
    assert data["ragas_column"] == "faithfulness" and data["pass_threshold"] == 0.7
    assert any("never as 0" in note["text"] for note in data["notes"])


def test_thresholds_are_explicit():
    cases, scores = labelled_ragas_cases(), read_ragas_scores(RAGAS_CSV)
    strict = compare_ragas(cases, scores, "faithfulness", score_threshold=0.3, pass_threshold=0.5)
    assert strict.report.agreement.table == ((2, 0), (0, 0))  # both verdicts yes; case 2 passes at 0.5
    assert case_passes(cases[1], "faithfulness", 0.5) is True
    assert case_passes(cases[2], "faithfulness", 0.5) is None
    for bad in ({"score_threshold": 1.5}, {"pass_threshold": -0.1}, {"score_threshold": float("nan")}):
        with pytest.raises(InputError) as caught:
            compare_ragas(cases, scores, "faithfulness", **bad)
        assert caught.value.where == next(iter(bad))


def test_ragas_jsonl_with_ids_and_answer_correctness():
    rows = [{"id": "a", "user_input": "q", "response": "r", "answer_correctness": 0.7},
            {"id": "b", "user_input": "q", "response": "r", "answer_correctness": None},
            {"id": "c", "user_input": "q", "response": "r", "answer_correctness": float("nan")}]
    text = "".join(json.dumps(row) + "\n" for row in rows)  # json writes NaN as the bare token NaN
    scores = read_ragas_scores_bytes(text.encode(), "r.jsonl")
    assert scores.case_ids == ("a", "b", "c")
    assert scores.scores["correctness"] == (0.7, None, None)


def test_ragas_problems_are_refused_with_the_place():
    with pytest.raises(InputError) as caught:
        read_ragas_scores("user_input,faithfulness\nq,1.3\n", "r.csv")
    assert (caught.value.where, caught.value.source) == ("line 2: faithfulness", "r.csv")
    with pytest.raises(InputError) as caught:
        read_ragas_scores("user_input,faithfulness\nq,high\n")
    assert caught.value.where == "line 2: faithfulness"
    with pytest.raises(InputError) as caught:
        read_ragas_scores("user_input,response\nq,r\n")
    assert caught.value.where == "line 1" and "no RAGAS score column" in caught.value.problem
    assert caught.value.code == NO_RAGAS_SCORES  # a page tells "no scores" from a broken file by this code
    assert caught.value.located("r.csv").code == NO_RAGAS_SCORES
    with pytest.raises(InputError) as caught:
        read_ragas_scores('[{"id": "a", "user_input": "q", "faithfulness": 1}, {"id": "a", "faithfulness": 0}]')
    assert caught.value.where == "[1]" and "duplicate" in caught.value.problem
    scores = read_ragas_scores(RAGAS_CSV)
    with pytest.raises(InputError) as caught:
        compare_ragas(labelled_ragas_cases(), scores, "context_relevance")
    assert caught.value.where == "dimension" and "no column for context_relevance" in caught.value.problem
    with pytest.raises(InputError) as caught:
        compare_ragas(labelled_ragas_cases()[:2], scores, "faithfulness")
    assert 'case "ragas-003"' in caught.value.problem


def test_cases_without_a_ragas_row_are_unjudged_with_a_note():
    cases = [*labelled_ragas_cases(), case_from_dict({"id": "extra", "question": "q",
                                                      "claims": [{"id": "c1", "text": "t", "supported": True}]})]
    comparison = compare_ragas(cases, read_ragas_scores(RAGAS_CSV), "faithfulness")
    assert comparison.report.counts["label_only"] == 1
    note = next(note for note in comparison.notes if note.code == "unscored_cases")
    assert note.params == {"count": 1} and "no row" in note.text(IMPORT_NOTES)


def test_parse_score():
    assert parse_score(" 0.25 ", "x") == 0.25
    assert parse_score(1, "x") == 1.0
    for undetermined in ("", "nan", "NaN", None, float("nan")):
        assert parse_score(undetermined, "x") is None
    for bad in (True, "1e9", -0.1, math.inf, "x", [0.5]):
        with pytest.raises(InputError):
            parse_score(bad, "x")


def test_a_partly_labelled_case_has_no_case_label_and_is_counted_in_a_note():
    """Issue 27: one of three claims labelled yes would pass while the same case fully labelled fails."""
    imported = import_ragas_text(RAGAS_CSV, "ragas.csv")
    first = imported.cases[0]
    claims = (first.claims[0].with_label("supported", True),
              *(claim.with_label("supported", None) for claim in first.claims[1:]))
    partly = first.with_units("claims", claims)
    assert len(partly.claims) == 2
    assert case_passes(partly, "faithfulness", 0.7) is None  # 1 of 2 labelled: no case label
    fully = first.with_units("claims", (claims[0], first.claims[1].with_label("supported", False)))
    assert case_passes(fully, "faithfulness", 0.7) is False
    cases = [partly, *labelled_ragas_cases()[1:]]
    comparison = compare_ragas(cases, read_ragas_scores(RAGAS_CSV), "faithfulness")
    assert comparison.report.hand.total == 1  # only case 2 is fully labelled
    note = next(note for note in comparison.notes if note.code == "partly_labelled_cases")
    assert note.params == {"count": 1, "dimension": "faithfulness"}
    assert "every unit" in note.text(IMPORT_NOTES)
