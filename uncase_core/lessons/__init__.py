"""Guided lessons as data: the lesson model read from ``assets/lessons/*.toml``, the parameters of a named
check, the data a lesson loads, and the checks themselves (:mod:`uncase_core.lessons.checks`).

Modules: ``model``, ``params``, ``data``, ``checks/``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "ALL": "data",
    "BUILTIN": "data",
    "CHECKS": "checks",
    "Check": "model",
    "CheckResult": "checks",
    "FALLBACK": "model",
    "FIXED_SCENARIOS": "data",
    "FacilitatorNotes": "model",
    "GENERATOR": "data",
    "HIDEABLE_PARTS": "model",
    "KINDS": "params",
    "LANGUAGES": "model",
    "LESSONS": "model",
    "Lesson": "model",
    "NONE": "data",
    "Option": "model",
    "Param": "params",
    "Question": "model",
    "Snapshot": "checks",
    "Step": "model",
    "StepResult": "model",
    "Text": "model",
    "answer_options": "checks",
    "check_params": "checks",
    "describe": "params",
    "evaluate_step": "model",
    "lesson_data": "data",
    "lesson_from_bytes": "model",
    "lesson_from_text": "model",
    "load_lessons": "model",
    "page_has_no_scenario": "data",
    "read_params": "params",
    "run_check": "checks",
    "scenario_ids": "data",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
