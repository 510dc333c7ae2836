"""An automatic judge beside hand labels: importing verdicts and RAGAS scores, a built-in lexical judge, the
report with PPI intervals, which unit to label next, and the coverage simulation.

Modules: ``imports``, ``lexical_judge``, ``report``, ``sampling``, ``simulation``, ``edits``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "DEFAULT_CUTOFFS": "lexical_judge",
    "DEFAULT_REPEATS": "simulation",
    "DEFAULT_SCORE_THRESHOLD": "imports",
    "IMPORT_NOTES": "imports",
    "JUDGE_NOTES": "report",
    "JudgeAgreement": "report",
    "JudgeAnswer": "edits",
    "JudgeReport": "report",
    "MAX_REPEATS": "simulation",
    "MAX_UNITS": "simulation",
    "METHODS": "simulation",
    "METHOD_NAMES": "simulation",
    "MONTE_CARLO_CONFIDENCE": "simulation",
    "MethodFigures": "simulation",
    "NO_RAGAS_SCORES": "imports",
    "RagasComparison": "imports",
    "RagasScores": "imports",
    "STOPWORDS": "lexical_judge",
    "SimulationResult": "simulation",
    "UNIT_NAMES": "report",
    "VERDICT_COLUMNS": "imports",
    "VerdictImport": "imports",
    "apply_judge_edit": "edits",
    "attach_verdicts": "imports",
    "attach_verdicts_bytes": "imports",
    "case_passes": "imports",
    "case_scores": "lexical_judge",
    "check_dimension": "report",
    "compare_judge": "report",
    "compare_ragas": "imports",
    "content_words": "lexical_judge",
    "dimension_values": "report",
    "follows_order": "sampling",
    "judge_agreement": "report",
    "judge_answers": "edits",
    "judge_case": "lexical_judge",
    "judge_dataset": "lexical_judge",
    "judge_implied": "simulation",
    "judge_record": "edits",
    "judge_report": "report",
    "judge_skips": "edits",
    "labelling_order": "sampling",
    "next_unit_to_label": "sampling",
    "overlap": "lexical_judge",
    "parse_score": "imports",
    "parse_verdict": "imports",
    "read_ragas_scores": "imports",
    "read_ragas_scores_bytes": "imports",
    "resolve_cutoffs": "lexical_judge",
    "simulate": "simulation",
    "stored_case_scores": "imports",
    "unit_keys": "report",
    "verdict": "lexical_judge",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
