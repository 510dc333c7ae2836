"""Duplicates and leakage between splits: exact after normalization, near by n-gram Jaccard.

The text compared is the case's input (for RAG cases the question). It is normalized
(:func:`normalize_text`) and cut into character n-grams; two cases are near duplicates
when the Jaccard similarity of their n-gram sets is at least ``cutoff``, and exact
duplicates when their normalized texts are equal. A pair whose cases sit in different
splits is leakage; a pair inside one split is a duplicate. A case without a split is in
the split ``"(missing)"``. Cases whose normalized text is empty are never paired.

Every method checks its candidates exactly, so none reports a pair below the cutoff;
they differ in how candidates are found:

- ``"prefix"``: prefix filtering over an inverted index of n-grams (rarest first; if two
  sets reach the cutoff, their prefixes share an n-gram). Exact: the very pairs of
  ``"brute"``. Candidates grow quadratically on large sets of ordinary text.
- ``"minhash"``: MinHash signatures with LSH banding (:mod:`uncase_core.datasets.minhash`), planned
  so that a pair at the cutoff is missed with probability at most ``MINHASH_MISS`` (the
  report carries the bound). Seconds at 10,000 cases.
- ``"brute"``: every pair compared; the reference.
- ``"auto"`` (default): ``"prefix"`` below ``AUTO_EXACT_LIMIT`` cases, ``"minhash"`` from there.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

import numpy as np

from uncase_core.datasets import minhash
from uncase_core.errors import expected_at_least, expected_one_of, expected_value
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS, resolve_thresholds
from uncase_core.stats.proportions import count_labels

MISSING = "(missing)"
METHODS = ("auto", "prefix", "minhash", "brute")
AUTO_EXACT_LIMIT = 500
MINHASH_MISS = 1e-6  # chance that LSH banding misses a pair exactly at the cutoff
SCREEN_MISS = 1e-9  # chance that the signature screen drops a pair at or above the cutoff
_SPACE = re.compile(r"\s+")


def normalize_text(text: str) -> str:
    """Unicode NFKC, casefolded, punctuation replaced by spaces, whitespace collapsed and trimmed."""
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    punctuation = {ord(ch): " " for ch in set(text) if unicodedata.category(ch).startswith("P")}
    return _SPACE.sub(" ", text.translate(punctuation)).strip()


def shingles(normalized: str, n: int) -> frozenset[str]:
    """The set of character ``n``-grams; a text shorter than ``n`` is one shingle, an empty one none."""
    if not normalized:
        return frozenset()
    if len(normalized) <= n:
        return frozenset((normalized,))
    return frozenset(normalized[i:i + n] for i in range(len(normalized) - n + 1))


@dataclass(frozen=True)
class SimilarPair:
    a: str
    b: str
    split_a: str
    split_b: str
    similarity: float
    kind: str  # "exact" | "near"
    shared: str = ""  # longest shared normalized substring, for display

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "split_a": self.split_a, "split_b": self.split_b,
                "similarity": self.similarity, "kind": self.kind}


@dataclass(frozen=True)
class LeakageReport:
    leakage: tuple[SimilarPair, ...]
    duplicates: tuple[SimilarPair, ...]
    # split -> {"positive": n, "negative": n}; see :func:`is_positive`.
    balance: Mapping[str, Mapping[str, int]]
    method: str = "brute"  # the method that found the pairs ("auto" resolved)
    # Upper bound on the chance that a given pair at or above the cutoff was missed; 0 when exact.
    miss_probability: float = 0.0

    @property
    def exact(self) -> bool:
        return self.miss_probability == 0.0


def split_of(case: RagCase) -> str:
    value = case.metadata.get("split")
    return MISSING if value is None or value == "" else str(value)


def is_positive(case: RagCase, thresholds: Mapping[str, float]) -> bool:
    """A case is positive when it has at least one applicable metric and passes every applicable threshold.

    N/A metrics (no labelled units) are ignored; a case with nothing labelled is negative,
    since nothing shows that it passes.
    """
    applicable = False
    for name in METRICS:
        kind, label = METRIC_UNITS[name]
        successes, total, _ = count_labels([unit.label(label) for unit in case.units(kind)])
        if total == 0:
            continue
        applicable = True
        if successes / total < thresholds[name]:
            return False
    return applicable


def _cases(data: RagDataset | Iterable[RagCase]) -> list[RagCase]:
    return list(data.cases) if isinstance(data, RagDataset) else list(data)


def _check(n: object, cutoff: object, method: object) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise expected_at_least("whole_number", 1, repr(n), "n")
    if isinstance(cutoff, bool) or not isinstance(cutoff, (int, float)) or not 0.0 < float(cutoff) <= 1.0:
        raise expected_value("similarity_cutoff", repr(cutoff), "cutoff")
    if method not in METHODS:
        raise expected_one_of(METHODS, repr(method), "method")


def _jaccard(x: frozenset[Any], y: frozenset[Any]) -> float:
    inter = len(x & y)
    return inter / (len(x) + len(y) - inter)


def _brute_pairs(sets: Sequence[frozenset[Any]], cutoff: float) -> dict[tuple[int, int], float]:
    found: dict[tuple[int, int], float] = {}
    for i in range(len(sets)):
        if not sets[i]:
            continue
        for j in range(i + 1, len(sets)):
            if sets[j]:
                similarity = _jaccard(sets[i], sets[j])
                if similarity >= cutoff:
                    found[(i, j)] = similarity
    return found


def _prefix_pairs(sets: Sequence[frozenset[str]], cutoff: float) -> dict[tuple[int, int], float]:
    """Prefix filtering (AllPairs): exact, the same pairs as :func:`_brute_pairs`."""
    frequency: Counter[str] = Counter()
    for s in sets:
        frequency.update(s)
    rank = {token: r for r, (token, _) in enumerate(sorted(frequency.items(), key=lambda kv: (kv[1], kv[0])))}
    ranked = [frozenset(rank[t] for t in s) for s in sets]
    index: dict[int, list[int]] = defaultdict(list)
    found: dict[tuple[int, int], float] = {}
    for j, tokens in enumerate(ranked):
        size = len(tokens)
        if not size:
            continue
        # Overlap needed with any set of at least this size is ceil(cutoff * size); rounding
        # down by a hair only lengthens the prefix, which adds candidates, never loses one.
        needed = max(1, math.ceil(cutoff * size - 1e-9))
        prefix = sorted(tokens)[: size - needed + 1]
        candidates: set[int] = set()
        for token in prefix:
            postings = index.get(token)
            if postings:
                candidates.update(postings)
            index[token].append(j)
        for i in candidates:
            other = ranked[i]
            small, large = sorted((len(other), size))
            if small < cutoff * large - 1e-9:
                continue
            similarity = _jaccard(other, tokens)
            if similarity >= cutoff:
                found[(i, j)] = similarity
    return found


def _minhash_pairs(normalized: Sequence[str], n: int, cutoff: float) -> tuple[dict[tuple[int, int], float], float]:
    """Candidates from MinHash LSH, screened by signature agreement, then checked exactly; and the miss bound."""
    plan = minhash.band_plan(cutoff, MINHASH_MISS)
    signature = minhash.signatures(normalized, n, plan.hashes)
    usable = np.fromiter((bool(t) for t in normalized), dtype=bool, count=len(normalized))
    candidates = minhash.candidate_pairs(signature, plan, usable)
    candidates = minhash.screen(signature, candidates, minhash.screen_minimum(plan.hashes, cutoff, SCREEN_MISS))
    sets: dict[int, frozenset[str]] = {}
    found: dict[tuple[int, int], float] = {}
    for i, j in candidates.tolist():
        x = sets.setdefault(i, shingles(normalized[i], n))
        y = sets.setdefault(j, shingles(normalized[j], n))
        similarity = _jaccard(x, y)
        if similarity >= cutoff:
            found[(i, j)] = similarity
    miss = (1.0 - plan.candidate_probability(cutoff)) + SCREEN_MISS
    return found, miss


def _shared(x: str, y: str) -> str:
    match = SequenceMatcher(None, x, y, autojunk=False).find_longest_match(0, len(x), 0, len(y))
    return x[match.a:match.a + match.size]


def find_similar(
    cases: RagDataset | Iterable[RagCase],
    n: int = 5,
    cutoff: float = 0.8,
    text: Callable[[RagCase], str] = lambda case: case.question,
    method: str = "auto",
    thresholds: Mapping[str, float] | None = None,
) -> LeakageReport:
    """Exact and near duplicate pairs, split into leakage (across splits) and duplicates (within one).

    ``thresholds`` (RAG thresholds, defaults of document 001) decide the positive and
    negative balance per split. Pairs are ordered by similarity (highest first), then ids;
    in each pair ``a`` is the smaller id.
    """
    _check(n, cutoff, method)
    limits = resolve_thresholds(thresholds)
    items = _cases(cases)
    normalized = [normalize_text(text(case)) for case in items]
    if method == "auto":
        method = "prefix" if len(items) < AUTO_EXACT_LIMIT else "minhash"
    miss = 0.0
    if method == "minhash":
        found, miss = _minhash_pairs(normalized, n, float(cutoff))
    else:
        sets = [shingles(t, n) for t in normalized]
        found = (_prefix_pairs if method == "prefix" else _brute_pairs)(sets, float(cutoff))
    # Exact duplicates: equal normalized text, whatever the cutoff.
    groups: dict[str, list[int]] = defaultdict(list)
    for i, t in enumerate(normalized):
        if t:
            groups[t].append(i)
    for members in groups.values():
        for x, i in enumerate(members):
            for j in members[x + 1:]:
                found[(i, j)] = 1.0
    leakage, duplicates = [], []
    for (i, j), similarity in found.items():
        first, second = sorted((i, j), key=lambda k: items[k].id)
        exact = normalized[first] == normalized[second]
        pair = SimilarPair(items[first].id, items[second].id, split_of(items[first]), split_of(items[second]),
                           1.0 if exact else similarity, "exact" if exact else "near",
                           normalized[first] if exact else _shared(normalized[first], normalized[second]))
        (leakage if pair.split_a != pair.split_b else duplicates).append(pair)
    order = lambda p: (-p.similarity, p.a, p.b)  # noqa: E731
    balance: dict[str, dict[str, int]] = {}
    for case in items:
        counts = balance.setdefault(split_of(case), {"positive": 0, "negative": 0})
        counts["positive" if is_positive(case, limits) else "negative"] += 1
    return LeakageReport(tuple(sorted(leakage, key=order)), tuple(sorted(duplicates, key=order)),
                         dict(sorted(balance.items())), method, miss)
