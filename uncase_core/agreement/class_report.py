"""The after-class report of a workshop room: what a teacher sends the class once the session is over.

Everything in it is already computed by the room's page: the class view (:mod:`uncase_core.agreement.class_labels`)
and the adjudication (:mod:`uncase_core.agreement.adjudication`). This module only gathers it, unit by unit and in
the room's order, so a page can write it as a printable page or as Markdown in the reader's language:

- per unit, the class's split, the room's reference label, the adjudicated (gold) label and why it is that label
  (a facilitator's decision and its reason, the class agreeing, the facilitator's majority rule, or still none);
- the class's agreement per dimension and over every label, with the figure id each number is drawn under
  (:mod:`uncase_core.stats.figures`), and the class majority's pooled counts and rates;
- what those figures cannot say (:data:`REPORT_LIMITS`), as codes the page words;
- the units the class disputed most.

Pure data in, a frozen :class:`RoomReport` out: no clock, no language, no store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from uncase_core.agreement.adjudication import GOLD_SOURCES, Adjudication, current_decisions
from uncase_core.agreement.class_labels import ALL, ClassLabels, DimensionAgreement, UnitLabels
from uncase_core.stats.proportions import Proportion

AGREEMENT_FIGURE = "room.agreement"  # alpha's and Fleiss' kappa's bootstrap intervals, as the room page draws them
POOLED_FIGURE = "room.pooled"  # the class majority's pooled counts and rate (no interval: no level holds)
DISPUTED_LISTED = 10
REPORT_LIMITS = ("not_correctness", "pooled_no_interval", "interval_withheld", "no_reference", "undecided",
                 "unfinished")
"""What the report's figures cannot say, each listed when it applies:

- ``not_correctness``: agreement says how alike the class labelled, not whether the labels are right (always);
- ``pooled_no_interval``: the pooled rates are counts, without an interval: one unit's labels move together;
- ``interval_withheld``: some agreement interval is withheld (too few units, or undefined);
- ``no_reference``: some units have no reference label, so the class cannot be compared with one there;
- ``undecided``: some units have no adjudicated label yet;
- ``unfinished``: some participants did not label every unit.
"""


@dataclass(frozen=True)
class ReportUnit:
    """One labelled unit in the report: how the class split, the reference, the gold and where it comes from.

    ``source`` is one of :data:`~uncase_core.agreement.adjudication.GOLD_SOURCES`; with ``decided``, ``reason`` and
    ``author`` are the decision's; with ``majority``, ``agreeing`` of ``unit.labelled`` labels gave the gold under
    the rule ``RoomReport.majority``."""

    unit: UnitLabels
    gold: bool | None
    source: str
    reason: str = ""
    author: str = ""
    agreeing: int | None = None


@dataclass(frozen=True)
class ReportAgreement:
    """The class's agreement on one dimension (or every label: ``ALL``) and how many units the room has there (the
    most any interval on that row can ever use)."""

    dimension: str
    agreement: DimensionAgreement
    room_units: int
    figure: str = AGREEMENT_FIGURE

    @property
    def withheld(self) -> bool:
        """Whether either statistic is undefined or its interval withheld."""
        item = self.agreement
        return any(result.value is None or interval is None or interval.low is None
                   for result, interval in ((item.alpha, item.alpha_interval), (item.fleiss, item.fleiss_interval)))


@dataclass(frozen=True)
class RoomReport:
    participants: int
    finished: int
    units: tuple[ReportUnit, ...]  # every labelled unit, in the room's order
    disputed: tuple[ReportUnit, ...]  # the most disputed first, only units the class split on
    agreement: tuple[ReportAgreement, ...]  # each dimension, then ALL
    pooled: Mapping[str, Proportion]  # the class majority's pooled proportion of each dimension
    majority: float | None  # the facilitator's majority rule, None: only a unanimous class settles a unit
    sources: Mapping[str, int]  # how many units' gold comes from each source
    limits: tuple[str, ...]  # codes of REPORT_LIMITS that apply, in that order
    pooled_figure: str = POOLED_FIGURE


def room_report(labels: ClassLabels, adjudication: Adjudication, disputed: int = DISPUTED_LISTED) -> RoomReport:
    """The report of a room from its class view and its adjudication (computed on that same class view)."""
    if len(adjudication.gold) != len(labels.units):
        raise ValueError("the adjudication was computed on another class view")
    decisions = current_decisions(adjudication.decisions)
    units = []
    for unit, (gold, source) in zip(labels.units, adjudication.gold, strict=True):
        decision = decisions.get((unit.case, unit.kind, unit.unit, unit.field)) if source == "decided" else None
        units.append(ReportUnit(
            unit, gold, source, reason=decision.reason if decision else "", author=decision.author if decision else "",
            agreeing=max(unit.yes, unit.no) if source == "majority" else None))
    by_unit = {id(item.unit): item for item in units}
    most = tuple(by_unit[id(unit)] for unit in labels.most_disputed() if unit.disagreement)[:disputed]
    agreement = tuple(ReportAgreement(name, labels.agreement[name],
                                      sum(1 for unit in labels.units if name == ALL or unit.dimension == name))
                      for name in (*labels.dimensions, ALL))
    sources = MappingProxyType({name: sum(1 for item in units if item.source == name)
                                for name in GOLD_SOURCES})
    applies = {
        "not_correctness": True,
        "pooled_no_interval": True,
        "interval_withheld": any(item.withheld for item in agreement),
        "no_reference": any(item.unit.reference is None for item in units),
        "undecided": sources["none"] > 0,
        "unfinished": any(not progress.done for progress in labels.progress),
    }
    return RoomReport(
        participants=len(labels.participants), finished=sum(1 for p in labels.progress if p.done),
        units=tuple(units), disputed=most, agreement=agreement,
        pooled=MappingProxyType({name: labels.pooled[name] for name in labels.dimensions}),
        majority=adjudication.majority, sources=sources, limits=tuple(code for code in REPORT_LIMITS if applies[code]))
