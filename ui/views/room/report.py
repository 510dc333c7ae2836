"""The after-class report of a room written for people: a printable, self-contained HTML page and Markdown, in one
language (the facilitator's, which the class used). The content is the core's
(:func:`uncase_core.agreement.room_report`); every text a person reads comes from the catalogues, every text from
the room (unit texts, ids, reasons, names) is escaped."""

from __future__ import annotations

import html
import re
from functools import partial

from ui.i18n import format_number, format_percent, translate
from uncase_core.agreement import ALL, RoomReport
from uncase_core.agreement.class_report import ReportUnit
from uncase_core.rag.evaluation import METRICS
from uncase_core.stats import reading

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 .75rem;line-height:1.4}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #999;padding:.25rem .4rem;
text-align:left;vertical-align:top}td{overflow-wrap:anywhere}
@media (max-width:40rem){table,thead,tbody,tr,th,td{display:block}thead{display:none}td{border:0}
tr{border:1px solid #999;margin:.4rem 0}}
@media print{body{max-width:none;margin:0;font-size:10pt}tr{break-inside:avoid}}
"""


def _mark(lang: str, value: bool | None) -> str:
    return translate(lang, "room.gold.yes" if value is True else "room.gold.no" if value is False
                     else "room.gold.none")


def _why(lang: str, report: RoomReport, item: ReportUnit) -> str:
    unit = item.unit
    if item.source == "decided":
        return translate(lang, "room.report.why.decided", author=item.author, reason=item.reason)
    if item.source == "majority" and item.agreeing is not None and report.majority is not None:
        return translate(lang, "room.gold.majority_reason", agreeing=item.agreeing, labelled=unit.labelled,
                         share=format_percent(item.agreeing / unit.labelled, lang, 0),
                         rule=format_percent(report.majority, lang, 0))
    return translate(lang, f"room.report.why.{item.source}")


def _unit_rows(lang: str, report: RoomReport, items: tuple[ReportUnit, ...]) -> list[list[str]]:
    return [[item.unit.case, f"{translate(lang, f'units.{item.unit.kind}')} {item.unit.unit}",
             translate(lang, f"label.{item.unit.field}"), item.unit.text,
             translate(lang, "room.distribution", yes=item.unit.yes, no=item.unit.no,
                       unlabelled=item.unit.unlabelled),
             _mark(lang, item.unit.reference), _mark(lang, item.gold), _why(lang, report, item)] for item in items]


def _dimension(lang: str, name: str) -> str:
    return translate(lang, f"metric.{name}" if name in METRICS else f"sum.metric.{name}")


def _statistic(lang: str, value: float | None) -> str:
    return translate(lang, "room.undefined") if value is None else format_number(value, lang)


def _agreement_rows(lang: str, report: RoomReport) -> list[list[str]]:
    words = partial(translate, lang)
    rows = []
    for row in report.agreement:
        item = row.agreement
        cells = [translate(lang, "room.all_labels") if row.dimension == ALL
                 else _dimension(lang, row.dimension)]
        for result, interval in ((item.alpha, item.alpha_interval), (item.fleiss, item.fleiss_interval)):
            low, high = (None, None) if interval is None else (interval.low, interval.high)
            cells += [_statistic(lang, result.value),
                      reading.interval_line(low, high, lambda v: format_number(v, lang), words, "value.interval",
                                            "value.interval_withheld", figure=row.figure)]
        rows.append(cells)
    return rows


def _pooled_rows(lang: str, report: RoomReport) -> list[list[str]]:
    words = partial(translate, lang)
    return [[_dimension(lang, name),
             reading.proportion_line(p, words, lambda v, d=1: format_percent(v, lang, d),
                                     figure=report.pooled_figure)] for name, p in report.pooled.items()]


def _sections(lang: str, report: RoomReport) -> list[tuple[str, list[str], list[list[str]]]]:
    unit_head = [translate(lang, key) for key in ("common.case", "room.col.unit", "room.col.label", "units.text",
                                                  "room.col.distribution", "room.col.reference",
                                                  "room.report.col.gold", "room.report.col.why")]
    agreement_head = [translate(lang, "table.dimension"), translate(lang, "room.col.alpha"),
                      translate(lang, "room.report.col.interval"), translate(lang, "room.col.fleiss"),
                      translate(lang, "room.report.col.interval")]
    return [(translate(lang, "room.report.disputed"), unit_head, _unit_rows(lang, report, report.disputed)),
            (translate(lang, "room.report.agreement"), agreement_head, _agreement_rows(lang, report)),
            (translate(lang, "room.report.pooled"), [translate(lang, "table.dimension"),
                                                     translate(lang, "table.micro")], _pooled_rows(lang, report)),
            (translate(lang, "room.report.units"), unit_head, _unit_rows(lang, report, report.units))]


def _intro(lang: str, report: RoomReport) -> list[str]:
    return [translate(lang, "room.report.counts", participants=report.participants, finished=report.finished,
                      decided=report.sources["decided"], settled=report.sources["class"],
                      majority=report.sources["majority"], undecided=report.sources["none"])]


def _limits(lang: str, report: RoomReport) -> list[str]:
    return [translate(lang, f"room.report.limit.{code}") for code in report.limits]


def report_html(report: RoomReport, code: str, lang: str) -> str:
    """The report as one printable page: no script, no outside file, every text escaped."""
    def esc(text: object) -> str:
        return html.escape(str(text), quote=True)

    title = translate(lang, "room.report.title", code=code)
    parts = [f'<!DOCTYPE html><html lang="{esc(lang)}"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>", f"<h1>{esc(title)}</h1>"]
    parts += [f"<p>{esc(line)}</p>" for line in _intro(lang, report)]
    parts.append(f"<h2>{esc(translate(lang, 'room.report.limits'))}</h2><ul>")
    parts += [f"<li>{esc(line)}</li>" for line in _limits(lang, report)]
    parts.append("</ul>")
    for heading, head, rows in _sections(lang, report):
        parts.append(f"<h2>{esc(heading)}</h2>")
        if not rows:
            parts.append(f"<p>{esc(translate(lang, 'room.report.none'))}</p>")
            continue
        parts.append("<table><thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr></thead><tbody>")
        parts += ["<tr>" + "".join(f'<td data-label="{esc(h)}">{esc(c)}</td>' for h, c in zip(head, row, strict=True))
                  + "</tr>" for row in rows]
        parts.append("</tbody></table>")
    parts.append("</body></html>")
    return "\n".join(parts)


_MARKDOWN_ACTIVE = re.compile(r"([\\`*_\[\]#!|~])")


def _md(text: object) -> str:
    """A text shown as typed in Markdown: the characters that make links, images, tags, emphasis or table cells
    escaped, line breaks as spaces."""
    # Tags as entities, not backslashes: a Markdown reader that passes raw HTML through still shows them as text.
    return html.escape(_MARKDOWN_ACTIVE.sub(r"\\\1", " ".join(str(text).split())), quote=False)


def report_markdown(report: RoomReport, code: str, lang: str) -> str:
    """The report as Markdown (tables), every text escaped."""
    lines = [f"# {_md(translate(lang, 'room.report.title', code=code))}", ""]
    lines += [_md(line) for line in _intro(lang, report)] + ["", f"## {_md(translate(lang, 'room.report.limits'))}", ""]
    lines += [f"- {_md(line)}" for line in _limits(lang, report)]
    for heading, head, rows in _sections(lang, report):
        lines += ["", f"## {_md(heading)}", ""]
        if not rows:
            lines.append(_md(translate(lang, "room.report.none")))
            continue
        lines += ["| " + " | ".join(_md(h) for h in head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
