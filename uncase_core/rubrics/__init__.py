"""The rubric lab (document 003): DRFR, rubric filters, ranking stability, holistic scores, and a seeded
generator of verdicts with planted bad items.

Modules: ``lab``, ``holistic``, ``generator``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

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
    "holistic_to_csv": "holistic",
    "read_holistic": "holistic",
    "read_verdicts": "lab",
    "verdicts_to_csv": "lab",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
