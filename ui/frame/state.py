"""Shared page set-up: the person's workspace, the language, the sidebar, and widget values that are stored.

Every page calls :func:`setup_page` first and :func:`finish_page` last. The workspace is
named by ``?w=<token>`` in the address: the page opens it from the store (or starts a new
one), keeps the token on every link, and says in a quiet line in the sidebar when the work
was last saved. Session state is only a cache of the workspace: a reload, a new tab from
the same link or a restarted server brings back the same labels, data, settings and
language.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import streamlit as st

from ui.frame.access import GRANTED, require_access
from ui.i18n import LANGUAGES, guess_language, translate
from ui.frame.input_errors import error_text
from ui.frame.memory import start_collector
from ui.widgets.text import literal
from ui.frame.workspace import LANGUAGE, CorruptData, Workspace
from uncase_core.jsonfiles import dumps_json
from uncase_store import (
    CorruptWorkspace,
    Store,
    StoreConfigError,
    StoreError,
    UnknownWorkspace,
    open_store,
    store_url,
    valid_token,
)
from uncase_store.store import encode

WORKSPACE_KEY = "workspace"
QUERY_KEY = "w"
LANGUAGE_QUERY_KEY = "lang"
_LANGUAGE_WIDGET = "language_widget"
_PAGE = "lesson_page_name"  # the running page's name for the lesson runner (None: no lesson runs here)
_NOTICE = "workspace_notice"
_STATUS = "workspace_status_box"

PAGES = (
    ("app.py", "nav.home", ":material/home:"),
    ("pages/1_rag_diagnosis.py", "nav.rag", ":material/troubleshoot:"),
    ("pages/2_conversation_quality.py", "nav.conversations", ":material/forum:"),
    ("pages/3_summary_autoevaluation.py", "nav.summaries", ":material/summarize:"),
    ("pages/4_rubric_lab.py", "nav.rubrics", ":material/rule:"),
    ("pages/5_dataset_workbench.py", "nav.datasets", ":material/dataset:"),
    ("pages/6_threshold_explorer.py", "nav.thresholds", ":material/tune:"),
    ("pages/7_sample_size_planner.py", "nav.planner", ":material/straighten:"),
    ("pages/8_annotator_agreement.py", "nav.agreement", ":material/group:"),
    ("pages/9_workshop_room.py", "nav.room", ":material/groups:"),
    ("pages/10_judge_and_hand_labels.py", "nav.judge", ":material/balance:"),
    ("pages/11_lessons.py", "nav.lessons", ":material/school:"),
)
# The home page's one-line summary of each module, in the order of PAGES[1:].
SUMMARIES = ("home.rag_summary", "home.conv_summary", "home.sum_summary", "home.rub_summary", "home.wb_summary",
             "home.thr_summary", "home.plan_summary", "home.agr_summary", "home.room_summary", "home.judge_summary",
             "home.lessons_summary")


# ---------------------------------------------------------------- the store and the workspace


@st.cache_resource(show_spinner=False)
def _open_store(url: str) -> Store:
    # The one process-wide object: a SQLAlchemy engine (a connection pool) per store URL, migrated once.
    return open_store(url)


def get_store() -> Store:
    return _open_store(store_url())


def current_workspace() -> Workspace:
    """The session's workspace (opened by :func:`setup_page` earlier in this run)."""
    return st.session_state[WORKSPACE_KEY]


def _browser_language() -> str:
    try:
        return guess_language(st.context.locale)
    except Exception:  # no browser context (AppTest, bare mode)
        return guess_language(None)


def _notice(key: str, **values: object) -> None:
    st.session_state[_NOTICE] = (key, values)


def _open_workspace(store: Store) -> Workspace:
    """The workspace the address names, kept in step with the store; a new one when there is none to open."""
    token = st.query_params.get(QUERY_KEY)
    cached: Workspace | None = st.session_state.get(WORKSPACE_KEY)
    workspace = None
    try:
        if cached is not None and cached.token == token:
            cached.sync()
            workspace = cached
        elif valid_token(token):
            workspace = Workspace.open(store, token)
            store.touch(token)
        elif token is not None:
            _notice("store.bad_link")
    except UnknownWorkspace:
        _notice("store.unknown")
    except CorruptWorkspace as error:
        _notice("store.corrupt", place=error.where, problem=error)
    if workspace is None:
        language = cached.language if cached is not None and cached.language else _browser_language()
        workspace = Workspace.create(store, {LANGUAGE: language})
    if workspace is not cached:
        _forget_session(keep=(_NOTICE,))
        st.session_state[WORKSPACE_KEY] = workspace
    if st.query_params.get(QUERY_KEY) != workspace.token:
        st.query_params[QUERY_KEY] = workspace.token
    return workspace


