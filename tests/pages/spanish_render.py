"""Every text a page shows, as AppTest sees it: for the test that a Spanish page shows no English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

TEXT_KINDS = ("title", "header", "subheader", "markdown", "caption", "info", "warning", "error", "success",
              "exception")


def texts(at: Any) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every text element, widget label, option, help, metric and table header."""
    for kind in TEXT_KINDS:
        for element in at.get(kind):
            yield kind, str(element.value)
    for element in at.get("metric"):
        yield "metric label", element.label
        yield "metric value", element.value
    for kind in ("selectbox", "radio", "multiselect", "select_slider"):
        for widget in at.get(kind):
            yield f"{kind} label", widget.label
            for option in getattr(widget, "options", []) or []:
                yield f"{kind} option", str(option)
    for kind in ("slider", "number_input", "text_input", "text_area", "checkbox", "toggle", "button",
                 "download_button", "file_uploader", "date_input"):
        for widget in at.get(kind):
            label = getattr(widget, "label", None)
            if label:
                yield f"{kind} label", label
            help_text = getattr(widget.proto, "help", "")
            if help_text:
                yield f"{kind} help", help_text
    for element in at.get("expander"):
        yield "expander", element.label
    for element in at.get("tab"):
        yield "tab", element.label
    for element in at.get("arrow_data_frame"):
        frame = element.value
        for column in frame.columns:
            yield "table column", str(column)
        for column in frame.columns:
            if frame[column].dtype == object:
                for cell in frame[column].head(50):
                    if isinstance(cell, str):
                        yield "table cell", cell
