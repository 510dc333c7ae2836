"""Quality evaluator for synthetic conversations (document 000), deterministic and explainable.

``Evaluator().evaluate(conversation)`` scores one conversation on four metrics and two
gates; ``batch_evaluate(dataset, certify=True)`` scores many and seals the report with a
SHA-256 certificate anyone can recompute (:func:`verify`).

- ROUGE-L F-measure against the seed template (Unicode tokenizer), with its band;
- factual fidelity: verified claims / labelled claims, with an interval of independent units
  (:func:`uncase_core.stats.small_samples.units_interval`: Wilson's where it holds its level at that number of
  claims, the exact one with 1 or 2);
- type-token ratio exactly as document 000 defines it (and MATTR beside it);
- dialogue coherence: coherent turns / labelled turns, with the same interval;
- privacy gate: the number of personal-data findings must be 0;
- memorization gate: the share of 8-grams copied from the source texts must be below 0.01.

Q = min(ROUGE-L, fidelity, TTR, coherence) when both gates hold, else 0: no metric can make
up for another. An N/A metric is named, left out of the min (``min_over`` says what the min
was taken over) and neither passes nor fails (``not_checked``); a conversation where every
metric is N/A does not pass.

``passed`` and ``failures`` are document 000's gate: a rule applied to the values as measured,
which the batch's pass rate and the certificate seal. How sure a "fails" is, is another
question, answered per metric in ``certainty`` (:data:`CERTAINTY_KINDS` says why each can
carry what it carries):

- ROUGE-L, the type-token ratio, the privacy findings and the memorization share are computed
  from this conversation's own text, with no label and no sampling: a value below its threshold
  is below it, exactly, for this conversation (``measured``; they say nothing about other
  conversations of the same generator);
- fidelity and coherence are shares of hand-labelled claims and turns, drawn with a Wilson
  interval: read as the rate of the generator that wrote them, a few claims cannot tell 8 of 9
  from a true 90%. Their verdicts follow the RAG page's rule (the interval on one side and the
  exact binomial test agreeing, Holm-corrected over the two: :mod:`uncase_core.stats.policy`),
  so a page says "fails" in red only where it is ``clear``.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import numbers
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from uncase_core import __version__
from uncase_core.conversations.claims import ClaimCheck, check_claims
from uncase_core.conversations.coherence import TurnCheck, check_turns
from uncase_core.conversations.lexical import DEFAULT_MATTR_WINDOW, moving_average_ttr, type_token_ratio
from uncase_core.conversations.memorization import DEFAULT_NGRAM, copied_ngrams_in_tokens
from uncase_core.conversations.model import Conversation, conversation_from_dict, conversation_to_dict
from uncase_core.conversations.privacy import PrivacyFinding, scan_turns
from uncase_core.errors import InputError, expected_in_range, expected_value, input_error, unknown_choice
from uncase_core.shared.jsonfiles import canonical_json
from uncase_core.shared.rouge import RougeScore, compute_rouge_l, rouge_band, rouge_l_tokens
from uncase_core.shared.tokenize import tokenize
from uncase_core.stats.policy import family_certainties, unit_level_test
from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, count_labels, wilson_interval
from uncase_core.stats.small_samples import units_interval

METRICS = ("rouge_l", "fidelity", "ttr", "coherence")
GATES = ("privacy", "memorization")
DEFAULT_THRESHOLDS: Mapping[str, float] = {"rouge_l": 0.65, "fidelity": 0.90, "ttr": 0.55, "coherence": 0.85}
DEFAULT_MEMORIZATION_LIMIT = 0.01
# What certainty each verdict can carry: "measured" where the value is computed from this conversation's text alone
# (exact for it), "estimated" where it is a share of hand labels read as the generator's rate (the policy decides).
CERTAINTY_KINDS: Mapping[str, str] = MappingProxyType({
    "rouge_l": "measured", "ttr": "measured", "privacy": "measured", "memorization": "measured",
    "fidelity": "estimated", "coherence": "estimated",
})
ESTIMATED = tuple(name for name in METRICS if CERTAINTY_KINDS[name] == "estimated")

Progress = Callable[[int, int], None]
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "not_a_batch_report": "not a batch report (no thresholds)",
})
# Batches at least this long are shared between processes; CHUNK conversations per task.
PARALLEL_FROM = 2000
CHUNK = 250


def _check_thresholds(thresholds: Mapping[str, float] | None) -> dict[str, float]:
    result = dict(DEFAULT_THRESHOLDS)
    for name, value in (thresholds or {}).items():
        if name not in METRICS:
            raise unknown_choice("metric", repr(name), METRICS, "thresholds")
        # Compared as given: float() of an integer too large for a float raises OverflowError.
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value <= 1:
            raise expected_in_range("number", 0, 1, repr(value), f"thresholds.{name}")
        result[name] = float(value)
    return result


def estimated_certainties(shares: Mapping[str, Proportion], thresholds: Mapping[str, float],
                          confidence: float = DEFAULT_CONFIDENCE) -> dict[str, str | None]:
    """The verdicts of the metrics that are shares of hand labels (:data:`ESTIMATED`), said together: ``clear`` or
    ``uncertain`` by the RAG page's rule, Holm-corrected over them (None where N/A)."""
    judged = family_certainties(
        [None if shares[n].value is None else unit_level_test(shares[n], thresholds[n]) for n in ESTIMATED],
        confidence)
    return dict(zip(ESTIMATED, judged, strict=True))


