"""Summary autoevaluation (document 002): the summary case format, accuracy, adherence and completeness.

Modules: ``format`` (the case format), ``blocks`` (its judgement blocks), ``cases`` (case files), ``evaluation``
(the metrics), ``edits``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AccuracyPoint": "format",
    "CLEARING_FIELDS": "edits",
    "ClearedLabel": "edits",
    "CompletenessItem": "format",
    "CompletenessQuestion": "format",
    "LABEL_OF": "edits",
    "LABEL_OPS": "edits",
    "MAIN_FIELDS": "edits",
    "MAX_BLOCK_CHARS": "format",
    "METADATA_KEY": "edits",
    "METADATA_KEYS": "edits",
    "NA_NO_UNITS": "evaluation",
    "NA_ONLY_CATEGORICAL": "evaluation",
    "NA_ONLY_PREDEFINED": "evaluation",
    "OPS": "edits",
    "READ_NOTES": "blocks",
    "REQUIRED_FIELDS": "edits",
    "ROLES": "edits",
    "ReadNote": "blocks",
    "Rubric": "format",
    "SECTION_KINDS": "format",
    "SUMMARY_METRICS": "format",
    "Section": "format",
    "SummaryCase": "format",
    "SummaryEvaluation": "evaluation",
    "SummaryReport": "evaluation",
    "TEXT_FIELDS": "edits",
    "TEXT_OPS": "edits",
    "Turn": "format",
    "UNIT_KINDS": "edits",
    "add_unit": "edits",
    "apply_summary_edit": "edits",
    "case_from_dict": "cases",
    "case_to_dict": "cases",
    "cases_from_bytes": "cases",
    "cases_from_text": "cases",
    "cases_to_text": "cases",
    "categorical_check": "evaluation",
    "check_summary_id": "edits",
    "evaluate_summaries": "evaluation",
    "evaluate_summary": "evaluation",
    "kept_points": "edits",
    "move_unit": "edits",
    "new_case": "edits",
    "parse_judgement_block": "blocks",
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
