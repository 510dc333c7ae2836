"""Find the failure in a RAG answer (document 001): the case format and its files, RAGAS rows, the four
dimensions with their Wilson intervals, the diagnosis, the composite, threshold sweeps and edit records.

Modules: ``cases`` (the format), ``files`` (what a page upload may be), ``ragas`` (RAGAS rows in),
``evaluation`` (metrics, diagnosis, composite), ``thresholds`` (sweeps and flips), ``edits`` (label records).

The names below are this package's public API, imported on first use so that importing the package costs nothing
(``python -m uncase_core --help`` answers without loading statsmodels or pandas).
"""

from __future__ import annotations

import importlib
from types import MappingProxyType
from typing import Any

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AGGREGATIONS": "evaluation",
    "ANNOTATORS": "edits",
    "BOM": "csv_files",
    "CAUSES": "evaluation",
    "CHANGE_KEY": "variants",
    "CHANGE_NOTES": "variants",
    "CLAIM_PREFIX": "ragas",
    "COLUMNS": "ragas",
    "COMPOSITE_NOTES": "evaluation",
    "CaseCheck": "drills",
    "CaseStanding": "thresholds",
    "Composite": "evaluation",
    "CsvLayout": "ragas",
    "DEFAULT_SOURCE": "ragas",
    "DEFAULT_THRESHOLDS": "evaluation",
    "DEFAULT_WEIGHTS": "evaluation",
    "DEFAULT_WEIGHT_GRID": "thresholds",
    "DRILL_NOTES": "drills",
    "DatasetEvaluation": "evaluation",
    "Diagnosis": "evaluation",
    "Drill": "drills",
    "DrillCheck": "drills",
    "Evaluation": "evaluation",
    "FACT_PREFIX": "ragas",
    "FAILURE_SETS": "drills",
    "Flips": "thresholds",
    "JUDGE_FIELDS": "cases",
    "JUDGE_PREFIX": "cases",
    "LABEL_FIELDS": "cases",
    "LABEL_NAMES": "cases",
    "LANGUAGES": "variants",
    "MAX_CELL_CHARS": "ragas",
    "MAX_DRILL_CASES": "drills",
    "METADATA_COLUMNS": "ragas",
    "METADATA_PREFIX": "ragas",
    "METRICS": "evaluation",
    "METRIC_UNITS": "evaluation",
    "PASSAGE_COLUMN": "csv_files",
    "PASSAGE_PREFIXES": "ragas",
    "RAGAS_NOTES": "ragas",
    "RagCase": "cases",
    "RagDataset": "cases",
    "RagUpload": "files",
    "RagasImport": "ragas",
    "Settings": "evaluation",
    "Sweep": "thresholds",
    "SweepPoint": "thresholds",
    "TAGS": "variants",
    "UNIT_KINDS": "cases",
    "UNIT_PREFIXES": "drills",
    "Unit": "cases",
    "UnitCheck": "drills",
    "apply_rag_edit": "edits",
    "blank": "drills",
    "case_from_csv_row": "ragas",
    "case_from_dict": "cases",
    "case_from_row": "ragas",
    "case_language": "variants",
    "case_metrics": "evaluation",
    "case_standings": "thresholds",
    "case_to_dict": "cases",
    "change_of": "variants",
    "check_drill": "drills",
    "check_failures": "variants",
    "check_source": "variants",
    "closest_claims": "variants",
    "composite_score": "evaluation",
    "composite_standings": "thresholds",
    "csv_layout": "ragas",
    "csv_rows": "ragas",
    "dataset_from_bytes": "cases",
    "dataset_from_text": "cases",
    "dataset_to_csv": "csv_files",
    "dataset_to_text": "cases",
    "diagnose": "evaluation",
    "evaluate_case": "evaluation",
    "evaluate_dataset": "evaluation",
    "evaluate_metrics": "evaluation",
    "failure_variant": "variants",
    "figures": "variants",
    "file_extension": "cases",
    "import_ragas": "ragas",
    "import_ragas_bytes": "ragas",
    "import_ragas_text": "ragas",
    "is_json_text": "ragas",
    "macro_means": "evaluation",
    "make_drill": "drills",
    "normalize_weights": "evaluation",
    "pooled_metrics": "evaluation",
    "rag_label": "edits",
    "read_rag_file": "files",
    "read_rag_upload": "files",
    "read_rows": "ragas",
    "replace_figures": "variants",
    "resolve_gates": "evaluation",
    "resolve_thresholds": "evaluation",
    "resolve_weights": "evaluation",
    "sweep_threshold": "thresholds",
    "sweep_weight": "thresholds",
    "threshold_flips": "thresholds",
    "threshold_grid": "thresholds",
    "unit_to_dict": "cases",
    "weight_flips": "thresholds",
})
__all__ = tuple(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