@dataclass(frozen=True, kw_only=True)
class ConversationResult:
    id: str
    rouge_l: RougeScore | None
    rouge_band: str | None
    fidelity: Proportion
    ttr: float | None
    mattr: float | None
    coherence: Proportion
    privacy_score: float
    privacy_findings: tuple[PrivacyFinding, ...]
    memorization_rate: Proportion
    composite_score: float | None
    mean_score: float | None
    min_over: tuple[str, ...]
    passed: bool
    failures: tuple[str, ...]
    not_checked: tuple[str, ...]
    claims: tuple[ClaimCheck, ...] = field(repr=False)
    turns: tuple[TurnCheck, ...] = field(repr=False)
    # "clear" or "uncertain" per metric and gate (None where N/A): see the module docstring.
    certainty: Mapping[str, str | None] = field(default_factory=dict)

    @property
    def clear_failures(self) -> tuple[str, ...]:
        """The failures a page says "fails" of, in red: the measured ones, and the estimated ones when clear."""
        return tuple(name for name in self.failures if self.certainty.get(name, "clear") == "clear")

    @property
    def uncertain_failures(self) -> tuple[str, ...]:
        """Below the threshold as measured, but the labels cannot tell whether the generator's rate is."""
        return tuple(name for name in self.failures if self.certainty.get(name) == "uncertain")

    def metric_values(self) -> dict[str, float | None]:
        return {
            "rouge_l": None if self.rouge_l is None else self.rouge_l.fmeasure,
            "fidelity": self.fidelity.value,
            "ttr": self.ttr,
            "coherence": self.coherence.value,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "rouge_l": None if self.rouge_l is None else self.rouge_l.to_dict(),
            "rouge_band": self.rouge_band,
            "fidelity": self.fidelity.to_dict(),
            "ttr": self.ttr,
            "mattr": self.mattr,
            "coherence": self.coherence.to_dict(),
            "privacy_score": self.privacy_score,
            "privacy_findings": [
                {"kind": f.kind, "turn": f.turn, "start": f.start, "end": f.end, "text": f.text}
                for f in self.privacy_findings
            ],
            "memorization_rate": self.memorization_rate.to_dict(),
            "composite_score": self.composite_score,
            "mean_score": self.mean_score,
            "min_over": list(self.min_over),
            "passed": self.passed,
            "failures": list(self.failures),
            "not_checked": list(self.not_checked),
            "certainty": dict(self.certainty),
            "claims": [
                {"turn": c.claim.turn, "text": c.claim.text, "verified": c.claim.verified, "source": c.source,
                 "reason": c.reason, "matched_fact": c.matched_fact}
                for c in self.claims
            ],
            "turn_checks": [
                {"turn": t.turn, "coherent": t.coherent, "source": t.source,
                 "flags": [{"rule": f.rule, "evidence": f.evidence} for f in t.flags]}
                for t in self.turns
            ],
        }


