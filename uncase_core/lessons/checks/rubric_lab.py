"""The rubric lab's checks: the filters set, stability raised by filtering, the items removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from uncase_core.errors import term
from uncase_core.lessons.checks.snapshot import (
    TERMS,
    CheckResult,
    Snapshot,
    _AnswerError,
    _filter_settings,
    _missing,
    _ok,
)
from uncase_core.rubrics.lab import analyse
from uncase_core.shared.choices import RUBRIC_FILTERS


def rubric_filters_set(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when exactly the filters in ``on`` are switched on (an empty list: every filter off)."""
    enabled = _filter_settings(snapshot).enabled
    for name in RUBRIC_FILTERS:
        if name in params["on"] and name not in enabled:
            return _missing("filter_should_be_on", filter=name)
        if name in enabled and name not in params["on"]:
            return _missing("filter_should_be_off", filter=name)
    return _ok("filters_as_asked")


def _mean_figure(values: Mapping[str, float | None]) -> float | None:
    present = [v for v in values.values() if v is not None]
    return sum(present) / len(present) if present else None


def filters_raise_stability(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when filtering raises the judges' mean rank agreement by more than ``min_gain``.

    The figure is the mean over judge pairs of Spearman's or Kendall's coefficient (``figure``), as
    the page shows it, after filtering against before; every filter in ``filters`` must be on.
    """
    settings = _filter_settings(snapshot)
    for name in params["filters"]:
        if name not in settings.enabled:
            return _missing("filter_should_be_on", filter=name)
    analysis = analyse(snapshot.data, settings)
    before = _mean_figure(getattr(analysis.stability_before, params["figure"]))
    after = _mean_figure(getattr(analysis.stability_after, params["figure"]))
    if before is None or after is None:
        return _missing("stability_not_available")
    if after - before <= params["min_gain"]:
        return _missing("stability_not_raised", before=before, after=after)
    return _ok("stability_raised", before=before, after=after)


def _answer_items(answer: object) -> list[tuple[str, str]]:
    if isinstance(answer, str) or not isinstance(answer, list | tuple):
        raise _AnswerError("answer_expected_list", what=term("answer.list.item", TERMS))
    items = []
    for pair in answer:
        if isinstance(pair, str) or not isinstance(pair, list | tuple) or len(pair) != 2 or not all(
                isinstance(part, str) for part in pair):
            raise _AnswerError("answer_expected_list", what=term("answer.list.item", TERMS))
        items.append((pair[0], pair[1]))
    if len(set(items)) != len(items):
        raise _AnswerError("answer_given_twice", what=term("answer.one.item", TERMS))
    return items


def _rubric_items(verdicts: pd.DataFrame) -> tuple[tuple[str, str], ...]:
    pairs = verdicts[["prompt", "item"]].drop_duplicates()
    return tuple(sorted((str(p), str(i)) for p, i in zip(pairs["prompt"], pairs["item"], strict=True)))


def removed_items(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: name items the ``filter`` filter removes. Right when each named one is removed by it.

    The filter is computed on its own with the person's rule and cut-offs (whatever the other
    switches say). At least ``at_least`` items must be named; with ``all``, every removed one.
    """
    given = _answer_items(answer)
    name = params["filter"]
    removed = analyse(snapshot.data, _filter_settings(snapshot, (name,))).removed_keys(name)
    if not removed:
        return _missing("filter_removes_nothing", filter=name)
    known = set(_rubric_items(snapshot.data))
    for prompt, item in given:
        if (prompt, item) not in known:
            return _missing("unknown_item", prompt=prompt, item=item)
        if (prompt, item) not in removed:
            return _missing("item_not_removed", prompt=prompt, item=item, filter=name)
    if params["all"] and len(removed - set(given)):
        return _missing("items_missed", count=len(removed - set(given)))
    if len(given) < params["at_least"]:
        return _missing("too_few_items", given=len(given), needed=params["at_least"])
    return _ok("items_removed", count=len(given))


# ---------------------------------------------------------------- annotator agreement
