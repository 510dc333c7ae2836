"""The projector's view of a room, made for a classroom wall: read from the back row at 1280x720.

Always on top, a strip with the room's code, how many joined and finished, and the room's state (reveal,
freeze) in large type. Below it one screen at a time: how to join (the code huge, a QR code of the participant
link, the link), the class's agreement (Krippendorff's alpha per dimension with its interval), in a room on two
systems the paired verdict per dimension (``ui/views/room/pair.py``), once the facilitator
shows it the class's agreement with the gold (a histogram and quartiles, no names), then the most
disputed units first, a few per screen, each with the class's labels as a bar and as counts. The screens turn
by themselves every :data:`SCREEN_SECONDS` seconds, or with the arrow keys (``st.button(shortcut=...)``); P
pauses. Nothing here is a secret or a room control: the paging buttons only move this screen.

Sizes are set by one constant style rule (:data:`STYLE`, no user text) on keyed containers, in a unit that follows
the screen, so the view fills a 1920x1080 wall as it fills a 1280x720 one; every text in them goes through
:func:`ui.widgets.text.literal`. Key figures are at least :data:`MIN_FIGURE_PX` px at 1280x720
(tests/e2e/test_projector_browser.py measures them in Chromium; test_projector_fill_browser.py the fill). A row
nobody has labelled yet is named on one line, not drawn.
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from urllib.parse import urlsplit

import plotly.graph_objects as go
import segno
import streamlit as st

from ui.frame.rooms import REFRESH, is_pair_room, rooms
from ui.frame.state import language, t
from ui.i18n import format_number
from ui.views.room.adjudication import GOLD_SHOWN, projector_gold
from ui.views.room.pair import projector_pair
from ui.views.room.rooms import (
    ClassView,
    confidence_level,
    dimension_name,
    interval_shortfall,
    not_started,
    note_text,
    room_links,
    room_units,
    shown_class_view,
)
from ui.widgets.proportions import number_interval
from ui.widgets.text import literal
from uncase_core.agreement.class_labels import ALL, UnitLabels
from uncase_core.agreement.many import MIN_UNITS_FOR_AGREEMENT_INTERVAL

SCREEN_SECONDS = 15  # a screen stays this long before the next one, unless paused
UNITS_PER_SCREEN = 3
DISPUTED_SCREENS = 4  # at most this many screens of disputed units (the 12 most disputed)
MIN_FIGURE_PX = 32
SCREEN = "projector_screen"  # session: the screen shown (an index into this run's screens)
PAUSED = "projector_paused"  # session: True once paused with P
TURNED = "projector_turned"  # session: when the screen last turned (time.monotonic)
COLOURS = MappingProxyType({"yes": "#2e7d32", "no": "#c62828", "unlabelled": "#b0b0b0"})

# Constant: sizes for the keyed containers below (no user text; tests/test_code_safety.py lists this site).
# Every size is a multiple of one unit that follows the screen (--proj-u: a hundredth of the width, or of a 16:9
# screen's height when the screen is wider than that), so a 1920x1080 projector shows the same screen as a 1280x720
# one, half as large again; at 1280x720 the unit is 12.8 px and the key figures stay at least MIN_FIGURE_PX.
# Columns are shares of the width, set on the box Streamlit wraps each keyed container in (its flex item).
# Written in px, the screen filled the top-left 60 % x 50 % of a 1920x1080 wall.
STYLE = """<style>
:root { --proj-u: min(1vw, 1.78vh); }
.stMainBlockContainer { padding: 3.6rem calc(2.5 * var(--proj-u)) 0.5rem; max-width: none; }
.st-key-proj_root p { font-size: calc(2.5 * var(--proj-u)); line-height: 1.2; margin-bottom: 0.2rem; }
.st-key-proj_root h2 { font-size: calc(2.8 * var(--proj-u)); padding: 0 0 0.3rem 0; }
.st-key-proj_strip_code p { font-size: calc(4.375 * var(--proj-u)); font-weight: 800; letter-spacing: 0.08em;
  line-height: 1; font-family: "Source Code Pro", monospace; }
.st-key-proj_code p { font-size: calc(11.7 * var(--proj-u)); font-weight: 800; letter-spacing: 0.08em; line-height: 1;
  font-family: "Source Code Pro", monospace; }
.st-key-proj_joined p, .st-key-proj_finished p { font-size: calc(4.375 * var(--proj-u)); font-weight: 800;
  line-height: 1; }
.st-key-proj_state p { font-size: calc(2.65 * var(--proj-u)); font-weight: 700; line-height: 1.1; margin: 0;
  text-align: right; }
