"""Is B really better? Two systems labelled on the same cases: the paired 2x2 table with Bonett and Price's
interval and the exact McNemar p-value, the pairs a difference needs (Connor 1987), and the comparison of every RAG
dimension with pooled proportions, a case bootstrap, flipped cases, strata and a verdict.

Modules: ``paired`` (the table, its difference and sample size), ``systems`` (two systems on the same cases),
``edits`` (label records of either system), ``blind`` (both systems' answers as one set of cases to label blind, and
back).

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "BLIND_KEY": "blind",
    "BootstrapDifference": "systems",
    "COMPARE_NOTES": "systems",
    "CasePair": "systems",
    "DEFAULT_POWER": "paired",
    "DEFAULT_RESAMPLES": "systems",
    "DimensionComparison": "systems",
    "DimensionVerdict": "systems",
    "FlippedCase": "systems",
    "MAX_POWER": "paired",
    "MAX_RESAMPLES": "systems",
    "MAX_SEED": "systems",
    "MIN_BOOTSTRAP_CASES": "systems",
    "MIN_POWER": "paired",
    "PAIRED_NOTES": "paired",
    "PairedDifference": "paired",
    "PairedSampleSize": "paired",
    "SAMPLE_SIZE_NOTES": "paired",
    "SYSTEMS": "edits",
    "StratumPaired": "systems",
    "SystemComparison": "systems",
    "VERDICTS": "systems",
    "VERDICT_BASIS": "systems",
    "VERDICT_BASIS_PRIMARY": "systems",
    "VERDICT_TEXTS": "systems",
    "apply_system_edit": "edits",
    "blind_id": "blind",
    "blind_key": "blind",
    "blind_pair": "blind",
    "bootstrap_differences": "systems",
    "check_power": "paired",
    "compare_systems": "systems",
    "match_cases": "systems",
    "mcnemar_sample_size": "paired",
    "paired_difference": "paired",
    "paired_sample_size": "paired",
    "paired_table": "paired",
    "system_label": "edits",
    "unblind": "blind",
    "without_key": "blind",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
