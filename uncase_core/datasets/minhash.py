"""MinHash signatures and LSH banding: candidate pairs of sets whose Jaccard similarity may reach a cutoff.

For a random hash function h, the probability that min h(A) equals min h(B) is the Jaccard
similarity J(A, B). A signature holds ``rows * bands`` such minima; two sets become a
candidate pair when all ``rows`` minima of at least one band agree, which happens with
probability ``1 - (1 - J**rows)**bands``. :func:`band_plan` picks ``rows`` and ``bands``
so that a pair at the cutoff is missed with probability at most ``miss`` while pairs far
below it rarely become candidates. Candidates are then screened by the fraction of agreeing
minima (a pair at or above the cutoff falls below the screen with probability at most
``screen_miss``, from the binomial tail) and must be verified exactly by the caller.

Hashing is deterministic: token values and hash parameters come from a fixed seed, so the
same input gives the same candidates on every run and machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

# scipy.stats and statsmodels are imported inside the functions that use them, not with this module: it is on
# a page's first-run import path, where they were a third of a server's first page (bench/bench_server_start.py).

SEED = 20241129
MAX_HASHES = 320
_SHIFT = np.uint64(32)


@dataclass(frozen=True)
class BandPlan:
    rows: int
    bands: int

    @property
    def hashes(self) -> int:
        return self.rows * self.bands

    def candidate_probability(self, similarity: float) -> float:
        """Probability that a pair with this Jaccard similarity shares at least one band."""
        return 1.0 - (1.0 - similarity ** self.rows) ** self.bands


def band_plan(cutoff: float, miss: float = 1e-6, max_hashes: int = MAX_HASHES) -> BandPlan:
    """The most selective banding (most rows per band) that misses a pair at ``cutoff`` with probability <= ``miss``.

    More rows per band make pairs below the cutoff less likely to become candidates; the
    number of bands then grows to keep the miss probability down, within ``max_hashes``.
    """
    if not 0.0 < cutoff <= 1.0:
        raise ValueError(f"cutoff must be in (0, 1], got {cutoff!r}")
    if cutoff == 1.0:  # identical sets agree on every minimum
        return BandPlan(rows=8, bands=1)
    best = None
    for rows in range(1, max_hashes + 1):
        per_band = cutoff ** rows
        if per_band <= 0.0:
            break
        bands = max(1, math.ceil(math.log(miss) / math.log1p(-per_band)))
        if rows * bands > max_hashes:
            break
        best = BandPlan(rows, bands)
    if best is None:  # very low cutoffs: one row per band, as many bands as allowed
        best = BandPlan(1, max_hashes)
    return best


_PAD = "\U0010ffff"  # a noncharacter: pads texts shorter than n into a single n-gram
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(keys: np.ndarray) -> np.ndarray:
    """SplitMix64's finalizer: spreads structured 64-bit keys over all 64 bits."""
    keys = keys ^ (keys >> np.uint64(30))
    keys = keys * np.uint64(0xBF58476D1CE4E5B9)
    keys = keys ^ (keys >> np.uint64(27))
    keys = keys * np.uint64(0x94D049BB133111EB)
    return keys ^ (keys >> np.uint64(31))


