"""The playground as ``python3 dev.py run`` serves it: ``streamlit run serve.py`` (app.py and the pages its
st.navigation declares).

Streamlit runs a file holding ``st.App`` as that app; ``on_script_error`` shows a person who hits a bug a short
message with an id and puts the traceback in the log under the same id (see ``ui/frame/errors.py``);
``UploadGuard`` refuses uploads from sessions that have not passed the access gate, or hold too much already
(see ``ui/frame/upload_guard.py``); ``SecurityHeaders`` keeps other sites from framing the app and the address
out of Referers, and shuts ``/_stcore/metrics`` in workshop mode (see ``ui/frame/headers.py``); the lifespan
hook starts the warm-up that spares the first visitor after a start the imports and the store's opening (see
``ui/frame/warmup.py``).
"""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import streamlit as st
from starlette.middleware import Middleware

from ui.frame.errors import report_error
from ui.frame.headers import SecurityHeaders
from ui.frame.upload_guard import UploadGuard
from ui.frame.warmup import start_warm_up


@asynccontextmanager
async def warm_up_at_start(_app: Any) -> AsyncIterator[None]:
    start_warm_up()
    yield


app = st.App("app.py", on_script_error=report_error, middleware=[Middleware(SecurityHeaders), Middleware(UploadGuard)],
             lifespan=warm_up_at_start)
