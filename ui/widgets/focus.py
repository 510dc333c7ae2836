"""Focus mode: label one unit at a time by keys, with what it is judged against and its guideline beside it.

A labelling page (RAG, summaries, agreement, compare) describes its units to focus mode through a
:class:`FocusSource`: how many cases, each case's labels in order (:class:`FocusItem`: one per label of a unit, so
a claim gives two), how to show a unit (:class:`UnitView`, plain text) and what it is judged against, and how to
store a label. Storing goes through the page's own write path (the edit records its label tables make), so the grid
and focus mode edit the same stored labels and switching between them loses nothing.

The unit and its keys are a keypad drawn by the page itself (``ui/widgets/focus_pad.py``): every press names the
unit on screen when it was made and is applied to that unit, in the order made (:func:`apply_presses`), or refused
on screen; docs/focus-mode.md says why Streamlit's shortcut buttons could not promise that. The keys are the same
in every language (:data:`SHORTCUTS`): ``1`` yes, ``0`` no, Backspace clear, the left and right arrows back and
next, ``U`` undo; ignored while a text box or a list has the keyboard. After a yes or a no the next label in order
comes up (the next unit, or the next case's first: a correction never sends the person elsewhere); a
move to another case or an undo says so. Undo takes back the last label set here (a yes, a no or a clear), and the
one before it, up to :data:`UNDO_DEPTH`.

Where the person is, and what Undo would take back, are workspace settings (``<prefix>_focus_item``: the label's
place in the page's current case, whose own setting is the page's case choice; ``<prefix>_focus_undo``), so a
reload or a restart comes back to the same label. Which view the page shows is one too (:func:`label_view`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.select_release import release_select_boxes, single_keys
from ui.frame.state import current_workspace, language, run_saving, save_settings, t
from ui.i18n import format_count, number_style
from ui.widgets.focus_pad import KEY_HINT_SCREENS, MAX_PENDING, draw_pad, pad_state
from ui.widgets.focus_presses import Press, applied_numbers, mark_applied, new_presses, session_name
from ui.widgets.guidelines import draw_guideline
from uncase_core.shared.guidelines import Guideline

ACTIONS = ("yes", "no", "clear", "back", "next", "undo")
SHORTCUTS = MappingProxyType({"yes": "1", "no": "0", "clear": "Backspace", "back": "Left", "next": "Right",
                              "undo": "U"})
VALUES = MappingProxyType({"yes": True, "no": False, "clear": None})
UNDO_DEPTH = 50
VIEWS = ("grid", "focus")
VIEW_SHORTCUTS = MappingProxyType({"grid": "G", "focus": "F"})
NOTES_KEY = "focus_notes"  # session state: notes for the next drawing of focus mode, as (catalogue key, values)
KEY_NAMES = MappingProxyType({"yes": "1", "no": "0", "clear": "focus.key.backspace", "back": "←", "next": "→",
                             "undo": "U"})  # on the keypad's buttons (a catalogue key where the name is a word)
ARIA_KEYS = MappingProxyType({"yes": "1", "no": "0", "clear": "Backspace", "back": "ArrowLeft",
                              "next": "ArrowRight", "undo": "U"})  # aria-keyshortcuts, as the standard names them


@dataclass(frozen=True)
class FocusItem:
    """One label of one unit: its kind (``passages``, ``accuracy``...), its place among the case's units of that
    kind, the label field, the stored value and the unit's id (an undo checks it still names the same unit)."""

    kind: str
    unit: int
    units: int
    field: str
    value: bool | None
    unit_id: str


@dataclass(frozen=True)
class UnitView:
    """A unit as the keypad shows it, plain text: its text (paragraphs split by a blank line), then a line or two
    in small print (its kind and id, a revealed reference, the other annotator's label...)."""

    text: str
    notes: tuple[str, ...] = ()


def add_note(key: str, **values: object) -> None:
    """A note the next drawing of focus mode shows (why a press did nothing, where it moved)."""
    notes = st.session_state.get(NOTES_KEY)
    if not isinstance(notes, list):
        notes = st.session_state[NOTES_KEY] = []
    notes.append((key, values))


