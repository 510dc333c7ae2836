"""The statistics every page shares, one topic per module (as statsmodels' ``stats/proportion.py``):
``proportions`` (Wilson intervals and :class:`Proportion`), ``planning`` (sample sizes), ``differences``
(independent and paired), ``ppi`` (prediction-powered inference).

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "DEFAULT_CONFIDENCE": "proportions",
    "Difference": "differences",
    "MAX_SAMPLE_SIZE": "planning",
    "MIN_DISAGREEMENTS": "ppi",
    "MIN_LABELS_FOR_NORMAL": "ppi",
    "MIN_LABELS_FOR_WORTH": "ppi",
    "NotApplicableError": "proportions",
    "PPIInterval": "ppi",
    "PPI_NOTES": "ppi",
    "Proportion": "proportions",
    "WORTH_NOTES": "ppi",
    "WORTH_RESAMPLES": "ppi",
    "WORTH_SEED": "ppi",
    "WorthInterval": "ppi",
    "check_confidence": "proportions",
    "classical_variance": "ppi",
    "count_labels": "proportions",
    "difference_interval": "differences",
    "half_width_for": "planning",
    "judge_worth_interval": "ppi",
    "normal_half_width": "planning",
    "normal_sample_size": "planning",
    "paired_difference_interval": "differences",
    "ppi_estimate": "ppi",
    "ppi_interval_from_counts": "ppi",
    "ppi_mean_interval": "ppi",
    "required_sample_size": "planning",
    "tuned_lambda": "ppi",
    "wilson_half_width": "planning",
    "wilson_interval": "proportions",
    "wilson_intervals": "proportions",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
