"""The evaluator of document 000: metrics, gates, Q = min, N/A handling, batches and certificates."""

from __future__ import annotations

import copy
import hashlib
import json
import math
from pathlib import Path

import pytest
from rouge_score import rouge_scorer

from uncase_core import __version__
from uncase_core.conversations.evaluator import (
    DEFAULT_MEMORIZATION_LIMIT,
    DEFAULT_THRESHOLDS,
    METRICS,
    Evaluator,
    canonical_json,
    certificate_payload,
    verify,
)
from uncase_core.conversations.model import conversation_from_dict, conversation_to_dict, conversations_from_bytes
from uncase_core.errors import InputError
from uncase_core.stats.proportions import NotApplicableError, Proportion

ASSETS = Path(__file__).resolve().parents[3] / "assets" / "conversations"
SEED = ("customer: Hello, how much is the car? agent: The car costs a fixed price with a factory warranty. "
        "customer: Does the warranty cover the engine? agent: Yes, the engine is covered for some months.")
TURNS = [
    ("customer", "Hello, how much is the Aurora SUV today?"),
    ("agent", "The Aurora SUV costs $25,000 with a factory warranty."),
    ("customer", "Does the warranty cover the engine?"),
    ("agent", "Yes, the engine is covered for 36 months."),
]
KB = ["The Aurora SUV has a list price of $25,000.", "The factory warranty covers the engine for 36 months."]
SOURCES = ["customer: Is the Vento sedan available in blue? agent: Yes, we have two blue Vento sedans in the "
           "showroom right now."]


def conv(conv_id: str = "base", turns=TURNS, **fields) -> dict:
    """A healthy conversation: every metric passes, both gates are checked and hold."""
    data = {"id": conv_id, "domain": "automotive.sales", "language": "en", "seed_template": SEED,
            "turns": [{"role": r, "text": t} for r, t in turns], "knowledge_base": KB, "source_texts": SOURCES}
    data.update(fields)
    return data


def doc_ttr(text: str) -> float:
    tokens = text.lower().split()
    return len(set(tokens)) / len(tokens)


def rouge_oracle(reference: str, hypothesis: str) -> float:
    return rouge_scorer.RougeScorer(["rougeL"]).score(reference, hypothesis)["rougeL"].fmeasure


# ------------------------------------------------------------------ defaults and thresholds


def test_default_thresholds_of_document_000():
    assert dict(DEFAULT_THRESHOLDS) == {"rouge_l": 0.65, "fidelity": 0.90, "ttr": 0.55, "coherence": 0.85}
    assert DEFAULT_MEMORIZATION_LIMIT == 0.01
    evaluator = Evaluator()
    assert evaluator.thresholds == {"rouge_l": 0.65, "fidelity": 0.90, "ttr": 0.55, "coherence": 0.85}
    assert evaluator.memorization_limit == 0.01


def test_partial_thresholds_keep_the_other_defaults():
    assert Evaluator({"ttr": 0.3}).thresholds == {"rouge_l": 0.65, "fidelity": 0.90, "ttr": 0.3, "coherence": 0.85}
    assert Evaluator({"ttr": 0, "rouge_l": 1}).thresholds["rouge_l"] == 1.0


@pytest.mark.parametrize(("thresholds", "where"), [
    ({"bleu": 0.5}, "thresholds"),
    ({"ttr": 1.5}, "thresholds.ttr"),
    ({"ttr": -0.01}, "thresholds.ttr"),
    ({"ttr": True}, "thresholds.ttr"),
    ({"ttr": "0.5"}, "thresholds.ttr"),
    ({"ttr": None}, "thresholds.ttr"),
    ({"ttr": math.nan}, "thresholds.ttr"),
    ({"ttr": math.inf}, "thresholds.ttr"),
])
def test_invalid_thresholds_raise_input_error(thresholds, where):
    with pytest.raises(InputError) as caught:
        Evaluator(thresholds)
    assert caught.value.where == where


@pytest.mark.parametrize("limit", [1.5, -0.1, True, "0.01", math.nan, None])
def test_invalid_memorization_limit(limit):
    with pytest.raises(InputError) as caught:
        Evaluator(memorization_limit=limit)
    assert caught.value.where == "memorization_limit"


