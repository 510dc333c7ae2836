"""Command-line start-up (issue 16): wall time and import cost of ``--help``, an argument error and each subcommand.

    .venv/bin/python bench/bench_cli_startup.py [--root DIR] [--runs N]

For each command line, runs ``python -m uncase_core ...`` in a fresh process ``--runs`` times
(default 5) and prints the median wall time, and from one more run under ``python -X importtime``
the total import time (the sum of every module's own time), the number of modules imported (which,
unlike the times, does not move with the machine's load) and which heavy libraries were loaded
(statsmodels, scipy, pandas, pyarrow, nltk; scipy counts scipy.special alone, which ``rag`` uses). ``--root``
points at another copy of the project (for example ``git archive`` of an older commit unpacked somewhere) to
measure it with the same inputs. ``bench/bench_cli_rag.py`` sets ``rag`` against ``import pandas`` and measures its
memory.
The inputs are the built-in assets plus a few small files written to a temporary directory.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("statsmodels", "scipy", "pandas", "pyarrow", "nltk")
RAGAS_ROW = {"user_input": "How long does a refund take?", "retrieved_contexts": ["Refunds take five days."],
             "response": "Five days.", "reference": "Five working days."}


def _verdicts_csv() -> str:
    lines = ["candidate,prompt,item,judge,run,verdict"]
    for c in ("A", "B", "C"):
        for p in ("P1", "P2"):
            for i in ("i1", "i2", "i3"):
                for j in ("J1", "J2"):
                    lines.append(f"{c},{p},{i},{j},1,{'yes' if (ord(c) + int(i[1]) + int(p[1])) % 3 else 'no'}")
    return "\n".join(lines) + "\n"


def _command_lines(work: Path, root: Path) -> dict[str, list[str]]:
    assets = root / "assets"
    ragas = work / "ragas.jsonl"
    ragas.write_text(json.dumps(RAGAS_ROW) + "\n", encoding="utf-8")
    verdicts = work / "verdicts.csv"
    verdicts.write_text(_verdicts_csv(), encoding="utf-8")
    holistic = work / "holistic.csv"
    holistic.write_text("candidate,judge,score\nA,J1,3\nB,J1,2\nC,J1,1\nA,J2,3\nB,J2,1\nC,J2,2\n", encoding="utf-8")
    conversation = assets / "conversations/en/good.json"
    report = work / "report.json"
    subprocess.run([sys.executable, "-m", "uncase_core", "conversations", str(conversation), "--certify", "--out",
                    str(report)], cwd=root, check=True, capture_output=True)
    workbench = assets / "datasets/workbench_en.json"
    return {
        "--help": ["--help"],
        "argument error (rag, no file)": ["rag"],
        "rag": ["rag", str(assets / "rag/en/all_good.json")],
        "import-ragas": ["import-ragas", str(ragas)],
        "conversations": ["conversations", str(conversation)],
        "verify": ["verify", str(report), str(conversation)],
        "summaries": ["summaries", str(assets / "summaries/en/appointment.json")],
        "rubrics": ["rubrics", str(verdicts)],
        "rubrics --holistic": ["rubrics", str(verdicts), "--holistic", str(holistic)],
        "dataset": ["dataset", str(workbench), "--strata", "domain"],
        "dataset --leakage": ["dataset", str(workbench), "--leakage"],
        "thresholds": ["thresholds", str(workbench), "--metric", "faithfulness"],
        "agreement": ["agreement", str(assets / "agreement/annotator_a_en.json"),
                      str(assets / "agreement/annotator_b_en.json")],
    }


def _import_profile(args: list[str], root: Path) -> tuple[float, int, set[str]]:
    """Total import time in seconds, the number of modules imported and the heavy top-level packages among them."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "uncase_core", *args], cwd=root,
                          capture_output=True, text=True, check=False)
    total_us, modules, heavy = 0, 0, set()
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = (part.strip() for part in line[len("import time:"):].split("|"))
        total_us += int(self_us)
        modules += 1
        top = name.split(".")[0]
        if top in HEAVY:
            heavy.add(top)
    return total_us / 1e6, modules, heavy


def _wall(args: list[str], root: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "uncase_core", *args], cwd=root, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the project copy to measure (default: this one)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per command line (median shown)")
    args = parser.parse_args()
    root = args.root.resolve()
    os.environ.pop("PYTHONPATH", None)
    print(f"python -m uncase_core start-up, {root} (median of {args.runs} runs; import time from -X importtime)")
    print(f"{'command line':<32}{'wall s':>8}{'imports s':>11}{'modules':>9}  heavy libraries imported")
    with tempfile.TemporaryDirectory() as directory:
        for name, command in _command_lines(Path(directory), root).items():
            wall = _wall(command, root, args.runs)
            imports, modules, heavy = _import_profile(command, root)
            print(f"{name:<32}{wall:>8.2f}{imports:>11.2f}{modules:>9,}  {', '.join(sorted(heavy)) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
