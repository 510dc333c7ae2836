"""Adjudication in a workshop room: the facilitator decides the gold label of each unit the class did not
settle, one at a time, with a short reason; the room gets the adjudicated dataset and each participant their own
agreement with the gold.

Every save is one decision record in the store (:meth:`uncase_store.rooms.Rooms.decide`, stored at once and kept
across reloads and restarts); the core computes the queue, the gold, the adjudicated dataset and the agreement from
those records (:mod:`uncase_core.agreement.adjudication`). Only the facilitator's page draws the controls (its
secret, or the workspace that made the room, is checked before anything on that page is drawn). The facilitator and
the projector see the class's agreement with the gold only as a distribution, without names; each participant sees
their own figures on their page, once the facilitator shows them (the room's state ``gold_shown``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from types import MappingProxyType

import plotly.graph_objects as go
import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.rooms import is_summary_room, rooms
from ui.frame.state import kept, language, store_problem_text, t
from ui.i18n import format_number, format_percent, percent_axis, translate
from ui.views.room.majority_words import majority_words
from ui.views.room.rooms import ClassView, cases_file_name, class_view, room_dataset
from ui.views.summaries.focus import role_name
from ui.widgets.figures import figure_text
from ui.widgets.layout import MAIN_CHOICE_ROOM, show_chart, whole_choice
from ui.widgets.proportions import distribution_text, drawn_proportion
from ui.widgets.text import literal
from uncase_core.agreement.adjudication import (
    MAJORITY_CHOICES,
    MAX_AUTHOR_LENGTH,
    MAX_REASON_LENGTH,
    MIN_UNITS_FOR_KAPPA_INTERVAL,
    NOTE_TOO_FEW_UNITS,
    Adjudication,
    GoldAgreement,
    GoldSpread,
    QueuedUnit,
    adjudicate,
    adjudicated_dataset,
    decision_record,
)
from uncase_core.agreement.class_labels import UnitLabels
from uncase_core.errors import InputError
from uncase_core.stats.figures import registered
from uncase_core.stats.shortfall import Shortfall
from uncase_store import StoreError
from uncase_store.rooms import Room

GOLD_SHOWN = "gold_shown"  # the room's state: participants see their own agreement with the gold
MAJORITY = "gold_majority"  # the room's state: the share a split is settled by without a decision (None: unanimous)
AUTHOR = "room_gold_author"  # the facilitator's workspace setting: who decides, as written in the revision log
CURRENT = "room_gold_unit"  # session: the key of the unit shown
NOTICE = "room_gold_notice"  # session: (kind, text) of the last save, shown on the next run
CHOICES = ("yes", "no", "none")
_CHOICE_VALUE = MappingProxyType({"yes": True, "no": False, "none": None})


def _key_text(unit: UnitLabels) -> str:
    return "|".join((unit.case, unit.kind, unit.unit, unit.field))


def room_adjudication(code: str) -> tuple[ClassView, Adjudication]:
    """The room's class view (no bootstrap) and its adjudication, read from the store now."""
    view = class_view(code, resamples=0)
    return view, adjudication_of(view)


def adjudication_of(view: ClassView) -> Adjudication:
    """The adjudication of a class view already read: the room's decision records from the store, and the
    facilitator's majority rule from the room's state."""
    return adjudicate(view.dataset, view.labels, rooms().decisions(view.room.code), majority=majority_of(view))


def adjudicated_text(view: ClassView, adjudication: Adjudication, time: str, lang: str) -> str:
    """The adjudicated dataset's file, its majority rule's revisions worded in ``lang`` (what the download gives)."""
    return view.labels.material.to_text(adjudicated_dataset(
        view.dataset, view.labels, adjudication.decisions, adjudication.majority, time, **majority_words(lang)))


def majority_of(view: ClassView) -> float | None:
    """The room's majority rule: a share of :data:`MAJORITY_CHOICES`, or None (a split always waits)."""
    value = view.room.state.get(MAJORITY)
    if isinstance(value, bool) or not isinstance(value, float | int):
        return None
    return next((choice for choice in MAJORITY_CHOICES if abs(choice - value) < 1e-9), None)


