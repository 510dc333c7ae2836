"""The address a room's links use (issue 26, item 5): a proxy's public URL, the browser's when others reach it,
else the Network URL Streamlit prints, else the browser's said to reach this computer only."""

from __future__ import annotations

import pytest
from streamlit import config, net_util

from ui.frame import addresses
from ui.frame.addresses import BROWSER, LOCAL_ONLY, NETWORK, PUBLIC, PUBLIC_URL_ENV, is_loopback, page_address


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "127.0.1.1", "::1", "[::1]", None, ""])
def test_loopback_names(host):
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["192.168.1.20", "10.0.0.5", "class.example.org", "fe80::1"])
def test_other_hosts(host):
    assert not is_loopback(host)


@pytest.fixture
def server(monkeypatch):
    """A server as configured per test: its listening address, port, base path, and this computer's address."""
    options = {"server.address": None, "server.port": 8501, "server.baseUrlPath": ""}
    monkeypatch.setattr(config, "get_option", lambda name: options[name])
    monkeypatch.setattr(net_util, "get_internal_ip", lambda: "192.168.1.20")
    return options


def test_the_public_url_wins(server, monkeypatch):
    monkeypatch.setattr(addresses, "_browser_url", lambda: "http://192.168.1.20:8501/workshop_room")
    found = page_address("workshop_room", {PUBLIC_URL_ENV: " https://class.example.org/play/ "})
    assert found == addresses.PageAddress("https://class.example.org/play/workshop_room", PUBLIC)


def test_a_browser_on_the_network_address_keeps_it(server, monkeypatch):
    monkeypatch.setattr(addresses, "_browser_url", lambda: "http://192.168.1.20:8501/workshop_room?room=X&key=Y")
    assert page_address("workshop_room", {}) == addresses.PageAddress("http://192.168.1.20:8501/workshop_room",
                                                                      BROWSER)


def test_localhost_becomes_the_network_url_with_the_base_path(server, monkeypatch):
    server.update({"server.port": 8600, "server.baseUrlPath": "/uncase/"})
    monkeypatch.setattr(addresses, "_browser_url", lambda: "http://localhost:8600/uncase/workshop_room")
    assert page_address("workshop_room", {}) == addresses.PageAddress(
        "http://192.168.1.20:8600/uncase/workshop_room", NETWORK)


def test_a_server_on_this_computer_only_says_so(server, monkeypatch):
    server["server.address"] = "127.0.0.1"
    monkeypatch.setattr(addresses, "_browser_url", lambda: "http://127.0.0.1:8501/workshop_room")
    assert page_address("workshop_room", {}) == addresses.PageAddress("http://127.0.0.1:8501/workshop_room",
                                                                      LOCAL_ONLY)


def test_dev_py_and_serve_py_pass_the_public_url_on():
    import dev
    import serve

    assert dev.PUBLIC_URL_ENV == PUBLIC_URL_ENV
    options, rest = dev._run_options(["--workshop", "--public-url", "https://class.example.org/u", "--server.port=1"])
    assert options.public_url == "https://class.example.org/u" and rest == ["--server.port=1"]
    assert serve.public_url_option(["--public-url", " https://p.example/x "]) == "https://p.example/x"
    assert serve.public_url_option(["--other", "1"]) is None
