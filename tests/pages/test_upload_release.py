"""Once an upload has been read, the session holds none of its bytes (AppTest): the file Streamlit keeps as the
widget's value is emptied, whether the page took the file or refused it; what the page read stays, and a refused
file's message stays with the file. The server side (the upload manager, the box) is in
tests/e2e/test_upload_release_browser.py."""

from __future__ import annotations

from streamlit.runtime.uploaded_file_manager import UploadedFile
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import open_rag_page, shown, workspace
from ui.frame.data_kinds import RAG
from uncase_core.assets.reader import ASSETS

GOOD = ASSETS / "rag" / "en" / "wrong_answer.json"
BAD = b'{"id": "x", "question": "q", "claims": [{"id": "c1", "text": "t", "supported": "yes"}]}'


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.sidebar.file_uploader(key="rag_upload").set_value((name, data, "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def kept_file(at: AppTest) -> UploadedFile:
    value = at.session_state["rag_upload"]
    assert isinstance(value, UploadedFile)
    return value


def test_a_file_the_page_took_is_emptied_and_its_data_stays():
    at = upload(open_rag_page(), GOOD.name, GOOD.read_bytes())
    assert kept_file(at).getvalue() == b""
    assert workspace(at).source(RAG) == (GOOD.name, "upload")
    cases = workspace(at).data(RAG).cases
    at.run()  # a later run neither reads the file again nor loses what it gave
    assert workspace(at).data(RAG).cases == cases


def test_a_refused_file_is_emptied_and_its_message_stays_while_it_is_in_the_box():
    at = upload(open_rag_page(), "bad.json", BAD)
    assert kept_file(at).getvalue() == b""
    assert any("claims[0].supported" in shown(e.value) for e in at.sidebar.error)
    at.run()
    assert any("claims[0].supported" in shown(e.value) for e in at.sidebar.error)
    at.sidebar.file_uploader(key="rag_upload").set_value(None)
    at.run()
    assert not at.sidebar.error
