"""Focus mode: label one unit at a time by keys, with what it is judged against and its guideline beside it.

A labelling page (RAG, summaries, agreement) describes its units to focus mode through a :class:`FocusSource`: how
many cases, each case's labels in order (:class:`FocusItem`: one per label of a unit, so a claim gives two), how to
draw a unit and what it is judged against, and how to store a label. Storing goes through the page's own write path
(the edit records its label tables make), so the grid and focus mode edit the same stored labels and switching
between them loses nothing.

The keys are the same in every language (:data:`SHORTCUTS`, shown on each button by Streamlit): ``1`` yes, ``0``
no, Backspace clear, the left and right arrows back and next, ``U`` undo. Streamlit ignores them while a text box,
a list or a radio has the keyboard, and reserves ``C`` and ``R``. After a yes or a no the next unlabelled label
comes up by itself (the next label when none is left). Undo takes back the last label set here (a yes, a no or a
clear), and the one before it, up to :data:`UNDO_DEPTH`.

Where the person is, and what Undo would take back, are workspace settings (``<prefix>_focus_item``: the label's
place in the page's current case, whose own setting is the page's case choice; ``<prefix>_focus_undo``), so a
reload or a restart comes back to the same label. Which view the page shows is one too (:func:`label_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import streamlit as st

from ui.frame.select_release import release_select_boxes, single_keys
from ui.frame.state import current_workspace, run_saving, save_settings, t
from ui.i18n import format_count
from ui.widgets.guidelines import draw_guideline
from ui.widgets.text import literal
from uncase_core.shared.guidelines import Guideline

ACTIONS = ("yes", "no", "clear", "back", "next", "undo")
SHORTCUTS = MappingProxyType({"yes": "1", "no": "0", "clear": "Backspace", "back": "Left", "next": "Right",
                              "undo": "U"})
VALUES = MappingProxyType({"yes": True, "no": False, "clear": None})
UNDO_DEPTH = 50
VIEWS = ("grid", "focus")
VIEW_SHORTCUTS = MappingProxyType({"grid": "G", "focus": "F"})
NOTE_KEY = "focus_note"  # session state: a note for the next run of focus mode (why a key did nothing)


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

    def unit_markdown(self, case: int, item: FocusItem) -> str:
        """The unit as markdown: its text large and whole (:func:`big_text`), then a line or two in small print
        (:func:`small`). One markdown element: each element a key redraws costs the browser time."""
        raise NotImplementedError

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


def next_unlabelled(source: FocusSource, case: int, offset: int) -> tuple[int, int] | None:
    """The first label not set after ``(case, offset)``, going on through the following cases and round to the
    start; None when every label is set."""
    cases = source.case_count()
    for turn in range(cases + 1):
        at = (case + turn) % cases
        items = source.items(at)
        start = offset + 1 if turn == 0 else 0
        stop = offset if turn == cases else len(items)
        for index in range(start, stop):
            if items[index].value is None:
                return at, index
    return None


def _find(items: Sequence[FocusItem], offset: int, unit_id: str, field: str) -> int | None:
    if 0 <= offset < len(items) and items[offset].unit_id == unit_id and items[offset].field == field:
        return offset
    return next((i for i, item in enumerate(items) if item.unit_id == unit_id and item.field == field), None)


# ---------------------------------------------------------------- what a key does


def act(source: FocusSource, action: str, case: int, offset: int, rerun: Callable[[bool], None]) -> None:
    """Button callback: do ``action`` on the label the person saw (``case``, ``offset``), store where they are
    now, then ``rerun(case_changed)``."""
    workspace = current_workspace()
    undo = list(workspace.setting(source.undo_key) or [])
    where = (case, offset)
    items = source.items(case) if 0 <= case < source.case_count() else ()
    if (action in VALUES or action == "undo") and source.locked_now():
        st.session_state[NOTE_KEY] = "focus.locked"
        rerun(True)
        return
    # Where the person now is (and the undo list) is stored with the label it follows, never paced apart from it: a
    # pace with one write left stored the label and refused its position, and the page said "not saved" about a
    # label it had kept (issue 35, finding 8). A refused label moves nowhere, so its unit stays on screen.
    paced = True
    if action in VALUES and offset < len(items):
        item, value = items[offset], VALUES[action]
        stored = [False]
        saved = run_saving(lambda: stored.__setitem__(0, source.write(case, item, value)))
        if saved and stored[0]:
            undo = [*undo, {"case": case, "offset": offset, "unit_id": item.unit_id, "field": item.field,
                            "before": item.value, "after": value}][-UNDO_DEPTH:]
            paced = False
        if saved and action != "clear":
            where = next_unlabelled(source, case, offset) or step(source, case, offset, +1)
    elif action in ("back", "next"):
        where = step(source, case, offset, -1 if action == "back" else +1)
    elif action == "undo" and undo:
        last = undo.pop()
        at = last.get("case")
        found = None
        if isinstance(at, int) and 0 <= at < source.case_count():
            found = _find(source.items(at), last.get("offset", 0), last.get("unit_id"), last.get("field"))
        if found is None:
            st.session_state[NOTE_KEY] = "focus.undo_gone"
            where = position(source)
        else:
            item = source.items(at)[found]
            if run_saving(lambda: source.write(at, item, last.get("before"))):
                where, paced = (at, found), False
            else:
                undo.append(last)
    elif action == "undo":
        # Nothing moves: the button's (case, offset) may be older than where the person is. An Undo handled with a
        # button drawn before an earlier Undo moved the person back (a press arriving while that move was redrawn)
        # took them forward again to where the label had sent them (a CI run ended on the agreement page's case 5).
        st.session_state[NOTE_KEY] = "focus.nothing_to_undo"
        where = position(source)
    changes: dict[str, Any] = {}
    if where[1] != workspace.setting(source.item_key, 0):
        changes[source.item_key] = where[1]
    if undo != list(workspace.setting(source.undo_key) or []):
        changes[source.undo_key] = undo or None
    moved = where[0] != source.case_index()
    if moved:
        changes[source.case_key] = where[0]
    save_settings(changes, paced=paced)
    rerun(moved)


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
    mode's unit below the first screen (issue 39: the question started 790 px down on a 390 x 844 phone)."""
    if is_phone():
        with st.expander(t("focus.about_page")):
            st.markdown(text)
    else:
        st.markdown(text)


