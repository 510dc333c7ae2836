"""Text from a file is drawn as text on every page: no markdown, link, image, LaTeX, colour or HTML renders.

A RAG case file, a rubric verdicts file, a conversations file and a summaries file whose ids, texts, metadata
values and judge names carry payloads are uploaded, then every page of the registry is drawn. Every
markdown-capable element (markdown, captions, headings, alerts, expander and tab labels) must hold the payloads
only in their escaped form (``ui.widgets.text.literal``), and no plotly figure built from the data may carry a raw
``<`` in its text, hover text, labels or custom data (plotly renders a subset of HTML there).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT, edit_labels
from ui.frame.navigation import PAGES
from ui.widgets.text import literal
from uncase_core.assets.reader import ASSETS
from uncase_core.shared.bidi import BIDI_CONTROLS

IMAGE = "![x](http://tracker.example/p.png)"
LINK = "[link](http://e.x)"
PAYLOAD = f"{IMAGE} $x^2$ :red[red] {LINK} http://bare.example mail@bare.example <b>b</b> \u202eexe.pdf"
SHOWN = literal("[link](http://e.x)")
# What would render if the payload reached markdown unescaped; each is looked for in element bodies.
RENDERING = (re.compile(r"(?<!\\)\]\((?=http)"), re.compile(r"(?<!\\)\$x\^2"), re.compile(r"(?<!\\):red\[red"),
             re.compile(r"(?<![\\/])http(?!\\:)(?=:)"), re.compile(r"(?<!\\)<b>"), re.compile("\u202e"),
             # GitHub autolinks find addresses and emails after the escapes are read: the payload's must carry the
             # word joiner that stops them (ui.widgets.text.WORD_JOINER).
             re.compile(r"(?<!\u2060)https?\\?:\\?/\\?/(?:bare|e\\?\.x|tracker)"), re.compile(r"mail(?!\u2060)@"))


def rag_file() -> bytes:
    cases = []
    for n in range(3):
        cases.append({
            "id": f"c{n} {PAYLOAD}",
            "question": f"Question {PAYLOAD}",
            "passages": [{"id": f"p1 {PAYLOAD}", "text": f"Passage {PAYLOAD}", "relevant": True},
                         {"id": "p2", "text": "Other passage", "relevant": n != 1}],
            "answer": f"Answer {PAYLOAD}",
            "claims": [{"id": f"k1 {PAYLOAD}", "text": f"Claim {PAYLOAD}", "supported": True,
                        "correct": None if n == 2 else True},  # one unlabelled: the judge page offers it
                       {"id": "k2", "text": "Second claim", "supported": n != 0, "correct": True}],
            "reference_facts": [{"id": f"f1 {PAYLOAD}", "text": f"Fact {PAYLOAD}", "covered": True}],
            "metadata": {"domain": f"d{n % 2} {PAYLOAD}", "note": f"<a href='http://e.x'>{'w' * 300}</a>",
                         f"key {PAYLOAD}": PAYLOAD},
        })
    return json.dumps(cases).encode()


def _with_payload(value: Any, keys: frozenset[str]) -> Any:
    """``value`` with the payload appended to every string held under one of ``keys``."""
    if isinstance(value, dict):
        return {k: (f"{v} {PAYLOAD}" if k in keys and isinstance(v, str) else _with_payload(v, keys))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_with_payload(v, keys) for v in value]
    return value


CASE_TEXTS = frozenset({"id", "question", "text", "answer", "domain"})


def asset_file(path: str, keys: frozenset[str]) -> bytes:
    return json.dumps(_with_payload(json.loads((ASSETS / path).read_text(encoding="utf-8")), keys)).encode()


def verdicts_file() -> bytes:
    rows = ["candidate,prompt,item,judge,run,verdict"]
    for c, candidate in enumerate(("model-a", f"m {PAYLOAD}")):
        for i, item in enumerate(("i1", f"i {PAYLOAD}")):
            for j, judge in enumerate(("J1", f"J {PAYLOAD}")):
                verdict = "yes" if (c + i + j) % 2 else "no"
                rows.append(",".join(json.dumps(v) for v in (candidate, "P1", item, judge, "1", verdict)))
    return ("\n".join(rows) + "\n").encode()


UPLOADS: dict[str, list[tuple[str, str | None, str, bytes]]] = {
    # page script -> (uploader key, radio key choosing the upload or None, file name, bytes)
    "app_pages/rag_diagnosis.py": [("rag_upload", None, f"{PAYLOAD}.json", rag_file())],
    "app_pages/dataset_workbench.py": [("wb_upload", None, "cases.json", rag_file())],
    "app_pages/threshold_explorer.py": [("thr_upload", "thr_source", "cases.json", rag_file())],
    "app_pages/judge_and_hand_labels.py": [("judge_upload", None, "cases.json", rag_file())],
    "app_pages/conversation_quality.py": [("conv_upload", None, "conversation.json",
                                           asset_file("conversations/en/drift.json",
                                                      frozenset({"id", "text", "domain"})))],
    "app_pages/summary_autoevaluation.py": [("sum_upload", None, "summary.json",
                                             asset_file("summaries/en/appointment.json",
                                                        frozenset({"id", "text", "name", "instruction"})))],
    "app_pages/compare_systems.py": [(f"cmp_upload_{side}", "cmp_source", f"system_{side}.json",
                                      asset_file(f"compare/en/system_{side}.json", CASE_TEXTS)) for side in "ab"],
    "app_pages/annotator_agreement.py": [(f"agr_upload_{side}", "agr_source", f"annotator_{side}.json",
                                          asset_file(f"agreement/annotator_{side}_en.json", CASE_TEXTS | {"name"}))
                                         for side in "ab"],
    "app_pages/rubric_lab.py": [("rub_upload", None, "verdicts.csv", verdicts_file())],
}


def _bodies(at: Any) -> list[tuple[str, str]]:
    """Every markdown-capable body drawn (markdown, captions, headings, alerts, expander and tab labels)."""
    found = []
    for kind in ("markdown", "caption", "title", "header", "subheader", "info", "warning", "error", "success",
                 "latex"):
        found += [(kind, str(element.value)) for element in getattr(at, kind)]
    found += [("expander", str(e.label)) for e in at.expander]
    found += [("tab", str(e.label)) for e in at.tabs]
    found += [("metric", f"{m.label} {m.value}") for m in at.metric]
    # Widget labels (and radio options) are markdown too: bold, links, images, LaTeX and colours render there.
    for kind in ("button", "checkbox", "toggle", "radio", "selectbox", "multiselect", "slider", "select_slider",
                 "text_input", "text_area", "number_input"):
        for widget in getattr(at, kind):
            found.append((f"{kind} label", str(widget.label)))
            if kind == "radio":
                found += [("radio option", str(option)) for option in widget.options]
    return found


def _figures(at: Any) -> list[dict]:
    figures = []
    for node in at.get("plotly_chart"):
        figures.append(json.loads(node.proto.spec))
    return figures


def _raw_html_in_figure(figure: dict) -> list[str]:
    found = []

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{path}.{key}")
        elif isinstance(value, list):
            for n, inner in enumerate(value):
                walk(inner, f"{path}[{n}]")
        elif isinstance(value, str) and ("<b>b" in value or "<a " in value or "\u202e" in value):
            found.append(f"{path}: {value[:80]}")

    walk(figure.get("data", []), "data")
    walk(figure.get("layout", {}), "layout")
    return found


def _problems(at: Any, where: str) -> list[str]:
    problems = [f"{where}: exception {e.value[:300]}" for e in at.exception]
    for kind, body in _bodies(at):
        for pattern in RENDERING:
            if pattern.search(body):
                problems.append(f"{where}: {kind} renders {pattern.pattern!r}: {body[:200]!r}")
                break
    for figure in _figures(at):
        problems += [f"{where}: plotly {p}" for p in _raw_html_in_figure(figure)]
    # Tables and label tables draw cells as text, but a raw right-to-left override still reverses what follows.
    for table in at.dataframe:
        frame = table.value
        for column in frame.columns:
            raw = [str(v)[:60] for v in frame[column] if isinstance(v, str) and any(c in BIDI_CONTROLS for c in v)]
            if raw:
                problems.append(f"{where}: a table's {column!r} cells hold a raw bidi control: {raw[0]!r}")
    return problems


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("entry", PAGES, ids=[e.url_path or "home" for e in PAGES])
def test_payload_text_is_drawn_as_text(entry: Any, lang: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    # The RAG page's cases reach the editor, the drills and the lessons; each page with an upload gets its own.
    for script in dict.fromkeys(["app_pages/rag_diagnosis.py", entry.script]):
        for key, radio, name, data in UPLOADS.get(script, []):
            at.switch_page(script)
            at.run()
            if radio:
                at.sidebar.radio(key=radio).set_value("upload").run()
            at.file_uploader(key=key).set_value((name, data, "application/octet-stream"))
            at.run()
            assert not at.exception, [e.value for e in at.exception]
    at.switch_page(entry.script)
    at.run()
    problems = _problems(at, entry.url_path or "home")
    if entry.script in UPLOADS:  # the payload file was read and is shown (escaped) somewhere on its page
        assert any(SHOWN in body for _, body in _bodies(at)) or at.dataframe, [b for _, b in _bodies(at)][:20]
    assert not problems, "\n".join(problems)


ROOM_TITLE = f"{IMAGE} :red[r] <b>b</b> $x^2$ \u202e"  # the room's 80 characters
PERSON = "<b>b</b>[l](http://e.x) $x$ \u202e"  # a name's 40 characters


def test_a_room_of_payload_cases_titles_and_names_is_drawn_as_text() -> None:
    """The facilitator's class view: the room's title, the participants' names (in the spread chart's hover) and
    the uploaded cases."""
    from tests.pages.test_room_page import join, open_room_page

    at = open_room_page()
    at.text_input(key="room_new_title").input(ROOM_TITLE)
    at.radio(key="room_new_source").set_value("upload").run()
    at.file_uploader(key="room_new_upload").set_value(("cases.json", rag_file(), "application/json"))
    at.run()
    next(b for b in at.button if b.key == "room_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    code = at.query_params["room"]
    secret = at.session_state["room_keys"][code][0]  # kept by the session, never in the address
    view_key = at.session_state["room_keys"][code][1]
    for name in (PERSON, f"2 {PERSON}"[:40]):
        person = join(code, name)
        assert not (problems := _problems(person, "participant")), "\n".join(problems)
        edit_labels(person, "passages", {0: {"relevant": name == PERSON}, 1: {"relevant": True}})
    facilitator = open_room_page(room=code, key=secret)
    problems = _problems(facilitator, "facilitator")
    assert not problems, "\n".join(problems)
    assert _figures(facilitator), "the class view draws its spread chart"
    assert any(literal(IMAGE) in body for _, body in _bodies(facilitator)), "the room's title is shown, escaped"
    hover = [text for figure in _figures(facilitator) for trace in figure["data"] for text in trace.get("text", [])]
    assert any("&lt;b&gt;" in text for text in hover), hover  # the names are in the hover text, as typed
    projector = open_room_page(room=code, view=view_key)
    for _ in range(4):  # its screens: the join screen, then the units with their texts
        assert not (problems := _problems(projector, "projector")), "\n".join(problems)
        next(b for b in projector.button if b.key == "proj_next").click().run()
