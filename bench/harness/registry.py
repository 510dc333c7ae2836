"""Every registered figure (:data:`uncase_core.stats.figures.FIGURES`) -> the simulation that measures it, and the
cells it is run at: ``full`` for ``bench/coverage.py`` (docs/coverage.md), ``reduced`` (a few seeded cells) for CI.

A figure without a simulation yet is listed in :data:`NOT_SIMULATED` with the reason; ``docs/coverage.md`` says so,
and the CI test fails on a registered figure in neither mapping.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from bench.harness import agreement, judge, paired, planner, pooled, proportions
from bench.harness.cells import BETWEEN_DIMENSIONS, TRUE_RATES, Cell, cell
from bench.harness.rules import Result
from uncase_core.stats.figures import FIGURES, THRESHOLD_SLIDER, Figure

Simulate = Callable[[Figure, Cell, int, int], Result]


@dataclass(frozen=True, kw_only=True)
class Simulation:
    """How a figure is measured: ``run(figure, cell, repeats, seed)``, at ``full`` cells with ``repeats`` (exact
    simulations ignore it) and at ``reduced`` cells with ``reduced_repeats`` in CI."""

    run: Simulate
    full: tuple[Cell, ...]
    reduced: tuple[Cell, ...]
    repeats: int = 2000
    reduced_repeats: int = 300


def grid(truths: Iterable[float], sizes: Iterable[int], **settings: Sequence[float]) -> tuple[Cell, ...]:
    """Every combination of ``truths``, ``sizes`` and the settings' values, as cells."""
    names = list(settings)
    return tuple(cell(truth, n, **dict(zip(names, values, strict=True)))
                 for truth, n in itertools.product(truths, sizes)
                 for values in itertools.product(*(settings[name] for name in names)))


def thresholds_at(sizes: Iterable[int], thresholds: Iterable[float], **settings: Sequence[float]) -> tuple[Cell, ...]:
    """A verdict's cells: its null truth is the threshold itself."""
    return tuple(c for threshold in thresholds
                 for c in grid((threshold,), sizes, threshold=(threshold,), **settings))


ONE_CASE = tuple(range(1, 51))  # one case's units: every size from 1 to 50
FEW = (1, 2, 3, 5, 10, 30)
CASES = (2, 3, 5, 10, 20, 30, 65)
WITHIN = (0.0, 0.3, 0.5)


def _wilson(sizes: Sequence[int], reduced: Sequence[int] = (1, 2, 3, 10)) -> Simulation:
    return Simulation(run=proportions.wilson_interval, full=grid(TRUE_RATES, sizes),
                      reduced=grid(TRUE_RATES, reduced))


def _clustered(run: Simulate, sizes: Sequence[int] = CASES, reduced: Sequence[int] = (3, 20)) -> Simulation:
    return Simulation(run=run, full=grid(TRUE_RATES, sizes, correlation=WITHIN),
                      reduced=grid((0.7, 0.95), reduced, correlation=(0.0, 0.5)), repeats=2000, reduced_repeats=400)


_COMPARE = Simulation(run=paired.compare_verdict,
                      full=grid((0.5, 0.7, 0.9), (2, 5, 10, 20, 30, 50), between=BETWEEN_DIMENSIONS,
                                dimensions=(4,), pairing=(0.0, 0.5))
                      + grid((0.7,), (10, 20, 50), between=(0.0,), dimensions=(1, 2), pairing=(0.5,)),
                      reduced=grid((0.7,), (2, 20), between=(0.0, 0.9), dimensions=(4,), pairing=(0.5,)),
                      repeats=2000, reduced_repeats=400)
_NEWCOMBE = Simulation(run=paired.newcombe_interval, full=grid(TRUE_RATES, (1, 2, 3, 4, 5, 10, 20, 50),
                                                               pairing=(0.0, 0.5)),
                       reduced=grid((0.5, 0.9), (2, 10), pairing=(0.0,)), repeats=4000, reduced_repeats=2000)
KAPPAS = (0.0, 0.2, 0.4, 0.6, 0.8)  # true agreements beyond chance (a kappa is no rate: its own fixed truths)
_KAPPA = Simulation(run=agreement.kappa_interval, full=grid(KAPPAS, (50, 100, 200, 300), prevalence=(0.1, 0.3, 0.5)),
                    reduced=grid((0.6,), (200,), prevalence=(0.3,)) + grid((0.0,), (200,), prevalence=(0.1,)),
                    repeats=600, reduced_repeats=1000)
_JUDGE_CELLS = grid((0.5, 0.7, 0.9, 0.95), (2, 5, 10, 30, 60, 150), judge=(0, 2))
_JUDGE_REDUCED = grid((0.9,), (5, 60), judge=(2,))


def _judge(run: Simulate) -> Simulation:
    return Simulation(run=run, full=_JUDGE_CELLS, reduced=_JUDGE_REDUCED, repeats=300, reduced_repeats=100)


