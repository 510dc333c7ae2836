"""The dataset workbench's checks: the leaked pair, the stratum a pooled figure hides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uncase_core.datasets.leakage import find_similar
from uncase_core.datasets.workbench import strata
from uncase_core.lessons.checks.snapshot import (
    CheckResult,
    Snapshot,
    _answer_texts,
    _AnswerError,
    _case_ids,
    _missing,
    _ok,
)


def leaked_pair(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: name a pair of cases that leaks across splits. Right when it is one of the core's leakage pairs.

    Pairs come from :func:`uncase_core.datasets.leakage.find_similar` with the page's n-gram length and
    cutoff (the person's settings); ``kind`` asks for an ``"exact"`` or ``"near"`` duplicate, or ``"any"``.
    """
    given = _answer_texts(answer, "case")
    if len(given) != 2:
        raise _AnswerError("answer_expected_two_case_ids")
    known = set(_case_ids(snapshot))
    for case in given:
        if case not in known:
            return _missing("unknown_case", case=case)
    report = find_similar(snapshot.data.cases, n=snapshot.setting("wb_ngram"), cutoff=snapshot.setting("wb_cutoff"))
    kind = params["kind"]
    wanted = [p for p in report.leakage if kind in ("any", p.kind)]
    if not wanted:
        return _missing("no_leak_in_data")
    a, b = sorted(given)
    for pair in report.leakage:
        if (pair.a, pair.b) == (a, b):
            if kind in ("any", pair.kind):
                return _ok("pair_leaks", a=a, b=b)
            return _missing("pair_other_kind", a=a, b=b, kind=pair.kind)
    for pair in report.duplicates:
        if (pair.a, pair.b) == (a, b):
            return _missing("pair_in_one_split", a=a, b=b, split=pair.split_a)
    return _missing("pair_not_similar", a=a, b=b)


def _stratum_field(snapshot: Snapshot, params: Mapping[str, Any]) -> str:
    return params["field"] or snapshot.setting("wb_field")


def hidden_stratum(snapshot: Snapshot, params: Mapping[str, Any], answer: object) -> CheckResult:
    """Question: which value of ``field`` fails while the whole dataset passes? Right for any such stratum.

    Strata come from :func:`uncase_core.datasets.workbench.strata` with document 001's thresholds and the
    page's minimum of units; ``field`` is the page's choice when not given; with ``metric`` given,
    the stratum must fail on that metric.
    """
    if not isinstance(answer, str):
        raise _AnswerError("answer_expected_stratum")
    name = _stratum_field(snapshot, params)
    result = strata(snapshot.data.cases, name, min_units=snapshot.setting("wb_min_units"))
    hidden = [h for h in result.hidden_failures if params["metric"] in (None, h.metric)]
    if not hidden:
        return _missing("no_hidden_failure", field=name)
    if answer not in {s.value for s in result.strata}:
        return _missing("unknown_stratum", field=name, value=answer)
    metrics = [h.metric for h in hidden if h.value == answer]
    if not metrics:
        return _missing("stratum_not_hidden_failure", value=answer, field=name)
    return _ok("stratum_fails_hidden", value=answer, metric=metrics[0], field=name)


# ---------------------------------------------------------------- judge and hand labels
