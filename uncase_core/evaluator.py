"""Document 000's evaluator at the path its API gives (``uncase.core.evaluator``).

It lives in :mod:`uncase_core.conversations.evaluator`; this module only re-exports its public names.
"""

from uncase_core.conversations.evaluator import (
    DEFAULT_MEMORIZATION_LIMIT,
    DEFAULT_THRESHOLDS,
    GATES,
    METRICS,
    BatchReport,
    ConversationResult,
    Evaluator,
    Verification,
    certificate_payload,
    verify,
)

__all__ = ("DEFAULT_MEMORIZATION_LIMIT", "DEFAULT_THRESHOLDS", "GATES", "METRICS", "BatchReport",
           "ConversationResult", "Evaluator", "Verification", "certificate_payload", "verify")
