"""Tools that build the shipped data and the documentation's pictures and reports: the built-in judge set and pair of
systems under assets/, the README's screenshot and the screenshot tour, the bad-input report. Not benchmarks: their
figures are not measured times (those are bench/'s)."""