class FocusSource:
    """What a page gives focus mode; a page subclasses it. ``prefix`` names the settings, ``case_key`` is the
    setting of the page's case choice, ``frozen`` locks the buttons (a frozen workshop room)."""

    prefix = "focus"
    case_key = "focus_case"
    frozen = False

    def case_count(self) -> int:
        raise NotImplementedError

    def case_index(self) -> int:
        """The page's current case (its ``case_key`` setting)."""
        raise NotImplementedError

    def items(self, case: int) -> Sequence[FocusItem]:
        raise NotImplementedError

    def counts(self) -> tuple[int, int]:
        """``(labels set, labels)`` over every case."""
        raise NotImplementedError

    def write(self, case: int, item: FocusItem, value: bool | None) -> bool:
        """Store the label through the page's write path; True when a record was stored."""
        raise NotImplementedError

    def locked_now(self) -> bool:
        """Whether labels are locked at this moment (a room frozen since the page was drawn)."""
        return self.frozen

    def unit_view(self, case: int, item: FocusItem) -> UnitView:
        """The unit as the keypad shows it (plain text: the keypad never reads it as markup)."""
        raise NotImplementedError

    def context(self, case: int, item: FocusItem) -> str:
        """What the column beside the unit shows for it: the keypad moves on by itself only between units with the
        same context (what they are judged against and their guideline are then already on screen). By default
        the label field: every unit of one label is judged against the same thing."""
        return item.field

    def draw_against(self, case: int, item: FocusItem) -> None:
        """What the label is judged against (the question for a passage, the passages for "supported"...)."""
        raise NotImplementedError

    def guideline(self, item: FocusItem) -> Guideline | None:
        return None

    def kind_name(self, kind: str) -> str:
        """A unit of ``kind`` as the position line names it ("passage")."""
        raise NotImplementedError

    def label_name(self, field: str) -> str:
        """The label as the guideline's title names it ("Relevant")."""
        raise NotImplementedError

    def ask(self, item: FocusItem) -> str:
        """The question a yes or a no answers ("Is this passage relevant to the question?")."""
        return t(f"focus.ask.{item.field}")

    def figures(self, case: int) -> str:
        """The case's figures as a sentence, which the keypad's live region says once a label has moved them (a
        screen reader does not see the cards change); "" for a page whose figures are not the case's."""
        return ""

    # ------------------------------------------------------------ settings

    @property
    def item_key(self) -> str:
        return f"{self.prefix}_focus_item"

    @property
    def undo_key(self) -> str:
        return f"{self.prefix}_focus_undo"


# ---------------------------------------------------------------- where the person is


def position(source: FocusSource) -> tuple[int, int]:
    """``(case, label)`` focus mode shows: the page's case and the stored place in it (kept within the case)."""
    case = source.case_index()
    stored = current_workspace().setting(source.item_key, 0)
    count = len(source.items(case))
    offset = stored if isinstance(stored, int) and not isinstance(stored, bool) else 0
    return case, min(max(offset, 0), max(count - 1, 0))


def step(source: FocusSource, case: int, offset: int, delta: int) -> tuple[int, int]:
    """The label ``delta`` (+1 or -1) from ``(case, offset)``, across cases (skipping those with no label); the
    same place at the first and the last label."""
    cases = source.case_count()
    at, index = case, offset + delta
    while 0 <= at < cases:
        if 0 <= index < len(source.items(at)):
            return at, index
        at += delta
        if 0 <= at < cases:
            index = 0 if delta > 0 else len(source.items(at)) - 1
    return case, offset


def _find(items: Sequence[FocusItem], offset: int, unit_id: str, field: str) -> int | None:
    if 0 <= offset < len(items) and items[offset].unit_id == unit_id and items[offset].field == field:
        return offset
    return next((i for i, item in enumerate(items) if item.unit_id == unit_id and item.field == field), None)


# ---------------------------------------------------------------- what a press does


def unit_name(source: FocusSource, item: FocusItem) -> str:
    """How notes name a label: "claim 3 (Supported)" (its unit's kind and place, as the position line counts them,
    and the label: a claim has two)."""
    return t("focus.unit_name", kind=source.kind_name(item.kind), number=format_count(item.unit + 1, language()),
             label=source.label_name(item.field))


