"""Failure variants: a case's texts changed so that exactly the requested dimensions fail, keyed by the guidelines.

:func:`failure_variant` starts from a fully labelled case that passes all four dimensions at
document 001's default thresholds (relevance below 0.50 fails, the others below 0.70) and changes
its *texts*, setting each changed unit's labels to what the shipped annotation guidelines
(``assets/guidelines/defaults.toml``) make of the change. It only makes units those guidelines decide:
a claim is *supported* when a passage states it, *correct* when it agrees with the reference facts
(judged apart from the passages), and a fact is *covered* when the answer states it. So it never adds
a claim that the reference neither states nor contradicts (general advice, true in the world, is
neither correct nor incorrect by that rule), and never lets the answer state a fact and contradict it:

- ``context_relevance``: off-topic passages (a pool shipped per language, or the caller's) are
  inserted at random places, labelled ``relevant: false``, as many as it takes to bring
  relevance below 0.50.
- ``faithfulness``: a figure (a number or a date's number) that a supported claim and a passage state
  is changed in the passages only, as an outdated source would have it. Each claim with it is no
  longer stated by any passage (``supported: false``); its text and the reference did not change, so
  its ``correct`` label stays (the clean didactic case of document 001: right, yet unfaithful to the
  context), and so does coverage.
- ``correctness``: a figure that a correct claim, a passage and a reference fact all state is changed
  in the answer and the passages. Each claim with it stays ``supported`` (the passage says the same:
  an outdated or wrong source the answer follows faithfully, as in the "wrong answer" scenario) but
  disagrees with the reference (``correct: false``); a reference fact quoting that figure is no longer
  stated by the answer, so it becomes ``covered: false``. When that alone cannot fail correctness
  without failing another dimension, a sentence of a relevant passage may be added as a claim with
  one of its figures misquoted (``supported: false``: no passage says that; ``correct: false``: a
  reference fact gives that figure otherwise). Only a sentence whose figures the reference states in
  facts the variant leaves uncovered is misquoted, so the answer never both states a fact and
  contradicts it.
- ``coverage``: claims are dropped from the answer; a covered reference fact whose closest claims
  (most shared words of four letters or more, or figures) were all dropped becomes
  ``covered: false``.

A figure is never one the question gives, and its new value is closer to the old one than to any other
figure of the case (:func:`figure_options`). So every comparison the texts draw between figures holds as
before ("bought 20 days ago" stays inside a 30-day return window that becomes 26, never 17), and the
claims that depend on a changed figure are the ones that quote it, each re-keyed above. A dependence the
texts do not show by figures (a figure written in words, a sum) is beyond what the generator reads; the
built-in cases have none (``tests/ui/test_drill_keys.py`` reads every variant of them against the guidelines).

Combinations use the same tools together. Among the changes that fail exactly the requested set
(every count checked against the default thresholds, then the variant evaluated to be sure), the
smallest are kept and one is drawn with ``numpy.random.default_rng(seed)``; the seed also draws the
new figures, the pool texts and where inserted units go. So the same case, failures and seed give
the same variant, and other seeds usually give another. A case that allows no such change is an
:class:`~uncase_core.errors.InputError` (``variant_not_possible``), never a variant whose labels lie
(a case without figures, for one, cannot fail faithfulness or correctness).

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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from types import MappingProxyType
from typing import Any

import numpy as np

from uncase_core.assets.reader import load_variant_texts
from uncase_core.errors import expected_value, input_error, problem, unknown_choice
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, Unit
from uncase_core.rag.dimensions import DIMENSIONS
from uncase_core.rag.evaluation import DEFAULT_THRESHOLDS, METRICS, evaluate_case
from uncase_core.shared.sentences import split_sentences

LANGUAGES = ("en", "es")
TAGS: Mapping[str, str] = MappingProxyType({d.name: d.tag for d in DIMENSIONS})
CHANGE_KEY = "variant_change"
# Why a changed unit's labels are what they are: code -> English (a page words ``drill.note.<code>``).
CHANGE_NOTES: Mapping[str, str] = MappingProxyType({
    "distractor_added": "an off-topic passage was added: not relevant",
    "passage_figure_changed": "the figure {old} became {new} here; the passage is still on topic: relevant",
    "claim_figure_changed": "the figure {old} became {new}, as in the passage: supported as before, not correct",
    "claim_support_lost": "the passages now say {new} where this claim, unchanged, says {old}: not supported; "
                          "correct as before (correctness is judged against the reference, which did not change)",
    "misquoted_claim_added": "a passage sentence was added with {old} misquoted as {new}: not supported, not correct",
    "fact_claim_dropped": 'the answer no longer says "{text}": not covered',
    "fact_figure_changed": "the answer now gives {new} instead of {old}: not covered",
})
# Notes of changes the generator no longer makes, kept so that a drill stored before still says what it did.
RETIRED_NOTES: Mapping[str, str] = MappingProxyType({
    "unsupported_claim_added": "an earlier version added this claim, which neither the passages nor the reference "
                               "state, and keyed it correct; the guidelines do not decide it: make a new drill",
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
# How each language writes a figure: (thousands separator, decimal mark).
_SEPARATORS: Mapping[str, tuple[str, str]] = MappingProxyType({"en": (",", "."), "es": (".", ",")})
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


def figure_value(token: str, language: str) -> float | None:
    """A figure as a number, read the case's way (``1,000.5`` in English, ``1.000,5`` in Spanish), or None."""
    thousands, decimal = _SEPARATORS.get(language, _SEPARATORS["en"])
    try:
        return float(token.replace(thousands, "").replace(decimal, "."))
    except ValueError:
        return None