def _forget_session(keep: tuple[str, ...] = ()) -> None:
    """Drop every session value (widget states, pages' caches): they belonged to another workspace.

    Having passed the access gate belongs to the session, not to a workspace, and stays: the upload guard
    (``ui/frame/upload_guard.py``) reads it outside any page run.
    """
    for key in list(st.session_state):
        if key not in keep and key != GRANTED:
            del st.session_state[key]


def switch_workspace(workspace: Workspace, notice: str | None = None) -> None:
    """Make ``workspace`` the session's (and the address's); everything cached from the old one is dropped."""
    _forget_session()
    st.session_state[WORKSPACE_KEY] = workspace
    st.query_params[QUERY_KEY] = workspace.token
    if notice:
        _notice(notice)


def start_fresh() -> None:
    """Button callback: a new empty workspace in the same language; the old one stays stored under its link."""
    old = current_workspace()
    switch_workspace(Workspace.create(old.store, {LANGUAGE: old.language or "en"}), "store.fresh")


# ---------------------------------------------------------------- language


def language() -> str:
    workspace = st.session_state.get(WORKSPACE_KEY)
    chosen = workspace.language if workspace is not None else None
    return chosen if chosen in LANGUAGES else "en"


def t(key: str, **values: object) -> str:
    """Translate ``key`` into the session's language."""
    return translate(language(), key, **values)


def _language_changed() -> None:
    """The radio's callback: the only place the stored language changes (see NOTES: a radio that is
    drawn anew on each page must not write its default back)."""
    save_settings({LANGUAGE: st.session_state[_LANGUAGE_WIDGET]})
    # Option widgets keep showing the label of the old language until their value is sent again.
    for key in current_workspace().shown:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


def _language_from_link(workspace: Workspace) -> None:
    """``?lang=es`` in a link a facilitator hands out sets the language once, then leaves the address."""
    wanted = st.query_params.get(LANGUAGE_QUERY_KEY)
    if wanted is None:
        return
    del st.query_params[LANGUAGE_QUERY_KEY]
    if wanted in LANGUAGES and wanted != workspace.language:
        save_settings({LANGUAGE: wanted})


# ---------------------------------------------------------------- saving


def save_settings(values: dict[str, Any]) -> bool:
    """Store settings; on failure the reason is kept for the status line and False returned."""
    workspace = current_workspace()
    try:
        workspace.set_settings(values)
    except StoreError as error:
        workspace.problem = error
        return False
    return True


def run_saving(action: Callable[[], None]) -> bool:
    """Run a workspace change; if the store refuses it, keep the reason for the status line and say False."""
    workspace = current_workspace()
    try:
        action()
    except StoreError as error:
        workspace.problem = error
        workspace.revision += 1  # label tables are drawn again from what is stored
        return False
    return True


def _same(a: Any, b: Any) -> bool:
    try:
        return encode(a) == encode(b)
    except (TypeError, ValueError):
        return a == b


def kept(widget: Callable[..., Any], key: str, default: Any, *args: Any, **kwargs: Any) -> Any:
    """Draw ``widget`` under ``key`` with its value stored in the workspace.

    The stored value (or ``default``) is the widget's starting value on every page visit, in
    every new session from the same link. A value the person changes is stored in this run;
    a value changed elsewhere (another tab) is taken over unless the person just changed it
    here. With ``options=`` a stored value that is no longer an option falls back to ``default``.
    """
    workspace = current_workspace()
    stored = workspace.setting(key, default)
    options = kwargs.get("options")
    if options is not None and stored not in list(options):
        stored = default
    if key in st.session_state:
        current = st.session_state[key]
        shown = workspace.shown.get(key, stored)
        if _same(current, shown) and not _same(stored, shown):
            st.session_state[key] = stored
    else:
        st.session_state[key] = stored
    value = widget(*args, key=key, **kwargs)
    workspace.shown[key] = value
    if not _same(value, workspace.setting(key, default)):
        save_settings({key: value})
    return value


def keep(key: str) -> None:
    """Store a kept widget's value now, from a callback of a run that will not draw it."""
    workspace = current_workspace()
    workspace.shown[key] = st.session_state[key]
    if not _same(st.session_state[key], workspace.setting(key)):
        save_settings({key: st.session_state[key]})


