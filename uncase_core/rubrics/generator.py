"""Seeded synthetic rubric verdicts with planted bad items, and how well the filters find them.

The model behind a verdict of a good item: candidate ``c`` has ability ``a_c`` (evenly spaced
on the logit scale from ``-ability_spread`` to ``+ability_spread`` (default 0.6), shuffled over
the names), item ``i`` has difficulty
``d_i ~ N(0, 1)``, judge ``j`` a bias ``b_j ~ N(0, 0.3)`` and its own noise level
``s_j`` (0.5 to 1.0), drawn as a persistent opinion ``e_cij ~ N(0, s_j)``. The judge's
settled verdict is ``a_c - d_i + b_j + e_cij > 0``; each run reproduces it except for a flip
with probability 1% (temperature-0 jitter).

Planted bad items (distinct ``(prompt, item)`` pairs drawn at random):

* trivial: every run of every judge says yes; impossible: every run says no;
* misaligned: the settled verdict follows ``-a_c`` (weak candidates pass, strong ones fail),
  with the same judge noise and run flips as a good item;
* unstable: every run is an independent coin flip.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
import pandas as pd

from uncase_core.errors import expected_at_least, expected_in_range, input_error
from uncase_core.rubrics.lab import FILTERS, RubricAnalysis

RUN_FLIP = 0.01
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "too_many_planted": "{planted} planted bad items exceed the {items} items",
})


@dataclass(frozen=True)
class GeneratorSettings:
    seed: int = 7
    candidates: int = 6
    prompts: int = 20
    items_per_prompt: int = 6
    judges: int = 3
    runs: int = 3
    trivial: int = 3
    impossible: int = 3
    misaligned: int = 3
    unstable: int = 3
    ability_spread: float = 0.6  # abilities evenly spaced from -spread to +spread (logit scale)

    def checked(self) -> GeneratorSettings:
        for name in ("candidates", "prompts", "items_per_prompt", "judges", "runs"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise expected_at_least("whole_number", 1, repr(value), name)
        for name in FILTERS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise expected_at_least("whole_number", 0, repr(value), name)
        spread = self.ability_spread
        if isinstance(spread, bool) or not isinstance(spread, int | float) or not 0 <= spread <= 10:
            raise expected_in_range("number", 0, 10, repr(spread), "ability_spread")
        planted = sum(getattr(self, name) for name in FILTERS)
        if planted > self.prompts * self.items_per_prompt:
            raise input_error(PROBLEMS, "too_many_planted", "trivial", planted=planted,
                              items=self.prompts * self.items_per_prompt)
        return self


@dataclass(frozen=True)
class PlantedTruth:
    ability: Mapping[str, float]
    bad_items: Mapping[tuple[str, str], str]  # (prompt, item) -> kind
    judge_bias: Mapping[str, float] = field(default_factory=dict)  # b_j, what a judge adds to every score
    judge_noise: Mapping[str, float] = field(default_factory=dict)  # s_j, the spread of its opinions
    runs: int = 1

    def item_rate(self, candidate: str, judge: str, kind: str = "good") -> float:
        """The chance that ``judge``'s run majority passes ``candidate`` on an item of ``kind`` drawn at random
        (``"good"`` or a filter's name): for a good item ``P(a_c - d_i + b_j + e > 0)`` with ``d_i ~ N(0, 1)`` and
        ``e ~ N(0, s_j)``, each run flipped with probability :data:`RUN_FLIP`, ties failing; a misaligned item with
        ``-a_c``; trivial 1, impossible 0, unstable a majority of fair coins. The true DRFR the lab's figures
        estimate: after filtering, over good items (when the filters remove exactly the planted ones)."""
        from scipy.stats import binom, norm

        runs = np.arange(self.runs + 1)
        if kind in ("trivial", "impossible"):
            return 1.0 if kind == "trivial" else 0.0
        if kind == "unstable":
            return float(binom.pmf(runs[2 * runs > self.runs], self.runs, 0.5).sum())
        ability = -self.ability[candidate] if kind == "misaligned" else self.ability[candidate]
        settled = float(norm.cdf((ability + self.judge_bias[judge]) / math.sqrt(1.0 + self.judge_noise[judge] ** 2)))
        weights = binom.pmf(runs, self.runs, RUN_FLIP)  # by the number of flipped runs
        kept = float(weights[2 * (self.runs - runs) > self.runs].sum())  # majority yes when settled yes
        turned = float(weights[2 * runs > self.runs].sum())  # majority yes when settled no
        return settled * kept + (1.0 - settled) * turned


def _names(prefix: str, n: int) -> list[str]:
    width = len(str(n))
    return [f"{prefix}{k + 1:0{width}d}" for k in range(n)]


def generate_verdicts(settings: GeneratorSettings = GeneratorSettings()) -> tuple[pd.DataFrame, PlantedTruth]:
    """Verdicts in long form (categorical string columns, bool ``verdict``) and the planted truth."""
    s = settings.checked()
    rng = np.random.default_rng(s.seed)
    n_c, n_i, n_j, n_r = s.candidates, s.prompts * s.items_per_prompt, s.judges, s.runs
    ability = rng.permutation(np.linspace(-s.ability_spread, s.ability_spread, n_c)) if n_c > 1 else np.zeros(1)
    difficulty = rng.normal(0.0, 1.0, n_i)
    bias = rng.normal(0.0, 0.3, n_j)
    noise_level = rng.uniform(0.5, 1.0, n_j)
    opinion = rng.normal(0.0, 1.0, (n_c, n_i, n_j)) * noise_level
    kind = np.zeros(n_i, dtype=np.int8)  # 0 good, 1.. index in FILTERS + 1
    chosen = rng.permutation(n_i)
    start = 0
    for k, name in enumerate(FILTERS, start=1):
        count = getattr(s, name)
        kind[chosen[start:start + count]] = k
        start += count
    strength = np.where(kind == FILTERS.index("misaligned") + 1, -1.0, 1.0)
    settled = (strength[None, :, None] * ability[:, None, None] - difficulty[None, :, None]
               + bias[None, None, :] + opinion) > 0  # C x I x J
    flips = rng.random((n_c, n_i, n_j, n_r)) < RUN_FLIP
    runs = settled[..., None] ^ flips
    coin = rng.random((n_c, n_i, n_j, n_r)) < 0.5
    for k, name in enumerate(FILTERS, start=1):
        mask = kind == k
        if name == "trivial":
            runs[:, mask] = True
        elif name == "impossible":
            runs[:, mask] = False
        elif name == "unstable":
            runs[:, mask] = coin[:, mask]

    candidates, judges, run_names = _names("C", n_c), _names("J", n_j), _names("", n_r)
    prompts, items = _names("P", s.prompts), _names("I", s.items_per_prompt)
    grid = np.indices((n_c, n_i, n_j, n_r)).reshape(4, -1)
    c, i, j, r = grid

    def category(codes: np.ndarray, names: list[str]) -> pd.Categorical:
        return pd.Categorical.from_codes(codes, categories=names)

    frame = pd.DataFrame({
        "candidate": category(c, candidates),
        "prompt": category(i // s.items_per_prompt, prompts),
        "item": category(i % s.items_per_prompt, items),
        "judge": category(j, judges),
        "run": category(r, run_names),
        "verdict": runs.reshape(-1),
    })
    bad = {(prompts[k // s.items_per_prompt], items[k % s.items_per_prompt]): FILTERS[kind[k] - 1]
           for k in np.flatnonzero(kind)}
    truth = PlantedTruth({name: float(a) for name, a in zip(candidates, ability, strict=True)}, bad,
                         {name: float(b) for name, b in zip(judges, bias, strict=True)},
                         {name: float(n) for name, n in zip(judges, noise_level, strict=True)}, s.runs)
    return frame, truth


def filter_recovery(analysis: RubricAnalysis, truth: PlantedTruth) -> dict:
    """Per filter: ``planted`` items of its kind, ``found`` (removed by it), ``missed``, and
    ``wrongly_removed`` (good items, planted as no kind of bad item, that it removed)."""
    result = {}
    for name in FILTERS:
        planted = {key for key, kind in truth.bad_items.items() if kind == name}
        removed = analysis.removed_keys(name)
        found = len(planted & removed)
        wrongly = len({key for key in removed if key not in truth.bad_items})
        result[name] = {"planted": len(planted), "found": found, "missed": len(planted) - found,
                        "wrongly_removed": wrongly}
    return result
