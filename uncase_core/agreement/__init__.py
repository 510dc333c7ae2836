"""Agreement between annotators: Cohen's kappa for a pair, Krippendorff's alpha and Fleiss' kappa for many,
with bootstrap intervals, and what a class of participants labelled on one dataset.

Modules: ``pairs``, ``many``, ``class_labels``, ``categories``, ``edits``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AGREEMENT_NOTES": "many",
    "ALL": "class_labels",
    "Agreement": "pairs",
    "AgreementAmongMany": "many",
    "BootstrapInterval": "many",
    "ClassLabels": "class_labels",
    "DEFAULT_RESAMPLES": "many",
    "DIMENSION_FIELDS": "class_labels",
    "DimensionAgreement": "class_labels",
    "DimensionSpread": "class_labels",
    "FIELDS": "pairs",
    "FIELD_DIMENSIONS": "class_labels",
    "KindTracker": "categories",
    "LEVELS": "many",
    "LabelCounts": "many",
    "LabelPair": "pairs",
    "LabelRow": "class_labels",
    "MAX_RESAMPLES": "many",
    "MatchedLabels": "pairs",
    "NOTES": "pairs",
    "NOTE_CONSTANT_ANNOTATOR": "pairs",
    "NOTE_FEWER_THAN_TWO_ANNOTATORS": "many",
    "NOTE_NO_COMPLETE_UNITS": "many",
    "NOTE_NO_DEFINED_RESAMPLE": "many",
    "NOTE_NO_PAIRABLE_UNITS": "many",
    "NOTE_NO_UNITS": "pairs",
    "NOTE_NO_VARIATION": "many",
    "NOTE_ONE_CATEGORY": "pairs",
    "NOTE_ZERO_VARIANCE": "pairs",
    "ParticipantProgress": "class_labels",
    "ReplayedCopy": "class_labels",
    "STATISTICS": "many",
    "UnitLabels": "class_labels",
    "WEIGHTS": "pairs",
    "agreement_from_bytes": "pairs",
    "agreement_label": "edits",
    "alpha_from_counts": "many",
    "alpha_of_resamples": "many",
    "apply_agreement_edit": "edits",
    "blank_copy": "class_labels",
    "bootstrap_from_counts": "many",
    "bootstrap_interval": "many",
    "check_seed": "many",
    "cohen_kappa": "pairs",
    "distinct_kinds": "categories",
    "fleiss_from_counts": "many",
    "fleiss_kappa": "many",
    "fleiss_of_resamples": "many",
    "krippendorff_alpha": "many",
    "label_counts": "many",
    "match_labels": "pairs",
    "read_category": "categories",
    "replay_edits": "class_labels",
    "sort_key": "categories",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
