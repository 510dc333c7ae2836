"""The parameters a lesson file gives a named check: declared per check, read and refused with the place.

A check in :mod:`uncase_core.lesson_checks` declares its parameters as a tuple of :class:`Param`;
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

from uncase_core.choices import RAG_METRICS
from uncase_core.errors import InputError

ParamKind = Literal["dimension", "dimensions", "choice", "choices", "unit", "number", "count", "bool", "ids"]
KINDS: tuple[str, ...] = ("dimension", "dimensions", "choice", "choices", "unit", "number", "count", "bool", "ids")
_LISTS = ("dimensions", "choices", "ids")


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


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 40 else f'"{value[:37]}..."'
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return repr(value)


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
            raise InputError(f"unknown dimension {_describe(value)}; use one of {', '.join(RAG_METRICS)}", where)
        return value
    if kind in ("choice", "choices"):
        if value not in param.choices:
            raise InputError(f"expected one of {', '.join(param.choices)}, got {_describe(value)}", where)
        return value
    if kind == "ids":
        if not isinstance(value, str) or not value.strip():
            raise InputError(f"expected a non-empty text, got {_describe(value)}", where)
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise InputError(f"expected true or false, got {_describe(value)}", where)
        return value
    if kind == "count":
        low = 0 if param.minimum is None else int(param.minimum)
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
            raise InputError(f"expected a whole number of at least {low}, got {_describe(value)}", where)
        if param.maximum is not None and value > param.maximum:
            raise InputError(f"must be at most {param.maximum:g}, got {value}", where)
        return int(value)
    number = _real(value)
    if kind == "unit":
        if number is None or not 0.0 <= number <= 1.0:
            raise InputError(f"expected a number from 0 to 1, got {_describe(value)}", where)
        return number
    if number is None:
        raise InputError(f"expected a number, got {_describe(value)}", where)
    if param.minimum is not None and number < param.minimum:
        raise InputError(f"must be at least {param.minimum:g}, got {number:g}", where)
    if param.maximum is not None and number > param.maximum:
        raise InputError(f"must be at most {param.maximum:g}, got {number:g}", where)
    return number


def _value(param: Param, value: object, where: str) -> Any:
    if param.kind not in _LISTS:
        return _one(param, value, where)
    if not isinstance(value, list | tuple):
        raise InputError(f"expected a list, got {_describe(value)}", where)
    seen: dict[object, int] = {}
    for i, item in enumerate(value):
        _one(param, item, f"{where}[{i}]")
        if item in seen:
            raise InputError(f"{_describe(item)} is listed twice (also at {where}[{seen[item]}])", f"{where}[{i}]")
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
            takes = ", ".join(known) if known else "no parameters"
            raise InputError(f'unknown parameter of "{check}", which takes {takes}', at(str(name)))
    values: dict[str, Any] = {}
    for spec in specs:
        if spec.name in raw:
            values[spec.name] = _value(spec, raw[spec.name], at(spec.name))
        elif spec.required:
            raise InputError(f'missing "{spec.name}", which "{check}" needs', where)
        else:
            values[spec.name] = spec.default
    result = MappingProxyType(values)
    if validate is not None:
        validate(result, where)
    return result
