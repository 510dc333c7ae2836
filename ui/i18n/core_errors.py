"""The English bad-input messages, made from the core's own tables: the one place their wording lives.

Each :mod:`uncase_core` module that raises an :class:`~uncase_core.errors.InputError` words its codes in a
module-level ``PROBLEMS`` mapping (and the words its messages quote in ``TERMS``; the JSON reader's complaints are in
``JSON_DETAILS``, plain text, not templates). The modules are found by walking the package, so a module moved into a
subpackage is still read. The catalogue's English is the core's template without its number formats (``{size:.1f}``
becomes ``{size}``): a page writes numbers in the reader's style. The Spanish is ``ui/i18n/es/errors.toml``; the
pages' own codes (``error.page_*``) are worded in ``ui/i18n/<language>/errors.toml`` in both languages.
"""

from __future__ import annotations

import importlib
import pkgutil
import string
from collections.abc import Iterator, Mapping
from types import ModuleType

import uncase_core

PROBLEM_PREFIX = "error."  # the prefixes ui/input_errors.py reads
TERM_PREFIX = "error.term."
PLACE_PREFIX = "error.place."


def core_modules() -> Iterator[ModuleType]:
    """Every module of :mod:`uncase_core`, subpackages included (``__main__`` is a command, not a module)."""
    yield uncase_core
    for info in pkgutil.walk_packages(uncase_core.__path__, f"{uncase_core.__name__}."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            yield importlib.import_module(info.name)


def without_formats(template: str) -> str:
    """``template`` with each field's conversion and format spec dropped: ``"{size:.1f} MB"`` -> ``"{size} MB"``
    (literal braces stay doubled)."""
    parts = []
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            parts.append("{" + field + "}")
    return "".join(parts)


def _add(entries: dict[str, str], owners: dict[str, str], key: str, text: str, owner: str) -> None:
    if key in entries:
        raise ValueError(f"{key} is worded by both {owners[key]} and {owner}: a code must be unique")
    entries[key] = text
    owners[key] = owner


def english_errors() -> Mapping[str, str]:
    """``error.<code>``, ``error.term.<code>`` and ``error.place.<marker>`` -> English template, from the core."""
    entries: dict[str, str] = {}
    owners: dict[str, str] = {}
    seen: set[int] = set()  # a table a module imports from another is read once
    for module in core_modules():
        name = module.__name__
        tables: dict[str, Mapping[str, str] | tuple[str, ...]] = {}
        for table_name in ("PROBLEMS", "TERMS", "JSON_DETAILS", "MARKERS"):
            table = getattr(module, table_name, None)
            if table is not None and id(table) not in seen:
                seen.add(id(table))
                tables[table_name] = table
        problems, terms, json_details = (dict(tables.get(n, {})) for n in ("PROBLEMS", "TERMS", "JSON_DETAILS"))
        markers = tuple(tables.get("MARKERS", ()))
        for code, template in problems.items():
            _add(entries, owners, PROBLEM_PREFIX + code, without_formats(template), f"{name}.PROBLEMS")
        for code, template in terms.items():
            _add(entries, owners, TERM_PREFIX + code, without_formats(template), f"{name}.TERMS")
        for code, text in json_details.items():  # Python's words, quoted as they are
            _add(entries, owners, TERM_PREFIX + code, text.replace("{", "{{").replace("}", "}}"),
                 f"{name}.JSON_DETAILS")
        for marker in markers:  # a place's markers: "line 3", "conversation 2"
            _add(entries, owners, PLACE_PREFIX + marker, f"{marker} {{number}}", f"{name}.MARKERS")
    return entries