def _set_majority(code: str) -> None:
    chosen = st.session_state["room_gold_majority"]
    try:
        rooms().set_state(code, **{MAJORITY: None if chosen == "none" else float(chosen)})
    except StoreError as error:
        st.session_state[NOTICE] = ("error", t("store.not_saved", problem=store_problem_text(error, language())))


def _majority_text(lang: str, choice: object) -> str:
    return translate(lang, "room.gold.majority_none") if choice == "none" else \
        translate(lang, "room.gold.majority_share", share=format_percent(float(choice), lang, 0))


def _mark(value: bool | None) -> str:
    return _mark_in(language(), value)


def _mark_in(lang: str, value: bool | None) -> str:
    return translate(lang, "room.gold.yes" if value is True else "room.gold.no" if value is False
                     else "room.gold.none")


def _item_label(lang: str, item: QueuedUnit, position: int, total: int) -> str:
    """A unit's line in the choice (bound to the language: a format_func is also called outside the run)."""
    unit = item.unit
    state = _mark_in(lang, item.decision.gold) if item.decision is not None else \
        translate(lang, "room.gold.majority_item", gold=_mark_in(lang, unit.majority)) if item.why == "majority" \
        else translate(lang, "room.gold.to_decide")
    return translate(lang, "room.gold.item", position=position + 1, total=total, case=unit.case,
                     unit=f"{translate(lang, f'units.{unit.kind}')} {unit.unit}",
                     label=translate(lang, f"label.{unit.field}"), state=state)


def _when(time: str) -> str:
    """A decision's time as given (ISO 8601), to the minute, in UTC when it says its zone."""
    moment = datetime.fromisoformat(time)
    if moment.tzinfo is None:
        return moment.strftime("%Y-%m-%d %H:%M")
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def _move(keys: list[str], step: int) -> None:
    current = st.session_state.get(CURRENT)
    index = keys.index(current) if current in keys else 0
    st.session_state[CURRENT] = keys[max(0, min(len(keys) - 1, index + step))]


def _save(code: str, item: QueuedUnit, choice_key: str, reason_key: str) -> None:
    """Save button: one decision record, checked by the core, stored at once."""
    lang = language()
    unit = item.unit
    gold = _CHOICE_VALUE[st.session_state.get(choice_key, "none")]
    if gold is None and item.decision is None:
        st.session_state[NOTICE] = ("info", t("room.gold.nothing_to_save"))
        return
    try:
        dataset = room_dataset(rooms().get(code, body=False))
        record = decision_record(dataset, unit.case, unit.kind, unit.unit, unit.field, gold,
                                 st.session_state.get(reason_key, ""), st.session_state.get(AUTHOR, ""),
                                 datetime.now(UTC).isoformat(timespec="seconds"))
        rooms().decide(code, record)
    except InputError as error:
        st.session_state[NOTICE] = ("error", error_text(error, lang))
        return
    except StoreError as error:
        st.session_state[NOTICE] = ("error", t("store.not_saved", problem=store_problem_text(error, lang)))
        return
    st.session_state[NOTICE] = ("success", t("room.gold.saved", label=t(f"label.{unit.field}"),
                                             unit=f"{t(f'units.{unit.kind}')} {literal(unit.unit)}",
                                             case=literal(unit.case), gold=_mark(gold)))


def _show_gold(code: str) -> None:
    try:
        rooms().set_state(code, **{GOLD_SHOWN: bool(st.session_state["room_gold_shown"])})
    except StoreError as error:
        st.session_state[NOTICE] = ("error", t("store.not_saved", problem=store_problem_text(error, language())))


