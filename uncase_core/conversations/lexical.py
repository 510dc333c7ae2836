"""Lexical diversity: type-token ratio as document 000 defines it, and a length-robust MATTR.

The raw TTR falls as a text grows (common words repeat), so one threshold means different
things for a short and a long conversation. MATTR (Covington and McFall 2010) averages the
TTR of every window of ``window`` tokens and stays comparable across lengths.
"""

from __future__ import annotations

DEFAULT_MATTR_WINDOW = 50


def ttr_tokens(text: str) -> list[str]:
    """Document 000's tokens: lowercase, split on whitespace (punctuation stays attached)."""
    return text.lower().split()


def type_token_ratio(text: str) -> float | None:
    """``|unique tokens| / |tokens|`` exactly as document 000; ``None`` (N/A) for no tokens."""
    tokens = ttr_tokens(text)
    return len(set(tokens)) / len(tokens) if tokens else None


def moving_average_ttr(text: str, window: int = DEFAULT_MATTR_WINDOW) -> float | None:
    """Mean TTR over every run of ``window`` consecutive tokens (the plain TTR if shorter)."""
    if window < 1:
        raise ValueError("window must be at least 1")
    tokens = ttr_tokens(text)
    if not tokens:
        return None
    if len(tokens) <= window:
        return len(set(tokens)) / len(tokens)
    counts: dict[str, int] = {}
    for token in tokens[:window]:
        counts[token] = counts.get(token, 0) + 1
    distinct = len(counts)
    total = distinct
    for leaving, entering in zip(tokens, tokens[window:], strict=False):
        remaining = counts[leaving] - 1
        if remaining:
            counts[leaving] = remaining
        else:
            del counts[leaving]
            distinct -= 1
        if entering in counts:
            counts[entering] += 1
        else:
            counts[entering] = 1
            distinct += 1
        total += distinct
    return total / (len(tokens) - window + 1) / window
