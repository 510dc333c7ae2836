"""The workshop's access code: on a server started with one (``UNCASE_ACCESS_CODE``), no page opens without it.

``python3 dev.py run --workshop`` listens on the network and sets the code (the facilitator's, or a generated
one it prints). A plain ``streamlit run`` has no code and no gate. :func:`require_access` runs first in every
page's set-up, so a page's own address is gated too (Streamlit's documented "password" pattern: a text input
compared with ``hmac.compare_digest``, then ``st.stop()``).

One code for a participant to type: a workshop room's code opens the gate as well, for
``ROOM_CODE_HOURS`` after the room was made (a room from an earlier workshop does not), and leads to the
room's join form. Links that hold a secret pass: the facilitator's and the projector's room links and a
person's own workspace link (``?w=``, which is how a reload or a new tab comes back in), and a sealed tab's
address with the cookie that holds its workspace (``ui/frame/sealed.py``). Once in, a session stays in.

Codes are compared as room codes are typed: capitals, letters and digits only (``abcd-2345`` is ``ABCD2345``).

A room's participant link and QR code carry a join key (``?join=CODE&k=KEY``, :func:`uncase_store.rooms.join_key_of`)
too long to guess: such a link passes without a look, so a class joining by link never waits for anyone's wrong codes.

Wrong codes are counted per session and per address (``ui/frame/code_tries.py``): past a few, a session's next try
waits, doubling, and an address whose wrong codes have used up its hour's allowance waits too; while a code must wait
the gate does not look at it, the right one included. Every wrong try is logged with the address, for whoever runs
the server.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import math
import os
import secrets
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import streamlit as st

from ui.frame.code_tries import ADDRESS, CODE_TRIES, Wait
from ui.frame.navigation import ROOM_PAGE
from ui.frame.process import once_per_process
from ui.frame.sealed import sealed_token
from ui.i18n import LANGUAGES, guess_language, translate
from uncase_store import Store, StoreConfigError, StoreError, valid_token
from uncase_store.rooms import CODE_ALPHABET, CODE_LENGTH, Rooms, UnknownRoom, normalize_code

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
ACCESS_CODE_ENV = "UNCASE_ACCESS_CODE"
MIN_CODE_LENGTH = 6  # letters and digits, after normalizing
ROOM_CODE_HOURS = 12
GRANTED = "access_granted"  # session state: this session has passed the gate
CODE_SESSION = "access_code_session"  # session state: the name its wrong codes are counted under (code_tries.py)
_LINK_TRIED = "access_link_tried"  # session state: the ?join= code this session's gate has already looked at
LOCAL = "local"  # the address of a client on this machine (a browser here, or a proxy that is not trusted)
LOOPBACK = "127.0.0.1"  # a loopback peer, which Streamlit reports as no address at all
TRUSTED_PROXIES_ENV = "UNCASE_TRUSTED_PROXIES"  # read by dev.py too (a test checks they agree)
LOGGER = logging.getLogger("uncase.access")


def configured_code(environ: Mapping[str, str] | None = None) -> str | None:
    """The server's access code, normalized; None when the server has none (no gate)."""
    raw = (os.environ if environ is None else environ).get(ACCESS_CODE_ENV, "")
    return normalize_code(raw) if raw.strip() else None


def same_code(typed: object, code: str) -> bool:
    """Whether ``typed`` is ``code``, in time that does not depend on how much of it was right."""
    return hmac.compare_digest(normalize_code(typed).encode("utf-8"), code.encode("utf-8"))


def open_room(store: Store, typed: object, now: datetime | None = None) -> str | None:
    """The code of the room ``typed`` names if that room may open the gate (made in the last ROOM_CODE_HOURS)."""
    code = normalize_code(typed)
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    try:
        room = Rooms(store).get(code, body=False)
    except (UnknownRoom, StoreError):
        return None
    recent = (now or datetime.now(UTC)) - room.created_at <= timedelta(hours=ROOM_CODE_HOURS)
    return code if recent else None


def keyed_room(store: Store, typed: object, key: object, now: datetime | None = None) -> str | None:
    """The code of the room ``typed`` names when ``key`` is its participant link's join key and the room may open the
    gate: such a link is let in without a look at any code, so no one's wrong codes hold it up."""
    code = open_room(store, typed, now) if isinstance(key, str) and key else None
    try:
        return code if code is not None and Rooms(store).is_join_key(code, key) else None
    except StoreError:
        return None


def session_key() -> str:
    """The name the session's wrong codes are counted under: drawn once per session and kept in its state for its
    life (``ui.frame.state`` keeps it when the session changes workspace), as having passed the gate is."""
    key = st.session_state.get(CODE_SESSION)
    if not isinstance(key, str):
        key = st.session_state[CODE_SESSION] = secrets.token_hex(8)
    return key


