"""An address that holds no secret: the workspace kept by the browser, the address naming it by a handle.

A person's workspace is named by ``?w=<token>`` in the address: a reload and a restarted server come back by it,
since the open tab keeps its address. The token is also the workspace's only key, and the workspace that made a
room opens its facilitator's view (``ui/views/room/rooms.py``, ``may_facilitate``): on a projected laptop, or in a
shared computer's history, the address gave the room away. A *sealed* tab keeps its address free of it:

- the browser keeps the token in a cookie of this site (:data:`COOKIE_PREFIX` + handle; a session cookie, sent
  only to this site's own pages, gone when the browser closes);
- the address holds ``?s=<handle>`` instead: the first characters of the token's SHA-256, which open nothing
  alone and from which the token cannot be found;
- a new session (a reload, a restarted server, the gate in workshop mode) finds the token in the cookie the
  browser sends with the page's connection (``st.context.cookies``), and checks it against the handle.

:func:`seal_address` draws the small component that stores the cookie, then rewrites the address in place (the
browser's history keeps no entry with the token) and tells the server, which marks the session sealed
(:data:`SEALED`): from then on the page frame keeps ``w`` out of the address and every link of the tab carries the
handle (:func:`ui.frame.state.workspace_params`). Another browser given the sealed address has no cookie: it opens
a new workspace with a message saying so. The room's page seals the facilitator's tab (``app_pages/workshop_room.py``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence

import streamlit as st

from uncase_store import valid_token

TOKEN_KEY = "w"  # the address's workspace token (ui.frame.state.QUERY_KEY)
HANDLE_KEY = "s"  # the address's handle of a sealed tab's workspace
SEALED = "address_sealed"  # session state: this tab's address keeps its workspace token out
COOKIE_PREFIX = "uncase_w_"
HANDLE_LENGTH = 16  # hex digits of the token's SHA-256: 64 bits, a name, not a key
_HANDLE = re.compile(rf"[0-9a-f]{{{HANDLE_LENGTH}}}")
COOKIE_VALUE = re.compile(r"[A-Za-z0-9_-]{1,128}")  # what a cookie of ours may hold (tokens, room secrets)

_SEAL_JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  if (parentElement.__uncaseSealed === data.handle) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  for (const [name, value] of Object.entries(data.cookies)) {
    document.cookie = `${name}=${value}; Path=/; SameSite=Strict${secure}`;
  }
  // The address is rewritten in place, not pushed: no entry of the tab's history keeps what it held.
  const address = new URL(window.location.href);
  for (const name of data.drop) address.searchParams.delete(name);
  address.searchParams.set(data.handle_key, data.handle);
  window.history.replaceState(window.history.state, "", address.toString());
  parentElement.__uncaseSealed = data.handle;
  setTriggerValue("sealed", data.handle);
}
"""

_seal_component = st.components.v2.component("uncase_seal_address", js=_SEAL_JS)
BOX = "seal_address_box"  # the hidden container the component is drawn in (its class .st-key-seal_address_box)
_STYLE = f"<style>.st-key-{BOX} {{ display: none; }}</style>"


def handle_of(token: str) -> str:
    """The non-secret name of a workspace in a sealed address."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()[:HANDLE_LENGTH]


def cookie_name(token: str) -> str:
    return COOKIE_PREFIX + handle_of(token)


def browser_cookie(name: str) -> str | None:
    """The cookie ``name`` the browser sent with this session's connection, if it looks like one of ours."""
    try:
        value = st.context.cookies.get(name)
    except Exception:  # no browser context (AppTest, bare mode)
        return None
    return value if isinstance(value, str) and COOKIE_VALUE.fullmatch(value) else None


def sealed_token(params: Mapping[str, str]) -> str | None:
    """The workspace token a sealed address names (``?s=<handle>``), from this browser's cookie; None when the
    address has no handle or this browser does not hold its workspace."""
    handle = params.get(HANDLE_KEY)
    if not isinstance(handle, str) or _HANDLE.fullmatch(handle) is None:
        return None
    token = browser_cookie(COOKIE_PREFIX + handle)
    return token if valid_token(token) and handle_of(token) == handle else None


def is_sealed() -> bool:
    return bool(st.session_state.get(SEALED))


def _sealed_now() -> None:
    st.session_state[SEALED] = True


def seal_address(token: str, cookies: Mapping[str, str] | None = None, drop: Sequence[str] = (TOKEN_KEY,)) -> None:
    """Once per tab: store ``token`` (and ``cookies``, other secrets the tab comes back by) in the browser, then
    put the handle in the address in place of ``drop``. Nothing is drawn; the session is sealed when the browser
    says it is done. A page where it cannot run (no JavaScript, AppTest) keeps its address as it was.

    The hidden container is drawn on every run at the same place, sealed or not, so that the component's going
    away once sealed moves nothing after it on the projected page."""
    with st.container(key=BOX):
        st.html(_STYLE)
        if is_sealed():
            return
        _seal_component(key="seal_address", data={
            "cookies": {cookie_name(token): token, **(cookies or {})}, "drop": list(drop), "handle_key": HANDLE_KEY,
            "handle": handle_of(token)}, on_sealed_change=_sealed_now, width="stretch", height="content")


def keep_sealed(token: str) -> None:
    """In a sealed session, the address names the workspace by its handle and holds no token."""
    params = st.query_params
    if TOKEN_KEY in params:
        del params[TOKEN_KEY]
    if params.get(HANDLE_KEY) != handle_of(token):
        params[HANDLE_KEY] = handle_of(token)