# On a phone Streamlit still draws each shortcut's key on its button ("Tabla G", "Sí 1"): there is no keyboard to
# press them with, so they are hidden (the shortcuts stay, for a tablet's keyboard). The key's span is labelled
# "Shortcut <key>" by Streamlit; hidden, it is not read out either.
PHONE_KEYS_STYLE = '<style>[aria-label^="Shortcut "] { display: none !important; }</style>'


def hide_keys_on_a_phone() -> None:
    """Call once a run (the frame does): on a phone, no key hint on any button (:data:`PHONE_KEYS_STYLE`)."""
    if is_phone():
        st.html(PHONE_KEYS_STYLE)


def big_text(text: str) -> str:
    """A unit's text as markdown, large and whole: each paragraph at a small heading's size (drawn without heading
    anchors)."""
    paragraphs = [" ".join(part.split()) for part in text.split("\n\n")]
    return "\n\n".join(f"##### {literal(part)}" for part in paragraphs if part) or "—"


def small(markdown: str) -> str:
    """A line of markdown in small grey print, as a caption is."""
    return f":small[:gray[{markdown}]]"


def position_line(source: FocusSource, case: int, item: FocusItem, lang: str,
                  counts: tuple[int, int] | None = None) -> str:
    """"Case 2 of 7 · passage 3 of 5 · 43 of 121 labelled", numbers in the reader's style (``counts``: the source's
    :meth:`~FocusSource.counts`, when already known)."""
    labelled, total = counts or source.counts()
    return t("focus.position", case=format_count(case + 1, lang), cases=format_count(source.case_count(), lang),
             kind=source.kind_name(item.kind), unit=format_count(item.unit + 1, lang),
             units=format_count(item.units, lang), labelled=format_count(labelled, lang),
             total=format_count(total, lang))


def draw_focus(source: FocusSource, lang: str, rerun: Callable[[bool], None]) -> None:
    """Focus mode's body (a page calls it inside its fragment): the position line, the unit and its buttons, then
    what it is judged against and its guideline (side by side on a wide screen, one under the other on a phone)."""
    case, offset = position(source)
    items = source.items(case)
    # The lines above the unit sit in one container, so the buttons keep their place in the element tree whether a
    # note or "all set" shows or not: a button that moved was overwritten before its new copy arrived while the next
    # run streamed in, and a key pressed in that gap was lost (seen on the projector, whose pager moved that way).
    head = st.container()
    if note := st.session_state.pop(NOTE_KEY, None):
        head.info(t(note))
    if not items:
        head.info(t("focus.nothing_here"))
        with st.container(horizontal=True):
            _buttons(source, case, 0, rerun, only=("back", "next"))
        return
    item = items[offset]
    labelled, total = source.counts()
    head.markdown(position_line(source, case, item, lang, (labelled, total)))
    if labelled == total:  # frozen, the keys no longer change them: say so, not "keys still change them"
        key = "focus.all_set_locked" if source.frozen else "focus.all_set_touch" if is_phone() else "focus.all_set"
        head.success(t(key, total=format_count(total, lang)))
    unit_column, against_column = st.columns([3, 2], gap="large")
    with unit_column:
        with st.container(border=True):
            st.markdown("\n\n".join([f"**{source.ask(item)}**", source.unit_markdown(case, item),
                                      small(t("focus.current", value=t(_value_key(item.value))))]), anchors=False)
        _buttons(source, case, offset, rerun)
        if source.frozen:
            st.caption(t("focus.locked"))
        elif not is_phone():  # a phone has no keys to press: the buttons say what they do
            st.caption(t("focus.keys_help"))
            release_select_boxes(single_keys([*SHORTCUTS.values(), *VIEW_SHORTCUTS.values()]))
    with against_column:
        source.draw_against(case, item)
        guideline = source.guideline(item)
        if guideline is not None:
            with st.container(border=True):
                draw_guideline(source.label_name(item.field), guideline)


def _value_key(value: bool | None) -> str:
    return "focus.value.yes" if value is True else "focus.value.no" if value is False else "focus.value.none"


def _buttons(source: FocusSource, case: int, offset: int, rerun: Callable[[bool], None],
             only: Sequence[str] = ACTIONS) -> None:
    """One button per action, each with its key; label buttons are off while the labels are locked. No tooltips:
    the key is on the button and the line under them says what each does (six tooltips cost every keypress).

    Undo stays on with nothing to undo (pressed, it says so): off after the first page view, it was still the old
    disabled copy for a moment after the first label while the next run streamed in, and a U pressed then was lost
    without a word."""
    with st.container(horizontal=True, gap="xsmall"):
        for action in only:
            locked = source.frozen and action in (*VALUES, "undo")
            st.button(t(f"focus.{action}"), key=f"{source.prefix}_focus_{action}", shortcut=SHORTCUTS[action],
                      type="primary" if action == "yes" else "secondary", on_click=act,
                      args=(source, action, case, offset, rerun), disabled=locked)