def wait_text(lang: str, wait: Wait, after_wrong: bool = False) -> str:
    """How long before the next code is looked at and why (this session's own wrong codes, or its network's), in
    ``lang``: after a wrong code (``after_wrong``), or instead of looking at one."""
    seconds = math.ceil(wait.seconds)
    when = f"{seconds} s" if seconds < 120 else f"{math.ceil(seconds / 60)} min"
    key = ("access.wrong_wait" if after_wrong else "access.wait") + ("_network" if wait.whose == ADDRESS else "")
    return translate(lang, key, wait=when)


def count_wrong(address: str, where: str) -> int:
    """Count a wrong code the gate or the room page looked at, and log it with the address; the session's wrong codes
    in a row."""
    count = CODE_TRIES.failed(session_key(), address)
    LOGGER.warning("%s from %s (%d wrong in a row from this session; the address may send %d more now)", where,
                   address, count, CODE_TRIES.left(address))
    return count


def trusted_proxies(environ: Mapping[str, str] | None = None) -> tuple[IPNetwork, ...]:
    """The proxies whose ``X-Forwarded-For`` names the client: ``UNCASE_TRUSTED_PROXIES``, addresses or networks
    separated by commas (``127.0.0.1``, ``10.0.0.0/8``); none by default. A wrong entry is left out and logged."""
    text = (os.environ if environ is None else environ).get(TRUSTED_PROXIES_ENV, "")
    found = []
    for entry in filter(None, (part.strip() for part in text.split(","))):
        try:
            found.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            LOGGER.error("%s: %r is not an address or a network; left out", TRUSTED_PROXIES_ENV, entry)
    return tuple(found)


def forwarded_allow_ips(environ: Mapping[str, str] | None = None) -> str:
    """Uvicorn's ``FORWARDED_ALLOW_IPS`` for the trusted proxies (empty: none), which ``serve.py`` sets before the
    server starts: uvicorn applies a trusted proxy's ``X-Forwarded-For`` to the connection itself."""
    return ",".join(str(network) for network in trusted_proxies(environ))


def _trusted(peer: str, proxies: tuple[IPNetwork, ...]) -> bool:
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    return any(address.version == network.version and address in network for network in proxies)


def address_behind(peer: str | None, forwarded: str | None, proxies: tuple[IPNetwork, ...]) -> str:
    """The client's address as the per-client limits count it, from the connection's peer (None: this machine, as
    Streamlit gives a loopback peer) and its ``X-Forwarded-For``.

    The header is believed only from a proxy named in ``proxies`` (any client on this machine could name
    its own address and escape the limits), and then its last entry, the one that proxy added. Otherwise the peer
    itself counts, and every client on this machine is one address, ``local``."""
    connected = LOOPBACK if peer is None else peer
    if _trusted(connected, proxies) or (peer is None and _trusted("::1", proxies)):
        last = (forwarded or "").split(",")[-1].strip()[:64]
        if last:
            return last
        _no_header_from(connected)
    return LOCAL if peer is None else peer


@once_per_process
def _no_header_from(proxy: str) -> None:
    LOGGER.warning("a request through the trusted proxy %s carried no X-Forwarded-For: every client behind it counts "
                   "as one address for the per-address limits (set the header at the proxy; docs/deploy.md)", proxy)


def client_address() -> str:
    """The address the session's browser connects from, as the per-client limits count it (:func:`address_behind`)."""
    try:
        peer = st.context.ip_address
        forwarded = st.context.headers.get("X-Forwarded-For")
    except Exception:  # no browser context (AppTest, bare mode)
        return LOCAL
    if peer is not None and not isinstance(peer, str):
        return LOCAL  # AppTest's stand-in for the browser is not a str either
    return address_behind(peer or None, forwarded if isinstance(forwarded, str) else None, trusted_proxies())


def limits_basis(environ: Mapping[str, str] | None = None) -> str:
    """What the per-address limits count, in a sentence for the server's log at start."""
    proxies = trusted_proxies(environ)
    if not proxies:
        return ("per-address limits count each connection's own address (no trusted proxy: a proxy in front makes "
                f"its clients one address; name it in {TRUSTED_PROXIES_ENV})")
    named = ", ".join(str(network) for network in proxies)
    return (f"per-address limits count the X-Forwarded-For address that {named} add ({TRUSTED_PROXIES_ENV}); any "
            "other connection counts as its own address")


def passed_gate(state: Any) -> bool:
    """Whether a session's state (Streamlit's ``SessionState`` or a mapping) says it has passed the gate."""
    try:
        return GRANTED in state and bool(state[GRANTED])
    except (KeyError, AttributeError, TypeError):
        return False