# ------------------------------------------------------------------ one conversation


def test_healthy_conversation_values_and_q_is_the_min():
    result = Evaluator().evaluate(conv())
    text = "\n".join(t for _, t in TURNS)
    assert result.rouge_l.fmeasure == rouge_oracle(SEED, text)
    assert result.rouge_band == "good"
    assert result.fidelity.value == 1.0 and (result.fidelity.successes, result.fidelity.total) == (2, 2)
    assert result.ttr == doc_ttr(text)
    assert result.coherence == Proportion.from_counts(4, 4)
    assert result.memorization_rate.value == 0.0 and result.memorization_rate.total == 5
    assert result.privacy_score == 0.0 and result.privacy_findings == ()
    values = result.metric_values()
    assert result.composite_score == min(values.values()) == values["rouge_l"]
    assert result.mean_score == pytest.approx(sum(values.values()) / 4, abs=1e-15)
    assert result.min_over == METRICS
    assert (result.passed, result.failures, result.not_checked) == (True, (), ())


@pytest.mark.parametrize(("fields", "lowest", "value"), [
    ({"claims": [{"turn": 1, "text": "a", "verified": True}] + [{"turn": 3, "text": "b", "verified": False}] * 3},
     "fidelity", 0.25),
    ({"turn_labels": [{"turn": i, "coherent": i == 0} for i in range(4)]}, "coherence", 0.25),
    ({"seed_template": "customer: Hello. agent: Goodbye and thank you, see you at the dealership soon."},
     "rouge_l", None),
])
def test_q_is_the_min_of_the_four_whichever_is_lowest(fields, lowest, value):
    result = Evaluator().evaluate(conv(**fields))
    values = result.metric_values()
    assert min(values, key=values.get) == lowest
    assert result.composite_score == values[lowest] == min(values.values())
    if value is not None:
        assert result.composite_score == value
    assert lowest in result.failures and result.failures == (lowest,)
    assert result.passed is False


def test_q_does_not_compensate_a_low_metric_with_the_mean():
    result = Evaluator().evaluate(conv(claims=[{"turn": 1, "text": "a", "verified": False}] * 3
                                       + [{"turn": 1, "text": "a", "verified": True}]))
    assert result.composite_score == 0.25
    assert result.mean_score > 0.6


def test_document_000_example_fidelity_095_ttr_040_gives_040_not_0675():
    # TTR 4 types / 10 tokens = 0.40; 19 of 20 claims verified = 0.95; ROUGE-L (no seed) and coherence
    # (every turn labelled null) N/A, so the min and the mean are over exactly the two of the example.
    example = {
        "id": "doc-000",
        "turns": [{"role": "customer", "text": "buy car now please"},
                  {"role": "agent", "text": "buy car now please buy car"}],
        "claims": [{"turn": 1, "text": f"claim {i}", "verified": i != 7} for i in range(20)],
        "turn_labels": [{"turn": 0, "coherent": None}, {"turn": 1, "coherent": None}],
    }
    result = Evaluator().evaluate(example)
    assert result.fidelity.value == 0.95
    assert result.ttr == 0.40
    assert result.min_over == ("fidelity", "ttr")
    assert result.composite_score == 0.40
    assert result.mean_score == pytest.approx(0.675, abs=1e-12)
    assert result.composite_score != pytest.approx(0.675)
    assert result.failures == ("ttr",)
    assert result.not_checked == ("rouge_l", "coherence", "memorization")
    assert result.passed is False


def test_privacy_finding_zeroes_q():
    turns = [*TURNS, ("customer", "Mail me: ana@example.com")]
    result = Evaluator().evaluate(conv(turns=turns))
    assert result.privacy_score == 1.0
    assert [(f.kind, f.turn, f.text) for f in result.privacy_findings] == [("email", 4, "ana@example.com")]
    finding = result.privacy_findings[0]
    assert turns[4][1][finding.start:finding.end] == "ana@example.com"
    assert result.composite_score == 0.0
    assert result.mean_score > 0.5  # the metrics themselves are fine: the gate alone sets Q to 0
    assert "privacy" in result.failures
    assert result.failures == ("privacy",)
    assert result.passed is False
    assert result.to_dict()["privacy_findings"] == [
        {"kind": "email", "turn": 4, "start": finding.start, "end": finding.end, "text": "ana@example.com"}]


