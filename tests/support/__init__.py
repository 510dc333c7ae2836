"""What the tests and the benchmarks share: the server launcher, the Chromium setup, the protocol-level client and
the layout checks. ``bench/`` imports from here, never the reverse (issue 40)."""
