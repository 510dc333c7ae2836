"""What a person may choose: dimension, aggregation and filter names, and the confidence range.

The modules that compute with these names take them from here, and so does the command line:
this module imports nothing beyond the standard library and :mod:`uncase_core.errors`, so
``python -m uncase_core --help`` and an argument error answer without loading statsmodels,
scipy or pandas.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from types import MappingProxyType

from uncase_core.errors import expected_in_range, input_error

# How the RAG composite combines the dimensions.
AGGREGATIONS = ("mean", "min")
# The rubric filters of document 003, in the order they are applied.
RUBRIC_FILTERS = ("trivial", "impossible", "misaligned", "unstable")

# The interval confidences a person may set. The pages offer 0.80 to 0.99; below 0.5 an
# "interval" covers the truth less often than not, and above 0.999 it is wider than any
# workshop dataset can narrow. The statistics functions themselves take any confidence
# strictly between 0 and 1 (:func:`uncase_core.stats.proportions.check_confidence`).
MIN_CONFIDENCE = 0.5
MAX_CONFIDENCE = 0.999
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "confidence_out_of_range": "must be from {low} to {high} (0.95 gives a 95% interval), got {got}",
})


def check_user_confidence(confidence: object, where: str = "confidence") -> float:
    """``confidence`` as a float if it lies from :data:`MIN_CONFIDENCE` to :data:`MAX_CONFIDENCE`, both included."""
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise expected_in_range("number", MIN_CONFIDENCE, MAX_CONFIDENCE, repr(confidence), where)
    value = float(confidence)
    if math.isnan(value) or not MIN_CONFIDENCE <= value <= MAX_CONFIDENCE:
        raise input_error(PROBLEMS, "confidence_out_of_range", where, low=MIN_CONFIDENCE, high=MAX_CONFIDENCE,
                          got=repr(confidence))
    return value