def memorization_case(grams: int, copied_words: int) -> dict:
    """One long agent turn with ``grams`` distinct 8-grams; the source holds its first ``copied_words`` words."""
    words = [f"w{i}" for i in range(grams + 7)]
    turns = [*TURNS, ("agent", " ".join(words))]
    return conv(turns=turns, source_texts=[" ".join(words[:copied_words])])


def test_memorization_at_the_limit_zeroes_q():
    result = Evaluator().evaluate(memorization_case(grams=100 - 5, copied_words=8))  # 5 grams in TURNS too
    assert (result.memorization_rate.successes, result.memorization_rate.total) == (1, 100)
    assert result.memorization_rate.value == 0.01
    assert "memorization" in result.failures
    assert result.composite_score == 0.0
    assert result.passed is False


def test_memorization_below_the_limit_passes_the_gate():
    result = Evaluator().evaluate(memorization_case(grams=101 - 5, copied_words=8))
    assert result.memorization_rate.value == 1 / 101
    assert "memorization" not in result.failures and "memorization" not in result.not_checked
    assert result.composite_score == min(v for v in result.metric_values().values())
    assert result.composite_score > 0


def test_memorization_limit_is_configurable():
    case = memorization_case(grams=95, copied_words=8)
    assert "memorization" not in Evaluator(memorization_limit=0.02).evaluate(case).failures
    assert "memorization" in Evaluator(memorization_limit=0.0).evaluate(conv()).failures  # 0.0 >= 0.0


def test_float_of_the_result_proportions_as_document_000_writes_it():
    result = Evaluator().evaluate(memorization_case(grams=101 - 5, copied_words=8))
    assert float(result.memorization_rate) < 0.01
    assert float(result.memorization_rate) == 1 / 101
    assert float(result.fidelity) == result.fidelity.value
    assert float(result.coherence) == result.coherence.value


def test_float_of_an_na_result_proportion_names_it():
    result = Evaluator().evaluate(conv(source_texts=[]))
    with pytest.raises(NotApplicableError, match=r"^the proportion 'memorization_rate' is N/A"):
        float(result.memorization_rate)


def test_memorization_not_applicable_is_not_checked():
    result = Evaluator().evaluate(conv(source_texts=[]))
    assert result.memorization_rate.value is None
    assert result.not_checked == ("memorization",)
    assert "memorization" not in result.failures
    assert result.passed is True
    assert result.composite_score == min(result.metric_values().values())


def test_fidelity_not_applicable_without_claims_or_knowledge_base():
    result = Evaluator().evaluate(conv(knowledge_base=[]))
    assert result.fidelity.value is None
    assert [c.reason for c in result.claims] == ["no_fact", "no_fact"]  # extracted, but nothing to check against
    assert result.not_checked == ("fidelity",)
    assert "fidelity" not in result.failures and "fidelity" not in result.min_over
    assert result.min_over == ("rouge_l", "ttr", "coherence")
    values = result.metric_values()
    assert result.composite_score == min(values["rouge_l"], values["ttr"], values["coherence"])
    assert result.passed is True


def test_unlabelled_claims_and_turns_are_left_out_of_the_denominator():
    result = Evaluator().evaluate(conv(
        claims=[{"turn": 1, "text": "a", "verified": True}, {"turn": 1, "text": "b", "verified": None}],
        turn_labels=[{"turn": 2, "coherent": None}]))
    assert (result.fidelity.successes, result.fidelity.total, result.fidelity.unlabelled) == (1, 1, 1)
    assert (result.coherence.successes, result.coherence.total, result.coherence.unlabelled) == (3, 3, 1)


def test_empty_conversation_is_all_not_applicable():
    result = Evaluator().evaluate({"id": "empty", "seed_template": "hello"})
    assert result.metric_values() == {"rouge_l": None, "fidelity": None, "ttr": None, "coherence": None}
    assert (result.rouge_l, result.rouge_band, result.mattr) == (None, None, None)
    assert (result.composite_score, result.mean_score, result.min_over) == (None, None, ())
    assert result.failures == ()
    assert result.not_checked == (*METRICS, "memorization")


