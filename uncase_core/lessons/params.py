"""The parameters a lesson file gives a named check: declared per check, read and refused with the place.

A check in :mod:`uncase_core.lessons.checks` declares its parameters as a tuple of :class:`Param`;
:func:`read_params` turns what a lesson file wrote into a checked, read-only mapping with every
default filled in, or raises :class:`~uncase_core.errors.InputError` naming the place
(``steps[2].checks[0].failing[1]: unknown dimension "faithfulnes"; use one of ...``). So a lesson
with a typo is refused when it is loaded, never half-way through a workshop.

The kinds, and what each accepts (TOML or JSON values):

- ``dimension`` / ``dimensions``: one RAG dimension name, or a list of distinct ones;
- ``choice`` / ``choices``: one of the parameter's ``choices``, or a list of distinct ones;
- ``unit``: a number from 0 to 1 (a threshold, a proportion);
- ``number``: any finite number within the optional ``minimum`` / ``maximum``;
- ``count``: a whole number of at least ``minimum`` (0 unless given);
- ``bool``: true or false;
- ``ids``: a list of distinct, non-empty texts (the option ids of a multiple-choice question).

Booleans are never numbers here (``true`` is not 1), and integers are accepted where a number is.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from uncase_core.errors import (
    Place,
    Term,
    expected_at_least,
    expected_in_range,
    expected_one_of,
    expected_value,
    input_error,
    term,
    unknown_choice,
)
from uncase_core.rag.dimensions import METRICS as RAG_METRICS

ParamKind = Literal["dimension", "dimensions", "choice", "choices", "unit", "number", "count", "bool", "ids"]
KINDS: tuple[str, ...] = ("dimension", "dimensions", "choice", "choices", "unit", "number", "count", "bool", "ids")
_LISTS = ("dimensions", "choices", "ids")

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "must_be_at_least": "must be at least {low:g}, got {got:g}",
    "must_be_at_most": "must be at most {high:g}, got {got:g}",
    "listed_twice": "{got} is listed twice (also at {first})",
    "unknown_check_parameter": 'unknown parameter of "{check}", which takes {names}',
    "check_takes_no_parameters": 'unknown parameter of "{check}", which takes no parameters',
    "missing_check_parameter": 'missing "{name}", which "{check}" needs',
})


@dataclass(frozen=True)
class Param:
    """One parameter of a check: its name, kind, whether the file must give it, and its default.

    ``default`` is used when the file leaves the parameter out (``None`` means "not given": the
    check then reads the person's setting or has no such condition). ``choices`` lists the
    accepted values of a ``choice`` / ``choices`` parameter; ``minimum`` and ``maximum`` bound
    ``number`` and ``count`` parameters.
    """

    name: str
    kind: ParamKind
    required: bool = False
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None


def describe(value: object) -> str | Term:
    """A value a lesson file wrote, as an error quotes it: TOML's words, a text quoted (and shortened), a kind."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 40 else f'"{value[:37]}..."'
    if isinstance(value, Mapping):
        return term("table")
    if isinstance(value, list | tuple):
        return term("list")
    return repr(value)


def _quoted(number: float) -> int | float:
    """A bound or a value for an error's params: a whole float as an int, so a page writes ``1``, as ``{:g}`` does."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


def _real(value: object) -> float | None:
    """``value`` as a finite float, or None when it is not a finite number (booleans are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _one(param: Param, value: object, where: str) -> Any:
    kind = param.kind
    if kind in ("dimension", "dimensions"):
        if value not in RAG_METRICS:
            raise unknown_choice("dimension", describe(value), RAG_METRICS, where)
        return value
    if kind in ("choice", "choices"):
        if value not in param.choices:
            raise expected_one_of(param.choices, describe(value), where)
        return value
    if kind == "ids":
        if not isinstance(value, str) or not value.strip():
            raise expected_value("non_empty_text", describe(value), where)
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise expected_value("true_false", describe(value), where)
        return value
    if kind == "count":
        low = 0 if param.minimum is None else int(param.minimum)
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
            raise expected_at_least("whole_number", low, describe(value), where)
        if param.maximum is not None and value > param.maximum:
            raise input_error(PROBLEMS, "must_be_at_most", where, high=_quoted(param.maximum), got=int(value))
        return int(value)
    number = _real(value)
    if kind == "unit":
        if number is None or not 0.0 <= number <= 1.0:
            raise expected_in_range("number", 0, 1, describe(value), where)
        return number
    if number is None:
        raise expected_value("number", describe(value), where)
    if param.minimum is not None and number < param.minimum:
        raise input_error(PROBLEMS, "must_be_at_least", where, low=_quoted(param.minimum),
                          got=_quoted(number))
    if param.maximum is not None and number > param.maximum:
        raise input_error(PROBLEMS, "must_be_at_most", where, high=_quoted(param.maximum),
                          got=_quoted(number))
    return number


def _value(param: Param, value: object, where: str) -> Any:
    if param.kind not in _LISTS:
        return _one(param, value, where)
    if not isinstance(value, list | tuple):
        raise expected_value("list", describe(value), where)
    seen: dict[object, int] = {}
    for i, item in enumerate(value):
        _one(param, item, f"{where}[{i}]")
        if item in seen:
            raise input_error(PROBLEMS, "listed_twice", f"{where}[{i}]", got=describe(item),
                              first=Place(f"{where}[{seen[item]}]"))
        seen[item] = i
    return tuple(value)


Validator = Callable[[Mapping[str, Any], str], None]


def read_params(check: str, specs: tuple[Param, ...], raw: Mapping[str, Any], where: str,
                validate: Validator | None = None) -> Mapping[str, Any]:
    """The parameters ``raw`` (what the file wrote for check ``check``) read against ``specs``.

    Returns a read-only mapping holding every declared parameter: the file's value, checked, or
    the default. ``validate`` (the check's own rule across parameters, e.g. "a dimension cannot
    be both failing and passing") runs last with the read values.

    Raises
    ------
    InputError
        For an unknown parameter, a missing required one, or a value of the wrong kind, with
        ``where`` naming it (``steps[1].checks[0].failing[2]``).
    """
    def at(name: str) -> str:
        return f"{where}.{name}" if where else name

    known = {spec.name: spec for spec in specs}
    for name in raw:
        if name not in known:
            if not known:
                raise input_error(PROBLEMS, "check_takes_no_parameters", at(str(name)), check=check)
            raise input_error(PROBLEMS, "unknown_check_parameter", at(str(name)), check=check, names=", ".join(known))
    values: dict[str, Any] = {}
    for spec in specs:
        if spec.name in raw:
            values[spec.name] = _value(spec, raw[spec.name], at(spec.name))
        elif spec.required:
            raise input_error(PROBLEMS, "missing_check_parameter", where, name=spec.name, check=check)
        else:
            values[spec.name] = spec.default
    result = MappingProxyType(values)
    if validate is not None:
        validate(result, where)
    return result
