"""Does every interval the app draws cover as often as it says, and every verdict hold its level, at the true rates
people meet? The full run of the coverage harness (``bench/harness/``, issue 48): every figure registered in
``uncase_core/stats/figures.py``, simulated at fixed truths by its id.

    .venv/bin/python bench/coverage.py [--only ID ...] [--write docs/coverage.md]

Prints one line per figure (its worst cell), and with ``--write`` writes the Markdown report: the rule, one row per
registered figure with its worst cell, the figures without a simulation, then each figure's cells (all of them where
they are few; else those that break the rule and the worst ones). With ``--only``, the figures named are re-measured
and every other figure's row and cells are kept from the file as the earlier run wrote them, the header saying so.
Seeded: the same command prints the same figures.
CI runs a reduced version (``tests/harness/test_reduced_harness.py``).
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.harness.registry import NOT_SIMULATED, SIMULATIONS  # noqa: E402
from bench.harness.report import SUMMARY_HEADER, figure_section, rule_text, summary_row  # noqa: E402
from bench.harness.run import measure, worst  # noqa: E402
from uncase_core.stats.figures import FIGURES  # noqa: E402

OWN_SECTIONS = ("## Every registered figure", "## Registered figures not simulated yet", "## Each figure's cells")


def kept_sections(path: Path) -> list[str]:
    """The ``## `` sections of the file at ``path`` that this script does not write (the tables other scripts of
    ``bench/`` write into the same file, each replacing its own section), each to the next ``## `` heading: kept as
    they are when this one rewrites the file."""
    if not path.exists():
        return []
    kept, keeping = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            keeping = not line.startswith(OWN_SECTIONS)
            if keeping:
                kept.append("")
        if keeping:
            kept.append(line)
    return kept


def earlier_figures(path: Path) -> tuple[dict[str, str], dict[str, list[str]], str]:
    """What an earlier full run wrote at ``path``: each figure's summary row and cells section by id, and the line
    that says which command made it; empty where there is no such file. ``--only`` re-measures a few figures and
    keeps every other figure's row and section as they were, so the report never shrinks to the figures re-run."""
    if not path.exists():
        return {}, {}, ""
    rows: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    made_by, current = "", None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("`.venv/bin/python bench/coverage.py") and not made_by:
            made_by = line
        if line.startswith("| `") and current is None:
            rows[line.split("`")[1]] = line
        if line.startswith("## "):
            current = None
        elif line.startswith("### `"):
            current = line.split("`")[1]
            sections[current] = []
        if current is not None:
            sections[current].append(line)
    while any(lines and not lines[-1] for lines in sections.values()):
        sections = {key: lines[:-1] if lines and not lines[-1] else lines for key, lines in sections.items()}
    return rows, {key: ["", *lines] for key, lines in sections.items()}, made_by


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*", help="figure ids to run (default: every registered figure)")
    parser.add_argument("--write", type=Path)
    args = parser.parse_args()
    chosen = args.only or list(SIMULATIONS)
    started, cpu = time.time(), time.process_time()
    summary_rows: dict[str, list[str]] = {}
    figure_sections: dict[str, list[str]] = {}
    for figure_id in chosen:
        before = time.process_time()
        measured = measure(figure_id)
        bad = sum(1 for m in measured if not m.holds)
        print(f"{figure_id}: {len(measured)} cells, {bad} breaking the rule, worst {worst(measured).cell.label()} "
              f"({time.process_time() - before:.0f} s CPU)", flush=True)
        summary_rows[figure_id] = summary_row(measured)
        figure_sections[figure_id] = figure_section(measured)
    load = os.getloadavg()
    print(f"\n{time.time() - started:.0f} s ({time.process_time() - cpu:.0f} s CPU); load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    if not args.write:
        return
    command = "`.venv/bin/python bench/coverage.py --write docs/coverage.md`"
    made_by = (f"{command} ({datetime.date.today().isoformat()}, {time.process_time() - cpu:.0f} s of CPU, load "
               f"average {load[0]:.1f} on {os.cpu_count()} cores); seeded, so the same command writes the same "
               "figures. Every interval and verdict a page draws is registered in `uncase_core/stats/figures.py`; "
               "the harness (`bench/harness/`) simulates each by its id, and CI runs a few cells of each "
               "(`tests/harness/test_reduced_harness.py`).")
    rows, sections = {}, {}
    if args.only:
        rows, sections, earlier = earlier_figures(args.write)
        if earlier:
            made_by = (f"{earlier} Re-run since with `--only {' '.join(args.only)}` "
                       f"({datetime.date.today().isoformat()}, {time.process_time() - cpu:.0f} s of CPU).")
    order = [figure_id for figure_id in FIGURES if figure_id in summary_rows or figure_id in rows]
    summary = ["| " + " | ".join(summary_rows[f]) + " |" if f in summary_rows else rows[f] for f in order]
    cells = [line for f in order for line in (figure_sections[f] if f in figure_sections else sections.get(f, []))]
    lines = ["# Coverage and false verdicts, by simulation at fixed truths", "", made_by, "", *rule_text(), "",
             "## Every registered figure, with its worst cell", "",
             "| " + " | ".join(SUMMARY_HEADER) + " |", "|" + "---|" * len(SUMMARY_HEADER), *summary]
    missing = [figure_id for figure_id in FIGURES if figure_id not in SIMULATIONS]
    if missing:
        lines += ["", "## Registered figures not simulated yet", ""]
        lines += [f"- `{figure_id}` ({', '.join(FIGURES[figure_id].pages)}): {NOT_SIMULATED[figure_id]}"
                  for figure_id in missing]
    lines += ["", "## Each figure's cells", *cells, *kept_sections(args.write)]
    args.write.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written to {args.write}")


if __name__ == "__main__":
    main()
