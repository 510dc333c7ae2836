"""Whose address the per-address limits count (issue 35, finding 6): X-Forwarded-For only from a proxy the
facilitator names, its last entry; otherwise the connection's own peer."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dev
from ui.frame.access import LOCAL, TRUSTED_PROXIES_ENV, address_behind, limits_basis, trusted_proxies

LOOPBACK_ONLY = trusted_proxies({TRUSTED_PROXIES_ENV: "127.0.0.1"})


def test_without_a_trusted_proxy_a_local_client_cannot_choose_its_address():
    assert address_behind(None, "203.0.113.5", ()) == LOCAL  # a script on this machine naming any address
    assert address_behind("198.51.100.7", "203.0.113.5", ()) == "198.51.100.7"


def test_a_trusted_proxy_names_the_client_with_the_entry_it_added():
    assert address_behind(None, "10.9.9.9, 203.0.113.5", LOOPBACK_ONLY) == "203.0.113.5"
    proxies = trusted_proxies({TRUSTED_PROXIES_ENV: "10.0.0.0/8, ::1"})
    assert address_behind("10.1.2.3", "203.0.113.5", proxies) == "203.0.113.5"
    assert address_behind("192.0.2.1", "203.0.113.5", proxies) == "192.0.2.1"  # not a trusted proxy
    assert address_behind(None, "203.0.113.5", proxies) == "203.0.113.5"  # loopback named as ::1


def test_a_trusted_proxy_without_the_header_is_one_address_and_says_so(caplog: pytest.LogCaptureFixture):
    assert address_behind(None, None, LOOPBACK_ONLY) == LOCAL
    assert address_behind("10.1.2.3", "", trusted_proxies({TRUSTED_PROXIES_ENV: "10.1.2.3"})) == "10.1.2.3"


def test_the_setting_reads_addresses_and_networks_and_leaves_out_the_rest(caplog: pytest.LogCaptureFixture):
    found = trusted_proxies({TRUSTED_PROXIES_ENV: "127.0.0.1, not-an-address, 10.0.0.0/8,,"})
    assert found == (ipaddress.ip_network("127.0.0.1"), ipaddress.ip_network("10.0.0.0/8"))
    assert "not-an-address" in caplog.text
    assert trusted_proxies({}) == ()


def test_the_start_line_says_which_address_counts():
    assert "own address" in limits_basis({}) and TRUSTED_PROXIES_ENV in limits_basis({})
    assert "X-Forwarded-For address that 127.0.0.1/32 add" in limits_basis({TRUSTED_PROXIES_ENV: "127.0.0.1"})
    assert dev.TRUSTED_PROXIES_ENV == TRUSTED_PROXIES_ENV


@given(st.text(max_size=80))
def test_an_untrusted_peer_counts_as_itself_whatever_the_header(header: str):
    assert address_behind("198.51.100.7", header, ()) == "198.51.100.7"
    assert address_behind(None, header, ()) == LOCAL
