"""The assets reader: the one module of the core, besides the command line, that opens files.

Built-in scenarios (an index, ``assets/<module>/scenarios.json``, and the files it names), the workbench and judge
datasets, the agreement pair, the pairs of systems to compare (``assets/compare/pairs.json`` and its files), the
lesson files and the default annotation guidelines are all read here; the rest of the core receives bytes or parsed
data (a test keeps every other module from opening a file).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from uncase_core.conversations.model import Conversation, conversations_from_bytes
from uncase_core.errors import InputError, input_error, missing
from uncase_core.rag.cases import LABEL_NAMES, RagDataset, dataset_from_bytes
from uncase_core.shared.guidelines import Guideline, read_guidelines
from uncase_core.summaries.edits import SUMMARY_LABELS

# An installed wheel carries the assets inside the package (pyproject.toml's package-dir); a clone at its top level.
_PACKAGED = Path(__file__).resolve().parent / "data"
ASSETS = _PACKAGED if _PACKAGED.is_dir() else Path(__file__).resolve().parents[2] / "assets"
RAG_INDEX = ASSETS / "rag" / "scenarios.json"
CONVERSATION_INDEX = ASSETS / "conversations" / "scenarios.json"
SUMMARY_INDEX = ASSETS / "summaries" / "scenarios.json"
COMPARE_INDEX = ASSETS / "compare" / "pairs.json"
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "unreadable_scenario_index": "cannot read the scenario index: {detail}",
    "unreadable_variant_texts": "cannot read the variant texts: {detail}",
    "unreadable_guidelines": "cannot read the guidelines: {detail}",

    "unknown_template": "no {kind} template; there are: {choices}",
})
TEMPLATES = ASSETS / "rag" / "templates"
# The case templates a person downloads to write their own cases: a filled, fully labelled case in JSON, and the
# same case's texts in CSV (",", no byte-order mark, in English; ";" with one, as Excel saves it, in Spanish).
TEMPLATE_KINDS = ("json", "csv")
SUMMARY_TEMPLATES = ASSETS / "summaries" / "templates"
# The summary case template: a filled, fully labelled summary case (document 002's format) in JSON, per language.


def read_asset(path: Path) -> bytes:
    """The bytes of a shipped file (or of a folder a caller names in its place, as the tests do)."""
    return path.read_bytes()


def asset_exists(path: Path) -> bool:
    return path.exists()


def asset_files(folder: Path, pattern: str) -> tuple[tuple[str, bytes], ...]:
    """(file name, bytes) of every file in ``folder`` matching ``pattern``, by name."""
    return tuple((path.name, path.read_bytes()) for path in sorted(folder.glob(pattern)))


def in_language(texts: Mapping[str, str], language: str) -> str:
    """The text of ``texts`` (language -> text) in ``language``, English where that language has none: a language
    the app speaks before its built-in data is translated shows the data's English, not an error."""
    return texts.get(language) or texts["en"]


@dataclass(frozen=True)
class Scenario:
    id: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    expected_failing: tuple[str, ...]
    files: Mapping[str, str]

    def title_in(self, language: str) -> str:
        return in_language(self.title, language)

    def summary_in(self, language: str) -> str:
        return in_language(self.summary, language)


def load_index(path: Path = RAG_INDEX) -> tuple[Scenario, ...]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(
            Scenario(item["id"], item["title"], item["summary"],
                     tuple(item.get("expected_failing", item.get("expected_failures", ()))), item["files"])
            for item in data["scenarios"]
        )
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise input_error(PROBLEMS, "unreadable_scenario_index", source=str(path), detail=str(error)) from None


def scenario_path(scenario: Scenario, language: str, index_path: Path) -> Path:
    """The scenario's file in ``language`` (English when that language has none)."""
    return index_path.parent / (scenario.files.get(language) or scenario.files["en"])


def load_scenario(scenario: Scenario, language: str, index_path: Path = RAG_INDEX) -> RagDataset:
    """The scenario's RAG case in ``language``."""
    path = scenario_path(scenario, language, index_path)
    return dataset_from_bytes(path.read_bytes(), path.name)


def load_conversation(scenario: Scenario, language: str, index_path: Path = CONVERSATION_INDEX) -> Conversation:
    path = scenario_path(scenario, language, index_path)
    (conversation,) = conversations_from_bytes(path.read_bytes(), path.name)
    return conversation


def load_all(scenarios: tuple[Scenario, ...], language: str, index_path: Path = RAG_INDEX) -> RagDataset:
    """Every scenario's case in one dataset, in index order, to look at pooled results."""
    cases = tuple(case for s in scenarios for case in load_scenario(s, language, index_path).cases)
    return RagDataset(cases, "jsonl")


def load_workbench(language: str) -> RagDataset:
    """The dataset workbench's built-in 65-case dataset in ``language`` (English when there is none)."""
    path = ASSETS / "datasets" / f"workbench_{language}.json"
    if not path.exists():
        path = ASSETS / "datasets" / "workbench_en.json"
    return dataset_from_bytes(path.read_bytes(), path.name)


@dataclass(frozen=True)
class SystemPair:
    """A built-in pair of systems on the same cases: titles, summaries and both systems' files, by language.

    ``expected_verdicts`` is what :func:`uncase_core.compare.systems.compare_systems` must say per dimension at the
    default settings (the tests hold the files to it); ``files`` maps ``"a"`` and ``"b"`` to a language -> path
    mapping, relative to the index.
    """

    id: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    expected_verdicts: Mapping[str, str]
    files: Mapping[str, Mapping[str, str]]

    def title_in(self, language: str) -> str:
        return in_language(self.title, language)

    def summary_in(self, language: str) -> str:
        return in_language(self.summary, language)


