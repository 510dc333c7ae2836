"""``uncase_core.compare.systems``: two systems on the same cases, the built-in pair, the bootstrap and the verdicts."""

from __future__ import annotations

import importlib.util
import json
from dataclasses import replace

import numpy as np
import pytest

from uncase_core.assets.reader import ASSETS, COMPARE_INDEX, load_pair_index, load_system_pair
from uncase_core.compare.paired import paired_difference
from uncase_core.compare.systems import (
    COMPARE_NOTES,
    MAX_RESAMPLES,
    MIN_BOOTSTRAP_CASES,
    VERDICT_BASIS,
    VERDICTS,
    _unit_counts,
    bootstrap_differences,
    compare_systems,
    match_cases,
)
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, Unit, case_from_dict
from uncase_core.rag.evaluation import METRICS, Settings, evaluate_dataset, pooled_metrics
from uncase_core.stats.planning import MAX_SAMPLE_SIZE
from uncase_core.stats.verdicts import pairs_for_power

ROOT = ASSETS.parent
MIRROR = {"b_better": "a_better", "a_better": "b_better", "uncertain": "uncertain", "withheld": "withheld",
          "not_applicable": "not_applicable"}


def case(case_id: str, relevant=(), supported=(), correct=None, covered=(), **metadata) -> object:
    """A case with one passage per ``relevant`` label, one claim per ``supported`` label, one fact per ``covered``."""
    correct = supported if correct is None else correct
    return case_from_dict({
        "id": case_id, "question": f"question {case_id}",
        "passages": [{"id": f"p{i}", "text": f"passage {i}", "relevant": r} for i, r in enumerate(relevant)],
        "claims": [{"id": f"c{i}", "text": f"claim {i}", "supported": s, "correct": c}
                   for i, (s, c) in enumerate(zip(supported, correct, strict=True))],
        "reference_facts": [{"id": f"f{i}", "text": f"fact {i}", "covered": c} for i, c in enumerate(covered)],
        "metadata": metadata})


def builtin(language: str = "en"):
    (pair,) = load_pair_index()
    return pair, *load_system_pair(pair, language)


# ---------------------------------------------------------------- the built-in pair


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_built_in_pair_says_what_its_index_promises(language):
    pair, a, b = builtin(language)
    result = compare_systems(a, b, stratum="domain")
    verdicts = {name: d.verdict.code for name, d in result.dimensions.items()}
    assert verdicts == dict(pair.expected_verdicts)
    # One verdict of each kind a comparison gives (issue 36): one dimension improves clearly, one gets clearly
    # worse, one differs in too few cases to call anything, and one differs in enough cases but not one way.
    assert verdicts == {"context_relevance": "b_better", "faithfulness": "a_better", "correctness": "withheld",
                        "coverage": "uncertain"}
    assert len(result.case_ids) == 20
    tables = {name: (d.paired.only_a, d.paired.only_b) for name, d in result.dimensions.items()}
    assert tables == {"context_relevance": (0, 10), "faithfulness": (9, 0), "correctness": (2, 0),
                      "coverage": (4, 4)}
    decided = {name: d.verdict for name, d in result.dimensions.items()}
    assert {v.tests for v in decided.values()} == {4} and {v.needed for v in decided.values()} == {8}
    # Clear, and not by a hair: Holm's adjusted p-values of the two clear verdicts are well under 0.05 ...
    assert decided["context_relevance"].adjusted_p == pytest.approx(4 * 2 * 0.5 ** 10)  # 0.0078
    assert decided["faithfulness"].adjusted_p == pytest.approx(3 * 2 * 0.5 ** 9)  # 0.0117
    # ... correctness is withheld: 2 cases differ, and even 2 of 2 one way (p = 0.5) could never reach the level ...
    assert decided["correctness"].discordant == 2 < decided["correctness"].needed
    # ... and coverage has enough cases that differ for a verdict, but as many each way (p = 1): uncertain.
    assert decided["coverage"].discordant >= decided["coverage"].needed and decided["coverage"].p_value == 1.0
    assert result.dimensions["coverage"].paired.difference == 0.0
    assert result.dimensions["correctness"].sample_size.more_pairs > 0  # too small to tell with these cases
    assert {s.value for s in result.dimensions["faithfulness"].strata} == {"retail", "banking", "telecom"}


