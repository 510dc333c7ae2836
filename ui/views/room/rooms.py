"""Workshop rooms on the pages: who is in which room, what the class labelled, and how it is drawn.

A participant is a person whose workspace carries the room's code (setting ``room``) and
holds a blank copy of the room's cases as its RAG data (a room of RAG cases) or its summary data (a room of
summary cases, format :data:`SUMMARY_FORMAT`), with ``meta.room`` naming the room; their labels are that
workspace's edit records, as anyone's, and they label on the RAG page or on the summary page (:func:`room_page`).
The class view reads every member's records in one query and lets :mod:`uncase_core.agreement.class_labels`
compute the rest, for either material (:mod:`uncase_core.agreement.materials`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ui.frame.addresses import PUBLIC_URL_ENV, page_address
from ui.frame.rooms import is_summary_room, room_material, rooms, session_keys
from ui.frame.state import ROOM_FOLLOWED, current_workspace, language, t
from ui.frame.workspace import Workspace
from ui.i18n import format_number, format_percent, percent_axis, translate
from ui.views.rag.view import cases_table
from ui.views.room.class_state import RoomLabels
from ui.views.room.watch import BACKSTOP, watch_room
from ui.views.summaries.view import summary_cases_table
from ui.widgets.layout import card_row, row_height, show_chart, table_height
from ui.widgets.names import metric_name
from ui.widgets.proportions import number_interval, proportion_text
from ui.widgets.text import literal, plot_text, text_table, wrapping_table
from uncase_core.agreement.class_labels import (
    ALL,
    ClassLabels,
    DimensionAgreement,
    class_labels,
)
from uncase_core.agreement.many import MIN_UNITS_FOR_AGREEMENT_INTERVAL, AgreementAmongMany, BootstrapInterval
from uncase_core.rag.cases import dataset_from_bytes
from uncase_core.rag.evaluation import METRICS, Settings
from uncase_core.shared.spreadsheets import formula_safe
from uncase_core.stats.shortfall import Shortfall
from uncase_core.summaries.cases import cases_from_bytes
from uncase_store import StoreError
from uncase_store.rooms import Room, Rooms, UnknownRoom

ROOM_PATH = "workshop_room"  # the room page's URL path (ui/frame/navigation.py)
ROOM_FOLLOW = "rag_room_follow"  # in a room, the fragment that looks for the facilitator's changes
BOOTSTRAP_RESAMPLES = 1000
DISPUTED_SHOWN = 15


def room_page(room: Room) -> str:
    """The page a member labels the room's cases on."""
    from ui.frame.navigation import RAG_PAGE, SUMMARY_PAGE

    return SUMMARY_PAGE if is_summary_room(room) else RAG_PAGE


def member_page(code: str) -> str:
    """The page a member of room ``code`` labels on (the RAG page when the room cannot be read now)."""
    from ui.frame.navigation import RAG_PAGE

    try:
        return room_page(rooms().get(code, body=False))
    except StoreError:
        return RAG_PAGE


def dimension_name(name: str) -> str:
    """A dimension's name: a RAG metric's, or a summary metric's (accuracy, adherence, completeness)."""
    return metric_name(name) if name in METRICS else t(f"sum.metric.{name}")


def room_dataset(room: Room) -> Any:
    """The room's cases with their reference labels (read once per session and room; they never change): a
    RagDataset, or a tuple of summary cases in a room of summary cases."""
    cache = st.session_state.setdefault("room_datasets", {})
    if room.code not in cache:
        body = (room.body or rooms().get(room.code).body).encode("utf-8")
        read = cases_from_bytes if is_summary_room(room) else dataset_from_bytes
        cache[room.code] = read(body, room.source)
    return cache[room.code]


