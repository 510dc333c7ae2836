"""Session state: the person's workspace (a cache of what the store holds), the language, and widget values kept
in the workspace.

The workspace is named by ``?w=<token>`` in the address: :func:`open_workspace` (run by the page frame,
``ui.frame.page``, before every page) opens it from the store or starts a new one. Session state is only a cache
of it: a reload, a new tab from the same link or a restarted server brings back the same labels, data, settings
and language. This module draws nothing but what a kept widget draws; the sidebar and the links are the frame's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import streamlit as st
from streamlit.runtime.state import get_session_state

from ui.frame.access import CODE_SESSION, GRANTED, client_address, configured_code
from ui.frame.input_errors import error_text
from ui.frame.process import once_per_process
from ui.frame.sealed import HANDLE_KEY, SEALED, TOKEN_KEY, handle_of, is_sealed, keep_sealed, sealed_token
from ui.frame.throttle import NEW_WORKSPACES, TooFast, TooManyWorkspaces, write_pace
from ui.frame.workspace import LANGUAGE, CorruptData, Workspace
from ui.i18n import LANGUAGES, format_number, guess_language, translate
from ui.widgets.text import literal
from uncase_store import (
    CorruptWorkspace,
    Store,
    StoreDamaged,
    StoreError,
    StoreUnavailable,
    UnknownWorkspace,
    WorkspaceFull,
    open_store,
    store_url,
    valid_token,
)
from uncase_store.rooms import TooManyRooms
from uncase_store.store import MB, encode

WORKSPACE_KEY = "workspace"
QUERY_KEY = TOKEN_KEY
LANGUAGE_QUERY_KEY = "lang"
NOTICE = "workspace_notice"  # a message for the next page run (a link that named no workspace, ...)



# ---------------------------------------------------------------- the store and the workspace


@once_per_process
def _open_store(url: str) -> Store:
    # A SQLAlchemy engine (a pool of at most UNCASE_STORE_CONNECTIONS connections) per store URL, migrated once, for
    # the process's life. Not a Streamlit cache: a client's clear_cache would drop it, and each session after opened
    # a pool of its own while open sessions kept the old one (40 clears, 40 PostgreSQL connections).
    return open_store(url)

# Set by a page whose run polls its room's change number (ui.views.room.rooms.follow_room), cleared at each full run
# (ui.frame.page): that poll notices everything of the room, a lesson started included, so no second timer polls.
ROOM_FOLLOWED = "room_followed_here"

def get_store() -> Store:
    return _open_store(store_url())


def current_workspace() -> Workspace:
    """The session's workspace (opened by the page frame earlier in this run)."""
    return st.session_state[WORKSPACE_KEY]


def browser_language() -> str:
    try:
        return guess_language(st.context.locale)
    except Exception:  # no browser context (AppTest, bare mode)
        return guess_language(None)


def _notice(key: str, **values: object) -> None:
    st.session_state[NOTICE] = (key, values)


def new_workspace(store: Store, settings: dict[str, Any]) -> Workspace:
    """A new, empty workspace; in workshop mode TooManyWorkspaces when this address has opened as many as it may
    in the last hour (``ui/frame/throttle.py``): every new tab without a link is a new workspace."""
    if configured_code() is not None:
        wait = NEW_WORKSPACES.take(client_address())
        if wait > 0:
            raise TooManyWorkspaces(wait, NEW_WORKSPACES.limit)
    return Workspace.create(store, settings)


def _write_pace(workspace: Workspace) -> Callable[[], float] | None:
    """The limit on writes in workshop mode, per workspace and per address whichever session writes
    (``ui/frame/throttle.py``); None on a local server."""
    if configured_code() is None:
        return None
    return write_pace(workspace.token, client_address())


def _touch(workspace: Workspace) -> None:
    """Mark the workspace as used; when the store cannot write (a full disk), it opens read-only instead: its
    work is shown as stored, with a banner (``ui/frame/page.py``), rather than not at all."""
    try:
        workspace.store.touch(workspace.token)
    except StoreError as error:
        workspace.read_only = error
    else:
        workspace.read_only = None