def apply_presses(source: FocusSource, state_key: str, raw: Any) -> bool:
    """Apply the presses in ``raw`` (the keypad's state under ``state_key``) not applied yet, in order, each to the
    unit it names; True when the person is now in another case (the page then runs whole). A press is applied at
    most once, even when nothing could be stored: a refused press is refused now, never retried later."""
    presses, unreadable = new_presses(state_key, raw)
    if unreadable:
        add_note("focus.unreadable.one" if unreadable == 1 else "focus.unreadable",
                 count=format_count(unreadable, language()))
    if not presses:
        return False
    numbers = applied_numbers(state_key)
    started = source.case_index()
    for press in presses:
        mark_applied(numbers, press)
        apply_press(source, press)
    now = source.case_index()
    if now != started:
        add_note("focus.case_moved", case=format_count(now + 1, language()),
                 cases=format_count(source.case_count(), language()))
    return now != started


def apply_press(source: FocusSource, press: Press) -> None:
    """One press on the unit it names; then where the person is now, and what Undo would take back, stored."""
    workspace = current_workspace()
    undo = list(workspace.setting(source.undo_key) or [])
    case = press.case if 0 <= press.case < source.case_count() else None
    items = source.items(case) if case is not None else ()
    index = _find(items, -1, press.unit, press.field) if press.unit is not None else None
    if case is None or (press.unit is not None and index is None):
        add_note("focus.unit_gone")  # the data changed since the unit was shown: nothing is guessed
        return
    if (press.action in VALUES or press.action == "undo") and source.locked_now():
        add_note("focus.locked")
        return
    where = position(source)
    # Where the person now is (and the undo list) is stored with the label it follows, never paced apart from it: a
    # pace with one write left stored the label and refused its position, and the page said "not saved" about a
    # label it had kept (finding 8). A refused label moves nowhere, so its unit stays on screen.
    paced = True
    if press.action in VALUES and index is not None:
        item, value = items[index], VALUES[press.action]
        stored = [False]
        saved = run_saving(lambda: stored.__setitem__(0, source.write(case, item, value)))
        if saved and stored[0]:
            undo = [*undo, {"case": case, "offset": index, "unit_id": item.unit_id, "field": item.field,
                            "before": item.value, "after": value}][-UNDO_DEPTH:]
            paced = False
        if not saved:
            add_note("focus.not_saved", name=unit_name(source, item))
            where = (case, index)
        elif press.action == "clear":
            where = (case, index)
        else:  # the next label in order, whether this one was set before or not
            where = step(source, case, index, +1)
    elif press.action in ("back", "next"):
        where = step(source, case, index or 0, -1 if press.action == "back" else +1)
    elif press.action == "undo" and undo:
        where = _undo(source, undo)
        paced = where is None
        where = where or position(source)
    elif press.action == "undo":
        add_note("focus.nothing_to_undo")  # nothing moves
    changes: dict[str, Any] = {}
    if where[1] != workspace.setting(source.item_key, 0):
        changes[source.item_key] = where[1]
    if undo != list(workspace.setting(source.undo_key) or []):
        changes[source.undo_key] = undo or None
    if where[0] != source.case_index():
        changes[source.case_key] = where[0]
    save_settings(changes, paced=paced)


def _undo(source: FocusSource, undo: list[dict[str, Any]]) -> tuple[int, int] | None:
    """Take back the last entry of ``undo`` (popped when done); where its unit is, or None when nothing was undone
    (the unit is gone, or the store refused)."""
    last = undo.pop()
    at = last.get("case")
    found = None
    if isinstance(at, int) and 0 <= at < source.case_count():
        found = _find(source.items(at), last.get("offset", 0), last.get("unit_id"), last.get("field"))
    if found is None:
        add_note("focus.undo_gone")
        return None
    item = source.items(at)[found]
    if not run_saving(lambda: source.write(at, item, last.get("before"))):
        undo.append(last)
        add_note("focus.not_saved", name=unit_name(source, item))
        return None
    add_note("focus.undone", name=unit_name(source, item))
    return at, found


# ---------------------------------------------------------------- drawing


