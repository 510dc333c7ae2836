"""The dataset workbench's red "fails ... (clear)" boxes per stratum on the built-in dataset's shape (issue 48, finding
3): every unit relabelled at random from known truths, the page's own function deciding, the share of datasets
with at least one red box (family-wise over strata and dimensions) and its power with strata truly below."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from bench.harness.pooled import VerdictRate
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE


def relabelled(dataset, truths: Mapping[str, float], correlation: float, rng: np.random.Generator,
               shifted: Mapping[tuple[str, str], float] | None = None, field: str = ""):
    """``dataset`` (a :class:`uncase_core.rag.cases.RagDataset`) with every unit of every dimension relabelled at
    random: each case draws its own rate per dimension from a beta distribution of mean ``truths[dimension]`` and
    intra-case correlation ``correlation`` (0: the truth itself), then each unit passes at that rate. ``shifted``
    maps ``(stratum value of field, dimension)`` to another true mean for that stratum's cases (the power's truth).
    The cases, their units and metadata are kept: the shape of a real dataset, with known truths."""
    from uncase_core.datasets.workbench import metadata_value
    from uncase_core.rag.cases import RagDataset
    from uncase_core.rag.evaluation import METRIC_UNITS

    cases = []
    for case in dataset.cases:
        for name, truth in truths.items():
            if shifted:
                truth = shifted.get((metadata_value(case, field), name), truth)
            if correlation > 0:
                spread = (1.0 - correlation) / correlation
                rate = rng.beta(max(truth * spread, 1e-9), max((1.0 - truth) * spread, 1e-9))
            else:
                rate = truth
            kind, label = METRIC_UNITS[name]
            units = tuple(unit.with_label(label, bool(rng.random() < rate)) for unit in case.units(kind))
            case = case.with_units(kind, units)
        cases.append(case)
    return RagDataset(tuple(cases))


def workbench_red_rate(dataset, field: str, correlation: float, repeats: int = 400, seed: int = 0,
                       shifted: Mapping[tuple[str, str], float] | None = None) -> VerdictRate:
    """The dataset workbench's red "fails ... (clear)" boxes per stratum
    (:func:`uncase_core.datasets.workbench.strata`, as the page calls it), over datasets of ``dataset``'s shape
    relabelled at document 001's thresholds (:func:`relabelled`): the share with at least one red box. With every
    stratum's truth at its threshold no stratum truly fails, so this is the family-wise false rate over strata and
    dimensions; with ``shifted`` strata below it, the chance the page names one of them (its power)."""
    from uncase_core.datasets.workbench import strata
    from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS

    rng = np.random.default_rng(seed)
    red = 0
    for _ in range(repeats):
        result = strata(relabelled(dataset, DEFAULT_THRESHOLDS, correlation, rng, shifted, field), field)
        if shifted:
            red += any(h.certainty == "clear" and (h.value, h.metric) in shifted for h in result.hidden_failures)
        else:
            red += any(h.certainty == "clear" for h in result.hidden_failures)
    return VerdictRate(rate=red / repeats, repeats=repeats, level=1.0 - DEFAULT_CONFIDENCE)

