"""The full output of every subcommand, compared between two copies of the project: nothing printed may change.

    .venv/bin/python bench/cli_outputs.py --before DIR [--after DIR]

Runs ``python -m uncase_core ...`` on the built-in assets and a few written files (a 10- and a 1,000-case synthetic
RAG dataset, RAGAS runs, a Parquet file, a verdicts table) once under each copy (``--after`` defaults to this one;
``--before`` is, for example, ``git archive`` of an older commit unpacked somewhere) and compares stdout, stderr
(with the copy's own path replaced) and the exit status byte for byte. Prints each command line that differs, with
the first differing line, and exits 1 if any does. Used when the statistics moved from scipy.stats and statsmodels
to scipy.special's ufuncs (``uncase_core/stats/distributions.py``), which must change no digit.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_cli_startup import _verdicts_csv  # noqa: E402
from bench.synthetic_rag import synthetic_dataset  # noqa: E402
from uncase_core.rag.cases import dataset_to_text  # noqa: E402


def _ragas_run(path: Path, faithfulness: list[float]) -> Path:
    rows = [{"user_input": f"question {i}", "retrieved_contexts": ["a passage", "another"], "response": "an answer",
             "reference": "the reference", "faithfulness": score, "answer_relevancy": 0.9 - i / 100}
            for i, score in enumerate(faithfulness)]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _inputs(work: Path) -> dict[str, Path]:
    files = {}
    for cases, seed in ((10, 7), (1000, 7), (1000, 8)):
        path = work / f"synthetic_{cases}_{seed}.jsonl"
        path.write_text(dataset_to_text(synthetic_dataset(cases, seed=seed)), encoding="utf-8")
        files[f"synthetic_{cases}_{seed}"] = path
    files["ragas_before"] = _ragas_run(work / "before.jsonl", [0.6, 0.7, 0.5, 0.65, 0.55] * 8)
    files["ragas_after"] = _ragas_run(work / "after.jsonl", [0.95, 1.0, 0.9, 1.0, 0.85] * 8)
    files["verdicts"] = work / "verdicts.csv"
    files["verdicts"].write_text(_verdicts_csv(), encoding="utf-8")
    files["holistic"] = work / "holistic.csv"
    files["holistic"].write_text("candidate,judge,score\nA,J1,3\nB,J1,2\nC,J1,1\nA,J2,3\nB,J2,1\nC,J2,2\n",
                                 encoding="utf-8")
    return files


def command_lines(root: Path, files: dict[str, Path], work: Path) -> list[list[str]]:
    """Every command line compared, with paths into ``root`` for the assets (the same relative paths in each copy)."""
    assets = root / "assets"
    lines: list[list[str]] = []
    rag_files = [*sorted((assets / "rag").glob("*/*.json")), files["synthetic_10_7"], files["synthetic_1000_7"]]
    for path in rag_files:
        lines.append(["rag", str(path), "--exit-zero"])
        lines.append(["rag", str(path), "--exit-zero", "--format", "markdown"])
    for path in (assets / "rag/en/multiple_failures.json", files["synthetic_1000_7"]):
        lines.append(["rag", str(path), "--confidence", "0.9", "--aggregation", "min", "--threshold",
                      "faithfulness=0.8", "--gate", "coverage=0.6", "--weight", "correctness=2"])
        lines.append(["rag", str(path), "--confidence", "0.99"])
    interchange = root / "tests/data/interchange"
    for path in sorted(interchange.glob("ragas_*.jsonl"))[:2] + sorted(interchange.glob("deepeval_*.json"))[:2]:
        lines.append(["rag", str(path)])
        lines.append(["scores", str(path)])
    lines.append(["scores", str(files["ragas_before"]), str(files["ragas_after"])])
    lines.append(["scores", str(files["ragas_before"]), str(files["ragas_after"]), "--format", "json"])
    lines.append(["scores", str(files["ragas_before"]), str(files["ragas_after"]), "--format", "markdown"])
    for a, b in ((assets / "compare/en/system_a.json", assets / "compare/en/system_b.json"),
                 (files["synthetic_1000_7"], files["synthetic_1000_8"])):
        lines.append(["compare", str(a), str(b), "--resamples", "300"])
        lines.append(["compare", str(a), str(b), "--json", "--resamples", "300"])
        lines.append(["compare", str(a), str(b), "--format", "markdown", "--resamples", "300"])
    lines.append(["compare", str(assets / "compare/en/system_a.json"), str(assets / "compare/en/system_b.json"),
                  "--json", "--stratum", "domain", "--seed", "4", "--resamples", "300"])
    for path in sorted((assets / "judge/en").glob("*.json"))[:2]:
        lines.append(["judge", str(path)])
        lines.append(["judge", str(path), "--judge", "builtin"])
    workbench = assets / "datasets/workbench_en.json"
    lines.append(["dataset", str(workbench), "--strata", "domain"])
    lines.append(["dataset", str(workbench), "--leakage"])
    for metric in ("faithfulness", "context_relevance"):
        lines.append(["thresholds", str(workbench), "--metric", metric])
    lines.append(["thresholds", str(files["synthetic_1000_7"]), "--metric", "coverage", "--flip", "0.6", "0.8"])
    lines.append(["agreement", str(assets / "agreement/annotator_a_en.json"),
                  str(assets / "agreement/annotator_b_en.json")])
    for path in sorted((assets / "conversations/en").glob("*.json")):
        lines.append(["conversations", str(path)])
    for path in sorted((assets / "summaries/en").glob("*.json")):
        lines.append(["summaries", str(path)])
    lines.append(["rubrics", str(files["verdicts"])])
    lines.append(["rubrics", str(files["verdicts"]), "--holistic", str(files["holistic"])])
    lines.append(["import-ragas", str(files["ragas_before"])])
    lines.append(["import-cases", str(files["ragas_after"])])
    lines.append(["export-cases", str(assets / "rag/en/poor_retrieval.json"), "--to", "ragas"])
    parquet = work / f"export_{root.name}.parquet"
    lines.append(["export-cases", str(assets / "rag/en/poor_retrieval.json"), "--to", "ragas", "--layout",
                  "parquet", "--out", str(parquet)])
    return lines


def run_all(root: Path, files: dict[str, Path], work: Path) -> list[tuple[list[str], int, str, str]]:
    results = []
    for line in command_lines(root, files, work):
        done = subprocess.run([sys.executable, "-m", "uncase_core", *line], cwd=root, capture_output=True,
                              text=True, encoding="utf-8", check=False)
        shown = [part.replace(str(root), "<root>").replace(str(work), "<work>") for part in line]
        results.append((shown, done.returncode, done.stdout.replace(str(root), "<root>").replace(str(work), "<work>"),
                        done.stderr.replace(str(root), "<root>").replace(str(work), "<work>")))
    parquet = work / f"export_{root.name}.parquet"
    if parquet.exists():  # read back what the Parquet export wrote: the rows, as the rag subcommand reads them
        done = subprocess.run([sys.executable, "-m", "uncase_core", "rag", str(parquet), "--exit-zero"], cwd=root,
                              capture_output=True, text=True, encoding="utf-8", check=False)
        results.append((["rag", "<the exported parquet>"], done.returncode,
                        done.stdout.replace(str(parquet), "<parquet>"), done.stderr.replace(str(parquet), "<parquet>")))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the older copy of the project")
    parser.add_argument("--after", type=Path, default=ROOT, help="the newer copy (default: this one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        files = _inputs(work)
        before = run_all(args.before.resolve(), files, work)
        after = run_all(args.after.resolve(), files, work)
    differing = 0
    for (line, code_a, out_a, err_a), (_, code_b, out_b, err_b) in zip(before, after, strict=True):
        if (code_a, out_a, err_a) == (code_b, out_b, err_b):
            continue
        differing += 1
        print(f"DIFFERS: {' '.join(line)} (exit {code_a} / {code_b})")
        for name, a, b in (("stdout", out_a, out_b), ("stderr", err_a, err_b)):
            for number, (la, lb) in enumerate(zip([*a.splitlines(), ""], [*b.splitlines(), ""], strict=False)):
                if la != lb:
                    print(f"  {name} line {number + 1}:\n    before: {la[:200]}\n    after:  {lb[:200]}")
                    break
    total_bytes = sum(len(out) + len(err) for _, _, out, err in after)
    print(f"{len(after)} command lines, {total_bytes:,} characters of output each side: {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