def member_code_note(code: str, token: str) -> None:
    """In a participant's sidebar: their code to come back, or that the facilitator took them out of the room."""
    try:
        api = rooms()
        resume = api.resume_code(code, token)
        member = resume is not None or api.member(code, token) is not None
    except StoreError:
        return
    if resume is not None:
        st.markdown(t("room.your_code", resume=resume))
    elif not member:
        st.warning(t("room.not_member"))


def resume_link(code: str, resume: str) -> str:
    """The link that brings a member back (the join page with the room and their code to come back)."""
    return f"{page_address(ROOM_PATH).url}?join={code}&back={resume}"


def frozen_now(room: Room) -> bool:
    """Whether ``room`` (as the page read it) is frozen now, read when a label is about to be stored.

    A freeze changes the room's change number, so while the number is the one the page read (one indexed read,
    :meth:`~uncase_store.rooms.Rooms.head`) the page's copy answers; the room's state is read again only when it
    changed. A label edit reruns several fragments and a class labels at once: this is on every one of them.
    """
    api = rooms()
    if api.head(room.code) == room.seq:
        return room.frozen
    return api.get(room.code, body=False).frozen


def follow_room(room: Room) -> None:
    """In a room: within seconds of the facilitator revealing, freezing or starting something, draw the page again.

    The page's watcher (:mod:`ui.views.room.watch`) asks the server for the room's change number every 5 s without
    a script run, and runs this fragment when it moved; the fragment reads the number and runs the whole page. The
    fragment's own slow timer is a backstop for a page whose JavaScript cannot run: the browser drops it when a label
    edit asks for a run (the RAG page turns that run into its result fragments' only), and the next full run sends
    it again; the watcher, an element of the page, keeps looking throughout. Nothing here reruns with a label:
    that cost a fragment run per label, about a sixth of a label's server CPU in a class.
    """
    @st.fragment(run_every=BACKSTOP, key=ROOM_FOLLOW)
    def follow() -> None:
        seen = st.session_state.setdefault("room_seen", room.seq)
        now = rooms().head(room.code)
        if now is not None and now != seen:
            st.session_state["room_seen"] = now
            st.rerun(scope="app")
        watch_room(room.code, current_workspace().token, seen, key="room_watch")

    st.session_state["room_seen"] = room.seq
    st.session_state[ROOM_FOLLOWED] = True  # the lesson panel's own timer stands down (ui/views/room/lessons.py)
    follow()


# ---------------------------------------------------------------- the class view


@dataclass(frozen=True)
class ClassView:
    room: Room
    dataset: Any  # the room's own cases: a RagDataset, or a tuple of summary cases
    labels: ClassLabels
    members: int
    refused: int  # edit records that did not fit the room's cases (left out)
    times: Mapping[tuple[str, str, str, str, str], datetime]  # (participant, case, kind, unit, field) -> last change


def shown_class_view(code: str) -> ClassView | None:
    """The room's class view for a live fragment, or None with "no such room" shown (a room deleted meanwhile)."""
    try:
        return class_view(code)
    except UnknownRoom:
        st.error(t("room.unknown", code=literal(code)))
        return None


CLASS_VIEWS = "room_class_views"  # session state: code -> (labels version, room seq, resamples, view)


def class_view(code: str, settings: Settings | None = None, resamples: int = BOOTSTRAP_RESAMPLES) -> ClassView:
    """What the class labelled, as the store has it now.

    With the default settings it is kept for the session while no member's workspace and nothing of the room
    changed (:meth:`~uncase_store.rooms.Rooms.labels_version`, one small query), and a view with at least
    ``resamples`` bootstrap resamples serves: a room at rest (discussing, adjudicating, frozen) is not read and
    computed again at every refresh, and a refresh of the facilitator's live view reads the store once. The version
    is read before the labels, so a kept view is never older than the version it is kept under."""
    api = rooms()
    room = api.get(code, body=False)
    if settings is not None:
        return _computed_class_view(api, room, settings, resamples)
    version = api.labels_version(code)
    kept = st.session_state.setdefault(CLASS_VIEWS, {})
    if code in kept:
        kept_version, kept_seq, kept_resamples, view = kept[code]
        if (kept_version, kept_seq) == (version, room.seq) and kept_resamples >= resamples:
            return view
    copies = st.session_state.setdefault(ROOM_LABELS, {})
    if code not in copies:
        copies[code] = RoomLabels(code, room_dataset(room), room_material(room))
    view = _computed_class_view(api, room, None, resamples, copies[code])
    kept[code] = (version, room.seq, resamples, view)
    return view


