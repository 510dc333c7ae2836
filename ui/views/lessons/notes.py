"""A lesson check's note (``uncase_core.shared.notes.Note``) in the reader's language.

The core words each note in English with format specs (``{rate:.0%}``); here each number is formatted in the
reader's style from that same spec (``66,7 %``, ``0,75``), each name the core passes is translated (dimensions,
gates, filters, pages, metadata fields...), each value quoted from the data is escaped for markdown, and the
catalogue's ``lesson.note.<code>`` gives the sentence (its ``.one`` form when the counted parameter is 1). A note
that quotes a problem (``state_not_usable``, ``answer_not_understood``) carries it as an ``error`` param (an
:class:`~uncase_core.errors.InputError` as plain data), worded here by :func:`ui.frame.input_errors.error_text`; its
``problem`` param is the core's English, for the command line.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ui.frame.input_errors import error_text
from ui.frame.navigation import LESSON_PAGES
from ui.i18n import format_number, format_p_value, format_percent, has_key, translate
from ui.widgets.text import literal
from uncase_core.errors import InputError
from uncase_core.lessons.checks import CHECK_NOTES
from uncase_core.shared.notes import Note

# The parameter a note counts with, where it is not ``count``: its singular wording is ``<key>.one``.
COUNTED_BY: Mapping[str, str] = MappingProxyType({
    "too_few_label_changes": "changed", "too_few_cases": "given", "too_few_items": "given",
    "too_few_labels": "labelled",
})
# Names the core passes that the catalogue translates, by parameter: the key of each value.
NAMED: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "dimension": ("metric.{}", "conv.metric.{}", "sum.metric.{}"),
    "other": ("metric.{}",),  # the dimension a step's labels went to instead (labels_on_other_dimension)
    "metric": ("metric.{}", "conv.metric.{}", "sum.metric.{}"),
    "gate": ("lesson.gate.{}",),
    "filter": ("rub.filter.{}",),
    "side": ("lesson.side.{}",),
    "higher": ("lesson.higher.{}",),
    "kind": ("lesson.kind.{}",),
    "what": ("lesson.part.{}",),
    "reason": ("lesson.reason.{}",),
})
# The p-values the notes quote, all with three decimals (lesson 11 printed 0,2500 and
# 1,0000 beside an adjusted 0,250): one too small for its decimals reads "below 0.001", not "0.000".
P_VALUES = frozenset({"adjusted", "smallest", "corrected"})
PAGE_NAMES: Mapping[str, str] = MappingProxyType({name: entry.nav_key for name, entry in LESSON_PAGES.items()})


def _specs(code: str) -> dict[str, str]:
    """Each field of the English template with its format spec (``{"rate": ".0%"}``)."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(CHECK_NOTES.get(code, "")) if name}


def _number(value: float, spec: str, language: str) -> str:
    if spec.endswith("%"):
        return format_percent(value, language, int(spec[1:-1] or 0) if spec.startswith(".") else 0)
    if spec.endswith("f"):
        return format_number(value, language, int(spec[1:-1] or 2))
    return format_number(value, language)


def _value(name: str, value: Any, spec: str, language: str) -> str:
    if name == "page":
        return translate(language, PAGE_NAMES.get(str(value), str(value)))
    if name == "field":
        from ui.widgets.names import field_label

        return literal(field_label(str(value), language))
    if name in NAMED and isinstance(value, str):
        for pattern in NAMED[name]:
            if has_key(pattern.format(value)):
                return translate(language, pattern.format(value))
        return literal(value)
    if isinstance(value, bool) or value is None:
        return literal(str(value))
    if isinstance(value, int) and not spec:
        return str(value)
    if name in P_VALUES and isinstance(value, float) and spec.endswith("f"):
        digits = format_p_value(value, language, int(spec[1:-1] or 2))
        if digits.startswith("<"):
            return translate(language, "value.below", value=digits.removeprefix("< "))
    if isinstance(value, int | float):
        return _number(float(value), spec, language)
    return literal(str(value))  # ids, option names, split names, problems: as the data has them


def _problem(data: Any, language: str) -> str | None:
    """The problem a note carries as data (``InputError.to_dict()``) in ``language``; None when it has none."""
    if not isinstance(data, Mapping):
        return None
    try:
        error = InputError.from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError):  # not the core's shape: the English problem is shown
        return None
    return error_text(error, language)


def note_text(note: Note, language: str) -> str:
    """The note as a sentence fragment (no capital, no final stop) in ``language``, safe for markdown."""
    specs = _specs(note.code)
    values = {name: _value(name, value, specs.get(name, ""), language) for name, value in note.params.items()
              if name != "error"}
    if isinstance(note.params.get("field"), str) and isinstance(note.params.get("value"), str):
        from ui.widgets.names import field_value  # a metadata value as the page shows it: health -> salud

        values["value"] = literal(field_value(note.params["field"], note.params["value"], language))
    problem = _problem(note.params.get("error"), language)
    if problem is not None:
        values["problem"] = problem
    key = f"lesson.note.{note.code}"
    counted = COUNTED_BY.get(note.code, "count")
    if note.params.get(counted) == 1 and has_key(f"{key}.one"):
        key = f"{key}.one"
    if not has_key(key):  # a note this version of the catalogue does not know: the core's English
        return literal(note.text(CHECK_NOTES))
    return translate(language, key, **values)