.stHorizontalBlock > div:has(> .st-key-proj_qr) { flex: 0 0 calc(24 * var(--proj-u)); }
.st-key-proj_url p { font-size: calc(2.5 * var(--proj-u)); font-family: "Source Code Pro", monospace;
  overflow-wrap: anywhere; }
.stHorizontalBlock > div:has(> [class*="st-key-proj_row_name_"]) { flex: 0 0 30%; }
.st-key-proj_root [class*="st-key-proj_row_name_"] p { font-size: calc(2.2 * var(--proj-u)); }
.stHorizontalBlock > div:has(> [class*="st-key-proj_alpha_value"]) { flex: 0 0 20%; }
.st-key-proj_root [class*="st-key-proj_alpha_value"] p { font-size: calc(3.4 * var(--proj-u)); font-weight: 800;
  line-height: 1.05; }
.st-key-proj_root [class*="st-key-proj_alpha_interval"] p { font-size: calc(2.5 * var(--proj-u)); }
.st-key-proj_root [class*="st-key-proj_note"] p { font-size: calc(1.7 * var(--proj-u)); line-height: 1.25; margin: 0; }
.st-key-proj_root [class*="st-key-proj_unit_text"] p { font-size: calc(1.875 * var(--proj-u)); line-height: 1.2;
  overflow: hidden; display: -webkit-box; -webkit-line-clamp: 1; -webkit-box-orient: vertical; }
.st-key-proj_root [class*="st-key-proj_counts"] p { font-size: calc(2.5 * var(--proj-u)); font-weight: 700; }
.stHorizontalBlock > div:has(> [class*="st-key-proj_bar_box"]) { flex: 0 0 35%; }
.st-key-proj_root [class*="st-key-proj_pair_verdict"] p { font-size: calc(3.125 * var(--proj-u)); font-weight: 800;
  line-height: 1.1; }
.st-key-proj_status p { font-size: calc(1.56 * var(--proj-u)); text-align: right; }
</style>"""


@dataclass(frozen=True)
class Screen:
    kind: str  # "join", "agreement", "pair", "gold" or "disputed"
    units: tuple[UnitLabels, ...] = ()
    first: int = 0  # the first unit's place among the disputed ones (0-based)


def screens(view: ClassView) -> list[Screen]:
    """This moment's screens: joining, agreement, in a room on a pair the paired result, the agreement with the gold
    once shown, then the disputed units, the most disputed first."""
    disputed = [unit for unit in view.labels.most_disputed() if unit.disagreement]
    disputed = disputed[:UNITS_PER_SCREEN * DISPUTED_SCREENS]
    found = [Screen("join"), Screen("agreement")]
    if is_pair_room(view.room):  # a room on two systems: is B better, by the class's labels
        found.append(Screen("pair"))
    if view.room.state.get(GOLD_SHOWN):  # the facilitator shows the agreement with the gold (adjudication.py)
        found.append(Screen("gold"))
    for start in range(0, len(disputed), UNITS_PER_SCREEN):
        found.append(Screen("disputed", tuple(disputed[start:start + UNITS_PER_SCREEN]), start))
    return found


def qr_png(url: str) -> bytes:
    """A QR code of ``url`` as PNG (segno: pure Python), large modules for a projector."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=10, border=2)
    return out.getvalue()


def state_parts(view: ClassView) -> tuple[str, str]:
    room = view.room
    return (t("room.proj.revealed") if room.revealed else t("room.proj.hidden"),
            t("room.proj.frozen") if room.frozen else t("room.proj.open"))


def _big(key: str, text: str) -> None:
    with st.container(key=key):
        st.markdown(text)


def strip(view: ClassView, with_code: bool) -> None:
    """The top strip, on every screen: code (the join screen shows it huge instead), joined, finished, state."""
    done = sum(1 for p in view.labels.progress if p.done)
    with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
        if with_code:
            with st.container(width="content"):
                st.markdown(t("room.proj.code"))
                _big("proj_strip_code", literal(view.room.code))
        with st.container(width="content"):
            st.markdown(t("room.joined"))
            _big("proj_joined", str(view.members))
            idle = not_started(view)
            if idle:  # they are in every unit's "not labelled": said where the count of people is
                with st.container(key="proj_not_started"):
                    st.markdown(t("room.proj.not_started", count=idle))
        with st.container(width="content"):
            st.markdown(t("room.finished"))
            _big("proj_finished", str(done))
        with st.container(width="stretch", key="proj_state"):  # one line each: revealed or not, frozen or not
            for part in state_parts(view):
                st.markdown(part)


