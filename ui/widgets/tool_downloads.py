"""Downloads of RAG cases for other tools: RAGAS rows (JSONL, CSV, Parquet), DeepEval test cases (JSON, CSV),
Label Studio tasks and their labelling config; first, the file the cases came in, in its own format and kind. Every
page that downloads RAG cases offers them (the RAG page, Write a case, drills, each system of a comparison, a room's
class majority), beside its own download in our format.

A CSV for another tool carries its cells as they are, so the tool reads back what it wrote; a box above the buttons
asks for the spreadsheet guard instead (a ``'`` before a text a spreadsheet would run as a formula), for a CSV to be
opened in Excel or LibreOffice. The file as it came never has it.

Each file is built only when its button is clicked (a callable as ``st.download_button``'s data), by the core's
writers (:mod:`uncase_core.rag.interchange`); the core's reader reads each back as the same cases.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

import streamlit as st

from ui.frame.state import language, t
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.interchange import MEDIA_TYPES, export_as_it_came, export_cases
from uncase_core.rag.label_studio import CONFIG_LANGUAGES, label_studio_config
from uncase_core.rag.sources import FILE_EXTENSIONS, came_in
from uncase_core.rag.tools import TOOLS


@dataclass(frozen=True)
class Target:
    label: str  # catalogue key
    suffix: str  # file name after the source's stem
    mime: str
    build: Callable[[RagDataset, str, bool], bytes]  # (cases, language, for a spreadsheet) -> the file
    kind: str = ""  # the kind of file another tool's format is written as ("": a file of its own, the config)


# How a kind of file is named on a button ("RAGAS rows (Parquet)").
KIND_TITLES = MappingProxyType({"jsonl": "JSONL", "json": "JSON", "csv": "CSV", "parquet": "Parquet"})


def _target(tool: str, kind: str) -> Target:
    return Target(f"rag.export.tool.{tool}", f"-{tool}{FILE_EXTENSIONS[kind]}", MEDIA_TYPES[kind],
                  lambda dataset, lang, spreadsheet: export_cases(dataset, tool, kind=kind, spreadsheet=spreadsheet),
                  kind)


# One button per kind each format's record offers (uncase_core/rag/tools.py), then Label Studio's labelling config.
TARGETS = MappingProxyType({
    **{f"{name}_{kind}".replace("-", "_"): _target(name, kind)
       for name, tool in TOOLS.items() for kind in tool.offered},
    "label_studio_config": Target("rag.export.label_studio_config", "-label-studio-config.xml", "application/xml",
                                  lambda dataset, lang, spreadsheet: label_studio_config(
                                      lang if lang in CONFIG_LANGUAGES else "en")),
})


def target_label(target: Target) -> str:
    """A download button's words: the format's name and the kind of file, or the target's own text."""
    return t("rag.export.target", format=t(target.label), kind=KIND_TITLES[target.kind]) if target.kind else \
        t(target.label)


def file_name(stem: str, target: str) -> str:
    return f"{stem}{TARGETS[target].suffix}"


def format_downloads(dataset: RagDataset | Callable[[], RagDataset], stem: str, key: str = "rag",
                     width: str = "stretch", title: str | None = None) -> None:
    """One download button per target, in a popover beside the page's own download; first, when the cases came in
    another tool's file, that file's format and kind ("As it came: RAGAS rows, Parquet"), with the labels added.

    ``dataset`` may be a callable, called only when a button is clicked (a room reads its class from the store
    then; the first button then names no format); ``key`` keeps the widget keys apart and ``title`` names the
    popover when a page offers several datasets (a comparison's two systems).
    """
    lang = language()

    def cases() -> RagDataset:
        return dataset() if callable(dataset) else dataset

    came = None if callable(dataset) else came_in(dataset)
    with st.popover(title or t("rag.export.title"), width=width, help=t("rag.export.help")):
        if came is not None:
            tool, kind, _ = came
            st.download_button(
                t("rag.export.as_it_came", format=t(f"rag.export.tool.{tool}"), kind=KIND_TITLES[kind]),
                data=lambda: export_as_it_came(cases()).data, file_name=f"{stem}-labelled{FILE_EXTENSIONS[kind]}",
                mime=MEDIA_TYPES[kind], on_click="ignore", key=f"{key}_export_as_it_came", width="stretch",
                type="primary")
        spreadsheet = st.checkbox(t("rag.export.spreadsheet"), key=f"{key}_export_spreadsheet",
                                  help=t("rag.export.spreadsheet_help"))
        for name, target in TARGETS.items():
            st.download_button(
                target_label(target),
                data=lambda target=target: target.build(cases(), lang, spreadsheet),
                file_name=file_name(stem, name), mime=target.mime, on_click="ignore", key=f"{key}_export_{name}",
                width="stretch",
            )