def test_thresholds_decide_failures_not_q():
    strict = Evaluator({"ttr": 0.99, "coherence": 1.0}).evaluate(conv())
    default = Evaluator().evaluate(conv())
    assert strict.failures == ("ttr",)  # coherence 1.0 >= 1.0 passes
    assert strict.composite_score == default.composite_score


def test_evaluate_accepts_dicts_and_conversation_objects():
    evaluator = Evaluator()
    data = conv()
    assert evaluator.evaluate(conversation_from_dict(data)).to_dict() == evaluator.evaluate(data).to_dict()
    with pytest.raises(InputError, match=r"turns\[0\]\.role"):
        evaluator.evaluate(conv(turns=[("bot", "hi")]))


def test_result_to_dict_is_json_and_complete():
    result = Evaluator().evaluate(conv())
    data = json.loads(json.dumps(result.to_dict()))
    assert set(data) == {
        "id", "rouge_l", "rouge_band", "fidelity", "ttr", "mattr", "coherence", "privacy_score",
        "privacy_findings", "memorization_rate", "composite_score", "mean_score", "min_over", "passed",
        "failures", "not_checked", "certainty", "claims", "turn_checks"}
    assert data["rouge_l"]["fmeasure"] == result.rouge_l.fmeasure
    assert data["fidelity"] == {"successes": 2, "total": 2, "unlabelled": 0, "value": 1.0,
                                "low": result.fidelity.low, "high": 1.0}


def load_builtin() -> list:
    return [conversations_from_bytes(p.read_bytes(), p.name)[0] for p in sorted(ASSETS.glob("*/*.json"))]


def test_fast_rouge_and_rouge_score_paths_give_identical_results():
    evaluator = Evaluator()
    cases = [*load_builtin(), conversation_from_dict(conv()),
             conversation_from_dict(conv(seed_template="él está aquí con el niño", turns=[("agent", "el nino")]))]
    assert len(cases) == 16
    for case in cases:
        assert evaluator.evaluate(case, fast_rouge=True).to_dict() == evaluator.evaluate(case).to_dict()
    batch = evaluator.batch_evaluate(cases, certify=False)  # the batch path uses the fast LCS
    assert [r.to_dict() for r in batch.results] == [evaluator.evaluate(c).to_dict() for c in cases]


# ------------------------------------------------------------------ batches


def batch_dataset() -> list[dict]:
    return [
        conv("ok"),
        conv("leak", turns=[*TURNS, ("customer", "Mail me: ana@example.com")]),
        conv("fake", claims=[{"turn": 1, "text": "a", "verified": False}], source_texts=[]),
        conv("ok2"),
    ]


def test_batch_pass_rate_counts_and_order():
    calls = []
    report = Evaluator().batch_evaluate(batch_dataset(), progress=lambda done, total: calls.append((done, total)))
    assert [r.id for r in report.results] == ["ok", "leak", "fake", "ok2"]
    assert [r.passed for r in report.results] == [True, False, False, True]
    assert report.pass_rate == 50.0
    assert dict(report.failure_counts) == {"rouge_l": 0, "fidelity": 1, "ttr": 0, "coherence": 0, "privacy": 1,
                                           "memorization": 0}
    assert dict(report.not_checked_counts) == {"rouge_l": 0, "fidelity": 0, "ttr": 0, "coherence": 0,
                                               "memorization": 1}
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    data = report.to_dict()
    assert (data["count"], data["passed"], data["pass_rate"]) == (4, 2, 50.0)
    assert data["version"] == __version__
    assert data["thresholds"] == dict(DEFAULT_THRESHOLDS) and data["memorization_limit"] == 0.01


def test_batch_pass_rate_is_a_percentage():
    report = Evaluator().batch_evaluate(batch_dataset()[:3], certify=False)
    assert report.pass_rate == pytest.approx(100 / 3, abs=1e-12)
    assert report.certificate_hash is None


def test_empty_batch():
    report = Evaluator().batch_evaluate([])
    assert report.pass_rate is None and report.results == ()
    assert len(report.certificate_hash) == 64


