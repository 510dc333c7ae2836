"""Find the failure in a RAG answer (document 001): the case format and its files, RAGAS rows, the four
dimensions with their Wilson intervals, the diagnosis, the composite, threshold sweeps and edit records.

Modules: ``cases`` (the format), ``files`` (what a page upload may be), ``ragas`` (RAGAS rows in),
``evaluation`` (metrics, diagnosis, composite), ``thresholds`` (sweeps and flips), ``edits`` (label records).

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AGGREGATIONS": "evaluation",
    "ANNOTATORS": "edits",
    "CAUSES": "evaluation",
    "COLUMNS": "ragas",
    "COMPOSITE_NOTES": "evaluation",
    "CaseStanding": "thresholds",
    "Composite": "evaluation",
    "DEFAULT_THRESHOLDS": "evaluation",
    "DEFAULT_WEIGHTS": "evaluation",
    "DEFAULT_WEIGHT_GRID": "thresholds",
    "DatasetEvaluation": "evaluation",
    "Diagnosis": "evaluation",
    "Evaluation": "evaluation",
    "Flips": "thresholds",
    "JUDGE_FIELDS": "cases",
    "JUDGE_PREFIX": "cases",
    "LABEL_FIELDS": "cases",
    "LABEL_NAMES": "cases",
    "METRICS": "evaluation",
    "METRIC_UNITS": "evaluation",
    "RagCase": "cases",
    "RagDataset": "cases",
    "Settings": "evaluation",
    "Sweep": "thresholds",
    "SweepPoint": "thresholds",
    "UNIT_KINDS": "cases",
    "Unit": "cases",
    "apply_rag_edit": "edits",
    "case_from_dict": "cases",
    "case_from_row": "ragas",
    "case_metrics": "evaluation",
    "case_standings": "thresholds",
    "case_to_dict": "cases",
    "composite_score": "evaluation",
    "composite_standings": "thresholds",
    "csv_rows": "ragas",
    "dataset_from_bytes": "cases",
    "dataset_from_text": "cases",
    "dataset_to_text": "cases",
    "diagnose": "evaluation",
    "evaluate_case": "evaluation",
    "evaluate_dataset": "evaluation",
    "evaluate_metrics": "evaluation",
    "file_extension": "cases",
    "import_ragas_bytes": "ragas",
    "import_ragas_text": "ragas",
    "macro_means": "evaluation",
    "normalize_weights": "evaluation",
    "pooled_metrics": "evaluation",
    "rag_label": "edits",
    "read_rag_upload": "files",
    "read_rows": "ragas",
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
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
