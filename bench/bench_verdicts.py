"""The threshold verdicts a page says in words, at true rates exactly at each threshold (issue 48, findings 1 and 6).

Prints a Markdown section for docs/coverage.md: the threshold explorer's "Clear fail"/"Clear pass" (exact, every
slider threshold, n 1-30), the RAG page's red diagnosis banner (seeded draws, stated Monte Carlo standard error) and
the conversation page's red "Fails (clear)" (exact), each with the former rule's false rate and the power beside the
exact test's. Run: ``.venv/bin/python -m bench.bench_verdicts``. Counts only this process's own work.
"""

from __future__ import annotations

import os
import resource

from bench.harness.threshold_verdicts import SLIDER_THRESHOLDS, banner_rates, conversation_rates, explorer_rates

RAG_DEFAULTS = {"context_relevance": 0.5, "faithfulness": 0.7, "correctness": 0.7, "coverage": 0.7}


def main() -> None:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores\n")
    print("#### Threshold explorer, one dimension: worst false rate over n = 1 to 30 (exact)\n")
    print("| threshold | clear fail, worst n | clear pass, worst n | former Wilson-only rule, worst | "
          "power at 20 points below, n = 30 | exact test alone | mark |")
    print("|---|---|---|---|---|---|---|")
    for t in SLIDER_THRESHOLDS:
        rows = [explorer_rates(n, t) for n in range(1, 31)]
        fail = max(rows, key=lambda r: r.fail.rate)
        passing = max(rows, key=lambda r: r.passing.rate)
        former = max(max(r.former_fail, r.former_passing) for r in rows)
        ok = all(r.fail.holds and r.passing.holds for r in rows)
        print(f"| {t:.2f} | {fail.fail.rate:.2%} (n={fail.n}) | {passing.passing.rate:.2%} (n={passing.n}) | "
              f"{former:.1%} | {rows[-1].power:.1%} | {rows[-1].exact_power:.1%} | {'ok' if ok else 'FAILS'} |")
    print("\n#### RAG page: red diagnosis banner, every dimension at its default threshold "
          "(4,000 seeded draws, Monte Carlo standard error 0.34 points at 5%)\n")
    print("| passages, claims, facts | correlation | red, all at threshold | red, one at threshold | "
          "former banner | power, faithfulness 20 points below | exact test alone | mark |")
    print("|---|---|---|---|---|---|---|---|")
    for units in ((1, 1, 1), (5, 5, 5), (12, 12, 12), (3, 8, 4), (10, 6, 12)):
        for corr in (0.0, 0.5, 0.9):
            r = banner_rates(units, RAG_DEFAULTS, corr, repeats=4000, seed=sum(units))
            mark = "ok" if r.all_at.holds and r.one_at.holds else "FAILS"
            print(f"| {units} | {corr} | {r.all_at.rate:.2%} | {r.one_at.rate:.2%} | {r.former_all_at:.1%} | "
                  f"{r.power:.1%} | {r.alone_power:.1%} | {mark} |")
    print("\n#### Conversation page: red 'Fails (clear)' on fidelity or coherence, both at their threshold (exact), "
          "worst over 1-12 claims and 1-20 turns\n")
    print("| threshold | false rate, worst | former rule, worst | mark |")
    print("|---|---|---|---|")
    for t in (0.5, 0.7, 0.85, 0.9, 0.95):
        rows = [conversation_rates(c, u, {"fidelity": t, "coherence": t}) for c in range(1, 13) for u in (1, 6, 12, 20)]
        worst = max(rows, key=lambda r: r.false.rate)
        ok = all(r.false.holds for r in rows)
        print(f"| {t:.2f} | {worst.false.rate:.2%} ({worst.claims} claims, {worst.turns} turns) | "
              f"{max(r.former for r in rows):.1%} | {'ok' if ok else 'FAILS'} |")
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"this process's CPU: {cpu.ru_utime + cpu.ru_stime:.0f} s")


if __name__ == "__main__":
    main()