def load_pair_index(path: Path = COMPARE_INDEX) -> tuple[SystemPair, ...]:
    """The pairs of systems listed in ``assets/compare/pairs.json``, in file order."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return tuple(
            SystemPair(item["id"], item["title"], item["summary"], dict(item["expected_verdicts"]),
                       {"a": dict(item["files"]["a"]), "b": dict(item["files"]["b"])})
            for item in data["pairs"]
        )
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise input_error(PROBLEMS, "unreadable_scenario_index", source=str(path), detail=str(error)) from None


def load_system_pair(
    pair: SystemPair, language: str, index_path: Path = COMPARE_INDEX
) -> tuple[RagDataset, RagDataset]:
    """System A's and system B's labelled cases of ``pair`` in ``language`` (English when that language has none)."""
    datasets = []
    for system in ("a", "b"):
        path = index_path.parent / (pair.files[system].get(language) or pair.files[system]["en"])
        datasets.append(dataset_from_bytes(path.read_bytes(), path.name))
    return datasets[0], datasets[1]


JUDGE_SET = ASSETS / "judge"


def load_judge_set(language: str) -> RagDataset:
    """The built-in judge set in ``language`` (English when there is none): every domain file, in name order.

    Each unit carries its reference (hand) label and the built-in lexical judge's verdict
    (``judge_relevant`` and so on); ``tools/judge_set.py`` rebuilds the files from a seed.
    """
    folder = JUDGE_SET / language
    if not folder.is_dir():
        folder = JUDGE_SET / "en"
    cases = tuple(case for path in sorted(folder.glob("*.json"))
                  for case in dataset_from_bytes(path.read_bytes(), path.name).cases)
    return RagDataset(cases, "jsonl")


@dataclass(frozen=True)
class VariantTexts:
    """The texts failure variants add in one language: off-topic passages.

    (No pool of claims: a claim no passage states and the reference does not address, such as general advice,
    is a unit the annotation guidelines do not decide, so the variants never add one.)
    """

    passages: tuple[str, ...]


def variant_texts_path(language: str) -> Path:
    """``assets/rag/distractors_<language>.json`` (English when that language has none)."""
    path = ASSETS / "rag" / f"distractors_{language}.json"
    return path if path.exists() else ASSETS / "rag" / "distractors_en.json"


def load_variant_texts(language: str) -> VariantTexts:
    """The shipped pools of :func:`uncase_core.rag.variants.failure_variant` in ``language``."""
    path = variant_texts_path(language)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        passages = data["passages"]
        if not isinstance(passages, list) or not all(isinstance(text, str) for text in passages):
            raise TypeError("every passage must be a text")
        return VariantTexts(tuple(passages))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise input_error(PROBLEMS, "unreadable_variant_texts", source=str(path), detail=str(error)) from None


def template_name(kind: str, language: str) -> str:
    """The file name of the ``kind`` (``"json"`` or ``"csv"``) case template in ``language`` (English when none)."""
    if kind not in TEMPLATE_KINDS:
        raise input_error(PROBLEMS, "unknown_template", "kind", kind=repr(kind), choices=", ".join(TEMPLATE_KINDS))
    name = f"case_{language}.{kind}"
    return name if (TEMPLATES / name).is_file() else f"case_en.{kind}"


def load_template(kind: str, language: str) -> bytes:
    """The bytes of the case template ``kind`` in ``language`` (see :data:`TEMPLATE_KINDS`), to download as they are.

    Both load through :func:`uncase_core.rag.files.read_rag_upload`, as an upload of the same name would.
    """
    return (TEMPLATES / template_name(kind, language)).read_bytes()


def summary_template_name(language: str) -> str:
    """The file name of the summary case template in ``language`` (English when there is none)."""
    name = f"summary_{language}.json"
    return name if (SUMMARY_TEMPLATES / name).is_file() else "summary_en.json"


def load_summary_template(language: str) -> bytes:
    """The bytes of the summary case template in ``language``, to download as they are; they load through
    :func:`uncase_core.summaries.cases.cases_from_bytes` (the summary page's upload) and write back the same."""
    return (SUMMARY_TEMPLATES / summary_template_name(language)).read_bytes()


GUIDELINES = ASSETS / "guidelines" / "defaults.toml"
GUIDELINE_LABELS = (*LABEL_NAMES, *SUMMARY_LABELS)  # every label the shipped guidelines explain: RAG's, then summaries'


def load_guidelines(language: str, path: Path = GUIDELINES) -> dict[str, Guideline]:
    """The shipped annotation guidelines in ``language`` (English where a text has none), every label of
    :data:`GUIDELINE_LABELS` (the RAG cases' labels, from their dimensions' records, and the summary cases'):
    ``assets/guidelines/defaults.toml`` holds, for each label,
    ``text.en``, ``text.es``, ``example.en`` and ``example.es``."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise input_error(PROBLEMS, "unreadable_guidelines", source=str(path), detail=str(error)) from None
    chosen: dict[str, object] = {}
    for name, entry in data.items():
        if not isinstance(entry, dict):
            chosen[name] = entry  # refused below, with its place
            continue
        chosen[name] = {key: value.get(language) or value.get("en") if isinstance(value, dict) else value
                        for key, value in entry.items()}
    try:
        guidelines = read_guidelines(chosen, GUIDELINE_LABELS, "")
        for name in GUIDELINE_LABELS:
            if name not in guidelines:
                raise missing(name)
    except InputError as error:
        raise error.located(path.name) from None
    return guidelines