def _address_token(cached: Workspace | None) -> tuple[str | None, bool]:
    """The token the address names, and whether it names it sealed (``ui/frame/sealed.py``): by ``?w=``, else by a
    sealed address's handle, for the workspace this session has open or the one this browser's cookie holds."""
    token = st.query_params.get(QUERY_KEY)
    handle = st.query_params.get(HANDLE_KEY)
    if token is not None or handle is None:
        return token, False
    if cached is not None and handle_of(cached.token) == handle:
        return cached.token, True
    found = sealed_token(st.query_params.to_dict())
    if found is None:
        _notice("store.sealed_elsewhere")
    return found, found is not None


def open_workspace(store: Store) -> Workspace:
    """The workspace the address names, kept in step with the store; a new one when there is none to open."""
    cached: Workspace | None = st.session_state.get(WORKSPACE_KEY)
    token, sealed = _address_token(cached)
    workspace = None
    try:
        if cached is not None and cached.token == token:
            cached.sync()
            workspace = cached
        elif valid_token(token):
            workspace = Workspace.open(store, token)
            _touch(workspace)
        elif token is not None:
            _notice("store.bad_link")
    except UnknownWorkspace:
        _notice("store.unknown")
    except CorruptWorkspace as error:
        _notice("store.corrupt", place=error.where, problem=error)
    if workspace is None:
        language = cached.language if cached is not None and cached.language else browser_language()
        workspace = new_workspace(store, {LANGUAGE: language})
    elif workspace.read_only is not None:
        _touch(workspace)  # the store refused a write when the workspace was opened: is it writable again?
    if workspace is not cached:
        _forget_session(keep=(NOTICE,))
        st.session_state[WORKSPACE_KEY] = workspace
    if sealed and workspace.token == token:
        st.session_state[SEALED] = True  # a new session of a sealed tab: it stays sealed
    workspace.pace = _write_pace(workspace)
    if is_sealed():
        keep_sealed(workspace.token)
    elif st.query_params.get(QUERY_KEY) != workspace.token:
        st.query_params.pop(HANDLE_KEY, None)
        st.query_params[QUERY_KEY] = workspace.token
    return workspace


def workspace_params(workspace: Workspace | None = None) -> dict[str, str]:
    """The address parameters that name ``workspace`` (the session's) in a link of this tab: its token, or in a
    sealed tab its handle (``ui/frame/sealed.py``)."""
    token = (workspace or current_workspace()).token
    return {HANDLE_KEY: handle_of(token)} if is_sealed() else {QUERY_KEY: token}


def _forget_session(keep: tuple[str, ...] = ()) -> None:
    """Drop every session value (widget states, pages' caches): they belonged to another workspace.

    Having passed the access gate belongs to the session, not to a workspace, and stays: the upload guard
    (``ui/frame/upload_guard.py``) reads it outside any page run. So does the session's pace of writes, and the name
    its wrong codes are counted under (a new workspace is no fresh start for a guesser).
    """
    for key in list(st.session_state):
        if key not in keep and key not in (GRANTED, CODE_SESSION):
            del st.session_state[key]


def switch_workspace(workspace: Workspace, notice: str | None = None, **values: object) -> None:
    """Make ``workspace`` the session's (and the address's); everything cached from the old one is dropped.
    ``notice`` (a catalogue key, filled with ``values``) shows on the next page run."""
    _forget_session()
    st.session_state[WORKSPACE_KEY] = workspace
    st.query_params[QUERY_KEY] = workspace.token
    if notice:
        _notice(notice, **values)


def start_fresh() -> None:
    """Button callback: a new empty workspace in the same language; the old one stays stored under its link."""
    old = current_workspace()
    try:
        fresh = new_workspace(old.store, {LANGUAGE: old.language or "en"})
    except StoreError as error:
        old.problem = error
        return
    switch_workspace(fresh, "store.fresh")


# ---------------------------------------------------------------- language


def language() -> str:
    workspace = st.session_state.get(WORKSPACE_KEY)
    chosen = workspace.language if workspace is not None else None
    return chosen if chosen in LANGUAGES else "en"


def t(key: str, **values: object) -> str:
    """Translate ``key`` into the session's language."""
    return translate(language(), key, **values)


def language_from_link(workspace: Workspace) -> None:
    """``?lang=es`` in a link a facilitator hands out sets the language once, then leaves the address."""
    wanted = st.query_params.get(LANGUAGE_QUERY_KEY)
    if wanted is None:
        return
    del st.query_params[LANGUAGE_QUERY_KEY]
    if wanted in LANGUAGES and wanted != workspace.language:
        save_settings({LANGUAGE: wanted})


