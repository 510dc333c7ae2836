"""The page frame: what runs around every page, from the entry script (``app.py``).

:func:`setup_page` runs before the page chosen by ``st.navigation``: the access gate, the workspace the address
names, the language, the page's title, and the sidebar (language choice, the lesson panel's slot, the saved line's
slot and the links to every page of the registry, ``ui.frame.navigation``). Each page calls :func:`finish_page`
last: the quiet "saved" line, the resume link and the lesson panel. Every link keeps the workspace token
(Streamlit drops the address's parameters otherwise).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import streamlit as st

from ui.frame import state
from ui.frame.access import require_access
from ui.frame.contrast import readable_text
from ui.frame.errors import LOGGER, new_error_id
from ui.frame.fragments import mark_drawn, start_full_run
from ui.frame.memory import start_collector
from ui.frame.navigation import PAGES, PageEntry
from ui.frame.outage import outage_words
from ui.frame.scroll import open_at_top_after_navigation, scroll_to_top_if_asked
from ui.frame.state import (
    LANGUAGE,
    NOTICE,
    QUERY_KEY,
    corrupt_problem,
    current_workspace,
    language,
    save_settings,
    start_fresh,
    store_problem_text,
    t,
    workspace_params,
)
from ui.frame.streamlit_words import streamlit_words
from ui.frame.throttle import TooManyWorkspaces
from ui.frame.workspace import Workspace
from ui.i18n import LANGUAGES, translate
from ui.views.lessons.panel import SIDE, TOP, draw_panels, make_slot
from ui.widgets.focus import hide_key_hints_without_keyboard
from ui.widgets.layout import whole_names
from ui.widgets.text import WORD_JOINER, literal
from uncase_core.shared.jsonfiles import dumps_json
from uncase_store import CorruptWorkspace, StoreConfigError, StoreError

_LANGUAGE_WIDGET = "language_widget"
_PAGE = "lesson_page_name"  # the running page's name for the lesson runner (None: no lesson runs here)
_SCRIPT = "page_script"  # the running page's script, for links to the page that is open (page_link)
_STATUS = "workspace_status_box"


def page_link(path: str, label: str, icon: str | None = None) -> None:
    """A link to another page that keeps the workspace (Streamlit drops the address's parameters otherwise).

    A link to the page that is open keeps the whole address: Streamlit reruns the page with the link's parameters
    but leaves the browser's address as it was, so the facilitator's "Workshop room" link showed the create form
    and the next click, sent with the old address, brought the facilitator view back."""
    here = st.session_state.get(_SCRIPT) == path
    params = dict(st.query_params.to_dict()) if here else workspace_params()
    st.page_link(path, label=label, icon=icon, query_params=params)


def navigation_titles() -> str:
    """The language the registry's titles are given to ``st.navigation`` in, before the workspace is opened: the
    session's (from its cached workspace), else the browser's. :func:`setup_page` titles the tab again once the
    workspace is open."""
    cached = st.session_state.get(state.WORKSPACE_KEY)
    chosen = cached.language if cached is not None else None
    return chosen if chosen in LANGUAGES else state.browser_language()


def setup_page(entry: PageEntry) -> str:
    """Run first, for every page: the access gate, the workspace, page config, language, sidebar. Returns the
    language."""
    start_full_run()  # no result fragment drawn yet (ui/frame/fragments.py)
    require_access(lambda: state.get_store())  # a workshop server's access code; returns at once when there is none
    start_collector()  # closed tabs' sessions freed on a quiet server (ui/frame/memory.py)
    try:
        store = state.get_store()
        workspace = state.open_workspace(store)
    except TooManyWorkspaces as error:
        st.set_page_config(page_title="UNCASE", page_icon="🔎", layout="wide")
        wanted = st.query_params.get(state.LANGUAGE_QUERY_KEY)  # no workspace, so no stored language
        st.error(store_problem_text(error, wanted if wanted in LANGUAGES else state.browser_language()))
        st.stop()
    except (StoreConfigError, StoreError) as error:
        st.set_page_config(page_title="UNCASE", page_icon="🔎", layout="wide")
        lang = state.browser_language()
        if isinstance(error, StoreConfigError):  # its words name the database's address: for the log only
            error_id = new_error_id()
            LOGGER.error("store error %s: %s", error_id, error)
            problem = translate(lang, "store.db_unavailable", id=error_id)
        else:
            problem = store_problem_text(error, lang)
        st.error(translate(lang, "store.unavailable", problem=problem))
        st.stop()
    state.language_from_link(workspace)
    lang = language()
    sidebar = entry.sidebar(st.query_params) if entry.sidebar is not None else "auto"
    st.set_page_config(page_title=translate(lang, entry.title_key), page_icon="🔎", layout="wide",
                       initial_sidebar_state=sidebar)
    st.session_state[_PAGE] = entry.lesson_name
    open_at_top_after_navigation(st.session_state.get(_SCRIPT), entry.script)
    st.session_state[_SCRIPT] = entry.script
    st.session_state[state.ROOM_FOLLOWED] = False
    with st.sidebar:
        whole_names()
        hide_key_hints_without_keyboard()
        outage_words(lang)
        streamlit_words(lang)
        readable_text()
        st.session_state[_LANGUAGE_WIDGET] = lang
        st.radio("Language · Idioma", options=list(LANGUAGES), format_func=LANGUAGES.__getitem__,
                 key=_LANGUAGE_WIDGET, horizontal=True, on_change=_language_changed)
        make_slot(SIDE)  # the lesson panel, beside the page
        st.session_state[_STATUS] = st.empty()
        st.markdown(f"**{t('nav.heading')}**")
        for page in PAGES:
            page_link(page.script, t(page.nav_key), page.icon)
        st.divider()
    make_slot(TOP)  # the lesson panel above the page, for a phone (one of the two shows, by the screen's width)
    scroll_to_top_if_asked()  # a lesson (or another page) that switched here opens it at its top
    if workspace.read_only is not None:
        st.warning(t("store.read_only", problem=store_problem_text(workspace.read_only, lang)))
    if NOTICE in st.session_state:
        key, values = st.session_state.pop(NOTICE)
        st.info(t(key, **{name: corrupt_problem(value, lang) if isinstance(value, CorruptWorkspace) else literal(value)
                          for name, value in values.items()}))
    return lang


def _language_changed() -> None:
    """The radio's callback: the only place the stored language changes (see NOTES: a radio that is
    drawn anew on each page must not write its default back)."""
    save_settings({LANGUAGE: st.session_state[_LANGUAGE_WIDGET]})
    # Option widgets keep showing the label of the old language until their value is sent again.
    for key in current_workspace().shown:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


def _saved_line(workspace: Workspace) -> None:
    if workspace.problem:
        st.error(t("store.not_saved", problem=store_problem_text(workspace.problem, language())))
    elif workspace.saved_at is None:
        st.caption(t("store.nothing_yet"))
    else:
        moment = workspace.saved_at.astimezone(_local_zone())
        st.caption(t("store.saved", time=clock_text(moment)))


def clock_text(moment: Any) -> str:
    """``12:29:34`` with an invisible word joiner before its second colon. Streamlit's markdown loads its emoji
    plugin (remark-emoji and a 259 kB library, then draws the text again) whenever a text holds a shortcode-like
    ``:29:``; the saved line, on every page, made every first view fetch and run it."""
    return moment.strftime("%H:%M") + WORD_JOINER + moment.strftime(":%S")


def _local_zone() -> Any:
    try:
        from zoneinfo import ZoneInfo

        name = st.context.timezone
        return ZoneInfo(name) if name else None
    except Exception:  # no browser context, or a zone the system does not know: the server's own
        return None


def resume_link(workspace: Workspace) -> str:
    try:
        url = st.context.url
    except Exception:
        url = None
    return f"{url or ''}?{QUERY_KEY}={workspace.token}"


def _status(workspace: Workspace) -> None:
    _saved_line(workspace)
    _your_work(workspace)


YOUR_WORK = "your_work_box"  # the "Your work" expander's key: its open state is in session state


def _your_work(workspace: Workspace) -> None:
    """The resume link, the workspace download and "start fresh": the same in every run of a page.

    Drawn only while the expander is open (``on_change="rerun"`` makes its content lazy): the link is an
    ``st.code`` block, whose syntax highlighter cost Chromium about 0.5 s of script on every first view.
    """
    box = st.expander(t("store.your_work"), key=YOUR_WORK, on_change="rerun")
    if not box.open:
        return
    with box:
        st.caption(t("store.link_help"))
        st.code(resume_link(workspace), language=None, wrap_lines=True)
        st.download_button(t("store.download_all"), key="workspace_download", width="stretch",
                           data=lambda: dumps_json(workspace.to_document()),
                           file_name=f"uncase-workspace-{datetime.now():%Y%m%d-%H%M}.json",
                           mime="application/json", on_click="ignore")
        st.button(t("store.start_fresh"), key="workspace_fresh", on_click=start_fresh, width="stretch",
                  help=t("store.start_fresh_help"))


def finish_page(fragment_key: str | None = None, before: Callable[[], None] | None = None,
                show_work: bool = True) -> None:
    """Call last on every page: the quiet "saved" line and the resume link, in the sidebar.

    A page whose label changes rerun only fragments passes ``fragment_key`` (and lists it
    among the fragments those changes rerun), with ``before`` storing pending label edits.
    ``show_work=False`` leaves them out (a projector's view, where nobody works).
    """
    box = st.session_state.get(_STATUS)
    if box is None or not show_work:
        return
    draw_panels(st.session_state.get(_PAGE), before)
    workspace = current_workspace()
    if fragment_key is None:
        with box.container():
            _status(workspace)
        return

    # Only the saved line follows the labels; the rest is drawn in full runs (five elements fewer per tick).
    @st.fragment(key=fragment_key)
    def status() -> None:
        mark_drawn(fragment_key)
        if before is not None:
            before()
        _saved_line(workspace)

    with box.container():
        status()
        _your_work(workspace)
