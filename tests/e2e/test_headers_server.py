"""Response headers and the metrics endpoint (issue 27, item 7), with raw HTTP requests against the real server.

``serve.py`` is started for real, once with an access code (workshop mode) and once without: every answer forbids
framing by another site and sends no Referer; ``/_stcore/metrics`` is shut while an access code is set.
"""

from __future__ import annotations

import http.client
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server import serve

pytestmark = pytest.mark.e2e

CODE = "TOMATO-4242"


@pytest.fixture(scope="module")
def workshop_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store = f"sqlite:///{Path(tmp_path_factory.mktemp('headers')) / 'store.db'}"
    with serve(script="serve.py", store=store, env={"UNCASE_ACCESS_CODE": CODE}) as (base, _process):
        yield base


def _get(base: str, path: str) -> tuple[int, http.client.HTTPMessage]:
    connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, response.headers
    finally:
        connection.close()


@pytest.mark.parametrize("path", ["/", "/_stcore/health", "/rag_diagnosis", "/_stcore/host-config"])
def test_every_answer_forbids_framing_and_referers(workshop_server: str, path: str):
    status, headers = _get(workshop_server, path)
    assert status == 200, path
    assert headers.get_all("X-Frame-Options") == ["DENY"]
    assert "frame-ancestors 'none'" in headers.get("Content-Security-Policy", "")
    assert headers.get("Referrer-Policy") == "no-referrer"


def test_metrics_are_shut_in_workshop_mode(workshop_server: str):
    status, headers = _get(workshop_server, "/_stcore/metrics")
    assert status == 404
    assert headers.get("X-Frame-Options") == "DENY"


def test_metrics_answer_without_an_access_code(tmp_path: Path):
    with serve(script="serve.py", store=f"sqlite:///{tmp_path / 'store.db'}",
               env={"UNCASE_ACCESS_CODE": ""}) as (base, _process):
        status, headers = _get(base, "/_stcore/metrics")
    assert status == 200
    assert headers.get("Referrer-Policy") == "no-referrer"
