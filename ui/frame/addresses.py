"""The address other devices reach this playground at, for the links a room gives its participants.

A facilitator who opened the playground on ``http://localhost:8501`` would otherwise hand out a link that
points at each participant's own device. In order:

1. ``UNCASE_PUBLIC_URL`` (set by ``python3 dev.py run --public-url URL`` or ``streamlit run serve.py --
   --public-url URL``): the address a proxy in front of the playground serves it at;
2. the browser's own address, when it is not this computer's loopback name (the facilitator opened the
   Network URL, or a proxy's);
3. the Network URL Streamlit prints at start (this computer's address on the local network, the server's
   port and base path), when the server listens on the network;
4. otherwise the browser's address, said to be reachable from this computer only.
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from urllib.parse import urlsplit

import streamlit as st

PUBLIC_URL_ENV = "UNCASE_PUBLIC_URL"
LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")
# How the address was found (the on-screen note says so): ui/i18n/*/room.toml "room.address.<how>".
PUBLIC, BROWSER, NETWORK, LOCAL_ONLY = "public", "browser", "network", "local_only"


@dataclass(frozen=True)
class PageAddress:
    url: str  # the page's address, without a query (``http://192.168.1.20:8501/workshop_room``)
    how: str  # PUBLIC, BROWSER, NETWORK or LOCAL_ONLY


def is_loopback(host: str | None) -> bool:
    if not host:
        return True
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _browser_url() -> str:
    try:
        return st.context.url or ""
    except Exception:  # outside a running page (a test calling a view directly)
        return ""


def _network_base() -> str | None:
    """The Network URL Streamlit prints, or None when the server listens on this computer only."""
    from streamlit import config, net_util

    address = config.get_option("server.address")
    if address and is_loopback(address):
        return None
    ip = net_util.get_internal_ip()
    if ip is None or is_loopback(ip):
        return None
    port = config.get_option("server.port")
    path = (config.get_option("server.baseUrlPath") or "").strip("/")
    return f"http://{ip}:{port}" + (f"/{path}" if path else "")


def page_address(page_path: str, environ: dict[str, str] | None = None) -> PageAddress:
    """Where other devices open ``page_path`` (``"workshop_room"``) on this playground, and how that was found."""
    public = (environ if environ is not None else os.environ).get(PUBLIC_URL_ENV, "").strip().rstrip("/")
    if public:
        return PageAddress(f"{public}/{page_path}", PUBLIC)
    browser = _browser_url()
    if browser and not is_loopback(urlsplit(browser).hostname):
        return PageAddress(browser.split("?")[0], BROWSER)
    network = _network_base()
    if network is not None:
        return PageAddress(f"{network}/{page_path}", NETWORK)
    return PageAddress(browser.split("?")[0] or f"/{page_path}", LOCAL_ONLY)
