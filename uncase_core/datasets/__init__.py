"""The dataset workbench (document 004): metadata, versions, revisions, strata, splits, and duplicates or
leakage between splits (MinHash screening).

Modules: ``workbench``, ``leakage``, ``minhash``, ``edits``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AUTO_EXACT_LIMIT": "leakage",
    "BandPlan": "minhash",
    "DatasetDiff": "workbench",
    "FIELD_KIND": "workbench",
    "HiddenFailure": "workbench",
    "LabelChange": "workbench",
    "LeakageReport": "leakage",
    "MAX_HASHES": "minhash",
    "METADATA_FIELDS": "workbench",
    "METHODS": "leakage",
    "MINHASH_MISS": "leakage",
    "MISSING": "leakage",
    "REVISION_KEYS": "workbench",
    "ReportWarning": "workbench",
    "Revision": "workbench",
    "SCREEN_MISS": "leakage",
    "SEED": "minhash",
    "SOURCES": "workbench",
    "SPLITS": "workbench",
    "STRATUM_FIELD_ABSENT": "workbench",
    "SimilarPair": "leakage",
    "Strata": "workbench",
    "StratumResult": "workbench",
    "WARNINGS": "workbench",
    "apply_label_change": "workbench",
    "apply_workbench_edit": "edits",
    "assign_splits": "workbench",
    "band_plan": "minhash",
    "candidate_pairs": "minhash",
    "dataset_from_file": "workbench",
    "dataset_report": "workbench",
    "dataset_version": "workbench",
    "diff_datasets": "workbench",
    "find_similar": "leakage",
    "is_positive": "leakage",
    "metadata_value": "workbench",
    "missing_metadata": "workbench",
    "ngram_keys": "minhash",
    "normalize_text": "leakage",
    "reveals": "edits",
    "revision_from_dict": "workbench",
    "revisions": "workbench",
    "screen": "minhash",
    "screen_minimum": "minhash",
    "shingles": "leakage",
    "short_version": "workbench",
    "signatures": "minhash",
    "split_of": "leakage",
    "strata": "workbench",
    "strata_warnings": "workbench",
    "with_revision": "workbench",
    "with_splits": "workbench",
    "workbench_revision": "edits",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