ROOM_LABELS = "room_labels"  # session state: code -> RoomLabels, each member's copy kept between refreshes


def _computed_class_view(api: Rooms, room: Room, settings: Settings | None, resamples: int,
                         kept: RoomLabels | None = None) -> ClassView:
    """The class view from ``kept``'s copies brought up to date (only the edits stored since its last refresh are
    read: ui/views/room/class_state.py), or from every edit when nothing is kept."""
    dataset = room_dataset(room)
    state = (kept or RoomLabels(room.code, dataset, room_material(room))).refresh(api)
    labels = class_labels(dataset, state.copies, settings, resamples=resamples, seed=0)
    return ClassView(room, dataset, labels, state.members, state.refused, state.times)


def _mark(value: bool | None) -> str:
    return "✓" if value is True else "✗" if value is False else "–"


def _interval(interval: BootstrapInterval | None) -> str:
    return number_interval(None, None, "room.agreement") if interval is None else number_interval(
        interval.low, interval.high, "room.agreement")


def _statistic(result: AgreementAmongMany) -> str:
    if result.value is None:
        return t("room.undefined")
    return format_number(result.value, language())


def room_units(view: ClassView, name: str) -> int:
    """How many units the room has for ``name`` (a dimension, or every label: ``ALL``): the most any agreement
    statistic of that row can ever use, however many people label."""
    return sum(1 for unit in view.labels.units if name == ALL or unit.dimension == name)


def interval_shortfall(interval: BootstrapInterval | None, most: int | None) -> Shortfall | None:
    """How far a withheld agreement interval is from its minimum of units, for a room of ``most`` units there."""
    if interval is None or interval.note != "few_units" or interval.needed is None:
        return None
    return Shortfall(have=interval.units, minimum=MIN_UNITS_FOR_AGREEMENT_INTERVAL, most=most)


def note_text(result: AgreementAmongMany, interval: BootstrapInterval | None, most: int | None = None) -> str:
    """The note that belongs to this statistic (its own, or its interval's) in words, or "": a withheld interval
    says from how many units it is drawn and how many more it needs, or, when the room has fewer units than that
    (``most``), that it cannot come here and what the room shows instead (the room and the projector say the same)."""
    code = result.note or (interval.note if interval is not None and result.value is not None else None)
    if not code:
        return ""
    shortfall = interval_shortfall(interval, most) if code == "few_units" else None
    if shortfall is not None and not shortfall.can_come:
        return t("room.note.few_units_never", minimum=MIN_UNITS_FOR_AGREEMENT_INTERVAL, units=most)
    return t(f"room.note.{code}", minimum=MIN_UNITS_FOR_AGREEMENT_INTERVAL,
             count=interval.needed if interval is not None and interval.needed is not None else 0)


def _note(result: AgreementAmongMany, interval: BootstrapInterval | None, most: int | None) -> str:
    """The note that belongs to this statistic (its own, or its interval's), named by the statistic."""
    note = note_text(result, interval, most)
    return t(f"room.note_of.{result.statistic}", note=note) if note else ""


def agreement_notes(item: DimensionAgreement, most: int | None = None) -> str:
    """Alpha's note and kappa's, each named, in one text (empty: both defined, with intervals); ``most``: the
    room's units on this row."""
    return " · ".join(note for note in (_note(item.alpha, item.alpha_interval, most),
                                        _note(item.fleiss, item.fleiss_interval, most)) if note)