@dataclass(frozen=True)
class BatchReport:
    results: tuple[ConversationResult, ...]
    pass_rate: float | None  # percent of conversations that passed
    failure_counts: Mapping[str, int]
    not_checked_counts: Mapping[str, int]
    thresholds: Mapping[str, float]
    memorization_limit: float
    version: str
    certificate_hash: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "thresholds": dict(self.thresholds),
            "memorization_limit": self.memorization_limit,
            "count": len(self.results),
            "passed": sum(1 for r in self.results if r.passed),
            "pass_rate": self.pass_rate,
            "failure_counts": dict(self.failure_counts),
            "not_checked_counts": dict(self.not_checked_counts),
            "results": [r.to_dict() for r in self.results],
            "certificate_hash": self.certificate_hash,
        }


def certificate_payload(
    conversations: Iterable[Conversation], thresholds: Mapping[str, float], memorization_limit: float,
    version: str, results: Iterable[ConversationResult],
) -> dict[str, Any]:
    return {
        "dataset": [conversation_to_dict(c) for c in conversations],
        "thresholds": {**thresholds, "memorization_limit": memorization_limit},
        "version": version,
        "results": [r.to_dict() for r in results],
    }


class Evaluator:
    """Scores conversations against explicit thresholds (defaults from document 000)."""

    def __init__(
        self,
        thresholds: Mapping[str, float] | None = None,
        memorization_limit: float = DEFAULT_MEMORIZATION_LIMIT,
        ngram: int = DEFAULT_NGRAM,
        mattr_window: int = DEFAULT_MATTR_WINDOW,
        confidence: float = DEFAULT_CONFIDENCE,
    ) -> None:
        self.thresholds = _check_thresholds(thresholds)
        if isinstance(memorization_limit, bool) or not isinstance(memorization_limit, numbers.Real) \
                or not 0 <= memorization_limit <= 1 or math.isnan(memorization_limit):
            raise expected_in_range("number", 0, 1, repr(memorization_limit), "memorization_limit")
        self.memorization_limit = float(memorization_limit)
        self.ngram = ngram
        self.mattr_window = mattr_window
        self.confidence = confidence

    def _proportion(self, labels: list[bool | None], intervals: dict | None) -> Proportion:
        """A labelled rate of one conversation (fidelity, coherence): its claims or turns are the units, so its
        interval is the one that holds its level at that many units (a conversation often has one or two)."""
        successes, total, missing = count_labels(labels)
        key = ("units", successes, total)
        if intervals is None or key not in intervals:
            interval = units_interval(successes, total, self.confidence)
            if intervals is None:
                return Proportion.with_interval(successes, total, missing, self.confidence, interval)
            intervals[key] = interval
        return Proportion.with_interval(successes, total, missing, self.confidence, intervals[key])

    def _counts(self, successes: int, total: int, intervals: dict | None, unlabelled: int = 0) -> Proportion:
        # A batch shares one memo of intervals: the same few counts (5 of 5, 11 of 12...) recur.
        if intervals is None:
            return Proportion.from_counts(successes, total, unlabelled, self.confidence)
        if (successes, total) not in intervals:
            intervals[successes, total] = wilson_interval(successes, total, self.confidence)
        return Proportion.with_interval(successes, total, unlabelled, self.confidence, intervals[successes, total])

    def evaluate(
        self, conversation: Conversation | Mapping[str, Any], fast_rouge: bool = False, intervals: dict | None = None,
    ) -> ConversationResult:
        """Score one conversation (a dict in the file format, or a :class:`Conversation`).

        ``fast_rouge`` uses the bit-parallel LCS instead of rouge-score's scorer; the
        scores are identical, it is only faster. ``intervals`` is a memo of Wilson
        intervals by counts that a batch shares between conversations.
        """
        conv = conversation_from_dict(conversation)
        seed, text = conv.seed_text, conv.text
        # Tokenized once: ROUGE-L and memorization share the tokens (a newline only separates words).
        turn_tokens = [tokenize(turn.text) for turn in conv.turns]
        seed_tokens, text_tokens = tokenize(seed), [token for tokens in turn_tokens for token in tokens]
        rouge: RougeScore | None = None
        if seed_tokens and text_tokens:
            rouge = rouge_l_tokens(seed_tokens, text_tokens) if fast_rouge else compute_rouge_l(seed, text)
        claims = tuple(check_claims(conv))
        turns = tuple(check_turns(conv, turn_tokens))
        fidelity = self._proportion([c.claim.verified for c in claims], intervals)
        coherence = self._proportion([t.coherent for t in turns], intervals)
        findings = tuple(scan_turns([turn.text for turn in conv.turns]))
        copied, grams = copied_ngrams_in_tokens(turn_tokens, conv.source_texts, self.ngram)
        memorized = (self._counts(0, 0, intervals, unlabelled=grams) if not conv.source_texts
                     else self._counts(copied, grams, intervals))
        values = {
            "rouge_l": None if rouge is None else rouge.fmeasure,
            "fidelity": fidelity.value,
            "ttr": type_token_ratio(text),
            "coherence": coherence.value,
        }
        failures = [name for name in METRICS if values[name] is not None and values[name] < self.thresholds[name]]
        not_checked = [name for name in METRICS if values[name] is None]
        if findings:
            failures.append("privacy")
        if memorized.value is None:
            not_checked.append("memorization")
        elif memorized.value >= self.memorization_limit:
            failures.append("memorization")
        applicable = tuple(name for name in METRICS if values[name] is not None)
        certainty: dict[str, str | None] = {n: "clear" if values[n] is not None else None for n in METRICS}
        certainty.update(estimated_certainties({"fidelity": fidelity, "coherence": coherence}, self.thresholds,
                                               self.confidence))
        certainty["privacy"] = "clear"
        certainty["memorization"] = None if memorized.value is None else "clear"
        if not applicable:
            composite = mean = None
        else:
            mean = sum(values[n] for n in applicable) / len(applicable)
            gated = bool(findings) or "memorization" in failures
            composite = 0.0 if gated else min(values[n] for n in applicable)
        return ConversationResult(
            id=conv.id,
            rouge_l=rouge,
            rouge_band=None if rouge is None else rouge_band(rouge.fmeasure),
            fidelity=fidelity.named("fidelity"),
            ttr=values["ttr"],
            mattr=moving_average_ttr(text, self.mattr_window),
            coherence=coherence.named("coherence"),
            privacy_score=float(len(findings)),
            privacy_findings=findings,
            memorization_rate=memorized.named("memorization_rate"),
            composite_score=composite,
            mean_score=mean,
            min_over=applicable,
            # Nothing measured is not a pass: at least one metric must have been checked.
            passed=not failures and bool(applicable),
            failures=tuple(failures),
            not_checked=tuple(not_checked),
            claims=claims,
            turns=turns,
            certainty=certainty,
        )

    def _scored_chunks(self, conversations: list[Conversation], workers: int) -> Iterator[list[ConversationResult]]:
        """Results in order, one at a time in this process or a chunk at a time from ``workers`` processes."""
        chunks = [conversations[i:i + CHUNK] for i in range(0, len(conversations), CHUNK)]
        if workers <= 1 or len(chunks) <= 1:
            intervals: dict = {}
            for conversation in conversations:
                yield [self.evaluate(conversation, fast_rouge=True, intervals=intervals)]
            return
        context = multiprocessing.get_context(_start_method())
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            yield from pool.map(_score_chunk, [self] * len(chunks), chunks)

    def batch_evaluate(
        self,
        dataset: Iterable[Conversation | Mapping[str, Any]],
        certify: bool = True,
        progress: Progress | None = None,
        workers: int | None = None,
    ) -> BatchReport:
        """Score every conversation; with ``certify``, seal the report with a SHA-256 hash.

        ``workers`` processes share a long batch (default: one per core from
        :data:`PARALLEL_FROM` conversations on, else none); results and certificate are
        the same whatever the number. Workers are forked only from a single-threaded process (the
        command line) and spawned otherwise (:func:`_start_method`); the app passes ``workers=1`` and scores
        in its own process.
        """
        conversations = []
        for i, item in enumerate(dataset):
            try:
                conversations.append(conversation_from_dict(item))
            except InputError as error:
                raise error.nested(f"[{i}]") from None
        if workers is None:
            workers = (os.cpu_count() or 1) if len(conversations) >= PARALLEL_FROM else 1
        results: list[ConversationResult] = []
        for chunk in self._scored_chunks(conversations, workers):
            results.extend(chunk)
            if progress is not None:
                progress(len(results), len(conversations))
        failure_counts = {name: sum(1 for r in results if name in r.failures) for name in (*METRICS, *GATES)}
        not_checked = {name: sum(1 for r in results if name in r.not_checked) for name in (*METRICS, "memorization")}
        pass_rate = 100.0 * sum(1 for r in results if r.passed) / len(results) if results else None
        digest = None
        if certify:
            payload = certificate_payload(conversations, self.thresholds, self.memorization_limit, __version__,
                                          results)
            digest = hashlib.sha256(canonical_json(payload)).hexdigest()
        return BatchReport(tuple(results), pass_rate, failure_counts, not_checked, dict(self.thresholds),
                           self.memorization_limit, __version__, digest)