def test_batch_error_names_the_record():
    with pytest.raises(InputError) as caught:
        Evaluator().batch_evaluate([conv("a"), conv("b", turns=[("bot", "hi")])])
    assert caught.value.where == "[1].turns[0].role"


# ------------------------------------------------------------------ certificates


def test_certificate_is_stable_across_runs_and_evaluators():
    first = Evaluator().batch_evaluate(batch_dataset()).certificate_hash
    second = Evaluator().batch_evaluate(copy.deepcopy(batch_dataset())).certificate_hash
    assert first == second
    assert len(first) == 64 and int(first, 16) >= 0


def test_certificate_recomputed_by_hand():
    evaluator = Evaluator()
    dataset = batch_dataset()
    report = evaluator.batch_evaluate(dataset)
    conversations = [conversation_from_dict(d) for d in dataset]
    payload = certificate_payload(conversations, evaluator.thresholds, evaluator.memorization_limit, __version__,
                                  report.results)
    assert set(payload) == {"dataset", "thresholds", "version", "results"}
    assert payload["thresholds"] == {**DEFAULT_THRESHOLDS, "memorization_limit": 0.01}
    assert payload["dataset"] == [conversation_to_dict(c) for c in conversations]
    assert payload["results"] == [r.to_dict() for r in report.results]
    serialized = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    assert canonical_json(payload) == serialized
    assert hashlib.sha256(serialized).hexdigest() == report.certificate_hash
    # Written without the helper, from the report as it is shipped (JSON).
    shipped = json.loads(json.dumps(report.to_dict()))
    by_hand = {"dataset": [conversation_to_dict(c) for c in conversations],
               "thresholds": {**shipped["thresholds"], "memorization_limit": shipped["memorization_limit"]},
               "version": shipped["version"], "results": shipped["results"]}
    digest = hashlib.sha256(json.dumps(by_hand, sort_keys=True, ensure_ascii=False,
                                       separators=(",", ":")).encode("utf-8")).hexdigest()
    assert digest == shipped["certificate_hash"]


def _flip_claim(d):
    d[2]["claims"][0]["verified"] = True


def _add_turn_label(d):
    d[0]["turn_labels"] = [{"turn": 2, "coherent": True}]


def _unlabel_claim(d):
    d[2]["claims"][0]["verified"] = None


def _edit_turn(d):
    d[3]["turns"][1]["text"] = d[3]["turns"][1]["text"].replace("warranty", "warranty!")


def _edit_seed(d):
    d[0]["seed_template"] += " "


def _edit_kb(d):
    d[0]["knowledge_base"] = [*KB, "Delivery takes two weeks."]


MUTATIONS = [_flip_claim, _add_turn_label, _unlabel_claim, _edit_turn, _edit_seed, _edit_kb]
THRESHOLD_CHANGES = [({"ttr": 0.56}, 0.01), ({"rouge_l": 0.6}, 0.01), ({"coherence": 0.9}, 0.01), ({}, 0.02)]


def test_certificate_changes_with_any_single_edit():
    base = Evaluator().batch_evaluate(batch_dataset()).certificate_hash
    hashes = [base]
    for mutate in MUTATIONS:
        dataset = batch_dataset()
        mutate(dataset)
        hashes.append(Evaluator().batch_evaluate(dataset).certificate_hash)
    for thresholds, limit in THRESHOLD_CHANGES:
        hashes.append(Evaluator(thresholds, limit).batch_evaluate(batch_dataset()).certificate_hash)
    assert len(set(hashes)) == len(hashes) == 1 + len(MUTATIONS) + len(THRESHOLD_CHANGES)


def test_turn_label_on_a_coherent_turn_still_changes_the_certificate():
    # Labelling turn 2 coherent changes no score, only the dataset: the hash must still move.
    dataset = batch_dataset()
    _add_turn_label(dataset)
    before = Evaluator().batch_evaluate(batch_dataset())
    after = Evaluator().batch_evaluate(dataset)
    assert after.results[0].coherence.value == before.results[0].coherence.value
    assert after.certificate_hash != before.certificate_hash


def certified() -> tuple[dict, list[dict]]:
    dataset = batch_dataset()
    return json.loads(json.dumps(Evaluator().batch_evaluate(dataset).to_dict())), dataset