SIMULATIONS: Mapping[str, Simulation] = MappingProxyType({
    "rag.case.interval": _wilson(ONE_CASE),
    "rag.case.verdict": Simulation(run=proportions.case_verdict, full=thresholds_at(ONE_CASE, THRESHOLD_SLIDER),
                                   reduced=thresholds_at((1, 2, 5, 20), (0.5, 0.8, 0.95))),
    "pooled.units": _clustered(pooled.units_interval),
    "pooled.clustered": _clustered(pooled.clustered_interval),
    "pooled.verdict": Simulation(run=pooled.pooled_verdict,
                                 full=thresholds_at((2, 3, 5, 10, 20, 30), (0.5, 0.7, 0.9), correlation=WITHIN),
                                 reduced=thresholds_at((10,), (0.9,), correlation=(0.5,)), reduced_repeats=400),
    "summaries.case.interval": _wilson(ONE_CASE),
    "conversations.fidelity": _wilson(ONE_CASE),
    "conversations.coherence": _wilson(ONE_CASE),
    "conversations.verdict": Simulation(run=proportions.point_verdict,
                                        full=thresholds_at((1, 2, 3, 5, 10, 20, 50), (0.5, 0.7, 0.9)),
                                        reduced=thresholds_at((5,), (0.7,))),
    "drills.agreement": _wilson((1, 2, 3, 5, 10, 20, 30, 50)),
    "thresholds.pass_rate": _wilson((1, 2, 3, 5, 10, 20, 30, 50, 100)),
    "thresholds.case.verdict": Simulation(run=proportions.explorer_verdict,
                                          full=thresholds_at((1, 2, 3, 5, 8, 10, 15, 20, 30, 50), THRESHOLD_SLIDER),
                                          reduced=thresholds_at((1, 10), (0.8,))),
    "workbench.rate": _clustered(pooled.units_interval, (5, 10, 20, 65), (10,)),
    "workbench.stratum.verdict": Simulation(
        run=pooled.stratum_verdict, full=thresholds_at((65,), (0.7, 0.9), correlation=(0.0, 0.3), strata=(2, 4)),
        reduced=thresholds_at((65,), (0.7,), correlation=(0.3,), strata=(4,)), repeats=300, reduced_repeats=40),
    "compare.verdict": _COMPARE,
    "compare.difference": _NEWCOMBE,
    "compare.pooled": _clustered(pooled.units_interval, (5, 10, 30), (10,)),
    "compare.bootstrap": Simulation(run=paired.bootstrap_interval,
                                    full=grid((0.5, 0.7, 0.9), (10, 20, 30, 50), correlation=(0.3,), resamples=(500,)),
                                    reduced=grid((0.7,), (30,), correlation=(0.3,), resamples=(300,)),
                                    repeats=300, reduced_repeats=40),
    "room.pair.verdict": Simulation(run=paired.compare_verdict, full=_COMPARE.full[:18], reduced=_COMPARE.reduced[:1],
                                    repeats=2000, reduced_repeats=200),
    "planner.promise": Simulation(run=planner.promised_interval, full=grid(TRUE_RATES, (1,), margin=(0.02, 0.05, 0.1)),
                                  reduced=grid((0.8, 0.95), (1,), margin=(0.05,))),
    "planner.difference": Simulation(run=planner.independent_interval, full=grid(TRUE_RATES, (5, 10, 20, 40)),
                                     reduced=grid((0.7,), (5,))),
    "planner.difference.verdict": Simulation(run=planner.independent_verdict, full=grid(TRUE_RATES, (5, 10, 20, 40)),
                                             reduced=grid((0.7,), (5,))),
    "planner.pairs.power": Simulation(
        run=paired.pairs_promise,
        full=tuple(cell(0.0, 1, only_a=a, only_b=b) for a, b in ((0.05, 0.45), (0.1, 0.4), (0.0, 0.3), (0.1, 0.3),
                                                                  (0.2, 0.3))),
        reduced=(cell(0.0, 1, only_a=0.1, only_b=0.4),), repeats=4000, reduced_repeats=1000),
    "planner.simulated": _wilson((100,), (100,)),
    "agreement.raw": _wilson((5, 10, 20, 50, 100, 200)),
    "agreement.kappa": _KAPPA,
    "room.agreement": Simulation(run=agreement.room_agreement_interval,
                                 full=grid((0.5, 0.7, 0.9), (30, 50, 100), raters=(3, 5, 20), statistic=(0, 1)),
                                 reduced=grid((0.7,), (50,), raters=(5,), statistic=(0,)), repeats=300,
                                 reduced_repeats=60),
    "room.pooled": Simulation(run=agreement.room_pooled_interval,
                              full=grid(TRUE_RATES, (10, 30), raters=(5, 20), correlation=(0.0, 0.3)),
                              reduced=grid((0.7,), (10,), raters=(5,), correlation=(0.3,)), reduced_repeats=400),
    "room.gold.share": _wilson((5, 10, 20, 50)),
    "room.gold.kappa": _KAPPA,
    "judge.hand": _judge(judge.hand_interval),
    "judge.judge_only": _judge(judge.judge_only_interval),
    "judge.ppi": _judge(judge.ppi_interval),
    "judge.ppi_tuned": _judge(judge.tuned_interval),
    "judge.worth": Simulation(run=judge.worth_interval,
                              full=grid((0.5, 0.8, 0.95), (100, 300, 600), judge=(1, 3), tuned=(0, 1)),
                              reduced=grid((0.8,), (600,), judge=(1,), tuned=(0,)), repeats=100, reduced_repeats=20),
    "judge.accuracy": _wilson((5, 10, 30, 100)),
    "judge.bias": Simulation(run=paired.newcombe_interval, full=grid(TRUE_RATES, (2, 5, 10, 30, 100), pairing=(0.5,)),
                             reduced=grid((0.9,), (5,), pairing=(0.5,)), reduced_repeats=400),
    "judge.simulation": _wilson((100, 500, 1000), (100,)),
    "rubrics.drfr": _clustered(pooled.units_interval, (3, 5, 10), (5,)),
})

NOT_SIMULATED: Mapping[str, str] = MappingProxyType({
    "rubrics.separated": "neighbours called separated when their DRFR intervals do not overlap: not simulated yet "
                         "(issue 48, finding 7)",
})


def unaccounted() -> list[str]:
    """Registered figures with neither a simulation nor a reason for none (the CI test requires none)."""
    return sorted(set(FIGURES) - set(SIMULATIONS) - set(NOT_SIMULATED))
