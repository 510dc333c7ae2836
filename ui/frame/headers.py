"""Response headers every answer of the server carries, and the metrics endpoint shut in workshop mode.

An ASGI middleware in front of Streamlit's own routes (``serve.py`` hands it to ``st.App``), as the upload guard
is (``ui/frame/upload_guard.py``):

- ``X-Frame-Options: DENY`` and ``Content-Security-Policy: frame-ancestors 'none'``: no other site may show the
  playground in a frame (where a click on it could be made to look like a click on something else);
- ``Referrer-Policy: no-referrer``: a link followed out of the playground does not tell the other site the
  address it came from, which holds the person's workspace token (``?w=``);
- ``X-Content-Type-Options: nosniff``: a browser takes a download for what the server says it is.

In workshop mode (an access code is set, ``ui/frame/access.py``) ``/_stcore/metrics`` answers ``404``: it counts
sessions and their memory for anyone who asks, and the access code is typed only in the page. ``docs/deploy.md``
sets the same headers at the proxy.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from types import MappingProxyType
from typing import Any

from ui.frame.access import configured_code

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = MappingProxyType({
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
})
METRICS_PATH = re.compile(r"/_stcore/metrics/?$")
_ENCODED = tuple((name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS.items())


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP answer; the metrics endpoint shut behind an access code."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return
        if METRICS_PATH.search(scope.get("path", "")) and configured_code() is not None:
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"), *_ENCODED]})
            await send({"type": "http.response.body", "body": b"not served in workshop mode"})
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message.get("type") == "http.response.start":
                ours = {name for name, _value in _ENCODED}
                kept = [(name, value) for name, value in message.get("headers", ()) if name.lower() not in ours]
                message = {**message, "headers": [*kept, *_ENCODED]}
            await send(message)

        await self.app(scope, receive, with_headers)
