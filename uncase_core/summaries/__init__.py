"""Summary autoevaluation (document 002): the summary case format, accuracy, adherence and completeness.

Modules: ``evaluation`` (format and metrics), ``edits``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AccuracyPoint": "evaluation",
    "CompletenessItem": "evaluation",
    "CompletenessQuestion": "evaluation",
    "MAX_BLOCK_CHARS": "evaluation",
    "NA_NO_UNITS": "evaluation",
    "NA_ONLY_CATEGORICAL": "evaluation",
    "NA_ONLY_PREDEFINED": "evaluation",
    "READ_NOTES": "evaluation",
    "ReadNote": "evaluation",
    "Rubric": "evaluation",
    "SECTION_KINDS": "evaluation",
    "SUMMARY_METRICS": "evaluation",
    "Section": "evaluation",
    "SummaryCase": "evaluation",
    "SummaryEvaluation": "evaluation",
    "SummaryReport": "evaluation",
    "Turn": "evaluation",
    "apply_summary_edit": "edits",
    "case_from_dict": "evaluation",
    "case_to_dict": "evaluation",
    "cases_from_bytes": "evaluation",
    "cases_from_text": "evaluation",
    "cases_to_text": "evaluation",
    "categorical_check": "evaluation",
    "evaluate_summaries": "evaluation",
    "evaluate_summary": "evaluation",
    "parse_judgement_block": "evaluation",
    "summary_edit": "edits",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
