"""Shared by the pages' wording tests at n = 1, 2, 3 and 30 (issue 36): every text on screen, oracles that do not go
through the code under test (statsmodels' Wilson interval, exact binomial sums), and docs/coverage.md's measured
table, so that a sentence stating a level can be checked against the figure it rests on."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pandas as pd
from scipy.stats import binom
from statsmodels.stats.proportion import proportion_confint
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT, shown
from ui.i18n import format_percent

SIZES = (1, 2, 3, 30)
LANGUAGES = ("en", "es")
NAN = re.compile(r"\bnan\b", re.IGNORECASE)


def opened(page: str, language: str) -> AppTest:
    """The app on ``page`` in ``language`` (the link's ``lang``, as the compare sizes test opens it)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = language
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def elements(at: AppTest) -> Iterator[tuple[str, str]]:
    """``(type, text)`` of every element of the page in the order drawn (labels, values; a table as text)."""

    def walk(node) -> Iterator[tuple[str, str]]:
        kind = getattr(node, "type", type(node).__name__)
        if editable(node):
            kind = "data_editor"
        seen: list[str] = []
        for attribute in ("label", "value", "body"):
            try:
                value = getattr(node, attribute)
            except Exception:
                continue
            text = (shown(value) if isinstance(value, str) else
                    value.astype(str).to_string() if isinstance(value, pd.DataFrame) else "")
            if text and text not in seen:  # a markdown's body is its value again
                seen.append(text)
                yield kind, text
        for child in getattr(node, "children", {}).values():
            yield from walk(child)

    yield from walk(at._tree)


def editable(node) -> bool:
    """A data editor (a label table, whose empty cell is an empty checkbox on screen), not a table of results."""
    proto = getattr(node, "proto", None)
    return getattr(proto, "editing_mode", 0) != 0  # Dataframe.EditingMode.READ_ONLY is 0


def page_text(at: AppTest) -> str:
    """Every text a person reads, label tables left out."""
    return "\n".join(text for kind, text in elements(at) if kind != "data_editor")


def assert_no_nan(at: AppTest) -> None:
    """Nothing reads NaN (nor a results table's cell None or NaN): a figure over no unit is N/A."""
    text = page_text(at)
    assert not NAN.search(text), NAN.search(text)
    for frame in at.dataframe:
        if not editable(frame):
            assert not frame.value.isna().any().any(), frame.value


def boxes(at: AppTest) -> list[str]:
    return [shown(b.value) for kind in ("success", "error", "info", "warning") for b in getattr(at, kind)]


def wilson(successes: int, total: int, confidence: float = 0.95) -> tuple[float, float]:
    """The oracle: statsmodels' Wilson interval, clipped to [0, 1] with exact 0 and 1 at the ends."""
    low, high = proportion_confint(successes, total, alpha=1 - confidence, method="wilson")
    return (0.0 if successes == 0 else max(0.0, float(low)), 1.0 if successes == total else min(1.0, float(high)))


def shows_interval(text: str, successes: int, total: int, low: float, high: float, language: str) -> bool:
    """Whether ``text`` gives ``successes / total`` and then both bounds, in the reader's number style (whatever the
    sentence around them: the formatter that draws them may change)."""
    start = text.find(f"{successes} / {total}")
    if start < 0:
        return False
    first = text.find(format_percent(low, language), start)
    return first >= 0 and text.find(format_percent(high, language), first + 1 if low == high else first) >= 0


def shows_its_interval(text: str, figure: str, successes: int, total: int, language: str, level: float = 0.95) -> bool:
    """``shows_interval`` with statsmodels' Wilson bounds where the registered ``figure`` is drawn at ``total``, and
    below the size it is drawn from, the counts and rate with "interval withheld below N" (issue 48: measured not to
    hold there)."""
    from ui.i18n import translate
    from uncase_core.stats.figures import registered

    minimum = registered(figure).drawn_from
    if total >= minimum:
        low, high = proportion_confint(successes, total, alpha=1 - level, method="wilson")
        low, high = (0.0 if successes == 0 else low), (1.0 if successes == total else high)
        return shows_interval(text, successes, total, low, high, language)
    return translate(language, "value.withheld_below", successes=successes, total=total,
                     percent=format_percent(successes / total, language), minimum=minimum) in text


def threshold_false_rate(total: int, threshold: float, side: str, confidence: float = 0.95) -> float:
    """How often the Wilson threshold verdict is clear on the wrong side when the true rate sits at the threshold
    (the worst null, by continuity): ``side`` ``"fail"`` counts upper bounds below it, ``"pass"`` lower bounds above
    it. An exact binomial sum, not a simulation."""
    total_rate = 0.0
    for successes in range(total + 1):
        low, high = wilson(successes, total, confidence)
        if (high < threshold) if side == "fail" else (low > threshold):
            total_rate += float(binom.pmf(successes, total, threshold))
    return total_rate


# ---------------------------------------------------------------- docs/coverage.md


def coverage_table(heading: str) -> list[dict[str, str]]:
    """The rows of the first table under the ``###`` heading of docs/coverage.md that starts with ``heading``, each
    a mapping from the column's title to the cell."""
    lines = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("### ") and line[4:].startswith(heading))
    rows = []
    header: list[str] | None = None
    for line in lines[start + 1:]:
        if line.startswith("### "):
            break
        if not line.startswith("|"):
            if header is not None and rows:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set(line) <= set("|- "):
            rows.append(dict(zip(header, cells, strict=True)))
    assert rows, f"no table under {heading!r} in docs/coverage.md"
    return rows


def coverage_caption(figure_id: str) -> str:
    """The line under the ``### `figure_id``` heading of docs/coverage.md: what the figure is, its sizes, from
    which n it is drawn, and its level."""
    lines = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"### `{figure_id}`")
    return next(line for line in lines[start + 1:] if line.strip())


def summary_mark(figure_id: str) -> str:
    """The mark docs/coverage.md's summary gives the registered figure ``figure_id`` (its worst cell's)."""
    for line in (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8").splitlines():
        if line.startswith(f"| `{figure_id}` |"):
            return line.strip().strip("|").split("|")[-1].strip()
    raise AssertionError(f"{figure_id} is not in docs/coverage.md's summary")


def figure_rows(figure_id: str) -> list[dict[str, str]]:
    """The rows of the cells table of the registered figure ``figure_id`` in docs/coverage.md."""
    return coverage_table(f"`{figure_id}`")


def percent_cell(cell: str) -> float:
    """``95.7%`` or ``96.2% (83.8%)`` -> 95.7 (the mean, before any worst case in brackets)."""
    return float(cell.split("%")[0])
