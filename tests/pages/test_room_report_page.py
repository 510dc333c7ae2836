"""The after-class report (issue 49, item 10): the facilitator's view offers it as a printable page and as Markdown,
in the class's language; the files name every unit, say Spanish numbers with a decimal comma, and show a hostile
unit text as text."""

from __future__ import annotations

import re
from dataclasses import replace

from tests.pages.apptest_helpers import edit_labels
from tests.pages.test_room_adjudication_page import adjudication_now
from tests.pages.test_room_page import create_room, join_in, open_room_page
from ui.i18n import translate
from ui.views.room.report import report_html, report_markdown
from uncase_core.agreement import room_report

HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)> | **bold** [link](http://example.com)'


def test_the_facilitator_downloads_the_report_in_spanish_with_every_unit_and_decimal_commas():
    _, code, secret = create_room()
    ana, bruno = (join_in(code, name, "es") for name in ("Ana", "Bruno"))
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(bruno, "passages", {0: {"relevant": False}, 1: {"relevant": False}})
    facilitator = open_room_page(room=code, key=secret, lang="es")
    assert not facilitator.exception
    labels_shown = [b.proto.label for b in facilitator.get("download_button")]
    assert translate("es", "room.report.download_html") in labels_shown
    assert translate("es", "room.report.download_markdown") in labels_shown

    _, labels, adjudication = adjudication_now(code)
    report = room_report(labels, adjudication)
    page, markdown = report_html(report, code, "es"), report_markdown(report, code, "es")
    for text in (page, markdown):
        assert translate("es", "room.report.limit.not_correctness") in text
        assert translate("es", "room.report.units") in text
        for unit in labels.units:
            assert f"{unit.unit}" in text
        # the pooled rates as Spanish writes them: "50,0 %" (a no-break space), never "50.0%" (the section alone:
        # the cases' own texts may hold any number)
        pooled = text.split(translate("es", "room.report.pooled"))[1].split(translate("es", "room.report.units"))[0]
        assert re.search(r"\d,\d\s?%", pooled), pooled
        assert not re.search(r"\d\.\d", pooled), pooled
    assert '<meta name="viewport"' in page and "@media print" in page and "<script" not in page


def test_a_hostile_unit_text_is_shown_as_text_in_both_files():
    _, code, _ = create_room()
    ana = join_in(code, "Ana", "en")
    edit_labels(ana, "passages", {0: {"relevant": True}})
    _, labels, adjudication = adjudication_now(code)
    hostile = replace(labels, units=tuple(replace(u, text=HOSTILE, case=HOSTILE) for u in labels.units))
    report = room_report(hostile, adjudication)
    page = report_html(report, f"{code}<b>", "en")
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    markdown = report_markdown(report, code, "en")
    assert "<script" not in markdown and "[link](http" not in markdown and "| **bold**" not in markdown
    assert "&lt;script&gt;" in markdown and r"\*\*bold\*\*" in markdown
