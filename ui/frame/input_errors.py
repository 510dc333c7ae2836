"""Bad-input messages in the reader's language: an :class:`~uncase_core.errors.InputError` as one line of markdown.

The core gives every error a ``code``, the ``params`` its message quotes and a ``where`` in a
small grammar (see :mod:`uncase_core.errors`); the catalogues hold ``error.<code>`` for the
problem, ``error.term.<code>`` for the core's own words (``a list``, ``true, false or null``)
and ``error.place.<marker>`` for the markers a place starts with (``line 7``). Everything quoted
from the input (the file name, a data path, a value) is escaped with :func:`ui.widgets.text.literal`, and
so is every other param, so no character of a file can format, link or hide the message.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from ui.i18n import CATALOGUES, DEFAULT_LANGUAGE, format_count, number_style
from ui.widgets.text import literal
from uncase_core.errors import InputError, Param, Place, Term, split_place

PROBLEM_PREFIX = "error."
TERM_PREFIX = "error.term."
PLACE_PREFIX = "error.place."
_FORMATTER = string.Formatter()


class _Filled(dict):
    """Params for ``str.format_map``: one a template names but the error lacks shows as ``…`` (never a KeyError)."""

    def __missing__(self, key: str) -> str:
        return "…"


def _catalogue(language: str) -> Mapping[str, str]:
    return CATALOGUES.get(language, CATALOGUES[DEFAULT_LANGUAGE])


def _number(value: int | float, language: str) -> str:
    if isinstance(value, int):
        return format_count(value, language)
    text = str(value)  # the shortest form that reads back, as the core's English writes a float
    return text.replace(".", number_style(language).decimal_mark)


def _fill(template: str, params: Mapping[str, Param], language: str) -> str | None:
    """``template`` with its fields filled from ``params`` shown in ``language``; None if it cannot be filled."""
    try:
        return template.format_map(_Filled({name: _param(value, language) for name, value in params.items()}))
    except (ValueError, IndexError, AttributeError, TypeError):  # a malformed template: the caller falls back
        return None


def _term(term: Term, language: str) -> str:
    template = _catalogue(language).get(TERM_PREFIX + term.code)
    text = None if template is None else _fill(template, term.params, language)
    return literal(term.english) if text is None else text


def _param(value: Param, language: str) -> str:
    if isinstance(value, Term):
        return _term(value, language)
    if isinstance(value, Place):
        return place_text(value.where, language)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return literal(_number(value, language))
    return literal(value)


def place_text(where: str, language: str) -> str:
    """``where`` with its markers in ``language`` (``line 7`` -> ``línea 7``) and its data path as it is."""
    markers, path = split_place(where)
    catalogue = _catalogue(language)
    parts = []
    for kind, number in markers:
        template = catalogue.get(PLACE_PREFIX + kind)
        text = None if template is None else _fill(template, {"number": str(number)}, language)
        parts.append(literal(f"{kind} {number}") if text is None else text)
    if path:
        parts.append(literal(path))
    return ": ".join(parts)


def problem_text(error: InputError, language: str) -> str:
    """The problem alone in ``language``; the English as it is (escaped) for an error without a known code."""
    template = _catalogue(language).get(PROBLEM_PREFIX + error.code) if error.code else None
    text = None if template is None else _fill(template, error.params, language)
    return literal(error.problem) if text is None else text


def error_text(error: InputError, language: str) -> str:
    """The whole one-line message in ``language``: ``source: place: problem``, as markdown.

    ``"es"`` gives ``datos.jsonl: línea 2: passages[0].relevant: se esperaba true, false o null, se recibió
    "sí"`` for the English ``datos.jsonl: line 2: passages[0].relevant: expected true, false or null, got "sí"``.
    """
    parts = (literal(error.source) if error.source else "", place_text(error.where, language),
             problem_text(error, language))
    return ": ".join(part for part in parts if part)


def page_error(code: str, source: str = "", **params: Param) -> InputError:
    """An error a page itself raises (``code`` has ``error.<code>`` in the catalogues, and its English is the
    problem), shown by :func:`error_text` like the core's."""
    english = _catalogue("en")[PROBLEM_PREFIX + code].format_map(_Filled(params))
    return InputError(english, source=source, code=code, params=params)


def template_fields(template: str) -> set[str]:
    """The field names of a catalogue template (for the tests that compare catalogues with the core)."""
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name is not None}