def adjudicate_section(code: str) -> None:
    """The facilitator's "Adjudicate" section: unit by unit, the class's distribution, the reference, the gold and
    its reason; the adjudicated dataset's download; the class's agreement with the gold as a distribution."""
    lang = language()
    with st.expander(t("room.gold.title")):
        st.caption(t("room.gold.help"))
        if notice := st.session_state.pop(NOTICE, None):
            getattr(st, notice[0])(notice[1])
        try:
            view, adjudication = room_adjudication(code)
        except (StoreError, InputError) as error:
            text = error_text(error, lang) if isinstance(error, InputError) else store_problem_text(error, lang)
            st.error(t("store.not_saved", problem=text))
            return
        # The facilitator's majority rule: a split this lopsided is settled without a decision (shown, exported as
        # such in the revision log, and overridable unit by unit: such units stay at the end of the queue).
        st.session_state["room_gold_majority"] = "none" if adjudication.majority is None else adjudication.majority
        st.selectbox(t("room.gold.majority"), ["none", *MAJORITY_CHOICES], key="room_gold_majority",
                     format_func=lambda choice, lang=lang: _majority_text(lang, choice), on_change=_set_majority,
                     args=(code,), help=t("room.gold.majority_help"), placeholder=t("common.choose"))
        st.markdown(t("room.gold.counts", queue=len(adjudication.queue), decided=adjudication.decided,
                      settled=adjudication.settled, undecided=adjudication.undecided))
        if adjudication.majority is not None:
            st.caption(t("room.gold.by_majority", count=adjudication.by_majority,
                         share=format_percent(adjudication.majority, lang, 0)))
        kept(st.text_input, AUTHOR, t("room.gold.default_author"), t("room.gold.author"),
             max_chars=MAX_AUTHOR_LENGTH, help=t("room.gold.author_help"))
        queue = adjudication.queue
        if queue:
            _decide(code, view, adjudication)
        else:
            st.caption(t("room.gold.nothing"))
        st.session_state["room_gold_shown"] = bool(view.room.state.get(GOLD_SHOWN))
        st.toggle(t("room.gold.show"), key="room_gold_shown", on_change=_show_gold, args=(code,),
                  help=t("room.gold.show_help"))
        st.download_button(
            t("room.gold.download"), key="room_gold_download", on_click="ignore", mime="application/json",
            file_name=cases_file_name(view.room, view.dataset, f"room-{code}-adjudicated"),
            data=lambda: adjudicated_text(view, adjudication, datetime.now(UTC).isoformat(timespec="seconds"), lang),
            help=t("room.gold.download_help"))
        st.markdown(f"**{t('room.gold.spread_title')}**")
        draw_gold_spread(adjudication.spread)


