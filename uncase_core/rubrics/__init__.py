"""The rubric lab (document 003): DRFR, rubric filters, ranking stability, holistic scores, and a seeded
generator of verdicts with planted bad items.

Modules: ``lab``, ``holistic``, ``generator``.

The names below are this package's public API, imported on first use so that importing the package costs nothing
(``python -m uncase_core --help`` answers without loading statsmodels or pandas).
"""

from __future__ import annotations

import importlib
from types import MappingProxyType
from typing import Any

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "COLUMNS": "lab",
    "FILTERS": "lab",
    "FilterSettings": "lab",
    "GeneratorSettings": "generator",
    "HOLISTIC_COLUMNS": "holistic",
    "KEY_COLUMNS": "lab",
    "PlantedTruth": "generator",
    "RULES": "lab",
    "RUN_FLIP": "generator",
    "RankAgreement": "holistic",
    "RemovedItem": "lab",
    "RubricAnalysis": "lab",
    "StabilityFigures": "lab",
    "analyse": "lab",
    "filter_recovery": "generator",
    "generate_holistic": "holistic",
    "generate_verdicts": "generator",
    "holistic_agreement": "holistic",
    "read_holistic": "holistic",
    "read_verdicts": "lab",
    "verdicts_to_csv": "lab",
})
__all__ = tuple(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