def test_both_languages_hold_the_same_cases_with_the_same_labels():
    _, a_en, b_en = builtin("en")
    _, a_es, b_es = builtin("es")

    def labels(dataset):
        return [(c.id, c.metadata["domain"], *((u.id, tuple(u.labels.items())) for kind in ("passages", "claims",
                 "reference_facts") for u in c.units(kind))) for c in dataset.cases]

    assert labels(a_en) == labels(a_es) and labels(b_en) == labels(b_es)
    for a, b in ((a_en, b_en), (a_es, b_es)):
        for x, y in zip(a.cases, b.cases, strict=True):  # the same questions and references, other answers
            assert (x.id, x.question, [f.text for f in x.reference_facts]) == (
                y.id, y.question, [f.text for f in y.reference_facts])
        assert a.cases[0].metadata["system"] == "A" and b.cases[0].metadata["system"] == "B"
    assert a_en.cases[0].question != a_es.cases[0].question


def test_the_built_in_files_are_what_the_tool_writes():
    spec = importlib.util.spec_from_file_location("compare_pair", ROOT / "tools" / "compare_pair.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for language in ("en", "es"):
        for system in "ab":
            assert (COMPARE_INDEX.parent / language / f"system_{system}.json").read_text("utf-8") == \
                module.build(system, language)


def test_a_language_without_files_falls_back_to_english():
    pair, a, b = builtin("en")
    fr_a, fr_b = load_system_pair(pair, "fr")
    assert fr_a == a and fr_b == b


def test_an_unreadable_pair_index_is_an_input_error(tmp_path):
    (tmp_path / "pairs.json").write_text('{"pairs": [{"id": "x"}]}', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_pair_index(tmp_path / "pairs.json")
    assert caught.value.code == "unreadable_scenario_index"


# ---------------------------------------------------------------- what the comparison reuses


def test_pooled_proportions_pass_fail_and_paired_tables_come_from_the_rag_evaluation():
    _, a, b = builtin()
    settings = Settings.build(thresholds={"faithfulness": 0.6}, confidence=0.9)
    result = compare_systems(a, b, settings)
    evaluated = {"a": evaluate_dataset(a.cases, settings), "b": evaluate_dataset(b.cases, settings)}
    assert result.thresholds["faithfulness"] == 0.6 and result.confidence == 0.9
    for name in METRICS:
        d = result.dimensions[name]
        assert d.pooled_a == pooled_metrics(a.cases, 0.9)[name] and d.pooled_b == pooled_metrics(b.cases, 0.9)[name]
        passes = {s: [None if name in ev.diagnosis.not_applicable else name in ev.diagnosis.passing
                      for ev in evaluated[s].cases] for s in "ab"}
        assert [p.passes_a[name] for p in result.cases] == passes["a"]
        assert d.paired == paired_difference(passes["a"], passes["b"], 0.9)
        assert d.sample_size.pairs_needed == (
            None if d.paired.only_a == d.paired.only_b else
            pairs_for_power(d.paired.only_a / d.paired.pairs, d.paired.only_b / d.paired.pairs, 0.9, 0.8,
                            MAX_SAMPLE_SIZE))
        assert d.verdict.basis == VERDICT_BASIS and d.verdict.code in VERDICTS
        assert (d.verdict.low, d.verdict.high) == (d.paired.low, d.paired.high)
        assert d.verdict.p_value == d.paired.p_value  # the exact McNemar test the table shows decides
    # 0.6 lets B's 2-of-3 supported claims pass: no case differs on faithfulness any more
    assert result.dimensions["faithfulness"].paired.discordant == 0
    assert result.dimensions["faithfulness"].verdict.code == "withheld"


def test_flips_list_both_systems_values_and_strata_add_up():
    _, a, b = builtin()
    result = compare_systems(a, b, stratum="domain")
    for name, d in result.dimensions.items():
        assert len(d.flips) == d.paired.only_a + d.paired.only_b
        by_id = {p.case_id: p for p in result.cases}
        for flip in d.flips:
            pair = by_id[flip.case_id]
            assert flip.value_a == pair.metrics_a[name] and flip.value_b == pair.metrics_b[name]
            assert (flip.direction == "only_b") == (pair.passes_b[name] and not pair.passes_a[name])
        for cell in ("both", "only_a", "only_b", "neither", "dropped"):
            assert sum(getattr(s.paired, cell) for s in d.strata) == getattr(d.paired, cell)
        assert [s.value for s in d.strata] == ["banking", "retail", "telecom"]
    flips = result.dimensions["coverage"].flips
    assert [(f.case_id, f.direction) for f in flips] == [
        ("retail-price-match", "only_b"), ("telecom-cancel", "only_a"), ("retail-gift-card", "only_a"),
        ("retail-damaged-item", "only_b"), ("retail-loyalty-points", "only_a"), ("banking-savings-interest", "only_b"),
        ("telecom-data-runs-out", "only_a"), ("telecom-bill-date", "only_b")]
    assert (flips[0].value_a.successes, flips[0].value_a.total) == (1, 2)


def test_swapping_the_systems_mirrors_every_verdict():
    _, a, b = builtin()
    forward, backward = compare_systems(a, b), compare_systems(b, a)
    for name in METRICS:
        f, r = forward.dimensions[name], backward.dimensions[name]
        assert r.verdict.code == MIRROR[f.verdict.code]
        assert r.paired.difference == pytest.approx(-f.paired.difference)
        assert r.bootstrap.difference == pytest.approx(-f.bootstrap.difference)


def test_b_may_list_the_cases_in_another_order():
    _, a, b = builtin()
    shuffled = replace(b, cases=tuple(reversed(b.cases)))
    assert compare_systems(a, shuffled) == compare_systems(a, b)
    assert compare_systems(list(a.cases), list(b.cases)) == compare_systems(a, b)


def test_the_result_is_plain_json_without_nan():
    _, a, b = builtin()
    empty = [case(f"x{i}", relevant=[True, bool(i % 2)], supported=[True]) for i in range(3)]  # no facts: N/A
    for result in (compare_systems(a, b, stratum="domain"), compare_systems(empty, empty)):
        data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
        assert set(data["dimensions"]) == set(METRICS) and data["verdict_basis"] == VERDICT_BASIS
        assert len(data["per_case"]) == len(result.case_ids)


# ---------------------------------------------------------------- refusals


def test_case_ids_that_do_not_match_are_named_both_ways():
    a = [case("q1", [True]), case("q2", [True]), case("q3", [False])]
    b = [case("q1", [True]), case("q4", [True]), case("q5", [True]), case("q3", [True])]
    with pytest.raises(InputError) as caught:
        compare_systems(a, b)
    error = caught.value
    assert (error.code, error.where) == ("case_ids_differ", "cases_b")
    assert error.message == ('cases_b: the two systems must answer the same cases; only in A (1): "q2"; '
                             'only in B (2): "q4", "q5"')
    with pytest.raises(InputError) as caught:
        compare_systems(a[:2], a)
    assert caught.value.problem.endswith('only in A (0): -; only in B (1): "q3"')


def test_many_missing_ids_are_cut_short():
    a = [case(f"a{i}", [True]) for i in range(25)]
    with pytest.raises(InputError) as caught:
        match_cases(a, [case(f"b{i}", [True]) for i in range(25)])
    assert "only in A (25): " in caught.value.problem and caught.value.problem.count('"a') == 10
    assert '"a9", ...;' in caught.value.problem


@pytest.mark.parametrize(("side", "where"), [("a", "cases_a[2].id"), ("b", "cases_b[2].id")])
def test_a_repeated_case_id_is_refused_with_its_place(side, where):
    good = [case("q1", [True]), case("q2", [True]), case("q3", [True])]
    bad = [case("q1", [True]), case("q2", [True]), case("q1", [True])]
    with pytest.raises(InputError) as caught:
        compare_systems(bad if side == "a" else good, bad if side == "b" else good)
    assert (caught.value.code, caught.value.where) == ("duplicate_case_id", where)
    assert caught.value.params["first"].where == where.split("[")[0] + "[0]"


@pytest.mark.parametrize(("kwargs", "where"), [
    ({"seed": -1}, "seed"), ({"seed": 2**63}, "seed"), ({"seed": 1.5}, "seed"),
    ({"resamples": 0}, "resamples"), ({"resamples": MAX_RESAMPLES + 1}, "resamples"),
    ({"resamples": True}, "resamples"),
    ({"power": 0.2}, "power"), ({"power": 1.0}, "power"), ({"stratum": 3}, "stratum"), ({"settings": {}}, "settings"),
])
def test_bad_settings_are_refused(kwargs, where):
    cases = [case("q1", [True])]
    with pytest.raises(InputError) as caught:
        compare_systems(cases, cases, **kwargs)
    assert caught.value.where == where


@pytest.mark.parametrize(("a", "where"), [([], "cases_a"), ("cases", "cases_a"), ([{"id": "q1"}], "cases_a[0]"),
                                          (None, "cases_a")])
def test_what_is_not_a_list_of_cases_is_refused(a, where):
    with pytest.raises(InputError) as caught:
        compare_systems(a, [case("q1", [True])])
    assert caught.value.where == where
    with pytest.raises(InputError) as caught:
        compare_systems([case("q1", [True])], RagDataset(()))
    assert caught.value.where == "cases_b"


# ---------------------------------------------------------------- the bootstrap


def loop_bootstrap(counts_a, counts_b, resamples, seed):
    """The bootstrap written as a loop over resamples and cases (the same draws, one case at a time)."""
    cases = len(counts_a)
    draws = np.random.default_rng(seed).integers(0, cases, size=(resamples, cases))
    result = np.full((resamples, counts_a.shape[1]), np.nan)
    for r in range(resamples):
        for j in range(counts_a.shape[1]):
            sa, na = (sum(counts_a[i, j, k] for i in draws[r]) for k in (0, 1))
            sb, nb = (sum(counts_b[i, j, k] for i in draws[r]) for k in (0, 1))
            if na and nb:
                result[r, j] = sb / nb - sa / na
    return result


def test_the_vectorized_bootstrap_is_the_plain_loop():
    rng = np.random.default_rng(5)
    totals_a, totals_b = rng.integers(0, 4, size=(7, 4)), rng.integers(0, 4, size=(7, 4))
    counts_a = np.stack([rng.integers(0, totals_a + 1), totals_a], axis=-1).astype(float)
    counts_b = np.stack([rng.integers(0, totals_b + 1), totals_b], axis=-1).astype(float)
    vectorized = bootstrap_differences(counts_a, counts_b, 300, 11)
    np.testing.assert_allclose(vectorized.filled(np.nan), loop_bootstrap(counts_a, counts_b, 300, 11), equal_nan=True)


def doubled() -> tuple[RagDataset, RagDataset]:
    """The built-in pair twice over (the second copy's ids suffixed), enough cases for the bootstrap to be drawn."""
    _, a, b = builtin()
    twice = [RagDataset((*d.cases, *(replace(c, id=f"{c.id}-2") for c in d.cases)), d.format) for d in (a, b)]
    assert len(twice[0].cases) >= MIN_BOOTSTRAP_CASES
    return twice[0], twice[1]


def test_the_bootstrap_is_seeded_and_reproducible():
    a, b = doubled()
    one, again = compare_systems(a, b, seed=7, resamples=500), compare_systems(a, b, seed=7, resamples=500)
    other = compare_systems(a, b, seed=8, resamples=500)
    intervals = [[(d.bootstrap.low, d.bootstrap.high) for d in r.dimensions.values()] for r in (one, again, other)]
    assert one == again and intervals[0] == intervals[1]
    assert intervals[0] != intervals[2]
    d = one.dimensions["context_relevance"].bootstrap
    assert (d.seed, d.resamples, d.used + d.skipped, d.cases) == (7, 500, 500, len(a.cases))
    assert d.low <= d.difference <= d.high and d.distinguishable


def test_the_bootstrap_interval_is_the_percentiles_of_the_resampled_differences():
    a, b = doubled()
    result = compare_systems(a, b, seed=3, resamples=400, settings=Settings.build(confidence=0.9))
    counts = [np.array([[[sum(u.label(label) is True for u in c.units(kind)),
                          sum(u.label(label) is not None for u in c.units(kind))]
                         for kind, label in (("passages", "relevant"), ("claims", "supported"),
                                             ("claims", "correct"), ("reference_facts", "covered"))]
                        for c in dataset.cases], dtype=float) for dataset in (a, b)]
    draws = loop_bootstrap(*counts, 400, 3)
    for j, name in enumerate(METRICS):
        boot = result.dimensions[name].bootstrap
        values = draws[:, j][~np.isnan(draws[:, j])]
        assert (boot.low, boot.high) == pytest.approx(tuple(np.percentile(values, [5, 95])))


def test_too_few_cases_withhold_the_bootstrap_with_a_note():
    a = [case(f"q{i}", relevant=[True, False], supported=[True]) for i in range(MIN_BOOTSTRAP_CASES - 1)]
    b = [case(f"q{i}", relevant=[True, True], supported=[False]) for i in range(MIN_BOOTSTRAP_CASES - 1)]
    result = compare_systems(a, b)
    boot = result.dimensions["context_relevance"].bootstrap
    assert boot.difference == pytest.approx(0.5) and boot.low is None and boot.high is None
    assert [n.code for n in boot.notes] == ["bootstrap_too_few_cases"]
    assert boot.notes[0].params == {"cases": MIN_BOOTSTRAP_CASES - 1, "minimum": MIN_BOOTSTRAP_CASES}
    assert result.dimensions["context_relevance"].paired.difference is not None  # the paired table still stands
    coverage = result.dimensions["coverage"]  # no fact anywhere: nothing applies
    assert coverage.verdict.code == "not_applicable" and coverage.pooled_a.is_na
    assert [n.code for n in coverage.bootstrap.notes] == ["bootstrap_not_applicable"]
    assert [n.code for n in coverage.sample_size.notes] == ["no_pairs"]
    assert coverage.dropped == tuple(result.case_ids)


def test_identical_systems_withhold_a_zero_width_bootstrap():
    cases = [case(f"q{i}", relevant=[True, i % 2 == 0], supported=[True, i % 3 == 0], covered=[True])
             for i in range(MIN_BOOTSTRAP_CASES)]
    result = compare_systems(cases, cases)
    for d in result.dimensions.values():
        assert d.bootstrap.difference == 0.0 and d.bootstrap.low is None
        assert "bootstrap_zero_width" in {n.code for n in d.bootstrap.notes}
        # no case differs: no split of these pairs could show a difference
        assert d.verdict.code == "withheld" and d.paired.p_value == 1.0 and d.verdict.discordant == 0


def test_resamples_without_units_are_masked_not_nan():
    # B has a labelled fact in five of forty cases: about 1 resample in 200 draws none of them. The page withholds a
    # bootstrap over so few cases (MIN_BOOTSTRAP_CASES), but the resampling itself must still mask, never divide by 0.
    a = [case(f"q{i}", relevant=[True], covered=[True, i % 2 == 0]) for i in range(40)]
    b = [case(f"q{i}", relevant=[True], covered=[i < 3] if i < 5 else []) for i in range(40)]
    draws = bootstrap_differences(_unit_counts(a), _unit_counts(b), 3000, 0)
    coverage = draws[:, METRICS.index("coverage")]
    assert 0 < int(np.ma.count_masked(coverage)) < 100 and not np.isnan(coverage.compressed()).any()
    boot = compare_systems(a, b, resamples=3000).dimensions["coverage"].bootstrap
    assert boot.low is None and boot.cases == 5 and boot.notes[0].code == "bootstrap_too_few_cases"


def test_a_pooled_difference_no_pass_fail_can_show_is_noted_on_the_verdict():
    # every case fails relevance for both systems, but B retrieves a little better everywhere
    a = [case(f"q{i}", relevant=[True] * (i % 3) + [False] * 8) for i in range(MIN_BOOTSTRAP_CASES)]
    b = [case(f"q{i}", relevant=[True] * (i % 3 + 2) + [False] * 6) for i in range(MIN_BOOTSTRAP_CASES)]
    d = compare_systems(a, b).dimensions["context_relevance"]
    assert d.paired.neither == MIN_BOOTSTRAP_CASES and d.verdict.code == "withheld"  # no case's pass/fail differs
    assert d.bootstrap.low > 0
    assert [n.code for n in d.verdict.notes] == ["bootstrap_excludes_zero"]
    assert d.verdict.notes[0].text(COMPARE_NOTES).startswith("the bootstrap interval")


def test_stratum_notes_for_an_absent_field_and_disagreeing_files():
    a = [case(f"q{i}", [True], domain="retail" if i < 3 else "banking") for i in range(6)]
    b = [case(f"q{i}", [True], domain="retail") for i in range(6)]
    result = compare_systems(a, b, stratum="domain")
    assert [n.code for n in result.notes] == ["stratum_differs"]
    assert result.notes[0].params["count"] == 3 and result.notes[0].params["ids"] == '"q3", "q4", "q5"'
    assert [s.value for s in result.dimensions["context_relevance"].strata] == ["banking", "retail"]
    absent = compare_systems(a, a, stratum="tier")
    assert [n.code for n in absent.notes] == ["stratum_field_absent"]
    assert [(s.value, s.cases) for s in absent.dimensions["faithfulness"].strata] == [("(missing)", 6)]
    assert compare_systems(a, a).dimensions["faithfulness"].strata == ()
    mixed = compare_systems([*a, case("q9", [True])], [*a, case("q9", [True])], stratum="domain")
    assert [s.value for s in mixed.dimensions["coverage"].strata] == ["banking", "retail", "(missing)"]


def test_unlabelled_units_drop_their_case_from_the_pairs():
    a = [case(f"q{i}", relevant=[True, True]) for i in range(6)]
    b = [case(f"q{i}", relevant=[True, None] if i else [None, None]) for i in range(6)]
    d = compare_systems(a, b).dimensions["context_relevance"]
    assert d.dropped == ("q0",) and d.paired.dropped == 1 and d.paired.pairs == 5
    assert d.pooled_b.unlabelled == 7 and d.pooled_b.total == 5


def test_a_unit_label_change_moves_the_comparison():
    _, a, b = builtin()
    first = b.cases[6]  # banking-overdraft: B is faithful here; make one of its claims unsupported
    claim = first.claims[0]
    changed = first.with_units("claims", (Unit(claim.id, claim.text, {**claim.labels, "supported": False}),
                                          *first.claims[1:]))
    before = compare_systems(a, b).dimensions["faithfulness"].paired
    after = compare_systems(a, b.with_case(6, changed)).dimensions["faithfulness"].paired
    assert (after.only_a, after.both) == (before.only_a + 1, before.both - 1)


def test_an_undecided_verdicts_notes_never_say_the_paired_interval_holds_0_when_it_does_not():
    """Seven of 40 cases pass faithfulness only for B: the paired interval leaves 0 out, the exact test corrected
    over four dimensions does not call it. The notes compare the bootstrap with the verdict, not with that interval."""
    a = [case(f"c{i}", relevant=(True, True), supported=(i >= 7,) * 3, covered=(True,)) for i in range(40)]
    b = [case(f"c{i}", relevant=(True, True), supported=(True,) * 3, covered=(True,)) for i in range(40)]
    verdict = compare_systems(a, b).dimensions["faithfulness"].verdict
    assert verdict.code in ("uncertain", "withheld") and verdict.low > 0
    texts = [COMPARE_NOTES[note.code] for note in verdict.notes]
    assert "bootstrap_excludes_zero" in [note.code for note in verdict.notes]
    assert not any("interval does not" in text for text in texts), texts
    assert not any("this few cases" in text for text in texts), texts  # the interval holds its level: not the reason
