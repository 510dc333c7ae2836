"""Document 000's evaluator at the path its API gives (``uncase.core.evaluator``).

It lives in :mod:`uncase_core.conversations.evaluator`, and ROUGE-L in :mod:`uncase_core.shared.rouge`; this
module only re-exports the public names document 000 uses (``compute_rouge_l``, ``Evaluator``) and the evaluator's
others (``tests/core/conversations/test_document_000_api.py`` pins them).
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
from uncase_core.shared.rouge import RougeScore, compute_rouge_l

__all__ = ("DEFAULT_MEMORIZATION_LIMIT", "DEFAULT_THRESHOLDS", "GATES", "METRICS", "BatchReport",
           "ConversationResult", "Evaluator", "RougeScore", "Verification", "certificate_payload", "compute_rouge_l",
           "verify")
