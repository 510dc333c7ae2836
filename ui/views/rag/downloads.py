"""The RAG page's downloads for other tools: RAGAS rows (JSONL, CSV), DeepEval test cases, Label Studio tasks and
their labelling config, beside "Download labelled data".

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


def format_downloads(dataset: RagDataset, stem: str) -> None:
    """One download button per target, in a popover under the labelled data's download."""
    lang = language()
    with st.popover(t("rag.export.title"), width="stretch", help=t("rag.export.help")):
        for key, target in TARGETS.items():
            st.download_button(
                t(target.label),
                data=lambda target=target: target.build(dataset, lang),
                file_name=file_name(stem, key), mime=target.mime, on_click="ignore", key=f"rag_export_{key}",
                width="stretch",
            )
