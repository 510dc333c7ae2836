"""Summary autoevaluation (document 002): accuracy, adherence and completeness, labelled by hand, scored per case
and over a dataset. The case format is :mod:`~uncase_core.summaries.format`.

Scores are :class:`~uncase_core.stats.proportions.Proportion` objects with Wilson intervals.
Not applicable (N/A) rules, each with a reason code:

* ``only_predefined_sections``: adherence is only judged for summaries with at least one
  custom section;
* ``only_categorical_sections``: completeness is only judged when at least one section is free
  text;
* ``no_units``: a metric with no labelled units is N/A, never 0.

An N/A by one of the two section rules has a null value and zero counts (the units are not
counted at all). A case without sections skips the section rules. A completeness question
whose ``content_list`` is empty is not penalized and not counted.

Micro and macro: the proportion (micro) pools units; the macro value averages per-question
scores the way document 002's product does. For accuracy there is one group, so macro equals
micro; for adherence every rubric is its own question scoring 0 or 1, so the mean of the
rubric scores equals micro too. For completeness the macro value is the mean over questions
with at least one labelled item of (covered / labelled in that question): a question with one
item weighs as much as a question with ten, which is why micro and macro can differ. Over a
dataset, micro pools the counts of all cases and macro is the mean of the cases' macro values.

"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from uncase_core.stats.proportions import DEFAULT_CONFIDENCE, Proportion, check_confidence
from uncase_core.summaries.cases import case_from_dict
from uncase_core.summaries.format import SUMMARY_METRICS, Section, SummaryCase

NA_ONLY_PREDEFINED = "only_predefined_sections"
NA_ONLY_CATEGORICAL = "only_categorical_sections"
NA_NO_UNITS = "no_units"


# ------------------------------------------------------------------ scores


def categorical_check(section: Section) -> bool | None:
    """Whether a categorical section's text is exactly one allowed value, case and surrounding space aside.

    ``None`` for a free-text section or one without allowed values (nothing to check).
    """
    if not section.categorical or not section.allowed_values:
        return None
    answer = section.text.strip().casefold()
    return sum(1 for value in section.allowed_values if value.strip().casefold() == answer) == 1


@dataclass(frozen=True)
class SummaryEvaluation:
    metrics: Mapping[str, Proportion]
    macro: Mapping[str, float | None]
    not_applicable: Mapping[str, str]  # metric -> reason code

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {name: self.metrics[name].to_dict() for name in SUMMARY_METRICS}
        result["macro"] = {name: self.macro[name] for name in SUMMARY_METRICS}
        result["not_applicable"] = dict(self.not_applicable)
        return result


def _rule_na(case: SummaryCase) -> dict[str, str]:
    """N/A by document 002's section rules; a case without sections skips them."""
    reasons = {}
    if case.sections:
        if not any(section.kind == "custom" for section in case.sections):
            reasons["adherence"] = NA_ONLY_PREDEFINED
        if all(section.categorical for section in case.sections):
            reasons["completeness"] = NA_ONLY_CATEGORICAL
    return reasons


def _counts(labels: Iterable[bool | None]) -> tuple[int, int, int]:
    labels = list(labels)
    total = sum(1 for label in labels if label is not None)
    return sum(1 for label in labels if label is True), total, len(labels) - total


def _mean(values: Iterable[float | None]) -> float | None:
    present = [value for value in values if value is not None]
    return sum(present) / len(present) if present else None


def _completeness_macro(case: SummaryCase) -> float | None:
    scores = []
    for question in case.completeness:
        covered, labelled, _ = _counts(item.is_covered for item in question.content_list)
        if labelled:
            scores.append(covered / labelled)
    return _mean(scores)


def _case_counts(case: SummaryCase) -> tuple[dict[str, tuple[int, int, int]], dict[str, str]]:
    rule = _rule_na(case)
    counts = {
        "accuracy": _counts(point.is_accurate for point in case.accuracy),
        "adherence": _counts(rubric.is_addressed for rubric in case.rubrics),
        "completeness": _counts(item.is_covered for question in case.completeness for item in question.content_list),
    }
    for name in rule:
        counts[name] = (0, 0, 0)
    return counts, rule


def _evaluation(counts: Mapping[str, tuple[int, int, int]], rule: Mapping[str, str],
                macro: Mapping[str, float | None], confidence: float) -> SummaryEvaluation:
    proportions = Proportion.many([counts[name] for name in SUMMARY_METRICS], confidence)
    metrics = dict(zip(SUMMARY_METRICS, proportions, strict=True))
    not_applicable = {}
    for name in SUMMARY_METRICS:
        if name in rule:
            not_applicable[name] = rule[name]
        elif metrics[name].is_na:
            not_applicable[name] = NA_NO_UNITS
    return SummaryEvaluation(metrics, {name: None if name in not_applicable else macro[name]
                                       for name in SUMMARY_METRICS}, not_applicable)


def evaluate_summary(case: SummaryCase, confidence: float = DEFAULT_CONFIDENCE) -> SummaryEvaluation:
    """Accuracy, adherence and completeness of one case, with the N/A rules and macro values."""
    case = case_from_dict(case)
    confidence = check_confidence(confidence)
    counts, rule = _case_counts(case)
    accuracy = counts["accuracy"]
    adherence = counts["adherence"]
    macro = {
        "accuracy": accuracy[0] / accuracy[1] if accuracy[1] else None,  # one group: the value itself
        "adherence": adherence[0] / adherence[1] if adherence[1] else None,  # mean of 0/1 rubric scores
        "completeness": _completeness_macro(case),
    }
    return _evaluation(counts, rule, macro, confidence)


@dataclass(frozen=True)
class SummaryReport:
    cases: tuple[tuple[str, SummaryEvaluation], ...]
    aggregate: SummaryEvaluation

    def to_dict(self) -> dict[str, Any]:
        aggregate = self.aggregate.to_dict()
        del aggregate["not_applicable"]
        return {"cases": [{"id": case_id, **evaluation.to_dict()} for case_id, evaluation in self.cases],
                "aggregate": aggregate}


def evaluate_summaries(cases: Iterable[SummaryCase], confidence: float = DEFAULT_CONFIDENCE) -> SummaryReport:
    """Every case's evaluation and the aggregate: pooled counts (micro) and the mean of case macros."""
    confidence = check_confidence(confidence)
    cases = tuple(case_from_dict(case, f"cases[{i}]") for i, case in enumerate(cases))
    results = []
    pooled = {name: [0, 0, 0] for name in SUMMARY_METRICS}
    reasons: dict[str, set[str]] = {name: set() for name in SUMMARY_METRICS}
    for case in cases:
        evaluation = evaluate_summary(case, confidence)
        results.append((case.id, evaluation))
        for name in SUMMARY_METRICS:
            metric = evaluation.metrics[name]
            for i, count in enumerate((metric.successes, metric.total, metric.unlabelled)):
                pooled[name][i] += count
            reasons[name].add(evaluation.not_applicable.get(name, ""))
    counts = {name: (pooled[name][0], pooled[name][1], pooled[name][2]) for name in SUMMARY_METRICS}
    # An aggregate with no labelled units keeps the section rule when every case was N/A by that same rule.
    rule = {name: reasons[name].pop() for name in SUMMARY_METRICS
            if len(reasons[name]) == 1 and next(iter(reasons[name])) in (NA_ONLY_PREDEFINED, NA_ONLY_CATEGORICAL)}
    macro = {name: _mean(evaluation.macro[name] for _, evaluation in results) for name in SUMMARY_METRICS}
    return SummaryReport(tuple(results), _evaluation(counts, rule, macro, confidence))
