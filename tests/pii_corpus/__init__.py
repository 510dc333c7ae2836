"""Labelled personal-data corpus (issue 16): English and Spanish sentences with the findings they hold.

Use it as ``from tests.pii_corpus.corpus import load_corpus, score`` (see :mod:`tests.pii_corpus.corpus`);
:mod:`tests.pii_corpus.build` regenerates ``generated.jsonl``; ``bench/pii_report.py`` prints the figures.
"""