def label_view(key: str, phone: bool) -> str:
    """The kept choice between the grid and focus mode (``grid`` or ``focus``); a phone starts in focus mode.

    Two buttons, the current one primary, with keys G and F: a segmented control would take the arrow keys while
    it has the keyboard (moving its choice instead of the unit), and a toggle or a radio, being a form input,
    would keep Streamlit from passing any key to the buttons while it has it.
    """
    workspace = current_workspace()
    stored = workspace.setting(key)
    chosen = stored if stored in VIEWS else "focus" if phone else "grid"
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.markdown(t("focus.view"), width="content")
        for view in VIEWS:
            st.button(t(f"focus.view.{view}"), key=f"{key}_{view}", shortcut=VIEW_SHORTCUTS[view],
                      type="primary" if view == chosen else "secondary", on_click=save_settings, args=({key: view},),
                      help=(t("focus.view.now") + " " if view == chosen else "") + t(f"focus.view.{view}_help"))
    return chosen


def phone_from_headers(headers: Mapping[str, str]) -> bool:
    """Whether a browser's request headers say it is a phone: Chromium's ``Sec-CH-UA-Mobile: ?1`` client hint, or
    ``Mobi`` in the User-Agent (the test MDN recommends). The server never learns the screen's width; this is what
    it can know."""
    return headers.get("Sec-CH-UA-Mobile") == "?1" or "Mobi" in (headers.get("User-Agent") or "")


def is_phone() -> bool:
    """:func:`phone_from_headers` on this session's browser (False without one: AppTest, bare mode)."""
    try:
        return phone_from_headers(st.context.headers)
    except Exception:
        return False


def page_intro(text: str) -> None:
    """A labelling page's introduction: whole on a screen with room, folded on a phone, where it pushed focus
    mode's unit below the first screen (the question started 790 px down on a 390 x 844 phone)."""
    if is_phone():
        with st.expander(t("focus.about_page")):
            st.markdown(text)
    else:
        st.markdown(text)


# Streamlit draws each shortcut's key on its button ("Tabla G", "Sí 1"). On a screen with no keyboard to press them
# with (:data:`KEY_HINT_SCREENS`, decided in the browser by the screen, not by the headers) they are hidden; the
# shortcuts stay, for a tablet's keyboard. Hidden, the key is not read out either.
KEY_HINTS_STYLE = (f'<style>@media {KEY_HINT_SCREENS} {{ [data-has-shortcut="true"] kbd '
                   '{ display: none !important; } }</style>')


def hide_key_hints_without_keyboard() -> None:
    """Call once a run (the frame does): no key hint on any button on a screen without a keyboard
    (:data:`KEY_HINTS_STYLE`)."""
    st.html(KEY_HINTS_STYLE)


def small(markdown: str) -> str:
    """A line of markdown in small grey print, as a caption is."""
    return f":small[:gray[{markdown}]]"


def position_line(source: FocusSource, case: int, item: FocusItem, lang: str,
                  counts: tuple[int | str, int] | None = None) -> str:
    """"Case 2 of 7 · passage 3 of 5 · 43 of 121 labelled", numbers in the reader's style (``counts``: the source's
    :meth:`~FocusSource.counts`, when already known; a text in place of the count is kept as it is)."""
    labelled, total = counts or source.counts()
    return t("focus.position", case=format_count(case + 1, lang), cases=format_count(source.case_count(), lang),
             kind=source.kind_name(item.kind), unit=format_count(item.unit + 1, lang),
             units=format_count(item.units, lang),
             labelled=labelled if isinstance(labelled, str) else format_count(labelled, lang),
             total=format_count(total, lang))


def pad_texts(source: FocusSource, lang: str, total: int) -> dict[str, Any]:
    """The keypad's words in the reader's language (it writes nothing of its own)."""
    phone = is_phone()
    key = "focus.all_set_locked" if source.frozen else "focus.all_set_touch" if phone else "focus.all_set"
    values = {"true": t("focus.value.yes"), "false": t("focus.value.no"), "null": t("focus.value.none")}
    return {
        "buttons": {action: t(f"focus.{action}") for action in ACTIONS},
        "keys": {action: t(name) if name.startswith("focus.") else name for action, name in KEY_NAMES.items()},
        "aria_keys": dict(ARIA_KEYS),
        "values": values,
        "now": {value: t("focus.current", value=word) for value, word in values.items()},
        "group": t("focus.keys_group"),
        "help": t("focus.keys_help"),
        "locked": t("focus.locked"),
        "all_set": t(key, total=format_count(total, lang)),
        "nothing_here": t("focus.nothing_here"),
        "saving": t("focus.saving"),
        "on_its_way": t("focus.on_its_way"),
        "wait": t("focus.wait"),
        "too_many": t("focus.too_many"),
        "lost": t("focus.lost", count="{count}"),
        "lost_one": t("focus.lost.one"),
        "pressed": t("focus.pressed", name="{name}", value="{value}"),
    }


