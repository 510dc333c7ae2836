"""The agreement page's check: raw agreement up while kappa goes down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.agreement.pairs import match_labels
from uncase_core.lessons.checks.snapshot import CheckResult, Snapshot, _missing, _ok


def agreement_up_kappa_down(snapshot: Snapshot, params: Mapping[str, Any]) -> CheckResult:
    """Holds when raw agreement is higher and Cohen's kappa lower than for the pair as loaded.

    Both on the label ``field`` (a label name, or ``"all"`` for every label together; the page's
    choice when not given), with :func:`uncase_core.agreement.pairs.match_labels`.
    """
    if snapshot.original is None:
        return _missing("nothing_to_compare")
    chosen = params["field"] or snapshot.setting("agr_field")
    label = None if chosen == "all" else chosen
    before = match_labels(*snapshot.original, field=label).agreement()
    after = match_labels(*snapshot.data, field=label).agreement()
    if before.kappa is None or after.kappa is None:
        return _missing("kappa_not_defined")
    if after.agreement <= before.agreement:
        return _missing("agreement_not_higher", before=before.agreement, after=after.agreement)
    if after.kappa >= before.kappa:
        return _missing("kappa_not_lower", before=before.kappa, after=after.kappa)
    return _ok("agreement_up_kappa_down", agreement_before=before.agreement, agreement_after=after.agreement,
               kappa_before=before.kappa, kappa_after=after.kappa)


# ---------------------------------------------------------------- the dataset workbench
