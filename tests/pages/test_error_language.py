"""A broken upload is refused in the reader's language, and the message follows a language switch (issue 15).

A Spanish session uploads a file with a bad label on line 2: the page names the file and the
place in Spanish (``línea 2``), with the Spanish problem; switching to English shows the same
refusal in English, without uploading again.
"""

from __future__ import annotations

import json

from tests.pages.apptest_helpers import open_app, shown
from uncase_core.assets.reader import ASSETS

GOOD = {"id": "a", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": True}]}
BAD = {"id": "b", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": "sí"}]}
BROKEN = (json.dumps(GOOD) + "\n" + json.dumps(BAD, ensure_ascii=False) + "\n").encode("utf-8")
SPANISH = 'rotos.jsonl: línea 2: passages[0].relevant: se esperaba true, false o null, se recibió "sí"'
ENGLISH = 'rotos.jsonl: line 2: passages[0].relevant: expected true, false or null, got "sí"'


def _errors(at) -> list[str]:
    return [shown(e.value) for e in at.error]


def _in_spanish(page: str):
    at = open_app()
    at.switch_page(page)
    at.run()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _to_english(at):
    at.sidebar.radio(key="language_widget").set_value("en").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_rag_page_refuses_a_broken_upload_in_spanish_then_in_english():
    at = _in_spanish("app_pages/rag_diagnosis.py")
    at.sidebar.file_uploader(key="rag_upload").set_value(("rotos.jsonl", BROKEN, "application/json")).run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(SPANISH in message for message in _errors(at)), _errors(at)
    assert not any("expected" in message for message in _errors(at))
    _to_english(at)
    assert any(ENGLISH in message for message in _errors(at)), _errors(at)
    assert not any("se esperaba" in message for message in _errors(at))


def test_the_agreement_page_refuses_a_broken_file_in_spanish_then_in_english():
    at = _in_spanish("app_pages/annotator_agreement.py")
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    good = ASSETS / "agreement" / "annotator_a_es.json"
    at.sidebar.file_uploader(key="agr_upload_a").set_value((good.name, good.read_bytes(), "application/json"))
    at.sidebar.file_uploader(key="agr_upload_b").set_value(("rotos.jsonl", BROKEN, "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(SPANISH in message for message in _errors(at)), _errors(at)
    _to_english(at)
    assert any(ENGLISH in message for message in _errors(at)), _errors(at)
    assert not any("se esperaba" in message for message in _errors(at))


def test_a_file_over_the_pages_limit_is_refused_in_the_readers_language():
    at = _in_spanish("app_pages/rag_diagnosis.py")
    big = b"[" + b" " * (3 * 1024 * 1024) + b"]"  # 3 MB: over the RAG page's 2 MB
    at.sidebar.file_uploader(key="rag_upload").set_value(("grande.json", big, "application/json")).run()
    assert any("grande.json: el archivo ocupa 3,0 MB; esta página admite hasta 2 MB" in message
               for message in _errors(at)), _errors(at)
    _to_english(at)
    assert any("grande.json: the file is 3.0 MB; this page takes up to 2 MB" in message
               for message in _errors(at)), _errors(at)
