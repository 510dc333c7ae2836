"""Downloads of RAG cases for other tools: RAGAS rows (JSONL, CSV), DeepEval test cases, Label Studio tasks and
their labelling config. Every page that downloads RAG cases offers them (the RAG page, Write a case, drills, each
system of a comparison, a room's class majority), beside its own download in our format.

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
from uncase_core.rag.deepeval import export_deepeval
from uncase_core.rag.label_studio import export_label_studio, label_studio_config
from uncase_core.rag.ragas_files import export_ragas


@dataclass(frozen=True)
class Target:
    label: str  # catalogue key
    suffix: str  # file name after the source's stem
    mime: str
    build: Callable[[RagDataset, str], bytes]  # (cases, language) -> the file


TARGETS = MappingProxyType({
    "ragas_jsonl": Target("rag.export.ragas_jsonl", "-ragas.jsonl", "application/jsonl",
                          lambda dataset, lang: export_ragas(dataset, "jsonl")),
    "ragas_csv": Target("rag.export.ragas_csv", "-ragas.csv", "text/csv",
                        lambda dataset, lang: export_ragas(dataset, "csv")),
    "deepeval": Target("rag.export.deepeval", "-deepeval.json", "application/json",
                       lambda dataset, lang: export_deepeval(dataset)),
    "label_studio": Target("rag.export.label_studio", "-label-studio.json", "application/json",
                           lambda dataset, lang: export_label_studio(dataset)),
    "label_studio_config": Target("rag.export.label_studio_config", "-label-studio-config.xml", "application/xml",
                                  lambda dataset, lang: label_studio_config(lang)),
})


def file_name(stem: str, target: str) -> str:
    return f"{stem}{TARGETS[target].suffix}"


def format_downloads(dataset: RagDataset | Callable[[], RagDataset], stem: str, key: str = "rag",
                     width: str = "stretch", title: str | None = None) -> None:
    """One download button per target, in a popover beside the page's own download.

    ``dataset`` may be a callable, called only when a button is clicked (a room reads its class from the store
    then); ``key`` keeps the widget keys apart and ``title`` names the popover when a page offers several datasets
    (a comparison's two systems).
    """
    lang = language()

    def cases() -> RagDataset:
        return dataset() if callable(dataset) else dataset

    with st.popover(title or t("rag.export.title"), width=width, help=t("rag.export.help")):
        for name, target in TARGETS.items():
            st.download_button(
                t(target.label),
                data=lambda target=target: target.build(cases(), lang),
                file_name=file_name(stem, name), mime=target.mime, on_click="ignore", key=f"{key}_export_{name}",
                width="stretch",
            )