def set_kept(key: str, value: Any) -> None:
    """Set a kept widget's value; call before the widget is drawn in this run."""
    st.session_state[key] = value
    current_workspace().shown[key] = value
    save_settings({key: value})


def forget(*keys: str) -> None:
    """Drop stored values so their widgets start again from their defaults."""
    workspace = current_workspace()
    for key in keys:
        st.session_state.pop(key, None)
        workspace.shown.pop(key, None)
    save_settings(dict.fromkeys(keys))


# ---------------------------------------------------------------- the page frame


def page_link(path: str, label: str, icon: str | None = None) -> None:
    """A link to another page that keeps the workspace (Streamlit drops the address's parameters otherwise)."""
    st.page_link(path, label=label, icon=icon, query_params={QUERY_KEY: current_workspace().token})


def setup_page(title_key: str, sidebar: str = "auto") -> str:
    """Call first on every page: the workspace, page config, language, navigation. Returns the language.

    ``sidebar="collapsed"`` starts with the sidebar closed (a projector's view).
    """
    require_access(get_store)  # a workshop server's access code; returns at once when there is none
    start_collector()  # closed tabs' sessions freed on a quiet server (ui/frame/memory.py)
    try:
        store = get_store()
        workspace = _open_workspace(store)
    except (StoreConfigError, StoreError) as error:
        st.set_page_config(page_title="UNCASE", page_icon="🔎", layout="wide")
        st.error(translate(_browser_language(), "store.unavailable", problem=literal(error)))
        st.stop()
    _language_from_link(workspace)
    lang = language()
    st.set_page_config(page_title=translate(lang, title_key), page_icon="🔎", layout="wide",
                       initial_sidebar_state=sidebar)
    from ui.views.lessons.panel import SIDE, TOP, make_slot  # the panel imports this module: imported here
    from ui.views.lessons.state import PAGE_OF_TITLE

    st.session_state[_PAGE] = PAGE_OF_TITLE.get(title_key, "lessons" if title_key == "lessons.title" else None)
    with st.sidebar:
        st.session_state[_LANGUAGE_WIDGET] = lang
        st.radio("Language · Idioma", options=list(LANGUAGES), format_func=LANGUAGES.__getitem__,
                 key=_LANGUAGE_WIDGET, horizontal=True, on_change=_language_changed)
        make_slot(SIDE)  # the lesson panel, beside the page
        st.session_state[_STATUS] = st.empty()
        st.markdown(f"**{t('nav.heading')}**")
        for path, label_key, icon in PAGES:
            page_link(path, t(label_key), icon)
        st.divider()
    make_slot(TOP)  # the lesson panel above the page, for a phone (one of the two shows, by the screen's width)
    if _NOTICE in st.session_state:
        key, values = st.session_state.pop(_NOTICE)
        st.info(t(key, **{name: _corrupt_problem(value, lang) if isinstance(value, CorruptWorkspace) else literal(value)
                          for name, value in values.items()}))
    return lang


def _corrupt_problem(error: CorruptWorkspace, language: str) -> str:
    """Why a stored row cannot be used, as markdown: in ``language`` when the playground's readers refused it
    (:class:`ui.frame.workspace.CorruptData`), else the store's own English (a row that is not JSON)."""
    return error_text(error.error, language) if isinstance(error, CorruptData) else literal(error.problem)


def store_problem_text(error: StoreError, language: str) -> str:
    """A store error as markdown for ``store.not_saved``: a stored row the playground cannot use in ``language``
    (its place and problem), any other as the store words it."""
    if isinstance(error, CorruptWorkspace):
        return f"{literal(error.where)}: {_corrupt_problem(error, language)}"
    return literal(error)


def _saved_line(workspace: Workspace) -> None:
    if workspace.problem:
        st.error(t("store.not_saved", problem=store_problem_text(workspace.problem, language())))
    elif workspace.saved_at is None:
        st.caption(t("store.nothing_yet"))
    else:
        moment = workspace.saved_at.astimezone(_local_zone())
        st.caption(t("store.saved", time=moment.strftime("%H:%M:%S")))


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
    with st.expander(t("store.your_work")):
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
    from ui.views.lessons.panel import draw_panels

    draw_panels(st.session_state.get(_PAGE), before)
    workspace = current_workspace()
    if fragment_key is None:
        with box.container():
            _status(workspace)
        return

    @st.fragment(key=fragment_key)
    def status() -> None:
        if before is not None:
            before()
        _status(workspace)

    with box.container():
        status()
