"""The playground as ``python3 dev.py run`` serves it: ``streamlit run serve.py`` (app.py and the pages its
st.navigation declares).

Streamlit runs a file holding ``st.App`` as that app; ``on_script_error`` shows a person who hits a bug a short
message with an id and puts the traceback in the log under the same id (see ``ui/frame/errors.py``);
``UploadGuard`` refuses uploads from sessions that have not passed the access gate, or hold too much already
(see ``ui/frame/upload_guard.py``); ``BackMessageGuard`` lets a session that has not passed the gate send only
what the gate's page needs over the websocket, so it cannot clear the process's caches (see
``ui/frame/back_messages.py``); ``SecurityHeaders`` keeps other sites from framing the app and the address
out of Referers, and shuts ``/_stcore/metrics`` in workshop mode (see ``ui/frame/headers.py``); ``ServerFull`` shows
a "server full" page before the process runs out of descriptors, whose limit this script raises to the hard one as it
starts (see ``ui/frame/server_full.py``, ``ui/frame/descriptors.py``); the lifespan hook starts the warm-up that spares
the first visitor after a start the imports and the store's opening (see ``ui/frame/warmup.py``), prints where to open
the playground, and puts a closed tab's session on a clock, shut down once its time to reconnect is over (see
``ui/frame/closed_sessions.py``); one route of our own tells a room member's page the room's change number, so the
page runs its script only when the room changed: it answers only the pages of this process that watch the room, from
memory, in front of Streamlit's own middleware (see ``ui/views/room/head_route.py``). Nothing here or in Streamlit
asks the internet for anything: Streamlit's lookup of this computer's public address is answered without a request
(see ``ui/frame/offline.py``).

``streamlit run serve.py -- --public-url https://class.example.org/uncase`` gives the address a proxy serves the
playground at: a workshop room's participant and projector links use it (``ui/frame/addresses.py``; the same as
``UNCASE_PUBLIC_URL``, which ``python3 dev.py run --public-url URL`` sets).
"""

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import streamlit as st
from starlette.middleware import Middleware

from ui.frame.access import configured_code, forwarded_allow_ips, limits_basis
from ui.frame.addresses import PUBLIC_URL_ENV
from ui.frame.back_messages import BackMessageGuard
from ui.frame.closed_sessions import install, sweep_every
from ui.frame.descriptors import log_descriptor_limit, raise_descriptor_limit
from ui.frame.errors import report_error
from ui.frame.headers import SecurityHeaders
from ui.frame.offline import keep_server_offline, start_banner
from ui.frame.server_full import ServerFull
from ui.frame.upload_guard import UploadGuard
from ui.frame.warmup import start_warm_up
from ui.views.room.head_route import RoomHeadRoute, RoomHeads
from uncase_store.rooms import Rooms


def public_url_option(argv: Sequence[str]) -> str | None:
    """``--public-url URL`` among the script's arguments (others are left to whoever wants them)."""
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--public-url")
    url = parser.parse_known_args(list(argv))[0].public_url
    return url.strip() if url and url.strip() else None


if (public_url := public_url_option(sys.argv[1:])) is not None:
    os.environ[PUBLIC_URL_ENV] = public_url


def trust_only_named_proxies() -> None:
    """Make uvicorn believe ``X-Forwarded-For`` only from the proxies the facilitator names (``ui/frame/access.py``).

    Uvicorn, under Streamlit's server, rewrites a connection's address from that header when the peer is one of its
    ``FORWARDED_ALLOW_IPS``, by default any client on this machine: a script here chose its own address and escaped
    the per-address limits. Uvicorn reads that setting before it imports this file, and wraps the app in
    its ``ProxyHeadersMiddleware`` just after, by the name ``uvicorn.config`` holds: so the name is pointed at a
    middleware that trusts the named proxies whatever it is given (``tests/e2e/test_access_guessing_server.py``
    checks it against the real server). The environment variable is set too, for whatever reads it later.
    """
    import uvicorn.config
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    trusted = forwarded_allow_ips()
    os.environ["FORWARDED_ALLOW_IPS"] = trusted

    class NamedProxiesOnly(ProxyHeadersMiddleware):
        def __init__(self, app: Any, trusted_hosts: object = None) -> None:
            super().__init__(app, trusted_hosts=trusted)

    uvicorn.config.ProxyHeadersMiddleware = NamedProxiesOnly  # type: ignore[misc]


trust_only_named_proxies()
keep_server_offline()


# Before the server opens its socket: every session holds four descriptors, and the usual soft limit of 1,024 refused
# the 254th session where the hard limit allows many more (ui/frame/descriptors.py).
DESCRIPTOR_LIMITS = raise_descriptor_limit()


@asynccontextmanager
async def warm_up_at_start(_app: Any) -> AsyncIterator[None]:
    print(start_banner(), flush=True)  # Streamlit's own banner (hidden in .streamlit/config.toml) asks the internet
    if configured_code() is not None:  # who the per-address limits count, said once for whoever runs the server
        logging.getLogger("uncase.access").warning("workshop mode: %s", limits_basis())
    log_descriptor_limit(*DESCRIPTOR_LIMITS)
    from streamlit import config
    from streamlit.runtime import Runtime

    storage = install(Runtime.instance(), float(config.get_option("server.disconnectedSessionTTL")))
    sweeper = None if storage is None else asyncio.create_task(sweep_every(storage), name="uncase-closed-sessions")
    start_warm_up()
    try:
        yield
    finally:
        if sweeper is not None:
            sweeper.cancel()


def room_rooms() -> Rooms:
    # Imported at the first room request, not with this file: ui.frame.state brings the pages' whole tree (pandas,
    # scipy, statsmodels), which the server's health check would otherwise wait for; the warm-up loads it anyway.
    from ui.frame.state import get_store

    return Rooms(get_store())


app = st.App("app.py", on_script_error=report_error,
             middleware=[Middleware(SecurityHeaders), Middleware(ServerFull),
                         Middleware(RoomHeadRoute, heads=RoomHeads(room_rooms)), Middleware(UploadGuard),
                         Middleware(BackMessageGuard)],
             lifespan=warm_up_at_start)
