"""Category labels that annotators give: which values are labels, and how they sort.

An annotator's label for a unit is a category: ``True`` or ``False``, a whole number (a
1-5 rating, 0/1 from a spreadsheet) or a text (``"relevant"``). Any of them may be used
with the agreement statistics, with two rules that keep the counting honest:

- Python counts ``True == 1`` and ``hash(True) == hash(1)``, so booleans and the numbers 0
  and 1 in one call would be counted as one category. A call that mixes booleans with
  numbers is refused, naming the first label of the second kind.
- A float is a label only when it is a whole number (``2.0`` is read as the integer 2, as
  spreadsheets write integers); ``2.5``, NaN and infinities are refused. ``None`` is never
  a label: each statistic says what a missing label means for it.

NumPy scalars are read as the Python values they hold. Categories sort booleans first
(``False < True``), then numbers, then texts, each kind in its natural order; that order is
the scale of weighted kappa and of ordinal alpha.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping
from types import MappingProxyType

import numpy as np

from uncase_core.errors import InputError, Place, expected_value, input_error, term

Category = bool | int | str

_RANK_BOOLEAN, _RANK_NUMBER, _RANK_TEXT = 0, 1, 2
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "nan_label": "NaN is not a label; use None where no label was given",
    "missing_label": "missing label (None)",
    "mixed_label_kinds": "is {this} but {first} is {that}: Python counts True as 1 and False as 0, so mixing them "
                         "would merge two answers into one category; use one kind of label in one call",
})


def read_category(value: object, where: str) -> Category:
    """``value`` as a category label, or InputError naming ``where``.

    ``None`` is refused too; callers that allow missing labels test for it first.
    """
    kind = type(value)
    if kind is bool or kind is str or kind is int:  # the common cases, without the slower ABC checks
        return value  # type: ignore[return-value]
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        if math.isfinite(number) and number.is_integer():
            return int(number)
        if math.isnan(number):
            raise input_error(PROBLEMS, "nan_label", where)
        raise expected_value("label_value", repr(value), where)
    if value is None:
        raise input_error(PROBLEMS, "missing_label", where)
    raise expected_value("any_label_value", repr(value), where)


def sort_key(category: Category) -> tuple[int, Category]:
    """Booleans first, then numbers, then texts; within a kind, the natural order."""
    if isinstance(category, bool):
        return (_RANK_BOOLEAN, category)
    if isinstance(category, int):
        return (_RANK_NUMBER, category)
    return (_RANK_TEXT, category)


class KindTracker:
    """Remembers where the first boolean and the first number were seen, to refuse a mix of the two.

    Call :meth:`see` on every label read, in reading order; it raises at the first label
    whose kind conflicts with one seen before.
    """

    def __init__(self) -> None:
        self.boolean_at: str | None = None
        self.number_at: str | None = None

    def see(self, category: Category, where: str) -> None:
        if isinstance(category, bool):
            if self.boolean_at is None:
                self.boolean_at = where
                if self.number_at is not None:
                    raise _mixed(where, "true_false_slash", self.number_at, "number")
        elif isinstance(category, int) and self.number_at is None:
            self.number_at = where
            if self.boolean_at is not None:
                raise _mixed(where, "number", self.boolean_at, "true_false_slash")


def _mixed(where: str, this: str, first: str, that: str) -> InputError:
    """A label of kind ``this`` after one of kind ``that`` at ``first`` (kinds: term codes)."""
    return input_error(PROBLEMS, "mixed_label_kinds", where, this=term(this), first=Place(first), that=term(that))


def distinct_kinds(categories: Iterable[Category]) -> set[int]:
    """The kinds (boolean, number, text) present, as sort ranks."""
    return {sort_key(category)[0] for category in categories}
