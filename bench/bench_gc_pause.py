"""How long a full garbage collection holds a server process's GIL, with and without what it loaded frozen.

    .venv/bin/python bench/bench_gc_pause.py [--rounds 10]

The process imports what a server running the app has loaded at its first page run (Streamlit, the app's frame and
views, the core, the store, pandas, plotly, statsmodels, scipy), runs each page once in AppTest so that their lazy
imports happen too, then times ``gc.collect()`` in CPU time of this process, interleaved: A the objects unfrozen (as
the collector ran every 30 s before ``ui/frame/memory.py`` froze them), B frozen (:func:`gc.freeze`, what
``start_collector`` does now). Prints the median of each, their ratio, the objects tracked and the load average.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _load_the_app() -> None:
    logging.disable(logging.WARNING)  # AppTest's "no ScriptRunContext" lines
    from streamlit.testing.v1 import AppTest

    from ui.frame.navigation import PAGES

    for page in PAGES:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.switch_page(page.script)
        at.run()


def _collect_ms() -> float:
    start = time.process_time()
    gc.collect()
    return (time.process_time() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    _load_the_app()
    gc.collect()
    unfrozen, frozen = [], []
    for _ in range(args.rounds):  # A B A B
        gc.unfreeze()
        unfrozen.append(_collect_ms())
        gc.freeze()
        frozen.append(_collect_ms())
    tracked = gc.get_freeze_count()
    a, b = statistics.median(unfrozen), statistics.median(frozen)
    load = os.getloadavg()
    print(f"objects frozen: {tracked}")
    print(f"full collection, CPU ms (median of {args.rounds}, interleaved): unfrozen {a:.1f}, frozen {b:.2f}; "
          f"frozen / unfrozen {b / a:.3f}")
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
