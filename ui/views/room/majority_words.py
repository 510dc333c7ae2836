"""How the adjudicated file words a label the majority rule settled, in the facilitator's language: the class reads
that file, so its revision log says "regla de mayoría" and "19 de 22 = 86 % ≥ 80 %", not the core's English."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ui.i18n import format_percent, translate


def _reason(language: str, agreeing: int, labelled: int, rule: float) -> str:
    return translate(language, "room.gold.majority_reason", agreeing=agreeing, labelled=labelled,
                     share=format_percent(agreeing / labelled, language, 0), rule=format_percent(rule, language, 0))


def majority_words(language: str) -> dict[str, Any]:
    """The ``reason`` and ``author`` keywords of :func:`uncase_core.agreement.adjudication.adjudicated_dataset`."""
    reason: Callable[[int, int, float], str] = partial(_reason, language)
    return {"reason": reason, "author": translate(language, "room.gold.majority_author")}