def join_screen(view: ClassView) -> None:
    """The QR code holds the participant link with its join key (scanned, it lets a phone in without a look at any
    code); the address shown is the short one a person types, with the code."""
    url = room_links(view.room.code)["participant"]
    keyed = room_links(view.room.code, join_key=rooms().join_key(view.room.code))["participant"]
    with st.container(horizontal=True, gap="large", vertical_alignment="center"):
        with st.container(key="proj_qr"):
            st.image(qr_png(keyed), width="stretch", caption=None, alt=t("room.proj.qr_alt"))
        with st.container(width="stretch"):
            st.markdown(t("room.proj.scan"))
            _big("proj_code", literal(view.room.code))
            st.markdown(t("room.proj.or_open"))
            _big("proj_url", "  \n".join(literal(part) for part in url_lines(url)))


def url_lines(url: str) -> list[str]:
    """``url`` in the lines a projector shows it in: the server's address, then the page and its query (left to
    itself a browser breaks a long address anywhere, "workshop_ro" / "om", for want of spaces). A part longer
    than its line still wraps."""
    parts = urlsplit(url)
    address = len(f"{parts.scheme}://{parts.netloc}") if parts.scheme and parts.netloc else 0
    return [line for line in (url[:address], url[address:]) if line]


def _interval_text(low: float | None, high: float | None) -> str:
    return number_interval(low, high, "room.agreement")


def agreement_screen(view: ClassView) -> None:
    lang = language()
    st.subheader(t("room.proj.agreement_title", level=confidence_level(view)))
    needed: list[int] = []  # intervals withheld for too few units: said once under the rows, not under each
    never: list[str] = []  # rows whose room has fewer units than the interval needs: it cannot come here
    unlabelled: list[str] = []  # rows nobody has labelled yet: named on one line, not drawn as rows of nothing
    for name in (*view.labels.dimensions, ALL):  # a row per dimension: name, alpha, its interval, units; its note below
        row_name = t("room.all_labels") if name == ALL else dimension_name(name)
        if labels_given(view, name) == 0:
            if name != ALL:
                unlabelled.append(row_name)
            continue
        item = view.labels.agreement[name]
        alpha, interval = item.alpha, item.alpha_interval
        few = (alpha.value is not None and not alpha.note and interval is not None and interval.note == "few_units"
               and interval.needed is not None)
        units = room_units(view, name)
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            with st.container(key=f"proj_row_name_{name}"):
                st.markdown(literal(row_name))
            with st.container(key=f"proj_alpha_value_{name}"):
                st.markdown(t("room.undefined") if alpha.value is None else format_number(alpha.value, lang))
            with st.container(key=f"proj_alpha_interval_{name}", width="stretch"):
                st.markdown(_interval_text(None if interval is None else interval.low,
                                           None if interval is None else interval.high)
                            + " · " + t("room.proj.units", count=alpha.units))
        shortfall = interval_shortfall(interval, units) if few else None
        if shortfall is not None and shortfall.can_come:
            needed.append(shortfall.needed)
        elif shortfall is not None:
            never.append(t("room.proj.row_units", row=t("room.all_labels") if name == ALL else dimension_name(name),
                           count=units))
        note = "" if few else note_text(alpha, interval)
        if note:  # said in full under its row (a table cell would cut it)
            with st.container(key=f"proj_note_{name}"):
                st.markdown(note)
    if unlabelled:
        with st.container(key="proj_note_unlabelled"):
            st.markdown(t("room.proj.not_labelled", rows=", ".join(literal(row) for row in unlabelled)))
    if needed:  # one line for the screen: a projector at 1280x720 has no room for the same note under every row
        with st.container(key="proj_note_few_units"):
            st.markdown(t("room.proj.few_units", minimum=MIN_UNITS_FOR_AGREEMENT_INTERVAL, count=max(needed)))
    if never:  # a count that can never be reached is not said: what this room shows, and what would give more
        with st.container(key="proj_note_few_units_never"):
            st.markdown(t("room.proj.few_units_never", rows=", ".join(never),
                          minimum=MIN_UNITS_FOR_AGREEMENT_INTERVAL))


def labels_given(view: ClassView, name: str) -> int:
    """How many labels the class has given on row ``name`` (a dimension, or ``ALL``): after a restart a room whose
    members had not labelled a dimension yet showed it as a row of nothing ("not defined · 0 units")."""
    return sum(unit.yes + unit.no for unit in view.labels.units if name == ALL or unit.dimension == name)


