"""A sealed tab's address (``ui/frame/sealed.py``): a handle that opens nothing alone, a cookie checked against it,
and, once the browser has said it holds the cookie, an address and links that name the workspace by the handle.

The browser's part (the cookie stored, the address rewritten, a reload and a restart) is in Chromium:
``tests/e2e/test_sealed_address_browser.py``."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from tests.pages.apptest_helpers import open_app, token
from ui.frame import sealed
from ui.frame.sealed import COOKIE_PREFIX, HANDLE_KEY, SEALED, handle_of, sealed_token

TOKEN = "Qm9vZGxlLTE2LWNoYXJz"


def test_the_handle_is_a_short_digest_of_the_token():
    handle = handle_of(TOKEN)
    assert len(handle) == 16 and int(handle, 16) >= 0
    assert TOKEN not in handle and handle != handle_of(TOKEN + "x")


@pytest.mark.parametrize(("params", "cookies", "found"), [
    ({HANDLE_KEY: handle_of(TOKEN)}, {COOKIE_PREFIX + handle_of(TOKEN): TOKEN}, TOKEN),
    ({HANDLE_KEY: handle_of(TOKEN)}, {}, None),  # another browser: no cookie
    ({}, {COOKIE_PREFIX + handle_of(TOKEN): TOKEN}, None),  # no handle in the address
    # a cookie under the handle that holds another workspace's token is not believed
    ({HANDLE_KEY: handle_of(TOKEN)}, {COOKIE_PREFIX + handle_of(TOKEN): "AnotherToken-16chars"}, None),
    ({HANDLE_KEY: "../" + handle_of(TOKEN)}, {COOKIE_PREFIX + "../" + handle_of(TOKEN): TOKEN}, None),
    ({HANDLE_KEY: handle_of(TOKEN)}, {COOKIE_PREFIX + handle_of(TOKEN): "short"}, None),
])
def test_a_sealed_address_names_the_token_only_with_its_cookie(monkeypatch, params, cookies, found):
    monkeypatch.setattr(sealed, "browser_cookie", cookies.get)
    assert sealed_token(params) == found


def _link_queries(at) -> list[dict[str, list[str]]]:
    return [parse_qs(link.proto.query_string) for link in at.sidebar.get("page_link")]


def test_once_sealed_the_address_and_every_link_name_the_workspace_by_its_handle():
    at = open_app()
    own = token(at)
    assert at.query_params["w"] == own and all(query.get("w") == [own] for query in _link_queries(at))
    at.session_state[SEALED] = True  # what the browser's answer sets, once it holds the cookie
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert "w" not in at.query_params and at.query_params[HANDLE_KEY] == handle_of(own)
    queries = _link_queries(at)
    assert queries and all(query == {HANDLE_KEY: [handle_of(own)]} for query in queries)
    assert all(own not in link.proto.query_string for link in at.sidebar.get("page_link"))
