"""``python -m uncase_core rag FILE``: its wall time against ``import pandas``, and its peak memory against the file.

    .venv/bin/python bench/bench_cli_rag.py [--root DIR] [--runs N] [--sizes 1000,10000]

Time: ``rag`` on a 10-case synthetic file (``bench/synthetic_rag.py``) and ``python -c "import pandas"``, each in a
fresh process, interleaved A B A B ``--runs`` times (default 9); prints both medians, their ratio and the load
average before and after (another process on the machine moves both alike, which interleaving shares out).

Memory, for each size in ``--sizes``: ``rag`` on a synthetic file of that many cases, one process each, two
figures, each divided by the file's size:

- traced: the peak of ``tracemalloc`` over the whole process (started before ``uncase_core`` is imported, so the
  libraries' own Python objects count too), from a wrapper that runs the module as ``-m`` would;
- RSS: the process's high-water mark of resident memory (``VmHWM``) less a bare interpreter's: native
  libraries' code and data count here (numpy alone is about 17 MB), which is why it stays far above the traced
  figure for small files.

Each is also shown less the 10-case run's (what the libraries and the code take whatever the file), over the file.

``--root`` points at another copy of the project (``git archive`` of an older commit unpacked somewhere) to
measure it with the same inputs and the same interpreter.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.synthetic_rag import synthetic_dataset  # noqa: E402
from uncase_core.rag.cases import dataset_to_text  # noqa: E402

# Runs the module as -m would, then says its peak: tracemalloc's, or the kernel's high-water mark of resident memory
# (VmHWM; not wait4's ru_maxrss, which also counts the forking parent's memory from before the exec).
WRAPPER = """
import runpy, sys, tracemalloc
if sys.argv[1] == "traced":
    tracemalloc.start()
traced = sys.argv[1] == "traced"
sys.argv = ["uncase_core", *sys.argv[2:]]
try:
    if sys.argv[1:]:
        runpy.run_module("uncase_core", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
if traced:
    sys.stderr.write(f"\\nPEAK {tracemalloc.get_traced_memory()[1]}\\n")
else:
    with open("/proc/self/status") as status:
        kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    sys.stderr.write(f"\\nPEAK {kb * 1024}\\n")
"""


def _load() -> str:
    return "/".join(f"{value:.1f}" for value in os.getloadavg())


def _peak(how: str, args: list[str], root: Path) -> int:
    """The peak in bytes (``how``: ``traced`` or ``rss``) of ``python -m uncase_core ARGS`` (no ARGS: a bare
    interpreter)."""
    done = subprocess.run([sys.executable, "-c", WRAPPER, how, *args], cwd=root, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    return int(next(line.split()[1] for line in done.stderr.splitlines() if line.startswith("PEAK ")))


def _timed(args: list[str], root: Path) -> float:
    start = time.perf_counter()
    subprocess.run(args, cwd=root, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the project copy to measure (default: this one)")
    parser.add_argument("--runs", type=int, default=9, help="interleaved pairs of timed runs (median shown)")
    parser.add_argument("--sizes", default="1000,10000", help="case counts for the memory figures, comma-separated")
    args = parser.parse_args()
    root = args.root.resolve()
    os.environ.pop("PYTHONPATH", None)
    python = sys.executable
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        files = {}
        for cases in (10, *(int(size) for size in args.sizes.split(",") if size)):
            files[cases] = work / f"rag_{cases}.jsonl"
            files[cases].write_text(dataset_to_text(synthetic_dataset(cases)), encoding="utf-8")
        rag = [python, "-m", "uncase_core", "rag", str(files[10]), "--exit-zero"]
        pandas = [python, "-c", "import pandas"]
        print(f"python -m uncase_core rag, {root}")
        print(f"time: rag on 10 cases vs import pandas, interleaved A B A B, {args.runs} pairs; load {_load()}")
        times: dict[str, list[float]] = {"rag": [], "pandas": []}
        for _ in range(args.runs):
            times["rag"].append(_timed(rag, root))
            times["pandas"].append(_timed(pandas, root))
        rag_s, pandas_s = statistics.median(times["rag"]), statistics.median(times["pandas"])
        print(f"  rag {rag_s:.3f} s, import pandas {pandas_s:.3f} s: ratio {rag_s / pandas_s:.2f} "
              f"(pair by pair {min(a / b for a, b in zip(times['rag'], times['pandas'], strict=True)):.2f}-"
              f"{max(a / b for a, b in zip(times['rag'], times['pandas'], strict=True)):.2f}); load {_load()}")
        bare = _peak("rss", [], root)
        print(f"memory (bare interpreter's max RSS {bare / 1e6:.1f} MB); load {_load()}")
        print(f"  {'cases':>7}{'file MB':>9}{'traced MB':>11}{'x file':>8}{'above 10':>10}{'RSS-bare MB':>13}"
              f"{'x file':>8}{'above 10':>10}")
        small: tuple[int, int] | None = None
        for cases, path in files.items():
            size = path.stat().st_size
            rss = _peak("rss", ["rag", str(path), "--exit-zero"], root) - bare
            traced = _peak("traced", ["rag", str(path), "--exit-zero"], root)
            small = small or (traced, rss)  # the 10-case run: what the libraries and the code take whatever the file
            print(f"  {cases:>7,}{size / 1e6:>9.2f}{traced / 1e6:>11.1f}{traced / size:>8.1f}"
                  f"{(traced - small[0]) / size:>10.1f}{rss / 1e6:>13.1f}{rss / size:>8.1f}"
                  f"{(rss - small[1]) / size:>10.1f}")
        print("  x file: the peak over the file's size; above 10: the peak less the 10-case run's, over the file")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