def _start_method() -> str:
    """How the batch's worker processes start: ``fork`` only from a process with one thread, else ``spawn``.

    fork starts a worker without importing the package again (the command line's case: one thread), but a forked
    child of a threaded process (a Streamlit server) inherits locks that threads it does not have were holding, and
    can hang on them; spawn starts a fresh interpreter instead. The pages never get this far: they score in this
    process (``workers=1``).
    """
    single = threading.active_count() == 1
    return "fork" if single and "fork" in multiprocessing.get_all_start_methods() else "spawn"


def _score_chunk(evaluator: Evaluator, conversations: list[Conversation]) -> list[ConversationResult]:
    intervals: dict = {}
    return [evaluator.evaluate(c, fast_rouge=True, intervals=intervals) for c in conversations]


@dataclass(frozen=True)
class Verification:
    matches: bool
    expected: str | None
    recomputed: str
    reason: str


def verify(report: Mapping[str, Any], dataset: Iterable[Conversation | Mapping[str, Any]]) -> Verification:
    """Recompute a report's certificate from the dataset and the report's own thresholds.

    The hash proves that this dataset, scored with these thresholds by this package
    version, gives exactly these results; it proves nothing about who made it or when.
    """
    if not isinstance(report, Mapping) or "thresholds" not in report:
        raise input_error(PROBLEMS, "not_a_batch_report", "report")
    if not isinstance(report["thresholds"], Mapping):
        raise expected_value("thresholds_object", repr(report["thresholds"]), "thresholds")
    thresholds = dict(report["thresholds"])
    evaluator = Evaluator(thresholds, report.get("memorization_limit", DEFAULT_MEMORIZATION_LIMIT))
    recomputed = evaluator.batch_evaluate(dataset, certify=True)
    expected = report.get("certificate_hash")
    # The hash only proves something about the report if the report shows what was hashed:
    # every field of the recomputed report (results, pass rate, counts...) must be as written.
    fresh = json.loads(json.dumps(recomputed.to_dict()))
    edited = sorted(key for key, value in fresh.items() if key != "certificate_hash" and report.get(key) != value)
    matches = expected == recomputed.certificate_hash and not edited
    if report.get("version") != __version__:
        reason = f"the report was made by version {report.get('version')}, this is {__version__}"
    elif expected != recomputed.certificate_hash:
        reason = "the dataset, thresholds or results differ from what the certificate sealed"
    elif edited:
        reason = f"the report's {', '.join(edited)} differ from the results the certificate sealed"
    else:
        reason = "the dataset, thresholds and results match the certificate"
    return Verification(matches, expected, recomputed.certificate_hash or "", reason)
