"""The statistics every page shares, one topic per module (as statsmodels' ``stats/proportion.py``):
``proportions`` (Wilson intervals and :class:`Proportion`), ``clustered`` (a pooled proportion with cases as
clusters), ``planning`` (sample sizes), ``differences`` (independent and paired), ``ppi`` (prediction-powered
inference), ``verdicts`` (the one policy every verdict follows), ``figures`` (every interval and verdict a page
draws, as data: what the coverage harness in ``bench/harness/`` measures), ``simulated_intervals`` (the planner
page's 100 simulated datasets), ``score_means`` (a mean of scores in [0, 1] and two runs' paired difference, with
the betting interval that holds at every n).

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "ScoreDifference": "score_means",
    "ScoreMean": "score_means",
    "score_difference": "score_means",
    "score_mean": "score_means",
    "DEFAULT_CONFIDENCE": "proportions",
    "Difference": "differences",
    "IndependentComparison": "planning",
    "MAX_SAMPLE_SIZE": "planning",
    "MIN_DISAGREEMENTS": "ppi",
    "MIN_LABELS_FOR_TUNED": "ppi",
    "MIN_LABELS_FOR_WORTH": "ppi",
    "MIN_LABELS_FOR_WORTH_INTERVAL": "ppi",
    "NotApplicableError": "proportions",
    "PPIInterval": "ppi",
    "PPI_NOTES": "ppi",
    "PlannedInterval": "planning",
    "Proportion": "proportions",
    "WORTH_NOTES": "ppi",
    "WORTH_RESAMPLES": "ppi",
    "WORTH_SEED": "ppi",
    "WorthInterval": "ppi",
    "check_confidence": "proportions",
    "clustered_interval": "clustered",
    "ClusteredInterval": "clustered",
    "paired_verdicts": "verdicts",
    "PairedVerdict": "verdicts",
    "classical_variance": "ppi",
    "compare_independent": "planning",
    "count_labels": "proportions",
    "difference_interval": "differences",
    "judge_worth_interval": "ppi",
    "margin_sample_size": "planning",
    "normal_half_width": "planning",
    "normal_sample_size": "planning",
    "newcombe_paired_interval": "differences",
    "paired_difference_interval": "differences",
    "planned_interval": "planning",
    "ppi_estimate": "ppi",
    "ppi_interval_from_counts": "ppi",
    "ppi_mean_interval": "ppi",
    "required_sample_size": "planning",
    "tuned_lambda": "ppi",
    "wilson_half_width": "planning",
    "wilson_margin": "planning",
    "wilson_interval": "proportions",
    "wilson_intervals": "proportions",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
