"""What a person may choose: dimension, aggregation and filter names, and the confidence range.

The modules that compute with these names take them from here, and so does the command line:
this module imports nothing beyond the standard library and :mod:`uncase_core.errors`, so
``python -m uncase_core --help`` and an argument error answer without loading statsmodels,
scipy or pandas.
"""

from __future__ import annotations

import math
import numbers

from uncase_core.errors import InputError

# The four RAG dimensions (document 001), in the order every result lists them.
RAG_METRICS = ("context_relevance", "faithfulness", "correctness", "coverage")
# How the RAG composite combines the dimensions.
AGGREGATIONS = ("mean", "min")
# The rubric filters of document 003, in the order they are applied.
RUBRIC_FILTERS = ("trivial", "impossible", "misaligned", "unstable")

# The interval confidences a person may set. The pages offer 0.80 to 0.99; below 0.5 an
# "interval" covers the truth less often than not, and above 0.999 it is wider than any
# workshop dataset can narrow. The statistics functions themselves take any confidence
# strictly between 0 and 1 (:func:`uncase_core.stats.check_confidence`).
MIN_CONFIDENCE = 0.5
MAX_CONFIDENCE = 0.999


def check_user_confidence(confidence: object, where: str = "confidence") -> float:
    """``confidence`` as a float if it lies from :data:`MIN_CONFIDENCE` to :data:`MAX_CONFIDENCE`, both included."""
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise InputError(f"expected a number from {MIN_CONFIDENCE} to {MAX_CONFIDENCE}, got {confidence!r}", where)
    value = float(confidence)
    if math.isnan(value) or not MIN_CONFIDENCE <= value <= MAX_CONFIDENCE:
        raise InputError(f"must be from {MIN_CONFIDENCE} to {MAX_CONFIDENCE} (0.95 gives a 95% interval), "
                         f"got {confidence!r}", where)
    return value