def session_passed_gate(session_id: str) -> bool:
    """Whether the live session ``session_id`` of this server has passed the gate (False when there is none).

    For the ASGI guards in front of Streamlit's routes (``upload_guard.py``, ``back_messages.py``), which run outside
    any page script: they find the session in Streamlit's runtime."""
    from streamlit.runtime import Runtime

    if not Runtime.exists():
        return False
    session = Runtime.instance().get_app_session(session_id)
    return session is not None and passed_gate(session.session_state)


def link_admits(store: Store, params: Mapping[str, str], now: datetime | None = None) -> bool:
    """Whether the address holds a secret or a code that lets its holder in (see the module docstring)."""
    try:
        token = params.get("w") or sealed_token(params)
        if valid_token(token) and store.head(token) is not None:
            return True
        room = normalize_code(params.get("room"))
        if room and "key" in params and Rooms(store).is_facilitator(room, params["key"]):
            return True
        if room and "view" in params and Rooms(store).is_projector(room, params["view"]):
            return True
    except StoreError:
        return False
    if "join" in params and keyed_room(store, params["join"], params.get("k"), now) is not None:
        return True
    return "join" in params and _linked_room(store, params["join"], now)


def _linked_room(store: Store, typed: str, now: datetime | None) -> bool:
    """Whether a ``?join=`` link's room code, without its key, opens the gate; counted as a typed code would be: a
    wrong one is logged and counts against the session and its address, and while either must wait the code is not
    looked at (``ui/frame/code_tries.py``). A link is looked at once per session: the gate's own reruns (typing the
    code) do not count it again."""
    if st.session_state.get(_LINK_TRIED) == typed:
        return False
    st.session_state[_LINK_TRIED] = typed
    address = client_address()
    if CODE_TRIES.wait(session_key(), address):
        LOGGER.warning("access gate: a room link from %s while it must wait; not looked at", address)
        return False
    if open_room(store, typed, now) is not None:
        CODE_TRIES.passed(session_key(), address)
        return True
    count_wrong(address, "access gate: wrong room code in a link")
    return False


def _language() -> str:
    wanted = st.query_params.get("lang")
    if wanted in LANGUAGES:
        return wanted
    try:
        return guess_language(st.context.locale)
    except Exception:  # no browser context (AppTest, bare mode)
        return guess_language(None)


def require_access(get_store: Callable[[], Store]) -> None:
    """Return when this session may see the playground; otherwise draw the gate and stop the page."""
    code = configured_code()
    if code is None or st.session_state.get(GRANTED):
        return
    try:
        store = get_store()
    except (StoreConfigError, StoreError):  # the typed code still opens the gate; setup_page then says why
        store = None
    if store is not None and link_admits(store, st.query_params.to_dict()):
        st.session_state[GRANTED] = True
        return
    _gate(code, store)


def _gate(code: str, store: Store | None) -> None:
    lang = _language()
    st.set_page_config(page_title=translate(lang, "home.title"), page_icon="🔎", layout="centered",
                       initial_sidebar_state="collapsed")
    st.title(translate(lang, "home.title"))
    if len(code) < MIN_CODE_LENGTH:  # a server set up wrong stays shut rather than open to a guess
        st.error(translate(lang, "access.misconfigured", variable=ACCESS_CODE_ENV, length=MIN_CODE_LENGTH))
        st.stop()
    st.markdown(translate(lang, "access.intro"))
    with st.form("access_gate"):
        typed = st.text_input(translate(lang, "access.code"), max_chars=64, key="access_code_typed",
                              help=translate(lang, "access.code_help"))
        entered = st.form_submit_button(translate(lang, "access.enter"), type="primary")
    if entered:
        _check(lang, code, store, typed)
    st.stop()


def _check(lang: str, code: str, store: Store | None, typed: object) -> None:
    """Let the session in when ``typed`` is the code or a recent room's, unless it or its address must wait first."""
    address, session = client_address(), session_key()
    wait = CODE_TRIES.wait(session, address)
    if wait:
        st.error(wait_text(lang, wait))
        return
    if same_code(typed, code):
        CODE_TRIES.passed(session, address)
        st.session_state[GRANTED] = True
        st.rerun()
    room = open_room(store, typed) if store is not None else None
    if room is not None:
        CODE_TRIES.passed(session, address)
        st.session_state[GRANTED] = True
        st.switch_page(ROOM_PAGE, query_params={"join": room})
    count_wrong(address, "access gate: wrong code")
    wait = CODE_TRIES.wait(session, address)
    st.error(wait_text(lang, wait, after_wrong=True) if wait else translate(lang, "access.wrong"))
