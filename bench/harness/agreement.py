"""Agreement between annotators: Cohen's kappa between two (the agreement page, the judge page, a participant and the
gold), and Krippendorff's alpha or Fleiss' kappa among a room's raters, at fixed true agreements; and a room's pooled
labels, each unit labelled by every rater."""

from __future__ import annotations

import numpy as np

from bench.harness.cells import Cell, window_rates
from bench.harness.rules import WINDOW, IntervalResult
from uncase_core.stats.figures import Figure

PREVALENCE = 0.3  # the share of "yes" among units, unless a cell says


def _kappa_covers(units: int, kappa: float, prevalence: float, level: float,
                  rng: np.random.Generator) -> tuple[bool, bool] | None:
    """Whether the interval (measured at every size and share) contains ``kappa``, and whether the page draws it
    there (the rarer label's share at least MIN_RARER_SHARE_FOR_KAPPA_INTERVAL); None where no interval exists."""
    from uncase_core.agreement.pairs import MIN_RARER_SHARE_FOR_KAPPA_INTERVAL, cohen_kappa

    spread = prevalence * (1 - prevalence)
    cells = [prevalence ** 2 + kappa * spread, spread * (1 - kappa), spread * (1 - kappa),
             (1 - prevalence) ** 2 + kappa * spread]
    counts = rng.multinomial(units, cells)
    a = [True] * (counts[0] + counts[1]) + [False] * (counts[2] + counts[3])
    b = [True] * counts[0] + [False] * counts[1] + [True] * counts[2] + [False] * counts[3]
    result = cohen_kappa(a, b, level, interval_from=0, rarer_share_from=0.0)  # measured everywhere, judged where drawn
    if result.low is None or result.high is None:
        return None
    share = (2 * counts[0] + counts[1] + counts[2]) / (2 * units)
    drawn = min(share, 1 - share) >= MIN_RARER_SHARE_FOR_KAPPA_INTERVAL
    return bool(result.low - 1e-12 <= kappa <= result.high + 1e-12), drawn


def kappa_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """Cohen's kappa's asymptotic interval between two annotators of ``n`` yes/no units, the true kappa the cell's
    truth (or within the window of it), the prevalence ``prevalence``; draws without an interval (one category, no
    variance) left out, as on the page. Coverage is over the draws the page gives an interval for (the rarer label
    at least MIN_RARER_SHARE_FOR_KAPPA_INTERVAL of the labels); where it withholds most of them (a rare label) the
    cell is WITHHELD and its coverage is the formula's over every draw: measured, not judged."""
    level = figure.level or 0.95
    prevalence = cell.get("prevalence", PREVALENCE)
    rng = np.random.default_rng(seed)
    rates = window_rates(cell.truth, WINDOW)
    shown_shares = []

    def share(kappas: np.ndarray) -> float:
        said = [s for s in (_kappa_covers(cell.n, float(k), prevalence, level, rng) for k in kappas) if s is not None]
        drawn = [covers for covers, shown in said if shown]
        shown_shares.append(len(drawn) / max(len(said), 1))
        if len(drawn) >= len(said) / 2:
            return float(np.mean(drawn)) if drawn else 1.0
        return float(np.mean([covers for covers, _ in said])) if said else 1.0

    window, at_truth = share(rng.choice(rates, repeats)), share(np.full(repeats, cell.truth))
    mostly_drawn = min(shown_shares) >= 0.5
    return IntervalResult(window=window, at_truth=at_truth, level=level, repeats=repeats,
                          drawn=cell.n >= figure.drawn_from and mostly_drawn)


def simulated_ratings(units: int, raters: int, prevalence: float, agreement: float,
                      rng: np.random.Generator) -> np.ndarray:
    """Yes/no labels of ``raters`` exchangeable raters on ``units`` units, (raters, units): each unit's rate of yes
    drawn from a beta distribution of mean ``prevalence`` whose intraclass correlation is ``agreement`` (the
    population value of both alpha and Fleiss' kappa)."""
    if agreement <= 0:
        rates = np.full(units, prevalence)
    else:
        spread = (1.0 - agreement) / agreement
        rates = rng.beta(max(prevalence * spread, 1e-9), max((1.0 - prevalence) * spread, 1e-9), units)
    return rng.random((raters, units)) < rates[None, :]


def room_agreement_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The room's BCa bootstrap interval for alpha (``statistic`` 0) or Fleiss' kappa (1) among ``raters`` raters
    on ``n`` units (:func:`~uncase_core.agreement.many.bootstrap_from_counts`), the true agreement the cell's truth
    or within the window of it."""
    from uncase_core.agreement.many import LabelCounts, bootstrap_from_counts

    level = figure.level or 0.95
    statistic = ("alpha", "fleiss")[int(cell.get("statistic"))]
    raters = int(cell.get("raters", 5))
    prevalence = cell.get("prevalence", PREVALENCE)
    rng = np.random.default_rng(seed)

    def share(truths: np.ndarray) -> float:
        hits = []
        for truth in truths:
            labels = simulated_ratings(cell.n, raters, prevalence, float(truth), rng)
            yes = labels.sum(axis=0)
            table = LabelCounts(np.stack([raters - yes, yes], axis=1), (False, True), raters)
            interval = bootstrap_from_counts(table, statistic, "nominal", int(cell.get("resamples", 500)),
                                             int(rng.integers(0, 2**62)), level, interval_from=0)
            if interval.low is not None and interval.high is not None:
                hits.append(interval.low - 1e-12 <= truth <= interval.high + 1e-12)
        return float(np.mean(hits)) if hits else 1.0

    return IntervalResult(window=share(rng.choice(window_rates(cell.truth, WINDOW), repeats)),
                          at_truth=share(np.full(repeats, cell.truth)), level=level, repeats=repeats,
                          drawn=cell.n >= figure.drawn_from)


def room_pooled_interval(figure: Figure, cell: Cell, repeats: int, seed: int) -> IntervalResult:
    """The room's pooled labels of one dimension, the Wilson interval of every rater's label on every unit as if
    independent, against the class's true rate of "yes" (the cell's truth): ``raters`` labels a unit, which share
    its rate (within-unit correlation ``correlation``)."""
    from statsmodels.stats.proportion import proportion_confint

    from bench.harness.draws import clustered_counts

    level = figure.level or 0.95
    raters = int(cell.get("raters", 5))
    rng = np.random.default_rng(seed)

    def share(p: np.ndarray) -> float:
        successes, totals = clustered_counts(p, np.full(cell.n, raters), cell.get("correlation"), rng)
        hits, units = successes.sum(axis=1), totals.sum(axis=1)
        low, high = proportion_confint(hits, units, alpha=1 - level, method="wilson")
        low, high = np.where(hits == 0, 0.0, low), np.where(hits == units, 1.0, high)
        return float(((low <= p + 1e-12) & (p - 1e-12 <= high)).mean())

    return IntervalResult(window=share(rng.choice(window_rates(cell.truth, WINDOW), repeats)),
                          at_truth=share(np.full(repeats, cell.truth)), level=level, repeats=repeats,
                          drawn=cell.n >= figure.drawn_from)
