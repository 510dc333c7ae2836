"""Holistic scores: reading them, agreement between judges' rankings, the synthetic generator."""

from __future__ import annotations

import json
import os

import pandas as pd
import pytest
import scipy.stats as sps

from uncase_core.cli.main import run
from uncase_core.errors import InputError
from uncase_core.rubrics.generator import GeneratorSettings, generate_verdicts
from uncase_core.rubrics.holistic import generate_holistic, holistic_agreement, read_holistic
from uncase_core.rubrics.lab import verdicts_to_csv

CSV = b"candidate,judge,score\nA,J1,9\nB,J1,7\nC,J1,5\nA,J2,8\nB,J2,4\nC,J2,6\n"


def test_read_csv_and_jsonl():
    frame = read_holistic(CSV, "scores.csv")
    assert list(frame.columns) == ["candidate", "judge", "score"]
    assert frame["score"].tolist() == [9.0, 7.0, 5.0, 8.0, 4.0, 6.0]
    lines = "\n".join(json.dumps({"candidate": c, "judge": j, "score": s})
                      for c, j, s in [("A", "J1", 1), ("B", "J1", 2.5)])
    assert read_holistic(lines.encode(), "scores.jsonl")["score"].tolist() == [1.0, 2.5]


@pytest.mark.parametrize(("data", "message"), [
    (b"", "scores.csv: the file is empty"),
    (b"candidate,judge\nA,J1\n", "scores.csv: line 1: missing column: score"),
    (b"candidate,judge,score\nA,J1,high\n", "scores.csv: line 2: score: expected a number, got 'high'"),
    (b"candidate,judge,score\nA,J1,nan\n", "scores.csv: line 2: score: expected a finite number, got 'nan'"),
    (b"candidate,judge,score\nA,J1,1\nA,J1,2\n", "scores.csv: line 3: a second score for the same candidate"),
    (b"candidate,judge,score\n,J1,1\n", "scores.csv: line 2: candidate: expected a name"),
])
def test_bad_scores_name_the_place(data, message):
    with pytest.raises(InputError) as caught:
        read_holistic(data, "scores.csv")
    assert caught.value.message.startswith(message)


def test_agreement_matches_scipy_and_counts_identical_ranks():
    agreement = holistic_agreement(read_holistic(CSV, "scores.csv"))
    assert agreement.spearman["J1|J2"] == pytest.approx(sps.spearmanr([9, 7, 5], [8, 4, 6]).statistic)
    assert agreement.kendall["J1|J2"] == pytest.approx(sps.kendalltau([9, 7, 5], [8, 4, 6]).statistic)
    assert agreement.ranking == {"J1": ("A", "B", "C"), "J2": ("A", "C", "B")}
    assert agreement.identical_ranks == 1


def test_generated_holistic_scores_are_deterministic_and_agree_less_than_filtered_rubrics():
    verdicts, truth = generate_verdicts(GeneratorSettings(seed=8, candidates=8, unstable=20, misaligned=8))
    judges = sorted(verdicts["judge"].unique())
    scores = generate_holistic(truth, judges, 8)
    pd.testing.assert_frame_equal(scores, generate_holistic(truth, judges, 8))
    assert scores["score"].between(0, 10).all()
    holistic = holistic_agreement(scores)
    mean = sum(v for v in holistic.spearman.values() if v is not None) / len(holistic.spearman)
    print("holistic mean Spearman:", round(mean, 3))
    assert mean < 0.84  # filtered rubric agreement on the same seed (tests/core/rubrics/test_rubric_generator.py)


def test_cli_adds_holistic_agreement(tmp_path, capsys):
    verdicts, _ = generate_verdicts(GeneratorSettings(seed=3))
    (tmp_path / "v.csv").write_text(verdicts_to_csv(verdicts), encoding="utf-8")
    (tmp_path / "h.csv").write_bytes(CSV.replace(b"A,", b"C1,").replace(b"B,", b"C2,"))
    assert run(["rubrics", str(tmp_path / "v.csv"), "--holistic", str(tmp_path / "h.csv")]) == 0
    assert set(json.loads(capsys.readouterr().out)["holistic"]) == {"spearman", "kendall", "identical_ranks"}
    (tmp_path / "bad.csv").write_bytes(b"candidate,judge,score\nA,J1,x\n")
    assert run(["rubrics", str(tmp_path / "v.csv"), "--holistic", str(tmp_path / "bad.csv")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.csv: line 2: score" in err and "Traceback" not in err
    assert os.path.exists(tmp_path / "v.csv")
