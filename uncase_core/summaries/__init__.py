"""Summary autoevaluation (document 002): the summary case format, accuracy, adherence and completeness.

Modules: ``evaluation`` (format and metrics), ``edits``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AccuracyPoint": "evaluation",
    "CLEARING_FIELDS": "edits",
    "ClearedLabel": "edits",
    "CompletenessItem": "evaluation",
    "CompletenessQuestion": "evaluation",
    "LABEL_OF": "edits",
    "LABEL_OPS": "edits",
    "MAIN_FIELDS": "edits",
    "MAX_BLOCK_CHARS": "evaluation",
    "METADATA_KEY": "edits",
    "METADATA_KEYS": "edits",
    "NA_NO_UNITS": "evaluation",
    "NA_ONLY_CATEGORICAL": "evaluation",
    "NA_ONLY_PREDEFINED": "evaluation",
    "OPS": "edits",
    "READ_NOTES": "evaluation",
    "REQUIRED_FIELDS": "edits",
    "ROLES": "edits",
    "ReadNote": "evaluation",
    "Rubric": "evaluation",
    "SECTION_KINDS": "evaluation",
    "SUMMARY_METRICS": "evaluation",
    "Section": "evaluation",
    "SummaryCase": "evaluation",
    "SummaryEvaluation": "evaluation",
    "SummaryReport": "evaluation",
    "TEXT_FIELDS": "edits",
    "TEXT_OPS": "edits",
    "Turn": "evaluation",
    "UNIT_KINDS": "edits",
    "add_unit": "edits",
    "apply_summary_edit": "edits",
    "case_from_dict": "evaluation",
    "case_to_dict": "evaluation",
    "cases_from_bytes": "evaluation",
    "cases_from_text": "evaluation",
    "cases_to_text": "evaluation",
    "categorical_check": "evaluation",
    "check_summary_id": "edits",
    "evaluate_summaries": "evaluation",
    "evaluate_summary": "evaluation",
    "kept_points": "edits",
    "move_unit": "edits",
    "new_case": "edits",
    "parse_judgement_block": "evaluation",
    "pending_cleared": "edits",
    "remove_unit": "edits",
    "set_summary_id": "edits",
    "set_summary_metadata": "edits",
    "set_unit_field": "edits",
    "split_points": "edits",
    "summary_edit": "edits",
    "summary_metadata": "edits",
    "summary_points": "edits",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
