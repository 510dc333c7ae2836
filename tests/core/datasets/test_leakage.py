"""Exact and near duplicates, leakage across splits, and the index against brute force."""

from __future__ import annotations

import random

import pytest

from uncase_core.datasets.leakage import find_similar, normalize_text, shingles
from uncase_core.errors import InputError


def test_normalize_text():
    assert normalize_text("  ¿Cuánto   TARDA\tun reembolso?  ") == "cuánto tarda un reembolso"
    assert normalize_text("Straße, ﬁne!") == "strasse fine"  # casefold and NFKC ligature
    assert normalize_text("ＡＢＣ１２３") == "abc123"  # full width
    assert normalize_text("well-known... text") == "well known text"
    assert normalize_text("?!.") == ""


def test_shingles():
    assert shingles("abcdef", 5) == {"abcde", "bcdef"}
    assert shingles("abc", 5) == {"abc"}
    assert shingles("", 5) == frozenset()


def case(make_case, case_id, question, split, passages=(True,)):
    return make_case(case_id, passages=list(passages), question=question, metadata={"split": split})


BASE = ("How many days does the bank take to refund a card payment that was charged twice "
        "by the same online shop during the weekend?")


def test_planted_duplicates_found_and_unrelated_not_paired(make_case):
    cases = [
        case(make_case, "a", BASE, "dev"),
        case(make_case, "b", BASE.replace("twice", "two times"), "held-out"),  # near, across splits
        case(make_case, "c", BASE.upper() + " ", "dev", passages=[False]),  # exact after normalization
        case(make_case, "d", "¿Qué documentos necesito para abrir una cuenta de ahorro?", "dev"),
        case(make_case, "e", "What is the capital city of the country of Australia today?", "held-out"),
    ]
    report = find_similar(cases)
    assert [(p.a, p.b, p.kind) for p in report.duplicates] == [("a", "c", "exact")]
    assert report.duplicates[0].similarity == 1.0
    assert {(p.a, p.b) for p in report.leakage} == {("a", "b"), ("b", "c")}
    near = report.leakage[0]
    assert near.kind == "near" and 0.8 <= near.similarity < 1.0
    assert (near.split_a, near.split_b) == ("dev", "held-out")
    assert len(near.shared) > 40 and near.shared in normalize_text(BASE)
    paired = {p.a for p in report.leakage + report.duplicates} | {p.b for p in report.leakage + report.duplicates}
    assert "d" not in paired and "e" not in paired
    # c fails relevance (0/1 < 0.5): the only negative case.
    assert report.balance == {"dev": {"positive": 2, "negative": 1}, "held-out": {"positive": 2, "negative": 0}}


def test_cutoff_and_n_are_tunable(make_case):
    cases = [case(make_case, "a", BASE, "dev"), case(make_case, "b", BASE.replace("twice", "two times"), "dev")]
    assert find_similar(cases, cutoff=0.99).duplicates == ()
    assert len(find_similar(cases, n=3, cutoff=0.8).duplicates) == 1


def test_missing_split_and_empty_text(make_case):
    cases = [make_case("a", question=BASE, metadata={}), make_case("b", question=BASE, metadata={"split": "dev"}),
             make_case("c", question="...", metadata={}), make_case("d", question="!!", metadata={})]
    report = find_similar(cases)
    assert [(p.a, p.b, p.split_a, p.split_b) for p in report.leakage] == [("a", "b", "(missing)", "dev")]
    assert report.duplicates == ()


@pytest.mark.parametrize(("kwargs", "where"), [({"n": 0}, "n"), ({"cutoff": 0}, "cutoff"),
                                               ({"cutoff": 1.5}, "cutoff"), ({"method": "lsh"}, "method")])
def test_bad_settings(make_case, kwargs, where):
    with pytest.raises(InputError) as caught:
        find_similar([case(make_case, "a", BASE, "dev")], **kwargs)
    assert caught.value.where == where


WORDS = "refund card bank account loan rate fee transfer branch online payment days week month cuenta tarjeta".split()


def random_cases(make_case, seed, size):
    rng = random.Random(seed)
    texts = []
    for _ in range(size):
        if texts and rng.random() < 0.4:  # a variant of an earlier text: some pass the cutoff, some not
            words = rng.choice(texts).split()
            for _ in range(rng.randint(0, 3)):
                words[rng.randrange(len(words))] = rng.choice(WORDS)
            texts.append(" ".join(words))
        else:
            texts.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12))))
    splits = ["dev", "held-out", "smoke"]
    return [case(make_case, f"q{i:03d}", t, rng.choice(splits)) for i, t in enumerate(texts)]


def pairs_of(report):
    return report.leakage, report.duplicates, report.balance


@pytest.mark.parametrize("method", ["prefix", "minhash"])
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("n", "cutoff"), [(5, 0.8), (3, 0.5), (4, 0.95), (2, 0.3), (5, 1.0)])
def test_indexes_find_what_brute_force_finds(make_case, method, seed, n, cutoff):
    cases = random_cases(make_case, seed, 60)
    index = find_similar(cases, n=n, cutoff=cutoff, method=method)
    brute = find_similar(cases, n=n, cutoff=cutoff, method="brute")
    assert pairs_of(index) == pairs_of(brute)
    assert index.leakage or index.duplicates  # the comparison is not vacuous
    assert index.method == method


def test_minhash_on_a_larger_set_with_near_misses(make_case):
    # 400 cases, many variants just above and just below the cutoff.
    cases = random_cases(make_case, 99, 400)
    brute = find_similar(cases, n=4, cutoff=0.7, method="brute")
    assert pairs_of(find_similar(cases, n=4, cutoff=0.7, method="minhash")) == pairs_of(brute)
    assert len(brute.leakage) + len(brute.duplicates) > 100


def test_method_and_miss_bound_are_reported(make_case):
    cases = random_cases(make_case, 1, 30)
    exact = find_similar(cases)  # "auto" on a small set is the exact prefix index
    assert (exact.method, exact.miss_probability, exact.exact) == ("prefix", 0.0, True)
    approximate = find_similar(cases, method="minhash")
    assert 0.0 < approximate.miss_probability <= 2e-6
    assert not approximate.exact
    assert find_similar(cases, method="brute").exact


def test_auto_switches_to_minhash_on_large_sets(make_case, monkeypatch):
    import uncase_core.datasets.leakage as leakage

    monkeypatch.setattr(leakage, "AUTO_EXACT_LIMIT", 20)
    cases = random_cases(make_case, 2, 30)
    report = find_similar(cases)
    assert report.method == "minhash"
    assert pairs_of(report) == pairs_of(find_similar(cases, method="brute"))