def figure_options(token: str, others: frozenset[float], language: str) -> tuple[str, ...]:
    """The values ``token`` may become: written the same way (leading digits changed, separators and decimals kept)
    and closer to its old value than to any of ``others`` (the case's other figures).

    Why closer: every comparison a text draws between two figures then holds as before, even when two figures
    change in one variant ("bought 20 days ago" stays inside a 30-day window that becomes 26, never 17). A value
    the rule leaves nothing for (a figure next to another) is not changed at all.
    """
    found = _FIGURE.fullmatch(token)
    value = figure_value(token, language)
    if found is None or value is None:
        return ()
    head, rest = found.group(1), found.group(2)
    number = int(head)
    spread = max(3, min(number // 2, 40)) if number < 1000 else 5
    heads = [number + step for step in range(1, spread + 1)]
    heads += [number - step for step in range(1, spread + 1) if number - step >= (1 if number >= 1 else 0)]
    width = len(head) if head.startswith("0") else 0
    options = []
    for new_head in heads:
        option = str(new_head).zfill(width) + rest
        new = figure_value(option, language)
        if new is not None and option != token and all(abs(new - value) < abs(new - other) for other in others):
            options.append(option)
    return tuple(options)


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
    values: tuple[str, ...]  # figures changed in the answer and the passages (correctness)
    stale: tuple[str, ...]  # figures changed in the passages only (faithfulness)
    misquotes: int


@dataclass(frozen=True)
class _Sentence:
    """A sentence with figures of a relevant passage, and the figures a misquote of it could get wrong."""

    text: str
    figures: frozenset[str]
    tied: frozenset[str]  # its figures some reference fact states: a misquote of one disagrees with the reference


@dataclass(frozen=True)
class _Facts:
    """What the planner counts, read once from the source case."""

    supported: tuple[bool, ...]
    correct: tuple[bool, ...]
    claim_figures: tuple[frozenset[str], ...]
    covered: tuple[bool, ...]
    fact_figures: tuple[frozenset[str], ...]
    fact_claims: tuple[frozenset[int], ...]
    values: tuple[str, ...]  # figures a correctness change may take: in a correct claim, a passage and a fact
    stale: tuple[str, ...]  # figures a faithfulness change may take: in a supported claim and a passage
    sentences: tuple[_Sentence, ...]
    options: Mapping[str, tuple[str, ...]]  # the new values each figure of the case may take

    def uncovered(self, dropped: set[int], values: set[str]) -> frozenset[int]:
        """The reference facts the answer no longer states (or never did) after these changes."""
        return frozenset(j for j, (covered, fs, near) in enumerate(
            zip(self.covered, self.fact_figures, self.fact_claims, strict=True))
            if not covered or fs & values or (near and near <= dropped))

    def misquotable(self, uncovered: frozenset[int], moved: set[str]) -> list[tuple[_Sentence, tuple[str, ...]]]:
        """The sentences a misquote may take, each with the figures it may get wrong.

        A sentence qualifies only when every reference fact stating one of its figures is one the answer does not
        state: a misquote then disagrees with the reference without the answer also stating the fact (which the
        guidelines would leave undecided). A figure needs a new value beyond the one a change already took.
        """
        found = []
        for sentence in self.sentences:
            facts = [j for j, fs in enumerate(self.fact_figures) if fs & sentence.tied]
            if not sentence.tied or any(j not in uncovered for j in facts):
                continue
            usable = tuple(sorted(f for f in sentence.tied if len(self.options.get(f, ())) > (f in moved)))
            if usable:
                found.append((sentence, usable))
        return found


def _read(case: RagCase, language: str) -> _Facts:
    claims = [unit.text for unit in case.claims]
    texts = _all_texts(case)
    every = frozenset().union(*(figures(text) for text in texts))
    values = {token: figure_value(token, language) for token in every}
    asked = figures(case.question)
    options = {token: () if token in asked else figure_options(
        token, frozenset(v for t, v in values.items() if v is not None and v != values[token]), language)
        for token in every}
    passage_figures = frozenset().union(*(figures(p.text) for p in case.passages))
    fact_figures = tuple(figures(unit.text) for unit in case.reference_facts)
    stated = frozenset().union(*fact_figures)
    claim_figures = tuple(figures(text) for text in claims)
    supported = tuple(bool(unit.label("supported")) for unit in case.claims)
    correct = tuple(bool(unit.label("correct")) for unit in case.claims)

    def changeable(flags: tuple[bool, ...], also: frozenset[str]) -> tuple[str, ...]:
        quoted = {f for fs, ok in zip(claim_figures, flags, strict=True) if ok for f in fs}
        return tuple(sorted(f for f in quoted & passage_figures & also if options[f]))

    sentences = tuple(_Sentence(sentence, figures(sentence), figures(sentence) & stated)
                      for p in case.passages if p.label("relevant")
                      for sentence in split_sentences(p.text) if figures(sentence))
    return _Facts(
        supported, correct, claim_figures,
        tuple(bool(unit.label("covered")) for unit in case.reference_facts), fact_figures,
        tuple(closest_claims(unit.text, claims) for unit in case.reference_facts),
        changeable(correct, stated), changeable(supported, every), sentences, MappingProxyType(options),
    )


def _fails(name: str, successes: int, total: int) -> bool:
    return total > 0 and successes / total < DEFAULT_THRESHOLDS[name]


_Changes = tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]  # claims dropped, figures changed, made stale


def _changes(useful: list[int], values: list[str], stale: list[str], level: int,
             claim_figures: Sequence[frozenset[str]]) -> Iterator[_Changes]:
    """Every (dropped, changed, stale) of ``level`` changes in all; no claim quotes a changed and a stale figure
    (its note could not say both "supported as before" and "not supported")."""
    for d_size in range(min(level, len(useful)) + 1):
        for v_size in range(min(level - d_size, len(values)) + 1):
            s_size = level - d_size - v_size
            for dropped in combinations(useful, d_size):
                for changed in combinations(values, v_size):
                    free = [f for f in stale if f not in changed]
                    for old in combinations(free, s_size):
                        if any(fs & set(changed) and fs & set(old) for fs in claim_figures):
                            continue
                        yield dropped, changed, old


def _plans(facts: _Facts, wanted: frozenset[str]) -> list[_Plan]:
    """Every smallest plan that fails exactly the wanted claim-side dimensions (relevance is planned apart)."""
    claims = range(len(facts.supported))
    useful = sorted({i for covered, near in zip(facts.covered, facts.fact_claims, strict=True) if covered
                     for i in near}) if "coverage" in wanted else []
    values = list(facts.values) if "correctness" in wanted else []
    stale = list(facts.stale) if "faithfulness" in wanted else []
    found: list[_Plan] = []
    budget = _BUDGET
    for level in range(len(useful) + len(set(values) | set(stale)) + 1):
        for dropped, changed, old in _changes(useful, values, stale, level, facts.claim_figures):
            budget -= 1
            if budget < 0:
                return found
            gone, changed_set, stale_set = set(dropped), set(changed), set(old)
            uncovered = facts.uncovered(gone, changed_set)
            if _fails("coverage", len(facts.covered) - len(uncovered), len(facts.covered)) != ("coverage" in wanted):
                continue
            kept = [i for i in claims if i not in gone]
            supported = sum(facts.supported[i] and not facts.claim_figures[i] & stale_set for i in kept)
            correct = sum(facts.correct[i] and not facts.claim_figures[i] & changed_set for i in kept)
            most = min(_MAX_MISQUOTES, len(facts.misquotable(uncovered, changed_set | stale_set))) \
                if "correctness" in wanted else 0
            for w in range(most + 1):
                total = len(kept) + w
                if total == 0:
                    continue
                if _fails("faithfulness", supported, total) != ("faithfulness" in wanted):
                    continue
                if _fails("correctness", correct, total) != ("correctness" in wanted):
                    continue
                found.append(_Plan(dropped, changed, old, w))
        if found:
            cost = min(_cost(p) for p in found)
            return [p for p in found if _cost(p) == cost]
    return found


def _cost(plan: _Plan) -> int:
    return len(plan.dropped) + len(plan.values) + len(plan.stale) + plan.misquotes


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


def _pick(options: Sequence[str], taken: set[str], rng: np.random.Generator) -> str | None:
    """One of ``options`` no text of the variant uses yet (then taken), or None when none is left."""
    free = [option for option in options if option not in taken]
    if not free:
        return None
    choice = free[int(rng.integers(len(free)))]
    taken.add(choice)
    return choice


def _new_figures(facts: _Facts, tokens: Sequence[str], taken: set[str], rng: np.random.Generator) -> dict[str, str]:
    changes = {}
    for token in tokens:
        choice = _pick(facts.options[token], taken, rng)
        assert choice is not None  # the planner only takes figures with options, each figure once
        changes[token] = choice
    return changes


def _note(changes: Mapping[str, str], hit: Sequence[str]) -> dict[str, str]:
    return {"old": ", ".join(hit), "new": ", ".join(changes[v] for v in hit)}


def _passages(case: RagCase, moved: Mapping[str, str]) -> list[Unit]:
    """The passages with every changed figure (correctness and faithfulness alike) replaced, still on topic."""
    passages = []
    for unit in case.passages:
        unit = _clean(unit)
        hit = sorted(figures(unit.text) & set(moved))
        if hit:
            unit = _changed(replace(unit, text=replace_figures(unit.text, moved)), "passage_figure_changed",
                            **_note(moved, hit))
        passages.append(unit)
    return passages


def _distractors(passages: list[Unit], pool: Sequence[str], rng: np.random.Generator) -> list[Unit]:
    """Off-topic passages inserted until relevance is below 0.50."""
    relevant = sum(1 for unit in passages if unit.label("relevant"))
    needed = max(1, 2 * relevant - len(passages) + 1)
    usable = [text for text in dict.fromkeys(pool) if text not in {u.text for u in passages}]
    if len(usable) < needed:
        raise input_error(PROBLEMS, "variant_pool_too_small", "pool", needed=needed, available=len(usable))
    ids = {unit.id for unit in passages}
    picked = [usable[int(i)] for i in rng.choice(len(usable), size=needed, replace=False)]
    new = [_changed(Unit(_fresh_id("p", ids), text, {"relevant": False}), "distractor_added") for text in picked]
    return _insert(passages, new, rng)


def _kept_claims(case: RagCase, plan: _Plan, changes: Mapping[str, str], stale: Mapping[str, str]
                 ) -> list[tuple[int | None, Unit]]:
    """The claims not dropped: a changed figure keeps support and loses correctness, a stale one loses support."""
    kept: list[tuple[int | None, Unit]] = []
    for index, unit in enumerate(case.claims):
        if index in plan.dropped:
            continue
        unit = _clean(unit)
        hit = sorted(figures(unit.text) & set(changes))
        old = sorted(figures(unit.text) & set(stale))
        if hit:
            unit = _changed(replace(unit, text=replace_figures(unit.text, changes)).with_label("correct", False),
                            "claim_figure_changed", **_note(changes, hit))
        elif old:
            unit = _changed(unit.with_label("supported", False), "claim_support_lost", **_note(stale, old))
        kept.append((index, unit))
    return kept


def _misquotes(case: RagCase, facts: _Facts, plan: _Plan, moved: Mapping[str, str], taken: set[str],
               rng: np.random.Generator) -> list[tuple[int | None, Unit]]:
    """Passage sentences (as the passages now read) with one figure the reference states given otherwise."""
    if not plan.misquotes:
        return []
    uncovered = facts.uncovered(set(plan.dropped), set(plan.values))
    candidates = facts.misquotable(uncovered, set(moved))
    ids = {unit.id for unit in case.claims}
    made = []
    for i in rng.choice(len(candidates), size=plan.misquotes, replace=False):
        sentence, usable = candidates[int(i)]
        token = usable[int(rng.integers(len(usable)))]
        wrong = _pick(facts.options[token], taken, rng)
        if wrong is None:  # two sentences shared a figure with too few values left for both
            raise input_error(PROBLEMS, "variant_not_possible", "failures", failures="correctness")
        text = replace_figures(sentence.text, {**moved, token: wrong})
        unit = Unit(_fresh_id("c", ids), text, {"supported": False, "correct": False})
        made.append((None, _changed(unit, "misquoted_claim_added", old=moved.get(token, token), new=wrong)))
    return made


def _reference(case: RagCase, facts: _Facts, plan: _Plan, changes: Mapping[str, str]) -> list[Unit]:
    """A figure the answer no longer gives, or claims it no longer makes, uncover a fact."""
    gone = set(plan.dropped)
    reference = []
    for unit, near in zip(case.reference_facts, facts.fact_claims, strict=True):
        unit = _clean(unit)
        if unit.label("covered"):
            hit = sorted(figures(unit.text) & set(changes))
            if hit:
                unit = _changed(unit.with_label("covered", False), "fact_figure_changed", **_note(changes, hit))
            elif near and near <= gone:
                unit = _changed(unit.with_label("covered", False), "fact_claim_dropped",
                                text=" ".join(case.claims[i].text for i in sorted(near)))
        reference.append(unit)
    return reference


def _variant_pool(language: str, pool: Sequence[str] | None) -> tuple[str, ...]:
    return _check_pool(load_variant_texts(language).passages if pool is None else pool, "pool")


def failure_variant(
    case: RagCase,
    failures: str | Sequence[str],
    seed: int = 0,
    pool: Sequence[str] | None = None,
) -> RagCase:
    """A copy of ``case`` whose texts fail exactly ``failures`` at the default thresholds, keyed by the guidelines.

    ``failures`` is a dimension name or a list of them; ``pool`` holds the off-topic passages, in the case's
    language (by default the ones shipped in ``assets/rag/distractors_<language>.json``). See the module
    docstring for the rules.
    """
    wanted = check_failures(failures)
    seed = _check_seed(seed)
    language = case_language(case)
    check_source(case)
    passages_pool = _variant_pool(language, pool)
    rng = np.random.default_rng(seed)

    facts = _read(case, language)
    plans = _plans(facts, frozenset(wanted))
    if not plans:
        raise input_error(PROBLEMS, "variant_not_possible", "failures", failures=", ".join(wanted))
    plan = plans[int(rng.integers(len(plans)))]

    taken = {f for text in _all_texts(case) for f in figures(text)}
    changes = _new_figures(facts, plan.values, taken, rng)
    stale = _new_figures(facts, plan.stale, taken, rng)
    moved = {**changes, **stale}

    passages = _passages(case, moved)
    if "context_relevance" in wanted:
        passages = _distractors(passages, passages_pool, rng)
    final = _insert(_kept_claims(case, plan, changes, stale), _misquotes(case, facts, plan, moved, taken, rng), rng)

    originals = [replace_figures(unit.text, changes) for unit in case.claims]
    answer = _answer(replace_figures(case.answer, changes), originals, [(i, unit.text) for i, unit in final])

    metadata = {k: v for k, v in case.metadata.items() if k not in ("scenario", "variant")}
    metadata["variant"] = {"source": case.id, "failures": list(wanted), "seed": seed}
    variant = replace(
        case,
        id=f"{case.id}-v{seed}-{'-'.join(TAGS[name] for name in wanted)}",
        passages=tuple(passages),
        answer=answer,
        claims=tuple(unit for _, unit in final),
        reference_facts=tuple(_reference(case, facts, plan, changes)),
        metadata=metadata,
    )
    evaluation = evaluate_case(variant)  # the plan's counts, checked once more by the evaluator itself
    if evaluation.diagnosis.failing != wanted or evaluation.diagnosis.not_applicable:
        raise input_error(PROBLEMS, "variant_not_possible", "failures", failures=", ".join(wanted))
    return variant


def _all_texts(case: RagCase) -> list[str]:
    return [case.question, case.answer, *(unit.text for kind in UNIT_KINDS for unit in case.units(kind))]


def change_of(unit: Unit) -> tuple[str, Mapping[str, str]] | None:
    """The ``variant_change`` note a variant put on ``unit`` (code, params), or None when it left the unit alone.

    A retired code (:data:`RETIRED_NOTES`) is still read, so a drill stored before says what was done to it.
    """
    note = unit.extra.get(CHANGE_KEY)
    if isinstance(note, Mapping) and isinstance(note.get("code"), str) and (
            note["code"] in CHANGE_NOTES or note["code"] in RETIRED_NOTES):
        params = note.get("params")
        return note["code"], MappingProxyType(dict(params) if isinstance(params, Mapping) else {})
    return None