# ---------------------------------------------------------------- saving


def save_settings(values: dict[str, Any], paced: bool = True) -> bool:
    """Store settings; on failure the reason is kept for the status line and False returned. ``paced=False``: the
    settings belong to a write just stored (see :meth:`Workspace.set_settings`)."""
    workspace = current_workspace()
    try:
        workspace.set_settings(values, paced=paced)
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


# The argument each kept widget takes its default from. The browser falls back to the default whenever it holds no
# value of its own for a widget (remounted, its state dropped by a run that raced another) or holds one that is not
# among the options; the server does the same with a widget state it did not receive. Left to Streamlit, the default
# is the first option: a CI run saw the RAG page's first threshold slider go from 50% to 0% by itself, the figures
# following. So a kept widget's default is always its current value.
_DEFAULT_ARGUMENT: Mapping[str, str] = MappingProxyType({
    "select_slider": "value", "slider": "value", "checkbox": "value", "toggle": "value", "text_input": "value",
    "text_area": "value", "number_input": "value", "radio": "index", "selectbox": "index"})


def _default_argument(widget: Callable[..., Any], value: Any, options: Any) -> dict[str, Any]:
    """``{argument: value}`` that makes ``value`` the default of ``widget`` (see ``_DEFAULT_ARGUMENT``); empty for
    another widget or a value that is not among ``options`` (Streamlit refuses such a default)."""
    argument = _DEFAULT_ARGUMENT.get(getattr(widget, "__name__", ""))
    if argument is None:
        return {}
    if options is None:
        return {} if argument == "index" else {argument: value}
    options = list(options)
    position = next((i for i, option in enumerate(options) if _same(option, value)), None)
    if position is None:
        return {}
    return {"index": position} if argument == "index" else {argument: options[position]}


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
    # A value set through session state in this run (here, by a callback, by set_kept) is sent to the browser as
    # such; given as the default too, Streamlit would warn.
    if not get_session_state().is_new_state_value(key):
        kwargs.update(_default_argument(widget, st.session_state[key], options))
    if getattr(widget, "__name__", "") in ("selectbox", "multiselect"):  # Streamlit's "Choose an option": English
        kwargs.setdefault("placeholder", t("common.choose"))
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


def corrupt_problem(error: CorruptWorkspace, language: str) -> str:
    """Why a stored row cannot be used, as markdown: in ``language`` when the playground's readers refused it
    (:class:`ui.frame.workspace.CorruptData`), else the store's own English (a row that is not JSON)."""
    return error_text(error.error, language) if isinstance(error, CorruptData) else literal(error.problem)


def store_problem_text(error: StoreError, language: str) -> str:
    """A store error as markdown for ``store.not_saved``: a stored row the playground cannot use in ``language``
    (its place and problem), any other as the store words it."""
    if isinstance(error, CorruptWorkspace):
        return f"{literal(error.where)}: {corrupt_problem(error, language)}"
    if isinstance(error, StoreDamaged):
        return translate(language, "store.damaged", id=error.error_id)
    if isinstance(error, StoreUnavailable):
        return translate(language, "store.db_unavailable", id=error.error_id)
    if isinstance(error, TooFast):
        return translate(language, "store.too_fast", seconds=math.ceil(error.wait_s))
    if isinstance(error, TooManyWorkspaces):
        return translate(language, "store.too_many_workspaces", limit=error.limit,
                         minutes=math.ceil(error.wait_s / 60))
    if isinstance(error, WorkspaceFull):
        return translate(language, "store.workspace_full", size=bytes_text(error.size, language),
                         adding=bytes_text(error.adding, language), cap=bytes_text(error.cap, language))
    if isinstance(error, TooManyRooms):
        return translate(language, "room.too_many", limit=error.limit, minutes=max(1, math.ceil(error.wait_s / 60)))
    return literal(error)


def bytes_text(size: int, language: str) -> str:
    """``size`` bytes for a sentence, with its unit: whole MB as they are (``10 MB``), else MB or, under one, KB with
    one decimal in the language's mark (``2,4 MB``, ``30,7 KB``)."""
    if size >= MB and size % MB == 0:
        return f"{size // MB} MB"
    return (format_number(size / MB, language, 1) + " MB" if size >= MB
            else format_number(size / 1024, language, 1) + " KB")
