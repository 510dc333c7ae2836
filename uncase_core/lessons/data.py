"""The data a lesson loads: each page's built-in scenarios, read the way the pages read them.

A lesson names a page and a scenario (:mod:`uncase_core.lessons.model`). What a scenario may be:

- ``rag``: a RAG scenario id of ``assets/rag/scenarios.json``, or ``"all"`` (every scenario as one
  dataset, the page's "all scenarios" choice);
- ``conversations``: a conversation scenario id of ``assets/conversations/scenarios.json``, or ``"all"``;
- ``summaries``: a summary scenario id of ``assets/summaries/scenarios.json``;
- ``workbench`` and ``thresholds``: ``"builtin"``, the workbench's 65-case dataset (the threshold
  explorer's default source);
- ``agreement``: ``"builtin"``, the two annotators' files of ``assets/agreement``;
- ``compare``: a built-in pair's id of ``assets/compare/pairs.json``: systems A's and B's labelled cases, as a
  pair ``(A, B)``;
- ``judge``: ``"builtin"``, the judge set of ``assets/judge`` with its reference labels hidden
  (every hand label ``None``, the judge's verdicts kept), as the person starts labelling it;
- ``rubrics``: ``"generator"``, the verdicts the rubric lab generates with its default settings
  (:data:`uncase_core.lessons.checks.RUBRIC_GENERATOR_DEFAULTS`);
- ``planner``: ``"none"`` (the planner holds no data).

:func:`lesson_data` returns the object the lesson checks receive as ``data`` and ``original``
(:class:`uncase_core.lessons.checks.Snapshot`); the lesson runner stores it in the person's
workspace as the page's loaded data. This module reads files (as :mod:`uncase_core.assets.reader`
does); everything else about lessons is pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from uncase_core.agreement.class_labels import blank_copy
from uncase_core.assets.reader import (
    ASSETS,
    CONVERSATION_INDEX,
    RAG_INDEX,
    SUMMARY_INDEX,
    asset_exists,
    load_all,
    load_conversation,
    load_index,
    load_judge_set,
    load_pair_index,
    load_scenario,
    load_system_pair,
    load_workbench,
    read_asset,
    scenario_path,
)
from uncase_core.errors import InputError, Param, input_error, unknown_choice
from uncase_core.lessons.checks import PAGES, RUBRIC_GENERATOR_DEFAULTS
from uncase_core.rag.cases import RagDataset, dataset_from_bytes
from uncase_core.rubrics.generator import GeneratorSettings, generate_verdicts
from uncase_core.summaries.cases import cases_from_bytes

ALL = "all"
BUILTIN = "builtin"
GENERATOR = "generator"
NONE = "none"
# The scenarios of the pages that have one fixed data set.
FIXED_SCENARIOS: Mapping[str, str] = MappingProxyType({
    "workbench": BUILTIN, "thresholds": BUILTIN, "agreement": BUILTIN, "judge": BUILTIN, "rubrics": GENERATOR,
    "planner": NONE,
})

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "page_has_no_scenario": "the {page} page has no scenario {got}; use one of {choices}",
})


def scenario_ids() -> Mapping[str, frozenset[str]]:
    """Every page's scenario names, read from the scenario indexes (see the module docstring)."""
    rag = frozenset(s.id for s in load_index(RAG_INDEX)) | {ALL}
    conversations = frozenset(s.id for s in load_index(CONVERSATION_INDEX)) | {ALL}
    summaries = frozenset(s.id for s in load_index(SUMMARY_INDEX))
    pairs = frozenset(pair.id for pair in load_pair_index())
    ids = {"rag": rag, "conversations": conversations, "summaries": summaries, "compare": pairs,
           **{page: frozenset({name}) for page, name in FIXED_SCENARIOS.items()}}
    return MappingProxyType({page: ids[page] for page in PAGES})


def page_has_no_scenario(page: str, got: Param, known: frozenset[str], where: str = "scenario") -> InputError:
    """``the rag page has no scenario "x"; use one of ...``: ``got`` as the caller quotes it, ``known`` the page's."""
    return input_error(PROBLEMS, "page_has_no_scenario", where, page=page, got=got, choices=", ".join(sorted(known)))


def _agreement_pair(language: str) -> tuple[RagDataset, RagDataset]:
    folder = ASSETS / "agreement"
    if not asset_exists(folder / f"annotator_a_{language}.json"):
        language = "en"
    pair = []
    for side in ("a", "b"):
        path = folder / f"annotator_{side}_{language}.json"
        pair.append(dataset_from_bytes(read_asset(path), path.name))
    return pair[0], pair[1]


def lesson_data(page: str, scenario: str, language: str) -> Any:
    """The data ``page`` shows when a lesson loads ``scenario``, in ``language`` (English when there is none).

    Raises
    ------
    InputError
        For an unknown page (``page``) or a scenario the page does not have (``scenario``).
    """
    if page not in PAGES:
        raise unknown_choice("page", repr(page), PAGES, "page")
    known = scenario_ids()[page]
    if scenario not in known:
        raise page_has_no_scenario(page, repr(scenario), known)
    if page == "rag":
        scenarios = load_index(RAG_INDEX)
        if scenario == ALL:
            return load_all(scenarios, language)
        return load_scenario(next(s for s in scenarios if s.id == scenario), language)
    if page == "conversations":
        scenarios = load_index(CONVERSATION_INDEX)
        chosen = scenarios if scenario == ALL else [s for s in scenarios if s.id == scenario]
        return tuple(load_conversation(s, language, CONVERSATION_INDEX) for s in chosen)
    if page == "summaries":
        found = next(s for s in load_index(SUMMARY_INDEX) if s.id == scenario)
        path = scenario_path(found, language, SUMMARY_INDEX)
        return cases_from_bytes(read_asset(path), path.name)
    if page in ("workbench", "thresholds"):
        return load_workbench(language)
    if page == "agreement":
        return _agreement_pair(language)
    if page == "judge":
        return blank_copy(load_judge_set(language))
    if page == "compare":
        return load_system_pair(next(pair for pair in load_pair_index() if pair.id == scenario), language)
    if page == "rubrics":
        return generate_verdicts(GeneratorSettings(**RUBRIC_GENERATOR_DEFAULTS))[0]
    return None  # the planner
