"""Record ppi-python's own PPI and PPI++ results on seeded random data, as the oracle
tests/core/stats/test_ppi.py reads.

ppi-python is not a dependency of the project, not even for tests: its wheel installs a
top-level ``tests`` package into site-packages (which hides this project's ``tests`` package),
it pulls numba, llvmlite and scikit-learn (about 270 MB), and importing it runs
``warnings.simplefilter("ignore")`` for the whole process. So it is installed apart, and this
script is run once to write ``tests/data/ppi_py_reference.json``:

    .venv/bin/pip install --target /tmp/ppi-python --no-deps ppi-python==0.2.3 numba==0.68.1 \\
        llvmlite==0.50.0 scikit-learn==1.9.1 threadpoolctl==3.8.0
    PYTHONPATH=/tmp/ppi-python .venv/bin/python bench/ppi_py_reference.py

The inputs are not stored: ``random_problems`` rebuilds them from the seed, and the file keeps
a fingerprint of each problem so that a change in numpy's random streams is caught, not
mistaken for a wrong formula.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "tests" / "data" / "ppi_py_reference.json"
SEED = 20240611
COUNT = 150


def random_problems(seed: int = SEED, count: int = COUNT) -> list[dict]:
    """Seeded labels, judge verdicts on them and on unlabelled units, of varied sizes, rates and accuracies."""
    rng = np.random.default_rng(seed)
    problems = []
    for _ in range(count):
        n = int(rng.integers(2, 300))
        m = int(rng.integers(1, 5000))
        rate, accuracy = rng.random(), rng.uniform(0.4, 1.0)
        labels = rng.random(n) < rate
        judge = np.where(rng.random(n) < accuracy, labels, ~labels)
        unlabelled = rng.random(m) < np.clip(rate + rng.normal(0, 0.1), 0, 1)
        problems.append({"labels": labels.astype(int).tolist(), "judge": judge.astype(int).tolist(),
                         "unlabelled": unlabelled.astype(int).tolist(), "confidence": float(rng.uniform(0.5, 0.99))})
    return problems


def fingerprint(problem: dict) -> list[float]:
    return [len(problem["labels"]), sum(problem["labels"]), sum(problem["judge"]), len(problem["unlabelled"]),
            sum(problem["unlabelled"]), problem["confidence"]]


def main() -> None:
    from importlib.metadata import version

    import ppi_py  # imported here only, in this script's own process: it silences every warning

    results = []
    for problem in random_problems():
        y, f, g = (np.array(problem[k], dtype=float) for k in ("labels", "judge", "unlabelled"))
        row = {"fingerprint": fingerprint(problem)}
        for name, lam in (("plain", 1), ("tuned", None)):
            low, high = ppi_py.ppi_mean_ci(y, f, g, alpha=1 - problem["confidence"], lam=lam)
            estimate = ppi_py.ppi_mean_pointestimate(y, f, g, lam=lam)
            row[name] = [float(np.ravel(estimate)[0]), float(np.ravel(low)[0]), float(np.ravel(high)[0])]
        results.append(row)
    REFERENCE.parent.mkdir(parents=True, exist_ok=True)
    REFERENCE.write_text(json.dumps({"ppi_python": version("ppi-python"), "numpy": np.__version__, "seed": SEED,
                                     "count": COUNT, "results": results}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(results)} problems to {REFERENCE.relative_to(ROOT)} (ppi-python {version('ppi-python')})")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
