"""Synthetic conversations and document 000's quality evaluator: the format, checkable claims, coherence
rules, lexical diversity, personal data and memorization, and the evaluator that combines them.

Modules: ``model`` (the format), ``claims``, ``coherence``, ``lexical``, ``privacy``, ``memorization``,
``evaluator`` (Q and the batch report; also at :mod:`uncase_core.evaluator`), ``edits``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "AGENT_PHRASES": "coherence",
    "BatchReport": "evaluator",
    "CHUNK": "evaluator",
    "COHERENCE_ISSUES": "model",
    "CUSTOMER_PHRASES": "coherence",
    "Claim": "model",
    "ClaimCheck": "claims",
    "Conversation": "model",
    "ConversationResult": "evaluator",
    "DEFAULT_MATTR_WINDOW": "lexical",
    "DEFAULT_MEMORIZATION_LIMIT": "evaluator",
    "DEFAULT_NGRAM": "memorization",
    "DEFAULT_THRESHOLDS": "evaluator",
    "DRIFT_MIN_WORDS": "coherence",
    "Evaluator": "evaluator",
    "GATES": "evaluator",
    "KINDS": "privacy",
    "METRICS": "evaluator",
    "MIN_SHARED_WORDS": "claims",
    "PARALLEL_FROM": "evaluator",
    "PHONE_REGIONS": "privacy",
    "PrivacyFinding": "privacy",
    "ROLES": "model",
    "STOPWORDS": "claims",
    "Turn": "model",
    "TurnCheck": "coherence",
    "TurnFlag": "coherence",
    "TurnLabel": "model",
    "Verification": "evaluator",
    "apply_conversation_edit": "edits",
    "certificate_payload": "evaluator",
    "check_claims": "claims",
    "check_turns": "coherence",
    "content_words": "claims",
    "content_words_of_tokens": "claims",
    "conversation_claim": "edits",
    "conversation_from_dict": "model",
    "conversation_to_dict": "model",
    "conversation_turn": "edits",
    "conversations_from_bytes": "model",
    "conversations_from_text": "model",
    "conversations_to_text": "model",
    "copied_ngrams": "memorization",
    "copied_ngrams_in_tokens": "memorization",
    "extract_claims": "claims",
    "figures": "claims",
    "find_personal_data": "privacy",
    "is_checkable": "claims",
    "label_claim": "claims",
    "memorization_rate": "memorization",
    "moving_average_ttr": "lexical",
    "ngrams": "memorization",
    "normalize_number": "claims",
    "scan_turns": "privacy",
    "ttr_tokens": "lexical",
    "type_token_ratio": "lexical",
    "verify": "evaluator",
})
__all__ = tuple(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