def _bar(unit: UnitLabels) -> go.Figure:
    figure = go.Figure()
    for part, count in (("yes", unit.yes), ("no", unit.no), ("unlabelled", unit.unlabelled)):
        figure.add_trace(go.Bar(x=[count], y=[""], orientation="h", marker={"color": COLOURS[part]},
                                hoverinfo="skip", showlegend=False))
    total = unit.yes + unit.no + unit.unlabelled
    figure.update_layout(barmode="stack", height=56, margin={"l": 0, "r": 0, "t": 0, "b": 0},
                         xaxis={"visible": False, "range": [0, max(total, 1)]}, yaxis={"visible": False},
                         plot_bgcolor="rgba(0,0,0,0)", paper_bgcolor="rgba(0,0,0,0)")
    return figure


def disputed_screen(view: ClassView, screen: Screen, total: int) -> None:
    st.subheader(t("room.proj.disputed_title", first=screen.first + 1, last=screen.first + len(screen.units),
                   total=total))
    for position, unit in enumerate(screen.units):
        place = f"{screen.first + position}"
        kind = t(f"units.{unit.kind}")
        st.markdown(f"**{literal(unit.case)}** · {kind} {literal(unit.unit)} · {t(f'label.{unit.field}')}")
        with st.container(key=f"proj_unit_text_{place}"):
            st.markdown(literal(" ".join(unit.text.split())))
        with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
            with st.container(key=f"proj_counts_{place}", width="content"):
                counts = t("room.proj.counts", yes=unit.yes, no=unit.no, unlabelled=unit.unlabelled)
                if view.room.revealed and unit.reference is not None:
                    counts += " · " + t("room.proj.reference_yes" if unit.reference else "room.proj.reference_no")
                st.markdown(counts)
            with st.container(key=f"proj_bar_box_{place}"):
                st.plotly_chart(_bar(unit), width="stretch", config={"staticPlot": True},
                                key=f"proj_bar_{place}")


def _turn(step: int, count: int) -> None:
    st.session_state[SCREEN] = (st.session_state.get(SCREEN, 0) + step) % max(count, 1)
    st.session_state[TURNED] = time.monotonic()


def _toggle_pause() -> None:
    # Read when pressed, not captured when drawn: a callback kept from an earlier run must not undo the last press.
    st.session_state[PAUSED] = not st.session_state.get(PAUSED)
    st.session_state[TURNED] = time.monotonic()


def pager(shown: Sequence[Screen], index: int) -> None:
    """Paging for this screen only (no room control): previous, pause or go on, next; the arrow keys and P."""
    count = len(shown)
    paused = bool(st.session_state.get(PAUSED))
    with st.container(horizontal=True, vertical_alignment="center", key="proj_pager"):
        st.button(t("room.proj.previous"), key="proj_previous", shortcut="Left", on_click=_turn, args=(-1, count))
        st.button(t("room.proj.play" if paused else "room.proj.pause"), key="proj_pause", shortcut="P",
                  on_click=_toggle_pause)
        st.button(t("room.proj.next"), key="proj_next", shortcut="Right", on_click=_turn, args=(1, count))
        with st.container(key="proj_status", width="stretch"):
            st.markdown(t("room.proj.paused" if paused else "room.proj.screen_of", screen=index + 1, screens=count,
                          seconds=SCREEN_SECONDS))


def projector_view(code: str) -> None:
    """The projector's screens, refreshed every few seconds and turning by themselves."""
    st.html(STYLE)

    @st.fragment(run_every=REFRESH)
    def live() -> None:
        view = shown_class_view(code)
        if view is None:
            return
        shown = screens(view)
        now = time.monotonic()
        turned = st.session_state.setdefault(TURNED, now)
        if not st.session_state.get(PAUSED) and now - turned >= SCREEN_SECONDS:
            _turn(1, len(shown))
        index = st.session_state.get(SCREEN, 0) % len(shown)
        st.session_state[SCREEN] = index
        screen = shown[index]
        with st.container(key="proj_root"):
            strip(view, with_code=screen.kind != "join")
            # One container holds the screen, so the pager keeps its place in the element tree whatever the screen
            # draws. Drawn straight into proj_root, a screen with more or fewer elements moved the pager: while the
            # next run streamed in, the old pager was overwritten before the new one arrived, and a P or arrow key
            # pressed in that gap reached no button (CI lost a P twice under load).
            with st.container(key="proj_screen"):
                if screen.kind == "join":
                    join_screen(view)
                elif screen.kind == "agreement":
                    agreement_screen(view)
                elif screen.kind == "pair":
                    projector_pair(view)
                elif screen.kind == "gold":
                    projector_gold(view)
                else:
                    disputed = sum(len(s.units) for s in shown if s.kind == "disputed")
                    disputed_screen(view, screen, disputed)
            pager(shown, index)

    live()
