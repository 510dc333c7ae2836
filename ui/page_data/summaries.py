"""The summary cases a page starts from: a built-in scenario's, in the reader's language (the summary page, the
editor and a workshop room of summary cases read them)."""

from __future__ import annotations

from typing import Any

from uncase_core.assets.reader import SUMMARY_INDEX, scenario_path
from uncase_core.summaries.cases import cases_from_bytes


def load_file(scenario: Any, lang: str) -> tuple:
    """The summary cases of built-in ``scenario`` in ``lang`` (document 002's format)."""
    path = scenario_path(scenario, lang, SUMMARY_INDEX)
    return cases_from_bytes(path.read_bytes(), path.name)
