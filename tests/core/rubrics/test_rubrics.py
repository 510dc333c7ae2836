"""Rubric lab core: DRFR, the four filters, ties, stability figures and reading verdicts."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from uncase_core.errors import InputError
from uncase_core.rubrics.generator import GeneratorSettings, generate_verdicts
from uncase_core.rubrics.lab import FILTERS, FilterSettings, analyse, read_verdicts, verdicts_to_csv
from uncase_core.stats.grouped import grouped_proportion


def table(rows) -> pd.DataFrame:
    """Rows (candidate, prompt, item, judge, verdicts) with one verdict per run."""
    out = []
    for cand, prompt, item, judge, runs in rows:
        for r, v in enumerate(runs, start=1):
            out.append({"candidate": cand, "prompt": prompt, "item": item, "judge": judge, "run": str(r),
                        "verdict": bool(v)})
    return pd.DataFrame(out)


def only(*names: str, **kw) -> FilterSettings:
    return FilterSettings(enabled=names, **kw)


# ------------------------------------------------------------------ DRFR and ties


def test_drfr_by_hand_items_are_prompt_item_pairs():
    rows = [("A", "P1", "a", "J", [1]), ("A", "P1", "b", "J", [1]), ("A", "P2", "a", "J", [0]),
            ("B", "P1", "a", "J", [0]), ("B", "P1", "b", "J", [1]), ("B", "P2", "a", "J", [0])]
    result = analyse(table(rows), only())
    a, b = result.drfr_before["J"]["A"], result.drfr_before["J"]["B"]
    assert (a.successes, a.total, a.value) == (2, 3, 2 / 3)
    assert (b.successes, b.total, b.value) == (1, 3, 1 / 3)
    # the items of one prompt move together: the prompts are the independent draws (2 of 2 in P1, 0 of 1 in P2)
    assert (a.low, a.high) == (grouped_proportion([(2, 2), (0, 1)]).low, grouped_proportion([(2, 2), (0, 1)]).high)
    assert result.items == 3 and result.removed == ()
    assert result.drfr_after == result.drfr_before
    d = result.to_dict()["drfr"]["before"]["J"]["A"]
    assert d == {"passed": 2, "judged": 3, "value": pytest.approx(200 / 3), "low": pytest.approx(a.low * 100),
                 "high": pytest.approx(a.high * 100)}


def test_majority_of_runs_and_ties_resolve_as_fail():
    rows = [("A", "P", "a", "J", [1, 1, 0]),   # majority pass
            ("A", "P", "b", "J", [1, 0]),      # tie -> fail
            ("A", "P", "c", "J", [0, 1, 1, 0]),  # tie -> fail
            ("A", "P", "d", "J", [0, 0, 1])]   # majority fail
    result = analyse(table(rows), only())
    assert result.ties == 2
    p = result.drfr_before["J"]["A"]
    assert (p.successes, p.total) == (1, 4)


# ------------------------------------------------------------------ filters


def test_trivial_and_impossible_with_rule_all_and_any():
    rows = []
    for cand in "ABC":
        for judge in ("J1", "J2"):
            rows.append((cand, "P", "all", judge, [1]))          # trivial under both judges
            rows.append((cand, "P", "none", judge, [0]))         # impossible under both
            rows.append((cand, "P", "half", judge, [int(judge == "J1" or cand != "C")]))  # trivial under J1 only
            rows.append((cand, "P", "mixed", judge, [int(cand == "A")]))
    frame = table(rows)
    removed = analyse(frame, only("trivial", "impossible")).removed
    assert [(r.item, r.filter) for r in removed] == [("all", "trivial"), ("none", "impossible")]
    assert "J1 3/3, J2 3/3" in removed[0].reason
    removed = analyse(frame, only("trivial", "impossible", rule="any")).removed
    assert sorted((r.item, r.filter) for r in removed) == [("all", "trivial"), ("half", "trivial"),
                                                          ("none", "impossible")]
    assert analyse(frame, only("impossible")).removed_keys() == {("P", "none")}


MISALIGNED_PASSES = {  # candidate -> items passed; A strongest, D weakest; M is passed by the weak ones
    "A": {"G1", "G2", "G3", "G4", "G5", "G6"}, "B": {"G1", "G2", "G3", "G4"}, "C": {"G1", "G2", "M"}, "D": {"M"}}


def misaligned_rows(j2_flipped: bool):
    rows = []
    for judge in ("J1", "J2"):
        for cand, passes in MISALIGNED_PASSES.items():
            for item in ("G1", "G2", "G3", "G4", "G5", "G6", "M"):
                ok = item in passes
                if item == "M" and judge == "J2" and j2_flipped:
                    ok = cand in "AB"
                rows.append((cand, "P", item, judge, [int(ok)]))
    return rows


def test_misaligned_correlation_rule_and_cutoff():
    frame = table(misaligned_rows(j2_flipped=False))
    result = analyse(frame)  # all four filters: only M fires, no item is trivial or impossible
    assert [(r.item, r.filter) for r in result.removed] == [("M", "misaligned")]
    r = -2 / math.sqrt(5)  # x = (0, 0, 1, 1), leave-item-out DRFR = (1, 4/6, 2/6, 0)
    assert r == pytest.approx(np.corrcoef([0, 0, 1, 1], [1, 4 / 6, 2 / 6, 0])[0, 1])
    assert f"J1 {r:+.3f}" in result.removed[0].reason and f"J2 {r:+.3f}" in result.removed[0].reason
    assert analyse(frame, only("misaligned", misaligned_below=r)).removed == ()  # strictly below
    assert len(analyse(frame, only("misaligned", misaligned_below=r + 1e-9)).removed) == 1
    flipped = table(misaligned_rows(j2_flipped=True))
    assert analyse(flipped, only("misaligned")).removed == ()
    assert analyse(flipped, only("misaligned", rule="any")).removed_keys() == {("P", "M")}


def test_constant_item_is_not_misaligned():
    passes = {"A": {"G1", "G2", "K"}, "B": {"G2", "K"}, "C": {"K"}}
    rows = [(c, "P", i, "J", [int(i in passes[c])]) for c in "ABC" for i in ("G1", "G2", "K")]
    # any defined correlation is below 2; K is passed by everyone, so its correlation is undefined
    assert analyse(table(rows), only("misaligned", misaligned_below=2.0)).removed_keys() == {("P", "G1"), ("P", "G2")}


def unstable_rows(changing: int):
    rows = []
    for k, (cand, judge) in enumerate(itertools.product("ABCDE", ("J1", "J2"))):
        rows.append((cand, "P", "U", judge, [1, 0, 1] if k < changing else [1, 1, 1]))
        rows.append((cand, "P", "S", judge, [int(cand < "C")] * 3))
    return rows


def test_unstable_share_and_cutoff():
    assert analyse(table(unstable_rows(2)), only("unstable")).removed == ()  # 2 of 10 = 20%, not above
    removed = analyse(table(unstable_rows(3)), only("unstable")).removed
    assert [(r.item, r.filter) for r in removed] == [("U", "unstable")]
    assert "3 of 10" in removed[0].reason and "30.0% > 20.0%" in removed[0].reason
    assert analyse(table(unstable_rows(3)), only("unstable", unstable_above=0.3)).removed == ()
    assert analyse(table(unstable_rows(1)), only("unstable", unstable_above=0.0)).removed_keys() == {("P", "U")}


def test_item_removed_by_two_filters_is_listed_twice():
    result = analyse(table(unstable_rows(10)))  # U: every pair passes by majority but every pair changes
    assert [(r.item, r.filter) for r in result.removed] == [("U", "trivial"), ("U", "unstable")]
    assert result.kept_items == 1
    assert result.drfr_after["J1"]["A"].total == 1


def test_filters_switch_off_and_bad_settings():
    frame = table(unstable_rows(10))
    assert analyse(frame, only()).removed == ()
    with pytest.raises(InputError, match="unknown filter"):
        analyse(frame, only("nope"))
    with pytest.raises(InputError, match="rule"):
        analyse(frame, FilterSettings(rule="most"))


# ------------------------------------------------------------------ stability


def test_stability_by_hand():
    passes = {"J1": {"A": 3, "B": 2, "C": 1}, "J2": {"A": 3, "B": 1, "C": 2}}
    rows = [(c, "P", f"i{k}", j, [int(k < n)]) for j, row in passes.items() for c, n in row.items() for k in range(4)]
    s = analyse(table(rows), only()).stability_before
    assert s.identical_ranks == 1  # A first everywhere; B and C swap
    assert s.ranking == {"J1": ("A", "B", "C"), "J2": ("A", "C", "B")}
    assert s.spearman["J1|J2"] == pytest.approx(0.5)
    assert s.kendall["J1|J2"] == pytest.approx(1 / 3)
    # mean DRFR: A 0.75, B 0.375, C 0.375
    assert s.spread == pytest.approx(0.375)
    assert s.mean_neighbour_gap == pytest.approx(0.375 / 2)
    assert s.separated_pairs == 0


def test_separated_pairs_need_non_overlapping_intervals():
    rows = [(c, f"P{k // 10}", f"i{k}", "J", [int(c == "A" or (c == "B" and k % 2 == 0))]) for c in "ABC"
            for k in range(100)]
    s = analyse(table(rows), only()).stability_before
    assert s.separated_pairs == 2
    # the same verdicts from one prompt: one prompt says nothing about how prompts differ, so nothing is separated
    one_prompt = [(c, "P", item, judge, runs) for c, _, item, judge, runs in rows]
    assert analyse(table(one_prompt), only()).stability_before.separated_pairs == 0
    close = [(c, "P", f"i{k}", "J", [int(k < (3 if c == "A" else 2))]) for c in "AB" for k in range(5)]
    assert analyse(table(close), only()).stability_before.separated_pairs == 0


def test_spearman_and_kendall_equal_scipy():
    frame, _ = generate_verdicts(GeneratorSettings(seed=3, candidates=8))
    result = analyse(frame)
    for drfr, figures in ((result.drfr_before, result.stability_before), (result.drfr_after, result.stability_after)):
        judges = sorted(drfr)
        assert set(figures.spearman) == {f"{a}|{b}" for a, b in itertools.combinations(judges, 2)}
        for a, b in itertools.combinations(judges, 2):
            x = [drfr[a][c].value for c in sorted(drfr[a])]
            y = [drfr[b][c].value for c in sorted(drfr[a])]
            assert figures.spearman[f"{a}|{b}"] == pytest.approx(sps.spearmanr(x, y).statistic, abs=1e-12)
            assert figures.kendall[f"{a}|{b}"] == pytest.approx(sps.kendalltau(x, y).statistic, abs=1e-12)
        means = sorted((np.mean([drfr[j][c].value for j in judges]) for c in drfr[judges[0]]), reverse=True)
        assert figures.spread == pytest.approx(means[0] - means[-1])
        assert figures.mean_neighbour_gap == pytest.approx(figures.spread / (len(means) - 1))


def test_constant_scores_give_no_correlation():
    rows = [(c, "P", "i", j, [1]) for c in "AB" for j in ("J1", "J2")]
    s = analyse(table(rows), only()).stability_before
    assert s.spearman == {"J1|J2": None} and s.kendall == {"J1|J2": None}
    json.dumps(analyse(table(rows)).to_dict())


# ------------------------------------------------------------------ reading verdicts


HEADER = "candidate,prompt,item,judge,run,verdict\n"


def test_read_csv_all_spellings_and_round_trip():
    body = "".join(f"A,P,i{k},J,1,{v}\n" for k, v in enumerate(["yes", "No", "TRUE", "false", "1", "0", " Yes "]))
    frame = read_verdicts(("\ufeff" + HEADER + body).encode(), "v.csv")
    assert frame["verdict"].tolist() == [True, False, True, False, True, False, True]
    assert list(frame.columns) == ["candidate", "prompt", "item", "judge", "run", "verdict"]
    again = read_verdicts(verdicts_to_csv(frame).encode(), "again.csv")
    pd.testing.assert_frame_equal(again, frame)


def test_read_csv_bad_verdict_names_the_line():
    text = HEADER + "A,P,i1,J,1,yes\n\nA,P,i2,J,1,maybe\n"
    with pytest.raises(InputError) as error:
        read_verdicts(text.encode(), "v.csv")
    assert str(error.value) == "v.csv: line 4: verdict: expected yes/no, true/false or 1/0, got 'maybe'"


@pytest.mark.parametrize(("text", "message"), [
    ("", "v.csv: the file is empty"),
    ("\ufeff  \n", "v.csv: the file is empty"),
    ("candidate,prompt,item,verdict\nA,P,i,yes\n", "v.csv: line 1: missing columns: judge, run"),
    (HEADER, "v.csv: no verdicts after the header"),
    (HEADER + "A,P,i,J,1\n", "v.csv: line 2: expected 6 fields, got 5"),
    (HEADER + "A,P,i,J,1,yes\nA,P,i,J,1,no\n", "v.csv: line 3: the same candidate, prompt, item, judge and run "
                                                "appear twice"),
    (HEADER + "A,,i,J,1,yes\n", "v.csv: line 2: prompt: empty value"),
])
def test_read_csv_errors(text, message):
    with pytest.raises(InputError) as error:
        read_verdicts(text.encode(), "v.csv")
    assert str(error.value) == message


def test_read_jsonl_and_json_list():
    records = [{"candidate": "A", "prompt": "P", "item": "i", "judge": "J", "run": 1, "verdict": True},
               {"candidate": "A", "prompt": "P", "item": "j", "judge": "J", "run": 1, "verdict": "no"},
               {"candidate": "A", "prompt": "P", "item": "k", "judge": "J", "run": 1, "verdict": 1, "extra": 5}]
    jsonl = "".join(json.dumps(r) + "\n" for r in records)
    frame = read_verdicts(("\ufeff" + jsonl).encode(), "v.jsonl")
    assert frame["verdict"].tolist() == [True, False, True]
    assert frame["run"].tolist() == ["1", "1", "1"]
    pd.testing.assert_frame_equal(read_verdicts(json.dumps(records).encode(), "v.json"), frame)
    bad = [records[0], {**records[1], "verdict": "maybe"}]
    with pytest.raises(InputError) as error:
        read_verdicts("".join(json.dumps(r) + "\n" for r in bad).encode(), "v.jsonl")
    assert str(error.value) == "v.jsonl: line 2: verdict: expected yes/no, true/false or 1/0, got 'maybe'"
    missing = [{k: v for k, v in records[0].items() if k != "judge"}]
    with pytest.raises(InputError) as error:
        read_verdicts(json.dumps(missing).encode(), "v.json")
    assert str(error.value) == "v.json: [0]: missing column: judge"
    with pytest.raises(InputError, match=r"v.jsonl: line 1: verdict: expected .* got '2'"):
        read_verdicts(json.dumps({**records[0], "verdict": 2}).encode() + b"\n" + jsonl.encode(), "v.jsonl")


def test_filters_constant_is_the_documented_order():
    assert FILTERS == ("trivial", "impossible", "misaligned", "unstable")
