"""The coverage harness (issue 48): every interval and verdict registered in :mod:`uncase_core.stats.figures` is
simulated here at fixed truths, by its id, and judged by one rule.

- :mod:`.rules`: the rule and the records a simulation returns (an interval's coverage over a window of true rates,
  a verdict's false rate at its null with its power beside it);
- :mod:`.cells`: the fixed truths, sizes, case sizes and correlations the issue asks for, and a cell of them;
- :mod:`.draws`: data drawn from a known truth (units clustered in unequal cases, paired tables whose dimensions
  are correlated);
- one module per kind of figure (:mod:`.proportions`, :mod:`.pooled`, :mod:`.paired`, :mod:`.judge`,
  :mod:`.agreement`, :mod:`.planner`), each function a figure's simulation;
- :mod:`.registry`: figure id -> its simulation and the cells it is run at (the full run and CI's reduced run).

``bench/coverage.py`` runs every figure at its full cells and writes ``docs/coverage.md``;
``tests/harness/test_reduced_harness.py`` runs a few seeded cells of each in CI and fails on a figure that breaks
its rule. Nothing here is imported by the app: the simulations measure the product from outside.
"""