def draw_progress(view: ClassView) -> None:
    labels = view.labels
    done = sum(1 for p in labels.progress if p.done)
    # A member with no label at all (a join made twice and left behind, or someone who never began) is not someone
    # the class waits for: counted apart, and said, since every unit still counts them as not labelled.
    idle = not_started(view)
    columns = card_row(3, border=False)
    columns[0].metric(t("room.joined"), str(view.members))
    columns[1].metric(t("room.finished"), str(done))
    # Once frozen, nobody is labelling any more: those not done did not finish.
    frozen = view.room.frozen
    columns[2].metric(t("room.unfinished" if frozen else "room.labelling"), str(view.members - done - idle))
    # Always drawn, empty or not: an element that comes and goes here would move everything under it, and an
    # expander the facilitator opened below would be drawn anew, closed, at the next refresh.
    with st.container(key="room_not_started"):
        if idle:
            st.caption(t("room.not_started_note", count=idle))
    unfinished = t("room.status.unfinished" if frozen else "room.status.labelling")
    idle_word = t("room.status.not_started")
    if labels.progress:
        # The column names and words once, not per participant (see unit_table).
        participant, given, units, status, done_word = (t(key) for key in (
            "room.col.participant", "room.col.labels", "room.col.units", "room.col.status", "room.status.done"))
        text_table(pd.DataFrame([{
            participant: p.alias,
            given: f"{p.labels_given} / {p.labels_total}",
            units: f"{p.units_complete} / {p.units_total}",
            status: done_word if p.done else idle_word if p.labels_given == 0 else unfinished,
        } for p in labels.progress]), hide_index=True, width="stretch")
    else:
        st.info(t("room.nobody_yet"))
    if view.refused:
        st.caption(t("room.refused", count=view.refused))


def not_started(view: ClassView) -> int:
    """How many members have not given a single label (the class view counts them as not labelled everywhere)."""
    return sum(1 for p in view.labels.progress if p.labels_given == 0 and not p.done)


def confidence_level(view: ClassView) -> str:
    """The class view's confidence level as the reader writes a percentage."""
    labels = view.labels
    return format_percent(labels.pooled[labels.dimensions[0]].confidence, language(), 0)


NOTE_WIDTH = 340  # px: the agreement table's note column, wrapped (about 50 characters a line)


def draw_agreement(view: ClassView) -> None:
    level = confidence_level(view)
    rows = []
    for name in (*view.labels.dimensions, ALL):
        item = view.labels.agreement[name]
        rows.append({
            t("table.dimension"): t("room.all_labels") if name == ALL else dimension_name(name),
            t("room.col.alpha"): _statistic(item.alpha),
            t("room.col.alpha_interval", level=level): _interval(item.alpha_interval),
            t("room.col.alpha_units"): t("room.units_used", used=item.alpha.units, left_out=item.alpha.left_out),
            t("room.col.fleiss"): _statistic(item.fleiss),
            t("room.col.fleiss_interval", level=level): _interval(item.fleiss_interval),
            t("room.col.fleiss_units"): t("room.units_used", used=item.fleiss.units, left_out=item.fleiss.left_out),
            t("room.col.note"): agreement_notes(item, room_units(view, name)),
        })
    # The note wraps in its column, the rows as tall as the longest note needs (a one-line column cut the Spanish
    # notes at 1400 px).
    note = t("room.col.note")
    height = row_height(([row[note] for row in rows], NOTE_WIDTH))
    text_table(pd.DataFrame(rows), hide_index=True, width="stretch", row_height=height,
                 height=table_height(len(rows), height),
                 column_config={note: st.column_config.TextColumn(width=NOTE_WIDTH)})
    st.caption(t("room.agreement_help", resamples=BOOTSTRAP_RESAMPLES, minimum=MIN_UNITS_FOR_AGREEMENT_INTERVAL))


