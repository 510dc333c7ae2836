"""Two systems' answers as one set of cases to label blind, and the labels split back into the two systems.

A workshop room on a pair: the class labels both systems' answers to every question, and must not know
which system wrote which answer, or what they expect of "the new one" colours their labels. :func:`blind_pair` turns
the pair into one RAG dataset with two cases per question, ``<id> · 1`` and ``<id> · 2``; which of them is system
A's is drawn per question with NumPy's generator from ``seed`` (the same pair and seed give the same order). The
order is the dataset's top-level :data:`BLIND_KEY` (kept by the RAG format as any top-level key), which a participant's
copy leaves out (:func:`without_key`) and :func:`unblind` reads to give the two systems back under their own case
ids, in system A's order, with whatever labels the blind cases carry (the reference, a participant's, the class
majority, the adjudicated gold), ready for :func:`uncase_core.compare.systems.compare_systems`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

import numpy as np

from uncase_core.compare.edits import SYSTEMS
from uncase_core.compare.systems import match_cases
from uncase_core.errors import input_error
from uncase_core.rag.cases import GUIDELINES_KEY, RagCase, RagDataset

BLIND_KEY = "blind_pair"  # top-level key of a blinded dataset: blind case id -> [system, case id]
SEPARATOR = " · "

PROBLEMS: Mapping[str, str] = MappingProxyType({
    "blind_id_taken": 'the blind copy would give two cases the id "{id}"; rename case "{case}" in both systems',
    "blind_order_missing": 'no "{key}" object: these cases are not two systems\' answers blinded together',
    "blind_order_entry": 'each entry of the blind order is ["a" or "b", a case id]',
    "blind_order_differs": "the cases and the blind order differ: each question needs one answer of each system, "
                           "and every case its place in the order",
})


def blind_id(case_id: str, position: int) -> str:
    """The blind case of ``case_id`` at ``position`` (1 or 2): ``refund · 2``."""
    return f"{case_id}{SEPARATOR}{position}"


def blind_pair(system_a: RagDataset, system_b: RagDataset, seed: int = 0) -> RagDataset:
    """Both systems' cases as one dataset to label blind: per question (system A's order) two cases, ``<id> · 1``
    and ``<id> · 2``, one of each system in an order drawn from ``seed``; the order under :data:`BLIND_KEY`.

    Labels are kept (a pair's reference labels become the room's). Raises the core's InputError when the systems do
    not answer the same cases (:func:`~uncase_core.compare.systems.match_cases`) or a blind id is taken."""
    a, b = match_cases(system_a, system_b)
    draw = np.random.default_rng(seed)  # a generator of its own: no global state
    cases: list[RagCase] = []
    key: dict[str, list[str]] = {}
    for case_a, case_b in zip(a, b, strict=True):
        first, second = (("a", case_a), ("b", case_b)) if draw.random() < 0.5 else (("b", case_b), ("a", case_a))
        for position, (system, case) in enumerate((first, second), start=1):
            new_id = blind_id(case_a.id, position)  # distinct ids give distinct blind ids
            key[new_id] = [system, case_a.id]
            cases.append(replace(case, id=new_id))
    # A blind id that is also a question's own id ("q · 1" beside "q") would read on the page as that question.
    taken = {case.id for case in a} & set(key)
    if taken:
        clash = sorted(taken)[0]
        raise input_error(PROBLEMS, "blind_id_taken", "cases_a", id=clash, case=clash)
    # A's own guidelines stay (the room's labels follow them); its other top-level keys (a name such as "System A")
    # would tell which system is which.
    extra = {GUIDELINES_KEY: system_a.extra[GUIDELINES_KEY]} if GUIDELINES_KEY in system_a.extra else {}
    # The object layout: the only one with top-level keys, where the order is kept.
    return RagDataset(tuple(cases), "object", {**extra, BLIND_KEY: key})


def blind_key(dataset: RagDataset) -> dict[str, tuple[str, str]]:
    """The blinded dataset's order, blind case id -> (system, case id), checked: every case is in it once, and every
    question has one case of each system. The core's InputError otherwise."""
    raw = dataset.extra.get(BLIND_KEY)
    if not isinstance(raw, Mapping):
        raise input_error(PROBLEMS, "blind_order_missing", BLIND_KEY, key=BLIND_KEY)
    key: dict[str, tuple[str, str]] = {}
    for blind, entry in raw.items():
        if (not isinstance(entry, list | tuple) or len(entry) != 2 or entry[0] not in SYSTEMS
                or not isinstance(entry[1], str)):
            raise input_error(PROBLEMS, "blind_order_entry", f"{BLIND_KEY}.{blind}")
        key[str(blind)] = (entry[0], entry[1])
    ids = [case.id for case in dataset.cases]
    if sorted(ids) != sorted(key):
        raise input_error(PROBLEMS, "blind_order_differs", BLIND_KEY)
    seen: dict[str, set[str]] = {}
    for system, case_id in key.values():
        seen.setdefault(case_id, set()).add(system)
    if any(systems != set(SYSTEMS) for systems in seen.values()) or len(key) != 2 * len(seen):
        raise input_error(PROBLEMS, "blind_order_differs", BLIND_KEY)
    return key


def without_key(dataset: RagDataset) -> RagDataset:
    """The blinded dataset without its order: what a participant labels (and may download) tells no one which
    answer is whose."""
    return replace(dataset, extra={name: value for name, value in dataset.extra.items() if name != BLIND_KEY})


def unblind(labelled: RagDataset, key: Mapping[str, tuple[str, str]]) -> tuple[RagDataset, RagDataset]:
    """System A's and system B's cases under their own ids, in the blind dataset's question order, with the labels
    ``labelled`` (the blinded cases, or a copy of them: a participant's, the class majority, the gold) carries.

    ``key`` is :func:`blind_key` of the room's dataset. InputError when ``labelled`` holds other cases."""
    by_system: dict[str, list[RagCase]] = {system: [] for system in SYSTEMS}
    if sorted(case.id for case in labelled.cases) != sorted(key):
        raise input_error(PROBLEMS, "blind_order_differs", "cases")
    for case in labelled.cases:
        system, case_id = key[case.id]
        by_system[system].append(replace(case, id=case_id))
    extra = {name: value for name, value in labelled.extra.items() if name != BLIND_KEY}
    return RagDataset(tuple(by_system["a"]), "object", extra), RagDataset(tuple(by_system["b"]), "object", extra)
