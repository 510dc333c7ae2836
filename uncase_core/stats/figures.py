"""Every interval and verdict a page draws, as data: what it is, where it is drawn, how it is computed, the sizes and
settings a page allows it, and the level it claims.

A figure on screen is a promise ("95% interval", "fails (clear)"); the promise is honest only if it was measured
where the page draws it. So each one is registered here, by an id, and:

- the formatter (:mod:`uncase_core.stats.reading`) and the pages' verdict drawing (``ui/widgets/figures.py``) take
  the id and refuse one that is not registered (:class:`UnregisteredFigure`), so a page cannot draw a figure the
  registry does not know;
- the coverage harness (``bench/harness/``) maps every id to the simulation that measures it at fixed truths, at the
  sizes and settings given here, and ``bench/coverage.py`` writes its worst cell to ``docs/coverage.md``;
- a test opens every page in both languages with its data and checks that every figure drawn is registered, and that
  every registered figure is drawn by every page it names (or :attr:`Figure.not_drawn` says why not there).

Pure data: no import beyond the standard library, nothing computed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

Kind = Literal["interval", "verdict"]
KINDS: tuple[Kind, ...] = ("interval", "verdict")
LEVEL = 0.95  # what every page states unless a person chooses another confidence


class UnregisteredFigure(KeyError):
    """A page asked to draw a figure the registry does not list (a programming error, never bad input)."""


@dataclass(frozen=True, kw_only=True)
class Figure:
    """One interval or verdict a page draws.

    ``pages`` are the URL paths of the pages that draw it (``cli`` for the command line); ``function`` the core
    function that computes it; ``method`` the method in plain words; ``unit`` what its ``n`` counts and ``n`` the
    smallest and largest a page allows; ``drawn_from`` the ``n`` below which the page withholds it; ``settings`` the
    other values a page lets a person choose (a threshold's slider, the dimensions tested together), as the values
    the harness tries; ``level`` the coverage or the at-most false rate it claims (``None``: it states no level, and
    may say none); ``not_drawn`` maps a page it names to why that page does not draw it when opened with its
    built-in data (and the steps ``tests/pages/test_figures_drawn.py`` takes there), and to where it is tested.
    """

    id: str
    kind: Kind
    pages: tuple[str, ...]
    function: str
    method: str
    unit: str
    n: tuple[int, int]
    drawn_from: int = 1
    settings: Mapping[str, tuple[float, ...]] = field(default_factory=lambda: MappingProxyType({}))
    level: float | None = LEVEL
    not_drawn: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


def _sliders(low: float, high: float, step: float) -> tuple[float, ...]:
    """The values of a slider from ``low`` to ``high`` by ``step`` (rounded as the page shows them)."""
    count = round((high - low) / step)
    return tuple(round(low + i * step, 4) for i in range(count + 1))


THRESHOLD_SLIDER = _sliders(0.05, 0.95, 0.05)  # the RAG page's and the explorer's threshold sliders, 5% to 95%
PAGE_THRESHOLDS = MappingProxyType({"threshold": THRESHOLD_SLIDER})
WILSON = "Wilson score interval (statsmodels), units independent"
UNITS = ("Wilson score interval where it holds its level at that number of units, Clopper and Pearson's exact one "
         "where it does not (uncase_core.stats.small_samples.units_interval)")
# Wilson's interval of 1 or 2 independent draws covers 90-92% over the window at true rates of 0.7-0.95, below its
# 95% minus 2.5 points (docs/coverage.md): a page draws it from 3 and says so below
WILSON_FROM = 3
GROUPED = ("cases as the independent draws where a case gave two units or more (design-effect interval), Wilson "
           "where each unit is its own case")
ROOM_NOT_DRAWN = MappingProxyType({"workshop_room": "drawn once a room exists and a class has labelled in it "
                                                    "(tests/pages/test_room_page.py and its neighbours)"})
SUMMARIES_NOT_DRAWN = "drawn when more than one summary is loaded; the page opens on one"
EDITOR_NOT_DRAWN = "drawn once a case is written (tests/pages/test_case_editor_page.py writes one)"
TOOL_SCORES = ("Waudby-Smith and Ramdas' betting interval of a score column's mean (bounded in [0, 1]; hedged capital, "
               "predictable plug-in bets, averaged over 8 fixed orders of the cases)")
TOOL_SCORES_NOT_DRAWN = ("drawn once a file with a tool's scores (RAGAS, DeepEval) is imported; the built-in data has "
                         "none (tests/pages/test_tool_scores_page.py imports one)")
# the score distributions the harness draws from (bench/harness/tool_scores.py): 0 beta, 1 point masses and beta
TOOL_SCORE_SHAPES = MappingProxyType({"distribution": (0, 1)})
TOOL_SCORE_PAIRS = MappingProxyType({"distribution": (0, 1), "correlation": (0.0, 0.5)})  # the two runs on one case

_FIGURES: tuple[Figure, ...] = (
    # ------------------------------------------------------------ one case's units (document 001's model)
    Figure(id="rag.case.interval", kind="interval", pages=("rag_diagnosis", "case_editor", "compare_systems", "cli"),
           function="uncase_core.stats.proportions.wilson_interval", method=WILSON, unit="units of one case",
           drawn_from=WILSON_FROM, n=(1, 50), not_drawn=MappingProxyType({"case_editor": EDITOR_NOT_DRAWN})),
    Figure(id="rag.case.verdict", kind="verdict", pages=("rag_diagnosis", "case_editor"),
           function="uncase_core.stats.policy.threshold_certainty",
           method="Wilson's interval on one side of the threshold and the exact one-sided binomial test agreeing",
           unit="units of one case", n=(1, 50), settings=PAGE_THRESHOLDS,
           not_drawn=MappingProxyType({"case_editor": EDITOR_NOT_DRAWN})),
    # ------------------------------------------------------------ a dataset's pooled rate (units clustered in cases)
    Figure(id="pooled.units", kind="interval", pages=("rag_diagnosis", "summary_autoevaluation", "cli"),
           function="uncase_core.rag.evaluation.evaluate_dataset",
           method="the pooled units' counts and rate (the micro column; no interval: as if independent it covered "
           "60-90%)", unit="cases", n=(1, 2000), level=None,
           not_drawn=MappingProxyType({"summary_autoevaluation": SUMMARIES_NOT_DRAWN})),
    Figure(id="pooled.clustered", kind="interval", pages=("rag_diagnosis", "summary_autoevaluation"),
           function="uncase_core.stats.clustered.clustered_interval",
           method="design-effect Wilson interval with Student's t, cases as clusters", unit="cases",
           n=(1, 2000), drawn_from=2, settings=MappingProxyType({"correlation": (0.0, 0.3, 0.5)}),
           not_drawn=MappingProxyType({"summary_autoevaluation": SUMMARIES_NOT_DRAWN})),
    Figure(id="pooled.verdict", kind="verdict", pages=("rag_diagnosis",),
           function="uncase_core.rag.evaluation.evaluate_dataset",
           method="the cases-as-clusters interval on one side of the threshold", unit="cases", n=(2, 2000),
           drawn_from=2, settings=MappingProxyType({"threshold": (0.5, 0.7, 0.9), "correlation": (0.0, 0.3, 0.5)})),

    # ------------------------------------------------------------ summaries, conversations, drills
    Figure(id="summaries.case.interval", kind="interval", pages=("summary_autoevaluation",),
           function="uncase_core.stats.proportions.wilson_interval", method=WILSON, unit="items of one summary",
           drawn_from=WILSON_FROM, n=(1, 50)),
    Figure(id="conversations.fidelity", kind="interval", pages=("conversation_quality",),
           function="uncase_core.conversations.evaluator.Evaluator.evaluate", method=UNITS,
           unit="claims of one conversation", drawn_from=1, n=(1, 50)),  # Clopper-Pearson below 3 units: it holds
    Figure(id="conversations.coherence", kind="interval", pages=("conversation_quality",),
           function="uncase_core.conversations.evaluator.Evaluator.evaluate", method=UNITS,
           unit="turns of one conversation", drawn_from=1, n=(1, 50)),  # Clopper-Pearson below 3 units: it holds
    Figure(id="conversations.verdict", kind="verdict", pages=("conversation_quality",),
           function="uncase_core.conversations.evaluator.Evaluator.evaluate",
           method="the RAG page's rule (the interval on one side and the exact one-sided binomial test), Holm over "
           "fidelity and coherence", unit="claims of one conversation",
           n=(1, 50), settings=PAGE_THRESHOLDS),
    Figure(id="drills.agreement", kind="interval", pages=("drills",),
           function="uncase_core.stats.proportions.wilson_interval", method=WILSON,
           unit="your labels checked against the answer key", drawn_from=WILSON_FROM, n=(1, 50)),
    # ------------------------------------------------------------ thresholds and the workbench
    Figure(id="thresholds.pass_rate", kind="interval", pages=("threshold_explorer",),
           function="uncase_core.rag.thresholds.sweep_threshold", method=WILSON + " over the cases that pass",
           unit="cases", drawn_from=WILSON_FROM, n=(1, 5000)),
    Figure(id="thresholds.case.verdict", kind="verdict", pages=("threshold_explorer",),
           function="uncase_core.rag.thresholds.case_standings", method="a case's clear pass / fail against the slider",
           unit="units of one case", n=(1, 50), settings=PAGE_THRESHOLDS),
    Figure(id="workbench.rate", kind="interval", pages=("dataset_workbench",),
           function="uncase_core.datasets.workbench.strata",
           method="a stratum's or version's pooled units, counts and rate (no interval: a case's units move together)",
           unit="cases", n=(1, 5000),
           level=None),  # as compare.pooled
    Figure(id="workbench.stratum.verdict", kind="verdict", pages=("dataset_workbench",),
           function="uncase_core.datasets.workbench.strata",
           method="a stratum's cases-as-clusters test (one case: the single case's rule) below the threshold, Holm "
           "over every stratum and metric", unit="cases of one stratum",
           n=(1, 5000), settings=MappingProxyType({"threshold": (0.5, 0.7, 0.9)})),
    # ------------------------------------------------------------ two systems on the same cases
    Figure(id="compare.verdict", kind="verdict", pages=("compare_systems",),
           function="uncase_core.stats.verdicts.paired_verdicts",
           method="exact McNemar test, Holm over the dimensions, withheld below the discordant pairs needed",
           unit="pairs", n=(1, 500), settings=MappingProxyType({"dimensions": (1, 2, 3, 4),
                                                               "dimension correlation": (0.0, 0.5, 0.9)})),
    Figure(id="compare.difference", kind="interval", pages=("compare_systems", "workshop_room"),
           function="uncase_core.stats.differences.paired_difference_interval",
           method="Bonett and Price's adjusted Wald interval for paired proportions", unit="pairs",
           n=(1, 500), not_drawn=ROOM_NOT_DRAWN),
    Figure(id="compare.pooled", kind="interval", pages=("compare_systems",),
           function="uncase_core.compare.systems.compare_systems",
           method="one system's pooled units, counts and rate (no interval: the units of a case move together)",
           unit="cases", n=(1, 500),
           level=None),  # the units of a case move together: as if independent no level holds; its counts say it
    Figure(id="compare.bootstrap", kind="interval", pages=("compare_systems",),
           function="uncase_core.compare.systems.bootstrap_differences",
           method="percentile bootstrap of the cases, pooled difference", unit="cases", n=(1, 500),
           drawn_from=30, not_drawn=MappingProxyType({"compare_systems": "withheld below 30 cases; the built-in "
                                                                         "pair has fewer"})),
    Figure(id="room.pair.verdict", kind="verdict", pages=("workshop_room",),
           function="uncase_core.stats.verdicts.paired_verdicts", method="the compare page's verdict on a room's "
           "pair", unit="pairs", n=(1, 500), not_drawn=ROOM_NOT_DRAWN),
    # ------------------------------------------------------------ the tools' own scores (RAGAS, DeepEval)
    Figure(id="tool_scores.mean", kind="interval", pages=("rag_diagnosis", "compare_systems", "cli"),
           function="uncase_core.stats.score_means.score_mean", method=TOOL_SCORES, unit="cases with a score",
           n=(1, 5000), drawn_from=2, settings=TOOL_SCORE_SHAPES,
           not_drawn=MappingProxyType({"rag_diagnosis": TOOL_SCORES_NOT_DRAWN,
                                       "compare_systems": TOOL_SCORES_NOT_DRAWN})),
    Figure(id="tool_scores.difference", kind="interval", pages=("compare_systems", "cli"),
           function="uncase_core.stats.score_means.score_difference",
           method=TOOL_SCORES + " of the per-case differences B - A, mapped to [0, 1] as (d + 1) / 2",
           unit="cases both runs scored", n=(1, 5000), drawn_from=2, settings=TOOL_SCORE_PAIRS,
           not_drawn=MappingProxyType({"compare_systems": TOOL_SCORES_NOT_DRAWN})),
    Figure(id="tool_scores.verdict", kind="verdict", pages=("compare_systems", "cli"),
           function="uncase_core.stats.score_means.score_difference",
           method="B higher or lower when the paired difference's betting interval excludes 0",
           unit="cases both runs scored", n=(1, 5000), drawn_from=2, settings=TOOL_SCORE_PAIRS,
           not_drawn=MappingProxyType({"compare_systems": TOOL_SCORES_NOT_DRAWN})),
    # ------------------------------------------------------------ the planner
    Figure(id="planner.promise", kind="interval", pages=("sample_size_planner",),
           function="uncase_core.stats.planning.planned_interval",
           method="the Wilson interval at the planned n, observing the expected rate", unit="units",
           n=(1, 100_000)),
    Figure(id="planner.difference", kind="interval", pages=("sample_size_planner",),
           function="uncase_core.stats.planning.compare_independent",
           method="Newcombe's interval for two independent proportions, from Wilson's limits where they hold at "
           "those sizes and level, Clopper-Pearson's where only those hold; withheld where neither holds (1 against 1 "
           "or 2 units at 99%)", unit="units per group", n=(1, 100_000)),
    Figure(id="planner.difference.verdict", kind="verdict", pages=("sample_size_planner",),
           function="uncase_core.stats.planning.compare_independent",
           method="Fisher's exact test agreeing with Newcombe's interval", unit="units per group",
           n=(1, 100_000)),
    Figure(id="planner.pairs.power", kind="verdict", pages=("sample_size_planner", "compare_systems"),
           function="uncase_core.stats.verdicts.pairs_for_power",
           method="the pairs the exact McNemar test needs for 80% power", unit="pairs", n=(1, 20_000)),
    Figure(id="planner.simulated", kind="interval", pages=("sample_size_planner",),
           function="uncase_core.stats.simulated_intervals.simulate_intervals",
           method="100 simulated datasets' pooled intervals and the share that cover", unit="datasets",
           n=(100, 100), drawn_from=100, level=None),
    # ------------------------------------------------------------ agreement
    Figure(id="agreement.raw", kind="interval", pages=("annotator_agreement",),
           function="uncase_core.agreement.pairs.match_labels", method=WILSON + " of the units both agree on",
           unit="units", drawn_from=WILSON_FROM, n=(1, 20_000)),
    Figure(id="agreement.kappa", kind="interval", pages=("annotator_agreement", "judge_and_hand_labels"),
           function="uncase_core.agreement.pairs.cohen_kappa", method="Cohen's kappa, asymptotic interval",
           unit="units", n=(1, 20_000), drawn_from=200,
           not_drawn=MappingProxyType({"judge_and_hand_labels": "withheld below 200 hand labels; the test gives "
                                                                "a few"})),
    Figure(id="room.agreement", kind="interval", pages=("workshop_room",),
           function="uncase_core.agreement.many.bootstrap_from_counts",
           method="Krippendorff's alpha or Fleiss' kappa, BCa bootstrap over units", unit="units",
           n=(1, 2000), drawn_from=50, settings=MappingProxyType({"raters": (2, 3, 5, 20)}),
           not_drawn=ROOM_NOT_DRAWN),
    Figure(id="room.pooled", kind="interval", pages=("workshop_room",),
           function="uncase_core.agreement.class_labels.class_labels",
           method="the class's pooled labels, counts and rate (one unit's labels move together: no level holds)",
           unit="labels", n=(1, 60_000), level=None,
           not_drawn=ROOM_NOT_DRAWN),
    Figure(id="room.gold.share", kind="interval", pages=("workshop_room",),
           function="uncase_core.agreement.adjudication.gold_agreement",
           method=WILSON + " of one participant's labels that agree with the gold", unit="units",
           drawn_from=WILSON_FROM, n=(1, 2000),
           not_drawn=ROOM_NOT_DRAWN),
    Figure(id="room.gold.kappa", kind="interval", pages=("workshop_room",),
           function="uncase_core.agreement.adjudication.gold_agreement", method="Cohen's kappa with the gold, "
           "asymptotic interval", unit="units", n=(1, 2000), drawn_from=200, not_drawn=ROOM_NOT_DRAWN),
    # ------------------------------------------------------------ the judge
    Figure(id="judge.hand", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.judge.report.judge_report", method=WILSON + " of the hand labels alone",
           unit="hand labels", n=(1, 2000)),
    Figure(id="judge.judge_only", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.judge.report.judge_report",
           method=WILSON + " of the judge's verdicts (its bias not counted)", unit="judged units", n=(1, 2000),
           level=None),
    Figure(id="judge.ppi", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.stats.ppi.ppi_interval_from_counts",
           method="prediction-powered inference, small-sample standard error", unit="hand labels", n=(1, 2000)),
    Figure(id="judge.ppi_tuned", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.stats.ppi.ppi_interval_from_counts", method="PPI++ (tuned lambda)",
           unit="hand labels", n=(1, 2000), drawn_from=60,
           not_drawn=MappingProxyType({"judge_and_hand_labels": "withheld below 60 hand labels; the test gives "
                                                                "a few"})),
    Figure(id="judge.worth", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.stats.ppi.judge_worth_interval",
           method="what the judge is worth in hand labels, percentile bootstrap", unit="hand labels",
           n=(1, 2000), drawn_from=600,
           not_drawn=MappingProxyType({"judge_and_hand_labels": "withheld below 600 hand labels; the test gives "
                                                                "a few"})),
    Figure(id="judge.accuracy", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.stats.grouped.grouped_proportion", method=GROUPED + " of the units judge and hand "
           "agree on", unit="hand labels", drawn_from=WILSON_FROM, n=(1, 2000)),
    Figure(id="judge.sensitivity", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.stats.grouped.grouped_proportion", method=GROUPED + " of the hand-positive units "
           "the judge calls positive", unit="hand-positive labels", drawn_from=WILSON_FROM, n=(1, 2000)),
    Figure(id="judge.false_positive", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.stats.grouped.grouped_proportion", method=GROUPED + " of the hand-negative units "
           "the judge calls positive", unit="hand-negative labels", drawn_from=WILSON_FROM, n=(1, 2000)),
    Figure(id="judge.bias", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.stats.differences.paired_difference_interval",
           method="Bonett and Price's paired interval of the judge's rate minus the hand labels'", unit="hand labels",
           n=(1, 2000)),
    Figure(id="judge.simulation", kind="interval", pages=("judge_and_hand_labels",),
           function="uncase_core.judge.simulation.simulate",
           method=WILSON + " of the share of simulated repeats covering (repeats independent by construction)",
           unit="repeats", n=(100, 5000), drawn_from=100),
    # ------------------------------------------------------------ the rubric lab
    Figure(id="rubrics.drfr", kind="interval", pages=("rubric_lab",),
           function="uncase_core.rubrics.lab.analyse", method=WILSON + " of a candidate's items met (DRFR)",
           unit="items x prompts", n=(1, 2000)),
    Figure(id="rubrics.separated", kind="verdict", pages=("rubric_lab",),
           function="uncase_core.rubrics.lab.analyse",
           method="neighbouring candidates whose DRFR intervals do not overlap, counted as separated",
           unit="items x prompts", n=(1, 2000)),
)

FIGURES: Mapping[str, Figure] = MappingProxyType({figure.id: figure for figure in _FIGURES})


def registered(figure_id: str) -> Figure:
    """The registered figure ``figure_id``; :class:`UnregisteredFigure` for an id the registry does not list."""
    try:
        return FIGURES[figure_id]
    except (KeyError, TypeError):
        raise UnregisteredFigure(f"{figure_id!r} is not a registered figure (uncase_core/stats/figures.py)") \
            from None


def on_page(page: str) -> tuple[Figure, ...]:
    """The figures registered as drawn by the page at URL path ``page``."""
    return tuple(figure for figure in _FIGURES if page in figure.pages)
