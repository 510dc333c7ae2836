"""A check for any page with RAG cases: only labels changed since the data was loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.lessons.checks.snapshot import CheckResult, Snapshot, _missing, _ok
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagDataset, Unit


def _unit_key(unit: Unit) -> tuple[object, ...]:
    return unit.id, unit.text, dict(unit.extra), dict(unit.judge)


def _label_difference(now: RagDataset, loaded: RagDataset) -> tuple[CheckResult | None, int]:
    """(what differs beyond labels, or None; how many labels differ)."""
    if [c.id for c in now.cases] != [c.id for c in loaded.cases]:
        return _missing("cases_differ", now=len(now.cases), loaded=len(loaded.cases)), 0
    changed = 0
    for case, before in zip(now.cases, loaded.cases, strict=True):
        for part in ("question", "answer", "metadata", "extra"):
            if getattr(case, part) != getattr(before, part):
                return _missing("not_only_labels", case=case.id, what=part), 0
        for kind in UNIT_KINDS:
            units, units_before = case.units(kind), before.units(kind)
            if [_unit_key(u) for u in units] != [_unit_key(u) for u in units_before]:
                return _missing("not_only_labels", case=case.id, what=kind), 0
            changed += sum(1 for u, b in zip(units, units_before, strict=True)
                           for name in LABEL_FIELDS[kind] if u.label(name) != b.label(name))
    return None, changed


def labels_changed_only(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when the data has the loaded cases with only labels changed (at least ``at_least`` of them).

    Same cases in the same order, and in each the same question, answer, metadata and other keys,
    and the same units (ids, texts, judge verdicts, other keys); only the labels ``relevant``,
    ``supported``, ``correct`` and ``covered`` may differ. The dataset's own keys (the workbench's
    revision log) are not compared: logging a label change is part of changing it. On the
    agreement page both annotators' files are compared, on the compare page both systems'.
    """
    if snapshot.original is None:
        return _missing("nothing_to_compare")
    pairs = (zip(snapshot.data, snapshot.original, strict=True) if snapshot.page in ("agreement", "compare")
             else ((snapshot.data, snapshot.original),))
    changed = 0
    for now, loaded in pairs:
        problem, count = _label_difference(now, loaded)
        if problem is not None:
            return problem
        changed += count
    if changed < params["at_least"]:
        return _missing("too_few_label_changes", changed=changed, needed=params["at_least"])
    return _ok("only_labels_changed", changed=changed)


# ---------------------------------------------------------------- the threshold explorer