def pad_data(source: FocusSource, state_key: str, lang: str) -> dict[str, Any]:
    """What the keypad is given: the current case's labels (each with its text, its position line and the context
    it is judged in), where the person is, the counts, the notes of the presses just applied, the presses this
    session has applied, and the words."""
    case, offset = position(source)
    items = source.items(case)
    labelled, total = source.counts()
    style = number_style(lang)
    rows = []
    for item in items:
        unit = source.unit_view(case, item)
        rows.append({
            "unit": item.unit_id, "field": item.field, "value": item.value, "ask": source.ask(item),
            "text": unit.text or "—", "notes": list(unit.notes), "name": unit_name(source, item),
            "context": source.context(case, item),
            # The labelled count is the keypad's to write: it counts the presses it is still waiting for.
            "line": position_line(source, case, item, lang, ("{labelled}", total)),
        })
    notes = st.session_state.pop(NOTES_KEY, None)
    # Whether a step past the case's first or last label goes to another case (the keypad then waits for the
    # server) or stays where it is (the first and the last label of all: the keypad stays by itself).
    more_before = bool(items) and step(source, case, 0, -1) != (case, 0)
    more_after = bool(items) and step(source, case, len(items) - 1, +1) != (case, len(items) - 1)
    return {
        "lang": lang, "session": session_name(), "applied": dict(applied_numbers(state_key)),
        "case": case, "at": offset, "items": rows, "labelled": labelled, "total": total,
        "more_before": more_before, "more_after": more_after,
        "group": style.group_mark, "group_from": style.group_from, "locked": bool(source.frozen),
        "phone": is_phone(), "max_pending": MAX_PENDING,
        "notes": [t(key, **values) for key, values in _notes(notes)], "texts": pad_texts(source, lang, total),
        "figures": source.figures(case) if items else "",
    }


def _notes(notes: Any) -> list[tuple[str, Mapping[str, object]]]:
    if isinstance(notes, str):  # a page's own write path may leave one catalogue key
        return [(notes, {})]
    return [note for note in notes or [] if isinstance(note, tuple) and len(note) == 2]


def draw_focus(source: FocusSource, lang: str, rerun: Callable[[bool], None]) -> None:
    """Focus mode's body (a page calls it inside its fragment): the keypad (the position line, the unit, its
    buttons), then what it is judged against and its guideline (side by side on a wide screen, one under the other
    on a phone).

    Presses are applied before the run that answers them, by the keypad's callback (with ``rerun(case_changed)``
    after them, as a page's key always did); a press that reaches a run without it (a session's first run, a
    test's) is applied here, before anything is drawn."""
    state_key = f"{source.prefix}_focus_pad"
    if apply_presses(source, state_key, pad_state(state_key)):
        st.rerun()
    case, offset = position(source)
    items = source.items(case)
    unit_column, against_column = st.columns([3, 2], gap="large")
    with unit_column:
        draw_pad(state_key, pad_data(source, state_key, lang),
                 functools.partial(_pressed, source, state_key, rerun))
        # A session's first run can read the keypad's list only once the keypad is drawn (Streamlit knows a widget's
        # key from then on): presses it holds are applied now, and the page drawn again with them. After a restart
        # that list holds the presses made on the page that looked back (ui/widgets/focus_presses.py).
        if new_presses(state_key, pad_state(state_key))[0]:
            apply_presses(source, state_key, pad_state(state_key))
            st.rerun()
        if not source.frozen and not is_phone():
            release_select_boxes(single_keys([*SHORTCUTS.values(), *VIEW_SHORTCUTS.values()]))
    if not items:
        return
    item = items[offset]
    with against_column:
        source.draw_against(case, item)
        guideline = source.guideline(item)
        if guideline is not None:
            with st.container(border=True):
                draw_guideline(source.label_name(item.field), guideline)


def _pressed(source: FocusSource, state_key: str, rerun: Callable[[bool], None]) -> None:
    """The keypad's callback: its new presses, applied before this run draws anything."""
    rerun(apply_presses(source, state_key, pad_state(state_key)))
