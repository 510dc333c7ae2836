"""Failure variants: a case's texts changed so that exactly the requested dimensions fail, labels the truth of it.

:func:`failure_variant` starts from a fully labelled case that passes all four dimensions at
document 001's default thresholds (relevance below 0.50 fails, the others below 0.70) and changes
its *texts*, setting each changed unit's labels to what the change makes true:

- ``context_relevance``: off-topic passages (a pool shipped per language, or the caller's) are
  inserted at random places, labelled ``relevant: false``, as many as it takes to bring
  relevance below 0.50.
- ``faithfulness``: general advice that is true in the world but that no passage states ("keep a
  copy of every confirmation") is inserted among the claims, labelled ``supported: false,
  correct: true``: the clean didactic case of document 001, true yet unfaithful to the context.
  Being true, it raises correctness, so faithfulness fails alone.
- ``correctness``: a figure (a number or a date's number) that a claim and a passage both state is
  changed everywhere in the answer and the passages. Each claim with it stays ``supported`` (the
  passage says the same: an outdated or wrong source the answer follows faithfully, as in the
  "wrong answer" scenario) but becomes ``correct: false``; a reference fact quoting that figure is
  no longer stated by the answer, so it becomes ``covered: false`` (again as that scenario labels
  it). When that alone cannot fail correctness without failing another dimension, a sentence of a
  relevant passage may be added as a claim with one of its figures misquoted (``supported: false``:
  the passage says otherwise; ``correct: false``: so does the reference, or the source the passage
  was before its figure changed).
- ``coverage``: claims are dropped from the answer; a covered reference fact whose closest claims
  (most shared words of four letters or more, or figures) were all dropped becomes
  ``covered: false``.

Combinations use the same tools together. Among the changes that fail exactly the requested set
(every count checked against the default thresholds, then the variant evaluated to be sure), the
smallest are kept and one is drawn with ``numpy.random.default_rng(seed)``; the seed also draws the
new figures, the pool texts and where inserted units go. So the same case, failures and seed give
the same variant, and other seeds usually give another. A case that allows no such change is an
:class:`~uncase_core.errors.InputError` (``variant_not_possible``), never a variant whose labels lie.

The variant has a new id (``<id>-v<seed>-<tags>``, tags ``rel``, ``fai``, ``cor``, ``cov``),
``metadata["variant"] = {"source", "failures" (in the order of METRICS), "seed"}`` (the source's
``scenario`` key is dropped: it described the source), and each changed unit carries
``"variant_change": {"code", "params"}`` saying why its labels are what they are (codes worded in
:data:`CHANGE_NOTES`). Judge verdicts are dropped: they judged the old texts. The answer is edited in
the same way as the claims (a claim's text removed, inserted or changed in place), or rebuilt as
the claims joined when the claims cannot be found in it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from types import MappingProxyType
from typing import Any

import numpy as np

from uncase_core.errors import expected_value, input_error, problem, unknown_choice
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, Unit
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS, METRICS, evaluate_case
from uncase_core.shared.assets import load_variant_texts
from uncase_core.shared.sentences import split_sentences

LANGUAGES = ("en", "es")
TAGS: Mapping[str, str] = MappingProxyType({
    "context_relevance": "rel", "faithfulness": "fai", "correctness": "cor", "coverage": "cov",
})
CHANGE_KEY = "variant_change"
# Why a changed unit's labels are what they are: code -> English (a page words ``variant.change.<code>``).
CHANGE_NOTES: Mapping[str, str] = MappingProxyType({
    "distractor_added": "an off-topic passage was added: not relevant",
    "passage_figure_changed": "the figure {old} became {new} here; the passage is still on topic: relevant",
    "claim_figure_changed": "the figure {old} became {new}, as in the passage: supported as before, not correct",
    "unsupported_claim_added": "a claim no passage states was added; it is true: not supported, correct",
    "misquoted_claim_added": "a passage sentence was added with {old} misquoted as {new}: not supported, not correct",
    "fact_claim_dropped": 'the answer no longer says "{text}": not covered',
    "fact_figure_changed": "the answer now gives {new} instead of {old}: not covered",
})
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "variant_no_failures": "name at least one dimension to fail",
    "variant_needs_labels": "a variant starts from a fully labelled case; this label is not set",
    "variant_needs_units": "a variant needs at least one of these units, or its dimension is N/A",
    "variant_source_fails": "a variant starts from a case that passes all four dimensions; this one fails {dimensions}",
    "variant_language": "no variant texts for language {got}; use one of {choices}",
    "variant_pool_too_small": "{needed:,} texts are needed but the pool has {available:,} usable ones",
    "variant_not_possible": "no change of this case's texts fails exactly {failures} and passes the rest",
})

_FIGURE = re.compile(r"(?<![\w.,])(\d+)((?:[.,]\d+)*)(?!\w|[.,]\d)")
_WORD = re.compile(r"\w+")
_BUDGET = 40_000  # plans counted at most before saying the case allows no variant
_MAX_MISQUOTES = 3


# ---------------------------------------------------------------- checking the request


def check_failures(failures: str | Sequence[str], where: str = "failures") -> tuple[str, ...]:
    """The requested dimensions, in the order of :data:`METRICS`; an unknown or missing one is an InputError."""
    if isinstance(failures, str):
        names: Sequence[Any] = [failures]
        places = [where]
    elif isinstance(failures, Sequence):
        names = list(failures)
        places = [f"{where}[{i}]" for i in range(len(names))]
    else:
        raise expected_value("list", repr(failures), where)
    if not names:
        raise input_error(PROBLEMS, "variant_no_failures", where)
    for name, place in zip(names, places, strict=True):
        if name not in METRICS:
            raise unknown_choice("dimension", repr(name), METRICS, place)
    return tuple(name for name in METRICS if name in names)


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise expected_value("non_negative_whole_number", repr(seed), "seed")
    return int(seed)


def case_language(case: RagCase) -> str:
    """``metadata.language`` (English when the case does not say); one without variant texts is an InputError."""
    language = case.metadata.get("language", "en")
    if language not in LANGUAGES:
        raise input_error(PROBLEMS, "variant_language", "metadata.language", got=repr(language),
                          choices=", ".join(LANGUAGES))
    return str(language)


def check_source(case: RagCase) -> None:
    """The case is fully labelled, has units of every kind and passes all four dimensions at the defaults."""
    for kind in UNIT_KINDS:
        units = case.units(kind)
        if not units:
            raise input_error(PROBLEMS, "variant_needs_units", kind)
        for i, unit in enumerate(units):
            for name in LABEL_FIELDS[kind]:
                if unit.label(name) is None:
                    raise input_error(PROBLEMS, "variant_needs_labels", f"{kind}[{i}].{name}")
    failing = evaluate_case(case).diagnosis.failing
    if failing:
        raise input_error(PROBLEMS, "variant_source_fails", "", dimensions=", ".join(failing))


def _check_pool(pool: Sequence[str], where: str) -> tuple[str, ...]:
    if isinstance(pool, str) or not isinstance(pool, Sequence):
        raise expected_value("list", repr(pool), where)
    for i, text in enumerate(pool):
        if not isinstance(text, str):
            raise expected_value("text", repr(text), f"{where}[{i}]")
        if not text.strip():
            raise problem("must_not_be_empty", f"{where}[{i}]")
    return tuple(text.strip() for text in pool)


# ---------------------------------------------------------------- texts


def figures(text: str) -> frozenset[str]:
    """The figures of ``text``: numbers standing alone (``30``, ``2.5``, ``1,000``, a date's ``2022``)."""
    return frozenset(found.group(0) for found in _FIGURE.finditer(text))


def replace_figures(text: str, changes: Mapping[str, str]) -> str:
    """``text`` with every figure in ``changes`` replaced (whole figures only: ``5`` never touches ``158``)."""
    if not changes:
        return text
    return _FIGURE.sub(lambda found: changes.get(found.group(0), found.group(0)), text)


def _new_figure(token: str, taken: set[str], rng: np.random.Generator) -> str:
    """Another figure written the same way: its leading digits changed, separators and decimals kept."""
    found = _FIGURE.fullmatch(token)
    assert found is not None
    head, rest = found.group(1), found.group(2)
    value = int(head)
    spread = max(3, min(value // 2, 40)) if value < 1000 else 5
    candidates = [value + step for step in range(1, spread + 1)]
    candidates += [value - step for step in range(1, spread + 1) if value - step >= (1 if value >= 1 else 0)]
    width = len(head) if head.startswith("0") else 0
    options = [str(c).zfill(width) + rest for c in candidates]
    options = [option for option in options if option not in taken and option != token]
    if not options:  # every nearby figure is used already: go further out
        options = [str(value + step) + rest for step in range(spread + 1, spread + 200)
                   if str(value + step) + rest not in taken]
    choice = options[int(rng.integers(len(options)))]
    taken.add(choice)
    return choice


def _words(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower()) if len(w) >= 4 or any(ch.isdigit() for ch in w))


def closest_claims(fact: str, claims: Sequence[str]) -> frozenset[int]:
    """The claims sharing most words (four letters or more, or figures) with ``fact``; none when none shares any."""
    words = _words(fact)
    scores = [len(words & _words(claim)) for claim in claims]
    best = max(scores, default=0)
    return frozenset(i for i, score in enumerate(scores) if score == best) if best > 0 else frozenset()


# ---------------------------------------------------------------- planning


@dataclass(frozen=True)
class _Plan:
    dropped: tuple[int, ...]  # claim indices
    values: tuple[str, ...]  # figures changed
    misquotes: int
    added: int  # true claims no passage states


@dataclass(frozen=True)
class _Facts:
    """What the planner counts, read once from the source case."""

    supported: tuple[bool, ...]
    correct: tuple[bool, ...]
    claim_figures: tuple[frozenset[str], ...]
    covered: tuple[bool, ...]
    fact_figures: tuple[frozenset[str], ...]
    fact_claims: tuple[frozenset[int], ...]
    eligible: tuple[str, ...]
    sentence_figures: tuple[frozenset[str], ...]  # of each sentence with figures in a relevant passage
    claim_pool: int

    @property
    def misquotable(self) -> int:
        return len(self.sentence_figures)


def _read(case: RagCase, claim_pool: int) -> _Facts:
    claims = [unit.text for unit in case.claims]
    passage_figures = frozenset().union(*(figures(p.text) for p in case.passages))
    claim_figures = tuple(figures(text) for text in claims)
    correct = tuple(bool(unit.label("correct")) for unit in case.claims)
    eligible = sorted({f for fs, ok in zip(claim_figures, correct, strict=True) if ok for f in fs} & passage_figures)
    sentence_figures = tuple(figures(sentence) for p in case.passages if p.label("relevant")
                             for sentence in split_sentences(p.text) if figures(sentence))
    return _Facts(
        tuple(bool(unit.label("supported")) for unit in case.claims), correct, claim_figures,
        tuple(bool(unit.label("covered")) for unit in case.reference_facts),
        tuple(figures(unit.text) for unit in case.reference_facts),
        tuple(closest_claims(unit.text, claims) for unit in case.reference_facts),
        tuple(eligible), sentence_figures, claim_pool,
    )


def _fails(name: str, successes: int, total: int) -> bool:
    return total > 0 and successes / total < DEFAULT_THRESHOLDS[name]


def _plans(facts: _Facts, wanted: frozenset[str]) -> list[_Plan]:
    """Every smallest plan that fails exactly the wanted claim-side dimensions (relevance is planned apart)."""
    claims = range(len(facts.supported))
    useful = sorted({i for covered, near in zip(facts.covered, facts.fact_claims, strict=True) if covered
                     for i in near}) if "coverage" in wanted else []
    values = list(facts.eligible) if "correctness" in wanted else []
    added = range(facts.claim_pool + 1) if "faithfulness" in wanted else range(1)
    found: list[_Plan] = []
    budget = _BUDGET
    for level in range(len(useful) + len(values) + 1):
        for d_size in range(min(level, len(useful)) + 1):
            v_size = level - d_size
            if v_size > len(values):
                continue
            for dropped in combinations(useful, d_size):
                kept = [i for i in claims if i not in dropped]
                gone = set(dropped)
                for changed in combinations(values, v_size):
                    budget -= 1
                    if budget < 0:
                        return found
                    changed_set = set(changed)
                    covered = sum(1 for c, fs, near in zip(facts.covered, facts.fact_figures, facts.fact_claims,
                                                           strict=True)
                                  if c and not fs & changed_set and not (near and near <= gone))
                    if _fails("coverage", covered, len(facts.covered)) != ("coverage" in wanted):
                        continue
                    supported = sum(facts.supported[i] for i in kept)
                    correct = sum(facts.correct[i] and not facts.claim_figures[i] & changed_set for i in kept)
                    most = min(_MAX_MISQUOTES, facts.misquotable) if "correctness" in wanted else 0
                    for w in range(most + 1):
                        for m in added:
                            total = len(kept) + w + m
                            if total == 0:
                                continue
                            if _fails("faithfulness", supported, total) != ("faithfulness" in wanted):
                                continue
                            if _fails("correctness", correct + m, total) != ("correctness" in wanted):
                                continue
                            found.append(_Plan(dropped, changed, w, m))
        if found:
            cost = min(len(p.dropped) + len(p.values) + p.misquotes + p.added for p in found)
            return [p for p in found if len(p.dropped) + len(p.values) + p.misquotes + p.added == cost]
    return found


# ---------------------------------------------------------------- building


def _fresh_id(prefix: str, taken: set[str]) -> str:
    number = len(taken) + 1
    while f"{prefix}{number}" in taken:
        number += 1
    taken.add(f"{prefix}{number}")
    return f"{prefix}{number}"


def _changed(unit: Unit, code: str, **params: str) -> Unit:
    return replace(unit, extra={**unit.extra, CHANGE_KEY: {"code": code, "params": dict(params)}})


def _clean(unit: Unit) -> Unit:
    """The unit without a previous variant's note or any judge verdict (they judged the old texts)."""
    return replace(unit, extra={k: v for k, v in unit.extra.items() if k != CHANGE_KEY}, judge={})


def _insert(items: list[Any], new: Sequence[Any], rng: np.random.Generator) -> list[Any]:
    result = list(items)
    for item in new:
        result.insert(int(rng.integers(len(result) + 1)), item)
    return result


def _answer(answer: str, originals: Sequence[str], final: Sequence[tuple[int | None, str]]) -> str:
    """The answer edited as the claims were; ``final`` holds (index of the source claim or None, new text).

    The source claims (figures already changed) are found in order in the answer; the text around them
    is kept, dropped claims are cut, new ones go after their neighbour. If a claim cannot be found, the
    answer is the claims joined.
    """
    spans, start = [], 0
    for text in originals:
        at = answer.find(text, start) if text else -1
        if at < 0:
            return " ".join(text for _, text in final)
        spans.append((at, at + len(text)))
        start = at + len(text)
    if not spans:
        return " ".join(text for _, text in final)
    gaps = [answer[:spans[0][0]]] + [answer[spans[i - 1][1]:spans[i][0]] for i in range(1, len(spans))]
    parts = [gaps[0]]
    for position, (source, text) in enumerate(final):
        if position:
            parts.append(gaps[source] if source is not None and source > 0 else " ")
        parts.append(text)
    parts.append(answer[spans[-1][1]:])
    joined = "".join(parts)
    return re.sub(r"[ \t]{2,}", " ", joined).strip()


def _variant_pools(language: str, pool: Sequence[str] | None,
                   claim_pool: Sequence[str] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if pool is None or claim_pool is None:
        shipped = load_variant_texts(language)
        pool = shipped.passages if pool is None else pool
        claim_pool = shipped.claims if claim_pool is None else claim_pool
    return _check_pool(pool, "pool"), _check_pool(claim_pool, "claim_pool")


def failure_variant(
    case: RagCase,
    failures: str | Sequence[str],
    seed: int = 0,
    pool: Sequence[str] | None = None,
    claim_pool: Sequence[str] | None = None,
) -> RagCase:
    """A copy of ``case`` whose texts fail exactly ``failures`` at the default thresholds, labelled truthfully.

    ``failures`` is a dimension name or a list of them; ``pool`` holds the off-topic passages and
    ``claim_pool`` the true claims no passage states (both in the case's language; by default the ones
    shipped in ``assets/rag/distractors_<language>.json``). See the module docstring for the rules.
    """
    wanted = check_failures(failures)
    seed = _check_seed(seed)
    language = case_language(case)
    check_source(case)
    passages_pool, claims_pool = _variant_pools(language, pool, claim_pool)
    rng = np.random.default_rng(seed)

    existing_claims = {unit.text for unit in case.claims}
    claims_pool = tuple(text for text in dict.fromkeys(claims_pool) if text not in existing_claims)
    facts = _read(case, len(claims_pool))
    plans = _plans(facts, frozenset(wanted))
    if not plans:
        raise input_error(PROBLEMS, "variant_not_possible", "failures", failures=", ".join(wanted))
    plan = plans[int(rng.integers(len(plans)))]

    taken = {f for text in _all_texts(case) for f in figures(text)}
    changes = {value: _new_figure(value, taken, rng) for value in plan.values}
    changed_set = set(changes)

    # Passages: figures changed in place (still on topic, so relevance stays), then distractors.
    passages = []
    for unit in case.passages:
        unit = _clean(unit)
        hit = sorted(figures(unit.text) & changed_set)
        if hit:
            unit = _changed(replace(unit, text=replace_figures(unit.text, changes)), "passage_figure_changed",
                            old=", ".join(hit), new=", ".join(changes[v] for v in hit))
        passages.append(unit)
    if "context_relevance" in wanted:
        relevant = sum(1 for unit in passages if unit.label("relevant"))
        needed = max(1, 2 * relevant - len(passages) + 1)
        usable = [text for text in dict.fromkeys(passages_pool) if text not in {u.text for u in passages}]
        if len(usable) < needed:
            raise input_error(PROBLEMS, "variant_pool_too_small", "pool", needed=needed, available=len(usable))
        ids = {unit.id for unit in passages}
        picked = [usable[int(i)] for i in rng.choice(len(usable), size=needed, replace=False)]
        new = [_changed(Unit(_fresh_id("p", ids), text, {"relevant": False}), "distractor_added") for text in picked]
        passages = _insert(passages, new, rng)

    # Claims: figures changed, claims dropped, misquoted sentences and true unsupported claims inserted.
    kept: list[tuple[int | None, Unit]] = []
    for index, unit in enumerate(case.claims):
        if index in plan.dropped:
            continue
        unit = _clean(unit)
        hit = sorted(figures(unit.text) & changed_set)
        if hit:
            unit = _changed(replace(unit, text=replace_figures(unit.text, changes)).with_label("correct", False),
                            "claim_figure_changed", old=", ".join(hit), new=", ".join(changes[v] for v in hit))
        kept.append((index, unit))
    ids = {unit.id for unit in case.claims}
    new_claims: list[tuple[int | None, Unit]] = []
    if plan.misquotes:
        sentences = [s for p in passages if p.label("relevant") for s in split_sentences(p.text) if figures(s)]
        for i in rng.choice(len(sentences), size=plan.misquotes, replace=False):
            sentence = sentences[int(i)]
            options = sorted(figures(sentence))
            old = options[int(rng.integers(len(options)))]
            new_value = _new_figure(old, taken, rng)
            unit = Unit(_fresh_id("c", ids), replace_figures(sentence, {old: new_value}),
                        {"supported": False, "correct": False})
            new_claims.append((None, _changed(unit, "misquoted_claim_added", old=old, new=new_value)))
    if plan.added:
        for i in rng.choice(len(claims_pool), size=plan.added, replace=False):
            unit = Unit(_fresh_id("c", ids), claims_pool[int(i)], {"supported": False, "correct": True})
            new_claims.append((None, _changed(unit, "unsupported_claim_added")))
    final = _insert(kept, new_claims, rng)

    originals = [replace_figures(unit.text, changes) for unit in case.claims]
    answer = replace_figures(case.answer, changes)
    answer = _answer(answer, originals, [(i, unit.text) for i, unit in final])

    # Reference facts: a figure the answer no longer gives, or claims it no longer makes, uncover a fact.
    gone = set(plan.dropped)
    reference = []
    for unit, near in zip(case.reference_facts, facts.fact_claims, strict=True):
        unit = _clean(unit)
        if unit.label("covered"):
            hit = sorted(figures(unit.text) & changed_set)
            if hit:
                unit = _changed(unit.with_label("covered", False), "fact_figure_changed", old=", ".join(hit),
                                new=", ".join(changes[v] for v in hit))
            elif near and near <= gone:
                unit = _changed(unit.with_label("covered", False), "fact_claim_dropped",
                                text=" ".join(case.claims[i].text for i in sorted(near)))
        reference.append(unit)

    metadata = {k: v for k, v in case.metadata.items() if k not in ("scenario", "variant")}
    metadata["variant"] = {"source": case.id, "failures": list(wanted), "seed": seed}
    variant = replace(
        case,
        id=f"{case.id}-v{seed}-{'-'.join(TAGS[name] for name in wanted)}",
        passages=tuple(passages),
        answer=answer,
        claims=tuple(unit for _, unit in final),
        reference_facts=tuple(reference),
        metadata=metadata,
    )
    evaluation = evaluate_case(variant)  # the plan's counts, checked once more by the evaluator itself
    if evaluation.diagnosis.failing != wanted or evaluation.diagnosis.not_applicable:
        raise input_error(PROBLEMS, "variant_not_possible", "failures", failures=", ".join(wanted))
    return variant


def _all_texts(case: RagCase) -> list[str]:
    return [case.question, case.answer, *(unit.text for kind in UNIT_KINDS for unit in case.units(kind))]


def change_of(unit: Unit) -> tuple[str, Mapping[str, str]] | None:
    """The ``variant_change`` note a variant put on ``unit`` (code, params), or None when it left the unit alone."""
    note = unit.extra.get(CHANGE_KEY)
    if isinstance(note, Mapping) and isinstance(note.get("code"), str) and note["code"] in CHANGE_NOTES:
        params = note.get("params")
        return note["code"], MappingProxyType(dict(params) if isinstance(params, Mapping) else {})
    return None