def _decide(code: str, view: ClassView, adjudication: Adjudication) -> None:
    lang = language()
    queue = adjudication.queue
    keys = [_key_text(item.unit) for item in queue]
    if st.session_state.get(CURRENT) not in keys:
        st.session_state[CURRENT] = keys[0]
    by_key = dict(zip(keys, queue, strict=True))
    st.selectbox(t("room.gold.unit"), keys, key=CURRENT,
                 format_func=lambda k, lang=lang: _item_label(lang, by_key[k], keys.index(k), len(keys)),
                 placeholder=t("common.choose"))
    current = st.session_state[CURRENT]  # said whole under the box when a phone's box cuts it
    whole_choice(_item_label(lang, by_key[current], keys.index(current), len(keys)), MAIN_CHOICE_ROOM)
    with st.container(horizontal=True):
        st.button(t("room.gold.previous"), key="room_gold_previous", on_click=_move, args=(keys, -1))
        st.button(t("room.gold.next"), key="room_gold_next", on_click=_move, args=(keys, 1))
    item = by_key[st.session_state[CURRENT]]
    unit = item.unit
    with st.container(border=True):
        _case_context(view, unit)
        st.markdown(t("room.gold.unit_line", unit=f"{t(f'units.{unit.kind}')} {literal(unit.unit)}",
                      label=t(f"label.{unit.field}"), text=literal(unit.text)))
        st.markdown(t("room.gold.distribution", distribution=distribution_text(unit.yes, unit.no, unit.unlabelled),
                      why=t(f"room.gold.why.{item.why}")))
        st.markdown(t("room.gold.reference", reference=_mark(unit.reference)) if unit.reference is not None
                    else t("room.gold.no_reference"))
        suffix = _key_text(unit)
        choice_key, reason_key = f"room_gold_choice::{suffix}", f"room_gold_reason::{suffix}"
        decision = item.decision
        if choice_key not in st.session_state:  # the stored decision, after a reload or on coming back to the unit
            st.session_state[choice_key] = "none" if decision is None else "yes" if decision.gold else "no"
            st.session_state[reason_key] = "" if decision is None else decision.reason
        # One form: the choice, the reason and Save reach the server together. Outside a form, typing a reason and
        # clicking Save sent two runs (the box's value on blur, then the click), and under load the click was lost
        # (the decision not saved: CI, twice).
        with st.form("room_gold_form", border=False, enter_to_submit=False):
            st.radio(t("room.gold.choice"), CHOICES, key=choice_key, horizontal=True,
                     format_func=lambda c, lang=lang: translate(lang, f"room.gold.choice.{c}"))
            st.text_area(t("room.gold.reason"), key=reason_key, max_chars=MAX_REASON_LENGTH, height=80,
                         help=t("room.gold.reason_help"))
            st.form_submit_button(t("room.gold.save"), type="primary", key="room_gold_save", on_click=_save,
                                  args=(code, item, choice_key, reason_key))
        history = [d for d in adjudication.decisions if (d.case, d.kind, d.unit, d.field)
                   == (unit.case, unit.kind, unit.unit, unit.field)]
        for entry in history:
            st.caption(t("room.gold.history", author=literal(entry.author), time=_when(entry.time),
                         gold=_mark(entry.gold), reason=literal(entry.reason) or "—"))


def _case_context(view: ClassView, unit: UnitLabels) -> None:
    """What the unit is judged against: a RAG case's question; a summary case's conversation and summary, folded."""
    if not is_summary_room(view.room):
        case = next(case for case in view.dataset.cases if case.id == unit.case)
        st.markdown(t("room.gold.question", case=literal(unit.case), question=literal(case.question)))
        return
    case = next(case for case in view.dataset if case.id == unit.case)
    st.markdown(t("room.gold.summary_case", case=literal(unit.case)))
    with st.expander(t("room.gold.summary_context")):
        st.markdown("\n\n".join(f"**{role_name(turn.role)}:** {literal(turn.text)}" for turn in case.transcript))
        st.markdown("\n\n".join(f"**{literal(section.name)}:** {literal(section.text)}" for section in case.sections))


def _share_text(agreement: GoldAgreement) -> str:
    lang = language()
    share = drawn_proportion(agreement.share, "room.gold.share")
    if share.value is None:
        return t("room.gold.share_na")
    if share.low is None or share.high is None:
        return t("room.gold.share_withheld", agreed=share.successes, total=share.total,
                 percent=format_percent(share.value, lang), minimum=registered("room.gold.share").drawn_from)
    return figure_text("room.gold.share", "room.gold.share",
                       agreed=share.successes, total=share.total, percent=format_percent(share.value, lang),
             level=format_percent(share.confidence, lang, 0), low=format_percent(share.low, lang),
             high=format_percent(share.high, lang))


def _kappa_text(agreement: GoldAgreement, most: int) -> str:
    """Kappa with the gold; a withheld interval says how many more labels compared it needs, or, when the room has
    fewer labels than that (``most``), that it cannot come here."""
    lang = language()
    if agreement.kappa is None:
        text = t("room.gold.kappa_undefined")
    elif agreement.low is None:
        text = t("room.gold.kappa", kappa=format_number(agreement.kappa, lang))
    else:
        text = figure_text("room.gold.kappa", "room.gold.kappa_interval", kappa=format_number(agreement.kappa, lang),
                 low=format_number(agreement.low, lang), high=format_number(agreement.high, lang))
    if agreement.note is not None and agreement.share.value is not None:
        shortfall = Shortfall(have=agreement.units, minimum=MIN_UNITS_FOR_KAPPA_INTERVAL, most=most)
        if agreement.note == NOTE_TOO_FEW_UNITS and not shortfall.can_come:
            text += " " + t("room.gold.note.too_few_units_never", minimum=MIN_UNITS_FOR_KAPPA_INTERVAL, units=most)
        else:
            text += " " + t(f"room.gold.note.{agreement.note}", minimum=MIN_UNITS_FOR_KAPPA_INTERVAL,
                            count=agreement.needed)
    return text


