"""The playground as ``python3 dev.py run`` serves it: ``streamlit run serve.py`` (app.py and the pages its
st.navigation declares).

Streamlit runs a file holding ``st.App`` as that app; ``on_script_error`` shows a person who hits a bug a short
message with an id and puts the traceback in the log under the same id (see ``ui/frame/errors.py``);
``UploadGuard`` refuses uploads from sessions that have not passed the access gate, or hold too much already
(see ``ui/frame/upload_guard.py``); ``BackMessageGuard`` lets a session that has not passed the gate send only
what the gate's page needs over the websocket, so it cannot clear the process's caches (see
``ui/frame/back_messages.py``); ``SecurityHeaders`` keeps other sites from framing the app and the address
out of Referers, and shuts ``/_stcore/metrics`` in workshop mode (see ``ui/frame/headers.py``); the lifespan
hook starts the warm-up that spares the first visitor after a start the imports and the store's opening (see
``ui/frame/warmup.py``).

``streamlit run serve.py -- --public-url https://class.example.org/uncase`` gives the address a proxy serves the
playground at: a workshop room's participant and projector links use it (``ui/frame/addresses.py``; the same as
``UNCASE_PUBLIC_URL``, which ``python3 dev.py run --public-url URL`` sets).
"""

import argparse
import os
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import streamlit as st
from starlette.middleware import Middleware

from ui.frame.addresses import PUBLIC_URL_ENV
from ui.frame.back_messages import BackMessageGuard
from ui.frame.errors import report_error
from ui.frame.headers import SecurityHeaders
from ui.frame.upload_guard import UploadGuard
from ui.frame.warmup import start_warm_up


def public_url_option(argv: Sequence[str]) -> str | None:
    """``--public-url URL`` among the script's arguments (others are left to whoever wants them)."""
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--public-url")
    url = parser.parse_known_args(list(argv))[0].public_url
    return url.strip() if url and url.strip() else None


if (public_url := public_url_option(sys.argv[1:])) is not None:
    os.environ[PUBLIC_URL_ENV] = public_url


@asynccontextmanager
async def warm_up_at_start(_app: Any) -> AsyncIterator[None]:
    start_warm_up()
    yield


app = st.App("app.py", on_script_error=report_error, middleware=[Middleware(SecurityHeaders), Middleware(UploadGuard),
                                                                   Middleware(BackMessageGuard)],
             lifespan=warm_up_at_start)