def unit_table(view: ClassView, units: Any, revealed: bool, why: Mapping[Any, str] | None = None,
               with_case: bool = True) -> pd.DataFrame:
    """One row per label: case, unit, label, the class's distribution and majority (and after reveal the reference,
    and ``why`` the room's file says so, by unit key), then the unit's text: the short columns first, so a narrow
    screen shows what the class said before the table scrolls sideways."""
    # The language and the column names once, not per row: every t() reads the session's state (about 50 us), and
    # the rows of a room's units took a few hundred of them at each refresh.
    lang = language()
    case, unit_column, label, text, distribution, majority, reference = (translate(lang, key) for key in (
        "common.case", "room.col.unit", "room.col.label", "units.text", "room.col.distribution", "room.col.majority",
        "room.col.reference"))
    tie = translate(lang, "room.tie")
    rows = []
    for unit in units:
        row = {case: unit.case} if with_case else {}
        row.update({
            unit_column: f"{translate(lang, f'units.{unit.kind}')} {unit.unit}",
            label: translate(lang, f"label.{unit.field}"),
            distribution: translate(lang, "room.distribution", yes=unit.yes, no=unit.no, unlabelled=unit.unlabelled),
            majority: tie if unit.tie else _mark(unit.majority),
        })
        if revealed:
            row[reference] = _mark(unit.reference)
            if why is not None:
                row[translate(lang, "room.col.why")] = why.get((unit.case, unit.kind, unit.unit, unit.field)) or "—"
        row[text] = unit.text
        rows.append(row)
    return pd.DataFrame(rows)


def draw_disputed(view: ClassView) -> None:
    disputed = [u for u in view.labels.most_disputed() if u.disagreement]
    if not disputed:
        st.caption(t("room.no_disagreement"))
        return
    # Each unit's id and its text whole: "c1" and "c2" alone cannot be told apart. Headers and cells wrap, so every
    # column, the reference among them, is read at 1280 px, and no word is cut on a phone.
    wrapping_table(unit_table(view, disputed[:DISPUTED_SHOWN], view.room.revealed))
    if len(disputed) > DISPUTED_SHOWN:
        st.caption(t("room.more_disputed", count=len(disputed) - DISPUTED_SHOWN))


def draw_distributions(view: ClassView) -> None:
    text_table(unit_table(view, view.labels.units, view.room.revealed), hide_index=True, width="stretch")


def draw_class_metrics(view: ClassView) -> None:
    labels = view.labels
    wrapping_table(pd.DataFrame([{t("table.dimension"): dimension_name(name),
                                  t("table.micro"): proportion_text(labels.pooled[name], "room.pooled")}
                                 for name in labels.dimensions]))
    if is_summary_room(view.room):
        text_table(summary_cases_table(labels.evaluation), hide_index=True, width="stretch")
    else:
        text_table(cases_table(labels.evaluation), hide_index=True, width="stretch")
    ties = len(view.labels.ties)
    st.caption(t("room.majority_help", ties=ties))


def spread_chart(view: ClassView) -> go.Figure:
    figure = go.Figure()
    for name in view.labels.dimensions:
        spread = view.labels.spreads[name]
        values = [value for _, value in spread.values]
        figure.add_trace(go.Box(y=values, name=dimension_name(name), boxpoints="all", jitter=0.4, pointpos=0,
                                text=[plot_text(alias) for alias, _ in spread.values],  # names as typed
                                customdata=[format_percent(v, language(), 0) for v in values],
                                hovertemplate="%{text}: %{customdata}",
                                marker={"size": 7}, line={"width": 1}))
    figure.update_layout(height=320, showlegend=False, margin={"l": 10, "r": 10, "t": 10, "b": 10},
                         yaxis={"range": [-0.05, 1.05], **percent_axis(language())})
    return figure


