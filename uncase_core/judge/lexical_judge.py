"""A built-in offline judge: word overlap with a cut-off, for the four RAG dimensions.

Deliberately weak. It stands in for an LLM judge so the playground works without a model or
a key, and its errors are the point: PPI's correction is visible only when the judge is wrong
in ways a few hand labels can measure. It reads words, not meaning:

- ``context_relevance``: the share of the question's content words found in the passage;
- ``faithfulness``: the share of the claim's content words found in the case's passages;
- ``correctness``: the share of the claim's content words found in the reference facts;
- ``coverage``: the share of the reference fact's content words found in the answer.

A verdict is true when the share reaches the dimension's cut-off. Typical mistakes, by
design: a claim that changes one number ("14 days" for "30 days") keeps almost every word
and is judged supported, correct and covering; a faithful paraphrase shares few words and
is judged unsupported; a passage from the same domain that repeats the question's words is
judged relevant. A unit with no content word (empty, or only function words), or a passage
whose question has none, gets no verdict (null), never a guess.

Words are the tokens of :mod:`uncase_core.shared.tokenize`, with accents removed, English and
Spanish function words dropped and a crude plural strip (a final "s" or "es" on words of
five letters or more), so "Refunds" meets "refund" and "devoluciones" meets "devolución"
only half way: it is not a stemmer and makes no claim to be one.
"""

from __future__ import annotations

import math
import numbers
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType

from uncase_core.errors import expected_in_range, unknown_choice
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.dimensions import DIMENSIONS
from uncase_core.rag.evaluation import METRIC_UNITS, METRICS
from uncase_core.shared.tokenize import tokenize

# Chosen on the built-in judge set (assets/judge) so that it is right about 80-90% of the time there, with the
# mistakes described above; they are not tuned for any other data.
DEFAULT_CUTOFFS: Mapping[str, float] = MappingProxyType({d.name: d.judge_cutoff for d in DIMENSIONS})

STOPWORDS = frozenset("""
a an the and or but if then of to in on at by for with from into about as is are was were be been being am do does
did done have has had having will would shall should can could may might must it its this that these those there
here what which who whom whose when where why how i you he she we they me him her us them my your his our their
mine yours not no yes so than too very just also only any all each every some such own same other more most much
many few up down out over under again once after before while during until within without through between per
don doesn didn isn aren won t s ll re ve d m
de la el los las un una unos unas y o u e ni pero si no sí que qué quien quién cual cuál cuales cuáles cuando
cuándo cuanto cuánto cuanta cuánta cuantos cuántos cuantas cuántas
donde dónde como cómo por para con sin sobre entre hasta desde hacia en a al del lo le les se me te nos os
su sus mi mis tu tus es son era eran fue fueron ser estar está están estaba estaban he ha han había hay haber
puede pueden puedo debo debe deben muy más menos ya también solo sólo este esta estos estas ese esa esos esas
eso esto aquel aquella mismo misma otro otra otros otras cada todo toda todos todas algún alguna algunos algunas
ningún ninguna nuestro nuestra nuestros nuestras usted ustedes yo él ella ellos ellas nosotros vosotros
""".split())


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _plural_strip(word: str) -> str:
    if len(word) >= 5 and not word.isdigit():
        if word.endswith("es") and len(word) >= 6:
            return word[:-2]
        if word.endswith("s"):
            return word[:-1]
    return word


def content_words(text: str) -> frozenset[str]:
    """The comparable words of ``text``: tokens without function words, accents or a plural ending."""
    words = set()
    for token in tokenize(text):
        if token in STOPWORDS:
            continue
        folded = _fold(token)
        if folded in STOPWORDS:
            continue
        words.add(_plural_strip(folded))
    return frozenset(words)


def overlap(text: str, evidence: Iterable[str]) -> float | None:
    """The share of ``text``'s content words found in any of ``evidence``; None if ``text`` has none."""
    words = content_words(text)
    if not words:
        return None
    found: set[str] = set()
    for piece in evidence:
        found |= content_words(piece)
    return len(words & found) / len(words)


def resolve_cutoffs(cutoffs: Mapping[str, float] | None = None) -> dict[str, float]:
    """:data:`DEFAULT_CUTOFFS` with ``cutoffs`` applied, each a number in [0, 1]."""
    result = dict(DEFAULT_CUTOFFS)
    for name, value in (cutoffs or {}).items():
        if name not in METRICS:
            raise unknown_choice("dimension", repr(name), METRICS, "cutoffs")
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value) \
                or not 0.0 <= value <= 1.0:
            raise expected_in_range("number", 0, 1, repr(value), f"cutoffs.{name}")
        result[name] = float(value)
    return result


def evidence(case: RagCase, against: str) -> list[str]:
    """The texts a unit is judged against (a dimension's ``judged_against``): the question, the passages, the
    reference facts or the answer."""
    if against == "passages":
        return [unit.text for unit in case.passages]
    if against == "reference":
        return [unit.text for unit in case.reference_facts]
    return [case.question if against == "question" else case.answer]


def case_scores(case: RagCase) -> dict[str, list[float | None]]:
    """The overlap score of every unit of ``case``, per dimension, in unit order: the share of the unit's content
    words found in what it is judged against, or, against the question (a passage's relevance), the share of the
    question's content words the unit holds (None for a unit with none: nothing there to be relevant)."""
    scores = {}
    for dimension in DIMENSIONS:
        texts = evidence(case, dimension.judged_against)
        units = case.units(dimension.unit)
        if dimension.judged_against == "question":
            scores[dimension.name] = [overlap(case.question, [unit.text]) if content_words(unit.text) else None
                                      for unit in units]
        else:
            scores[dimension.name] = [overlap(unit.text, texts) for unit in units]
    return scores


def verdict(score: float | None, cutoff: float) -> bool | None:
    return None if score is None else score >= cutoff


def judge_case(case: RagCase, cutoffs: Mapping[str, float] | None = None) -> RagCase:
    """``case`` with the lexical judge's verdict on every unit (``judge_relevant`` and so on); labels untouched."""
    limits = resolve_cutoffs(cutoffs)
    scores = case_scores(case)
    for dimension in METRICS:
        kind, label = METRIC_UNITS[dimension]
        units = tuple(unit.with_verdict(label, verdict(score, limits[dimension]))
                      for unit, score in zip(case.units(kind), scores[dimension], strict=True))
        case = case.with_units(kind, units)
    return case


def judge_dataset(dataset: RagDataset, cutoffs: Mapping[str, float] | None = None) -> RagDataset:
    """Every case of ``dataset`` judged by :func:`judge_case`."""
    limits = resolve_cutoffs(cutoffs)
    return replace(dataset, cases=tuple(judge_case(case, limits) for case in dataset.cases))
