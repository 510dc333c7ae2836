"""An uncaught error on a real server (protocol-level client, no browser): served as serve.py serves the app, the
page shows a short message with an id and the log has the traceback under that id; served bare (`streamlit run`),
the project's config keeps the error's text off the page. The page that fails is a test script: the app itself
fails on demand nowhere, so serve.py's own text is reused with that script in place of app.py."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.e2e.test_protocol_client import run
from tests.support.protocol_client import ProtocolSession
from tests.support.server import serve
from ui.i18n import translate

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SECRET = "hunter2 in /srv/private/notes.txt"
FAILING_PAGE = f"import streamlit as st\n\nst.title('Before the error')\nraise RuntimeError({SECRET!r})\n"


def _shown(base: str) -> tuple[list[str], list[str]]:
    async def visit() -> tuple[list[str], list[str]]:
        async with await ProtocolSession.open(base, "/") as session:
            return session.texts(), session.exceptions()

    return run(visit())


def test_served_like_serve_py_the_person_sees_an_id_and_the_log_the_traceback(tmp_path: Path) -> None:
    page = tmp_path / "failing_page.py"
    page.write_text(FAILING_PAGE, encoding="utf-8")
    launcher = tmp_path / "serve_failing.py"
    source = (ROOT / "serve.py").read_text(encoding="utf-8")
    assert source.count('"app.py"') == 1
    launcher.write_text(source.replace('"app.py"', repr(str(page))), encoding="utf-8")
    log = tmp_path / "streamlit.log"
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with serve(log, script=str(launcher), env=env) as (base, _):
        texts, exceptions = _shown(base)
    assert exceptions == []  # no Streamlit exception box
    assert "Before the error" in texts
    (message,) = [text for text in texts if "error" in text and text != "Before the error"]
    error_id = re.search(r"error ([0-9a-f]{8})\)", message).group(1)
    assert message == translate("en", "page_crash.message", id=error_id)
    assert all(SECRET not in text for text in texts)
    logged = log.read_text(errors="replace")
    assert f"error {error_id}: RuntimeError" in logged
    after_id = logged[logged.index(f"error {error_id}"):]
    assert "Traceback (most recent call last)" in after_id and SECRET in after_id


def test_served_bare_the_config_keeps_the_errors_text_off_the_page(tmp_path: Path) -> None:
    page = tmp_path / "failing_page.py"
    page.write_text(FAILING_PAGE, encoding="utf-8")
    with serve(tmp_path / "streamlit.log", script=str(page)) as (base, _):
        texts, exceptions = _shown(base)
    assert len(exceptions) == 1  # Streamlit's redacted notice
    assert SECRET not in exceptions[0] and "RuntimeError" not in exceptions[0]
    assert all(SECRET not in text for text in texts)