def draw_spread(view: ClassView) -> None:
    show_chart(spread_chart(view))
    missing = {name: len(view.labels.spreads[name].not_applicable) for name in view.labels.dimensions}
    if any(missing.values()):
        st.caption(t("room.spread_na", details=", ".join(t("room.spread_na_count", dimension=dimension_name(n), count=c)
                                                        for n, c in missing.items() if c)))


# ---------------------------------------------------------------- exports


EXPORT_COLUMNS = ("room", "participant", "case", "kind", "unit", "dimension", "field", "label", "time")


def export_rows(view: ClassView) -> list[dict[str, Any]]:
    """Every label given, one row each: room, participant alias, case, unit, dimension, label, when."""
    rows = []
    for row in view.labels.rows():
        moment = view.times.get((row.participant, row.case, row.kind, row.unit, row.field))
        rows.append({"room": view.room.code, "participant": row.participant, "case": row.case, "kind": row.kind,
                     "unit": row.unit, "dimension": row.dimension, "field": row.field, "label": row.label,
                     "time": None if moment is None else moment.isoformat(timespec="seconds")})
    return rows


def export_csv(view: ClassView) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=EXPORT_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in export_rows(view):
        # Names, ids and texts are anyone's: a spreadsheet must show them, never run them (formula_safe).
        writer.writerow({key: formula_safe(value) for key, value in {
            **row, "label": "" if row["label"] is None else str(row["label"]).lower(), "time": row["time"] or ""}
            .items()})
    return out.getvalue()


def export_jsonl(view: ClassView) -> str:
    return "".join(json.dumps(row, ensure_ascii=False, allow_nan=False) + "\n" for row in export_rows(view))


def cases_file_name(room: Room, dataset: Any, stem: str) -> str:
    """A file name for the room's cases as :meth:`~uncase_core.agreement.materials.Material.to_text` writes them:
    several summary cases are JSON Lines; one summary case, and RAG cases, JSON (the pages read either)."""
    return f"{stem}.{'jsonl' if is_summary_room(room) and len(dataset) > 1 else 'json'}"


def export_majority(view: ClassView) -> str:
    """The class-majority cases in the room's own format (RAG cases or summary cases)."""
    return view.labels.material.to_text(view.labels.majority)


def may_facilitate(code: str, key: object, workspace: Workspace) -> bool:
    """The facilitator's view opens with the room's secret, or from the workspace that made the room."""
    api = rooms()
    if api.is_facilitator(code, key):
        return True
    try:
        return api.get(code, body=False).owner == workspace.token
    except StoreError:
        return False


def room_links(code: str, secret: str | None = None, view_key: str | None = None,
               join_key: str | None = None) -> dict[str, str]:
    """The room's addresses on this server, as other devices reach it (:func:`ui.frame.addresses.page_address`):
    participant (with the room's join key when given, which lets it in without a look at any code: the link to hand
    out and the QR code; without, the short address a person types), projector and (with the secret) facilitator."""
    page = page_address(ROOM_PATH).url
    links = {"participant": f"{page}?join={code}" + (f"&k={join_key}" if join_key else "")}
    if view_key:
        links["projector"] = f"{page}?room={code}&view={view_key}"
    if secret:
        links["facilitator"] = f"{page}?room={code}&key={secret}"
    return links


def links_address_note() -> str:
    """What the room's links point at, said on screen (a link to localhost reaches nobody else)."""
    address = page_address(ROOM_PATH)
    return t(f"room.address.{address.how}", url=address.url, env=PUBLIC_URL_ENV)


def facilitator_keys(code: str, secret: str | None) -> str | None:
    """The projector's key for the facilitator: the one this session made, else derived from the secret wherever
    the facilitator's link opens (None: a room made before keys were derived, or no valid secret)."""
    keys = session_keys(code)
    if keys is not None:
        return keys[1]
    return rooms().projector_key(code, secret) if secret else None