def test_verify_accepts_the_untouched_report():
    report, dataset = certified()
    result = verify(report, dataset)
    assert result.matches is True
    assert result.expected == result.recomputed == report["certificate_hash"]
    assert result.reason == "the dataset, thresholds and results match the certificate"
    # The report straight from Python (not through JSON) and the dataset as Conversation objects.
    direct = Evaluator().batch_evaluate(dataset).to_dict()
    assert verify(direct, [conversation_from_dict(d) for d in dataset]).matches is True


def test_verify_uses_the_reports_own_thresholds():
    dataset = batch_dataset()
    report = Evaluator({"ttr": 0.3}, 0.05).batch_evaluate(dataset).to_dict()
    assert verify(report, dataset).matches is True


@pytest.mark.parametrize("mutate", MUTATIONS, ids=lambda m: m.__name__)
def test_verify_rejects_an_edited_dataset(mutate):
    report, dataset = certified()
    mutate(dataset)
    result = verify(report, dataset)
    assert result.matches is False
    assert result.expected == report["certificate_hash"] != result.recomputed


def test_verify_rejects_edited_thresholds():
    report, dataset = certified()
    report["thresholds"]["ttr"] = 0.5
    assert verify(report, dataset).matches is False
    report, dataset = certified()
    report["memorization_limit"] = 0.5
    assert verify(report, dataset).matches is False


@pytest.mark.parametrize("edit", [
    lambda r: r["results"][2].update(passed=True, failures=[]),
    lambda r: r["results"][0].update(composite_score=0.99),
    lambda r: r["results"][1]["fidelity"].update(value=0.5),
    lambda r: r.update(pass_rate=100.0),
    lambda r: r["failure_counts"].update(privacy=0),
    lambda r: r.update(results=r["results"][:3]),
], ids=["passed", "composite", "fidelity", "pass_rate", "failure_counts", "dropped_result"])
def test_verify_rejects_edited_results_even_with_the_hash_kept(edit):
    report, dataset = certified()
    edit(report)
    result = verify(report, dataset)
    assert result.matches is False
    assert "differ" in result.reason


def test_verify_rejects_a_forged_hash_and_another_version():
    report, dataset = certified()
    report["certificate_hash"] = "0" * 64
    assert verify(report, dataset).matches is False
    report, dataset = certified()
    report["version"] = "0.0.0-other"
    result = verify(report, dataset)
    assert result.matches is False
    assert "version 0.0.0-other" in result.reason


@pytest.mark.parametrize("report", [{}, {"certificate_hash": "x"}, [1, 2]])
def test_verify_of_something_that_is_not_a_report(report):
    with pytest.raises(InputError, match="not a batch report"):
        verify(report, batch_dataset())


def test_verify_of_a_report_whose_thresholds_are_not_an_object():
    report, dataset = certified()
    report["thresholds"] = "strict"
    with pytest.raises(InputError) as caught:
        verify(report, dataset)
    assert caught.value.where == "thresholds"


def test_a_conversation_with_nothing_measurable_does_not_pass():
    result = Evaluator().evaluate({"id": "empty", "turns": []})
    assert result.min_over == ()
    assert result.composite_score is None
    assert result.failures == ()
    assert result.passed is False


def test_parallel_batches_give_the_same_results_and_certificate():
    batch = [conv(id=f"c{i}") for i in range(600)]  # three chunks of 250
    one = Evaluator().batch_evaluate(batch, certify=True, workers=1)
    two = Evaluator().batch_evaluate(batch, certify=True, workers=2)
    assert one.results == two.results
    assert one.certificate_hash == two.certificate_hash


def test_batch_workers_are_forked_only_from_a_single_threaded_process():
    """A server has threads: its workers are spawned, so none inherits a lock another thread was holding."""
    import threading

    from uncase_core.conversations.evaluator import _start_method

    seen: list[str] = []
    worker = threading.Thread(target=lambda: seen.append(_start_method()))
    worker.start()
    worker.join()
    assert seen == ["spawn"]  # two threads alive while it ran
    assert _start_method() in ({"fork", "spawn"} if threading.active_count() == 1 else {"spawn"})