def ngram_keys(texts: Sequence[str], n: int, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """A 64-bit key for every character ``n``-gram of every text, and each text's start in that array.

    A non-empty text shorter than ``n`` is one n-gram (the text itself), as in
    :func:`uncase_core.datasets.leakage.shingles`; an empty text has none. Keys are a polynomial of
    the code points, mixed, so distinct n-grams collide with probability about 2**-64.
    """
    padded = [t + _PAD * (n - len(t)) if 0 < len(t) < n else t for t in texts]
    lengths = np.fromiter((len(t) for t in padded), dtype=np.int64, count=len(padded))
    counts = np.maximum(lengths - n + 1, 0)
    codes = np.frombuffer("".join(padded).encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    text_starts = np.cumsum(lengths) - lengths
    key_starts = np.cumsum(counts) - counts
    # The n-grams of a text start at each of its first ``count`` positions.
    positions = np.repeat(text_starts - key_starts, counts) + np.arange(int(counts.sum()))
    keys = np.full(len(positions), np.uint64(seed), dtype=np.uint64)
    for offset in range(n):
        keys = _mix(keys * _GOLDEN + codes[positions + offset])
    return keys, key_starts


def signatures(texts: Sequence[str], n: int, hashes: int, seed: int = SEED) -> np.ndarray:
    """MinHash signatures of the texts' character ``n``-gram sets, shape ``(len(texts), hashes)``, uint32.

    Each n-gram key gives a random 32-bit value; hash function k maps it by
    ``a_k * x + b_k`` modulo 2**32 with ``a_k`` odd, a bijection, so every function orders
    the n-grams at random. Texts without n-grams get all-maximum signatures; callers
    should not pair them.
    """
    rng = np.random.default_rng(seed)
    multipliers = (rng.integers(0, 2**31, size=hashes, dtype=np.uint32) * np.uint32(2) + np.uint32(1))
    increments = rng.integers(0, 2**32, size=hashes, dtype=np.uint32)
    keys, starts = ngram_keys(texts, n, seed)
    result = np.full((len(texts), hashes), np.iinfo(np.uint32).max, dtype=np.uint32)
    if not len(keys):
        return result
    values = (_mix(keys) >> np.uint64(32)).astype(np.uint32)
    counts = np.diff(np.append(starts, len(keys)))
    nonempty = np.flatnonzero(counts)
    hashed = np.empty_like(values)
    for k in range(hashes):
        np.multiply(values, multipliers[k], out=hashed)
        hashed += increments[k]
        result[nonempty, k] = np.minimum.reduceat(hashed, starts[nonempty])
    return result


def candidate_pairs(signature: np.ndarray, plan: BandPlan, usable: np.ndarray | None = None) -> np.ndarray:
    """Pairs ``(i, j)``, i < j, sharing all minima of at least one band; shape ``(m, 2)``, sorted, unique.

    ``usable`` (bool per row) leaves rows out, such as empty sets.
    """
    count = signature.shape[0]
    rows_kept = np.arange(count) if usable is None else np.flatnonzero(usable)
    found: list[np.ndarray] = []
    for band in range(plan.bands):
        block = np.ascontiguousarray(signature[rows_kept, band * plan.rows:(band + 1) * plan.rows])
        keys = block.view(np.dtype((np.void, block.dtype.itemsize * plan.rows))).ravel()
        _, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
        shared = counts[inverse] > 1
        if not shared.any():
            continue
        members = rows_kept[shared]
        groups = inverse[shared]
        order = np.argsort(groups, kind="stable")
        members, groups = members[order], groups[order]
        bounds = np.flatnonzero(np.diff(groups)) + 1
        for group in np.split(members, bounds):
            i, j = np.triu_indices(len(group), k=1)
            found.append(np.stack((group[i], group[j]), axis=1))
    if not found:
        return np.empty((0, 2), dtype=np.int64)
    pairs = np.concatenate(found).astype(np.int64)
    pairs.sort(axis=1)
    return np.unique(pairs, axis=0)


def screen_minimum(hashes: int, cutoff: float, screen_miss: float = 1e-9) -> int:
    """Fewest agreeing minima a pair needs to be kept.

    A pair at ``cutoff`` or above has fewer with probability below ``screen_miss``: the
    count of agreeing minima is binomial(``hashes``, J) and grows with J, so the binomial
    quantile at the cutoff bounds every pair at or above it.
    """
    from scipy.stats import binom

    return int(binom.ppf(screen_miss, hashes, cutoff))


def screen(signature: np.ndarray, pairs: np.ndarray, minimum: int, chunk: int = 200_000) -> np.ndarray:
    """The pairs with at least ``minimum`` agreeing minima."""
    kept = [pairs[:0]]
    for start in range(0, len(pairs), chunk):
        part = pairs[start:start + chunk]
        agreeing = (signature[part[:, 0]] == signature[part[:, 1]]).sum(axis=1)
        kept.append(part[agreeing >= minimum])
    return np.concatenate(kept)
