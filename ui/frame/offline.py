"""The server asks nothing of the internet: no request leaves this machine (docs/privacy.md).

Streamlit asks ``checkip.amazonaws.com`` for this computer's public address (``streamlit.net_util.get_external_ip``)
in two places:

- the addresses it prints at start, when the server is headless and listens on every interface (``dev.py run
  --workshop``): its "External URL" line (``streamlit/web/bootstrap.py``, ``_print_url``);
- the websocket's origin check, for every connection whose ``Origin`` is neither the page's own address nor a
  local one (``streamlit/web/server/server_util.py``, ``is_url_from_allowed_origins``). Any visitor could make the
  server ask, once per connection (a failed answer is not kept), with two blocking requests of up to a second each
  on the event loop every page shares.

A workshop server has no use for its public address: it is reached on the local network, or behind a proxy whose
address the facilitator gives (``ui/frame/addresses.py``). :func:`keep_server_offline` makes Streamlit's lookup
answer "unknown" without asking (the origin check then goes on with the local addresses and the configured
origins, as when the lookup fails), and :func:`start_addresses` says the addresses Streamlit printed, but the
external one: Streamlit prints its own before ``serve.py`` is imported, so ``.streamlit/config.toml`` hides its
banner and ``serve.py`` prints these at start. ``tests/e2e/test_offline_server.py`` records every lookup and
connection the server attempts.
"""

from __future__ import annotations

from streamlit import config, net_util
from streamlit.web.server import server_util

WILDCARDS = ("", "0.0.0.0", "::")  # server.address unset or every interface: Streamlit's Local and Network URLs


def no_external_address() -> str | None:
    """Stands in for ``streamlit.net_util.get_external_ip``: the public address is never looked up."""
    return None


def keep_server_offline() -> None:
    """Make Streamlit's public-address lookup answer None without a request, for the rest of the process.

    Both of its callers look the function up on the module at each call, so replacing it there reaches them."""
    net_util.get_external_ip = no_external_address


def start_addresses() -> list[tuple[str, str]]:
    """(name, address) of each address the server is reached at, as Streamlit names them at start: the one the
    facilitator gave (``browser.serverAddress``) or the one it listens on, else ``Local URL`` and, on a network,
    ``Network URL`` (this computer's address there, found without sending anything)."""
    if config.is_manually_set("browser.serverAddress"):
        return [("URL", server_util.get_url(config.get_option("browser.serverAddress")))]
    address = config.get_option("server.address") or ""
    if address not in WILDCARDS:
        return [("URL", server_util.get_url(address))]
    named = [("Local URL", server_util.get_url("localhost"))]
    network = net_util.get_internal_ip()
    if network:
        named.append(("Network URL", server_util.get_url(network)))
    return named


def start_banner() -> str:
    """The lines printed at start: where to open the playground."""
    lines = "\n".join(f"  {name}: {address}" for name, address in start_addresses())
    return f"\n  Open the playground in a browser:\n\n{lines}\n"
