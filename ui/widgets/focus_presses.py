"""The presses a focus-mode keypad sends (``ui/widgets/focus_pad.py``), read and applied in order, each to the
unit it names.

A press names the unit the person saw (the case, the unit's id, the label field), the action, the server session
that showed that unit, its keypad (``tab``: one per keypad drawn in a page) and a sequence number. The keypad sends
every press it has not seen acknowledged, so one list can hold presses already applied: a press is applied once,
when its number is past the last one applied for its keypad in this session (:data:`APPLIED_KEY`).

A press from another server session is not applied: its page was drawn by a server that has since restarted, and
applying it now would be applying it late (the page says how many may not have been saved). One is: a press the
keypad marks ``reconnected``, made after the page had lost its server and while it was connected again, before this
session drew it anew. It still carries the old session's name, but it was made on a page that looked back, over this
session's connection, and is no late press (the first key after a restart was lost). Within a
session, presses whose runs were folded into one are all here, in the order they were made.

What a list from the browser holds is checked before anything is used: a list of at most :data:`MOST_PRESSES`
records of the expected shape; anything else is not applied, and the page says a press could not be read.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any

import streamlit as st

ACTIONS = ("yes", "no", "clear", "back", "next", "undo")
SESSION_KEY = "focus_session"  # session state: this session's name, which the keypad's presses carry
APPLIED_KEY = "focus_applied"  # session state: keypad state key -> {tab: the last sequence number applied}
TABS_KEPT = 8  # keypads remembered per page state key (one per drawing of focus mode in this session)
MOST_PRESSES = 200  # records read from one list (the keypad sends at most ui.widgets.focus_pad.MAX_PENDING)
_TAB = re.compile(r"[A-Za-z0-9_-]{1,64}")
_LONGEST_TEXT = 20_000  # a unit's id may be a summary point's whole text


@dataclass(frozen=True)
class Press:
    """One key or tap: ``action`` on the label ``field`` of unit ``unit`` of case ``case`` (``unit`` and ``field``
    are None for Back or Next on a case with nothing to label)."""

    tab: str
    seq: int
    session: str
    action: str
    case: int
    unit: str | None
    field: str | None
    reconnected: bool = False  # made on a page connected again after its server was lost (see the module docstring)


def session_name() -> str:
    """This session's name (made once): what the keypad's presses must carry to be applied here."""
    name = st.session_state.get(SESSION_KEY)
    if not isinstance(name, str):
        name = st.session_state[SESSION_KEY] = secrets.token_urlsafe(9)
    return name


def _whole(value: Any, low: int, high: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high else None


def _text(value: Any, longest: int) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= longest else None


def read_press(record: Any) -> Press | None:
    """One record as the keypad writes it, or None when it is not one."""
    if not isinstance(record, dict):
        return None
    tab, session = record.get("tab"), record.get("session")
    seq, case = _whole(record.get("seq"), 1, 2**53), _whole(record.get("case"), 0, 10**7)
    action, unit, field = record.get("action"), record.get("unit"), record.get("field")
    if not (isinstance(tab, str) and _TAB.fullmatch(tab) and _text(session, 64) and seq and case is not None
            and action in ACTIONS):
        return None
    if (unit is None) != (field is None):
        return None
    if unit is not None and (_text(unit, _LONGEST_TEXT) is None or _text(field, 64) is None):
        return None
    if unit is None and action not in ("back", "next"):
        return None
    reconnected = record.get("reconnected", False)
    if not isinstance(reconnected, bool):
        return None
    return Press(tab, seq, session, action, case, unit, field, reconnected)


def read_presses(raw: Any) -> tuple[list[Press], int]:
    """The presses in a list the browser sent, and how many records could not be read (a list that is not one
    counts as one)."""
    if raw is None:
        return [], 0
    if not isinstance(raw, list):
        return [], 1
    presses = [read_press(record) for record in raw[:MOST_PRESSES]]
    found = [press for press in presses if press is not None]
    return found, len(raw) - len(found)


def applied_numbers(state_key: str) -> dict[str, int]:
    """``{tab: the last sequence number applied}`` for the keypad under ``state_key`` in this session."""
    every = st.session_state.get(APPLIED_KEY)
    if not isinstance(every, dict):
        every = st.session_state[APPLIED_KEY] = {}
    return every.setdefault(state_key, {})


def mark_applied(numbers: dict[str, int], press: Press) -> None:
    """``press`` is applied (or refused): never again. The most recent :data:`TABS_KEPT` keypads are kept."""
    numbers.pop(press.tab, None)
    numbers[press.tab] = press.seq
    while len(numbers) > TABS_KEPT:
        numbers.pop(next(iter(numbers)))


def new_presses(state_key: str, raw: Any) -> tuple[list[Press], int]:
    """The presses of this session in ``raw`` not applied yet (with those made on a page connected again to it after
    a restart), in the order they were made, and the count of records that could not be read. Other presses another
    session showed are left out without a word: the page that made them says they may not have been saved."""
    presses, unreadable = read_presses(raw)
    numbers = applied_numbers(state_key)
    session = session_name()
    fresh: dict[tuple[str, int], Press] = {}
    for press in presses:
        if (press.session == session or press.reconnected) and press.seq > numbers.get(press.tab, 0):
            fresh.setdefault((press.tab, press.seq), press)
    return sorted(fresh.values(), key=lambda press: press.seq), unreadable
