"""The harness's figures as Markdown: the rule, one summary row per figure, and each figure's cells."""

from __future__ import annotations

from bench.harness.rules import MONTE_CARLO_ERRORS, TOLERANCE, WINDOW, IntervalResult, PromiseResult, VerdictResult
from bench.harness.run import Measured, worst

SUMMARY_HEADER = ("figure", "kind", "pages", "method", "level", "cells", "breaking the rule", "worst cell",
                  "there", "mark")
ALL_CELLS_UP_TO = 60  # a figure with more cells lists those that break the rule and its worst ones
WORST_LISTED = 8


def pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def rule_text() -> list[str]:
    return [
        "The rule (issue 48). An **interval**'s coverage, averaged over true rates within "
        f"±{WINDOW:g} of each fixed truth (Wilson's own oscillation smoothed, not the whole of [0, 1]), is at least "
        f"its level minus {100 * TOLERANCE:g} points (a simulated one within {MONTE_CARLO_ERRORS:g} Monte Carlo "
        "standard errors of that); its coverage at the fixed truth itself is printed beside it. "
        "A **verdict**'s false rate at its null (a one-sided verdict's worst null is at the threshold) is at most "
        "its level, and its power at a stated true difference is printed beside the power of the best valid "
        "procedure. Figures computed exactly from the binomial probabilities have no Monte Carlo error; a simulated "
        f"one may miss its bound by at most {MONTE_CARLO_ERRORS:g} Monte Carlo standard errors (stated in each "
        "table). Fixed truths 0.5, 0.6, 0.7, 0.8, 0.9 and 0.95 (and each threshold a slider allows, for verdicts); "
        "cases of 1 to 12 units drawn uniformly (unequal); within-case correlation 0 to 0.5; dimension correlation "
        "0 to 0.9. Below the size a page draws a figure from it is WITHHELD there: measured, not judged.",
    ]


def _value(m: Measured) -> str:
    r = m.result
    if isinstance(r, IntervalResult):
        return f"coverage {pct(r.window)} over the window ({pct(r.at_truth)} at the truth)"
    if isinstance(r, VerdictResult):
        power = "" if r.power is None else f"; power {pct(r.power)}" + (
            "" if r.best is None else f" (best valid {pct(r.best)})")
        return f"false {pct(r.false)} (level {pct(r.level)}){power}"
    assert isinstance(r, PromiseResult)
    return f"power {pct(r.achieved)} at the {r.n} promised (promised {pct(r.promised)})"


def _level(figure) -> str:
    if figure.level is None:
        return "none stated"
    return pct(figure.level) if figure.kind == "interval" else f"at most {pct(1 - figure.level)} false"


def summary_row(measured: list[Measured]) -> list[str]:
    figure = measured[0].figure
    bad = [m for m in measured if not m.holds]
    w = worst(measured)
    return [f"`{figure.id}`", figure.kind, ", ".join(figure.pages), figure.method,
            _level(figure), str(len(measured)), str(len(bad)),
            w.cell.label(), _value(w), w.mark]


def _columns(measured: list[Measured]) -> list[str]:
    names = list(dict.fromkeys(name for m in measured for name in m.cell.settings))
    first = measured[0].result
    if isinstance(first, IntervalResult):
        tail = ["coverage over the window", "at the truth", "Monte Carlo error", "level", "mark"]
    elif isinstance(first, VerdictResult):
        tail = ["false", "level", "Monte Carlo error", "power", "best valid power", "mark"]
    else:
        tail = ["pairs promised", "power there", "promised", "Monte Carlo error", "mark"]
    return ["truth", "n", *names, *tail]


def _cells(m: Measured, names: list[str]) -> list[str]:
    r = m.result
    settings = m.cell.settings
    row: list[str] = [f"{m.cell.truth:g}", str(m.cell.n),
                      *(f"{settings[name]:g}" if name in settings else "" for name in names)]
    error = "exact" if r.repeats is None else f"{100 * r.error:.2f} points ({r.repeats} draws)"
    if isinstance(r, IntervalResult):
        return [*row, pct(r.window), pct(r.at_truth), error, pct(r.level), m.mark]
    if isinstance(r, VerdictResult):
        return [*row, pct(r.false), pct(r.level), error, pct(r.power), pct(r.best), m.mark]
    assert isinstance(r, PromiseResult)
    return [*row, str(r.n), pct(r.achieved), pct(r.promised), error, m.mark]


def figure_section(measured: list[Measured]) -> list[str]:
    figure = measured[0].figure
    header = _columns(measured)
    names = header[2:len(header) - (5 if isinstance(measured[0].result, (IntervalResult, PromiseResult)) else 6)]
    shown = measured
    note = f"All {len(measured)} cells."
    if len(measured) > ALL_CELLS_UP_TO:
        ranked = sorted(measured, key=lambda m: m.margin)
        keep = {id(m) for m in ranked[:WORST_LISTED]} | {id(m) for m in measured if not m.holds}
        shown = [m for m in measured if id(m) in keep]
        note = (f"{len(shown)} of {len(measured)} cells: those breaking the rule and the {WORST_LISTED} nearest to "
                "it.")
    pages = ", ".join(figure.pages)
    lines = ["", f"### `{figure.id}`", "",
             f"{figure.method}; {figure.unit}, n {figure.n[0]} to {figure.n[1]} on the page ({pages}), drawn from "
             f"{figure.drawn_from}; level {_level(figure)}. {note}",
             "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cells(m, names)) + " |" for m in shown]
    return lines
