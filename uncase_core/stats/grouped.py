"""A rate whose units come in groups that may move together: the claims of one RAG case, the rubric items of one
prompt.

The judge page's accuracy, sensitivity and false-positive rate count units of RAG cases, and the rubric lab's DRFR
counts items of prompts. Units of one group move together (a judge that misreads a case misreads its claims; a
candidate that misunderstands a prompt fails its items), so Wilson's interval over the units, as if independent,
covered 72-75% of the time at a within-group correlation of 0.3 (``bench/coverage.py``). :func:`grouped_proportion`
chooses by what the data can show:

- every group gave one unit: the units are independent draws, and their interval is
  :func:`~uncase_core.stats.small_samples.units_interval` (Wilson's, or the exact one where Wilson's does not hold);
- some group gave two or more, from two groups or more: the interval with groups as clusters
  (:func:`~uncase_core.stats.clustered.design_effect_wilson`, the RAG page's pooled interval);
- two or more units, all from one group: no interval (``low`` and ``high`` are ``None`` beside the value), because
  one group says nothing about how groups differ; another group's units would give one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from uncase_core.stats.clustered import MIN_CASES, design_effect_wilson
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence
from uncase_core.stats.small_samples import units_interval


def grouped_proportion(per_group: Sequence[tuple[int, int]], confidence: float = DEFAULT_CONFIDENCE) -> Proportion:
    """The pooled rate ``sum(successes) / sum(units)`` of groups given as ``(successes, units)``, with the interval
    the module docstring describes; N/A (value ``None``) with no unit."""
    confidence = check_confidence(confidence)
    counted = [(int(s), int(n)) for s, n in per_group if n > 0]
    successes = sum(s for s, _ in counted)
    units = sum(n for _, n in counted)
    if units == 0:
        return Proportion.from_counts(0, 0, confidence=confidence)
    if all(n == 1 for _, n in counted):
        return Proportion.with_interval(successes, units, 0, confidence, units_interval(successes, units, confidence))
    if len(counted) < MIN_CASES:
        return Proportion(successes, units, 0, successes / units, None, None, confidence)
    low, high = design_effect_wilson(np.array([[s for s, _ in counted]], float),
                                     np.array([[n for _, n in counted]], float), confidence)
    return Proportion.with_interval(successes, units, 0, confidence, (float(low[0]), float(high[0])))


def one_group_only(proportion: Proportion) -> bool:
    """Whether :func:`grouped_proportion` withheld the interval because every unit came from one group."""
    return proportion.value is not None and (proportion.low is None or proportion.high is None)