def your_gold_agreement(room: Room, token: str) -> None:
    """On a participant's page, once the facilitator shows it: their own agreement with the room's gold, and no
    one else's."""
    if not room.state.get(GOLD_SHOWN):
        return
    try:
        name = rooms().member(room.code, token)
        if name is None:
            return
        _, adjudication = room_adjudication(room.code)
    except (StoreError, InputError):
        return  # the room's own box says when the store is down; this one is only left out
    mine = adjudication.of(name)
    if mine is None:
        return
    with st.container(border=True, key="room_gold_yours"):
        st.markdown(f"**{t('room.gold.yours_title')}**")
        st.markdown(_share_text(mine))
        if mine.share.value is not None:
            st.markdown(_kappa_text(mine, len(adjudication.gold)))
        st.caption(t("room.gold.yours_help", decided=adjudication.decided, settled=adjudication.settled))


def gold_histogram(spread: GoldSpread, height: int = 260, font: int | None = None) -> go.Figure:
    """How many participants agree with the gold on what share of their labels (tenths), no names."""
    lang = language()
    bins = [0] * 10
    for share in spread.shares:
        bins[min(int(share * 10), 9)] += 1
    figure = go.Figure(go.Bar(x=[(i + 0.5) / 10 for i in range(10)], y=bins, width=0.095, marker={"color": "#1565c0"},
                              customdata=[f"{format_percent(i / 10, lang, 0)}–{format_percent((i + 1) / 10, lang, 0)}"
                                          for i in range(10)],
                              hovertemplate="%{customdata}: %{y}<extra></extra>"))
    figure.update_layout(height=height, margin={"l": 10, "r": 10, "t": 10, "b": 10}, showlegend=False,
                         xaxis={"range": [0, 1], **percent_axis(lang)},
                         yaxis={"title": t("room.gold.participants"), "dtick": 1, "rangemode": "tozero"},
                         font=None if font is None else {"size": font})
    return figure


def spread_text(spread: GoldSpread) -> str:
    lang = language()
    if spread.share_quartiles is None:
        return t("room.gold.spread_none", na=spread.not_applicable)
    low, lower, median, upper, high = (format_percent(v, lang, 0) for v in spread.share_quartiles)
    text = t("room.gold.spread_line", count=len(spread.shares), low=low, lower=lower, median=median, upper=upper,
             high=high)
    if spread.kappa_quartiles is not None:
        text += " · " + t("room.gold.spread_kappa", median=format_number(spread.kappa_quartiles[2], lang),
                          lower=format_number(spread.kappa_quartiles[1], lang),
                          upper=format_number(spread.kappa_quartiles[3], lang))
    if spread.not_applicable:
        text += " · " + t("room.gold.spread_na", na=spread.not_applicable)
    return text


def draw_gold_spread(spread: GoldSpread) -> None:
    """The class's agreement with the gold, as a histogram and quartiles: no names."""
    st.markdown(spread_text(spread))
    if spread.shares:
        show_chart(gold_histogram(spread))


def projector_gold(view: ClassView) -> None:
    """The projector's screen of the class's agreement with the gold: a histogram and the quartiles, no names."""
    try:
        spread = adjudication_of(view).spread
    except (StoreError, InputError):
        return
    st.subheader(t("room.gold.spread_title"))
    with st.container(key="proj_gold_line"):
        st.markdown(spread_text(spread))
    if spread.shares:
        show_chart(gold_histogram(spread, height=330, font=24))
