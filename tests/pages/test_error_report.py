"""An uncaught error, as serve.py's handler reports it (AppTest): the person sees a short message with an id and
none of the error's own text; the log has the traceback under the same id. Streamlit calls the handler in the
session's script thread while the page is being drawn, as these scripts do."""

from __future__ import annotations

import logging
import re

import pytest
from streamlit.testing.v1 import AppTest

from ui.i18n import translate

SECRET = "password=hunter2 in /srv/private/path.py"


def _failing_page() -> None:
    import streamlit as st

    from ui.frame.errors import report_error

    st.title("A page")
    try:
        raise ValueError("password=hunter2 in /srv/private/path.py")
    except ValueError as error:
        st.session_state["handled"] = report_error(error)


def _failing_spanish_page() -> None:
    import streamlit as st

    from ui.frame.errors import report_error

    class Workspace:  # what ui.frame.state keeps: the person's language
        language = "es"

    st.session_state["workspace"] = Workspace()
    try:
        raise KeyError("x")
    except KeyError as error:
        report_error(error)


def test_the_person_sees_an_id_and_the_log_has_the_traceback_under_it(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.ERROR, logger="uncase.errors")
    at = AppTest.from_function(_failing_page, default_timeout=30).run()
    assert not at.exception  # Streamlit's own box stays off the page
    assert at.session_state["handled"] is True
    (message,) = [e.value for e in at.error]
    error_id = re.search(r"error ([0-9a-f]{8})\)", message).group(1)
    assert message == translate("en", "page_crash.message", id=error_id)
    assert "hunter2" not in message and "ValueError" not in message
    (record,) = [r for r in caplog.records if r.name == "uncase.errors"]
    assert error_id in record.getMessage()
    assert record.exc_info[0] is ValueError and "hunter2" in str(record.exc_info[1])
    assert "Traceback" in caplog.text and SECRET in caplog.text


def test_each_error_gets_its_own_id():
    first = AppTest.from_function(_failing_page, default_timeout=30).run()
    second = AppTest.from_function(_failing_page, default_timeout=30).run()
    assert first.error[0].value != second.error[0].value


def test_the_message_is_in_the_persons_language():
    at = AppTest.from_function(_failing_spanish_page, default_timeout=30).run()
    (message,) = [e.value for e in at.error]
    error_id = re.search(r"error ([0-9a-f]{8})\)", message).group(1)
    assert message == translate("es", "page_crash.message", id=error_id)
