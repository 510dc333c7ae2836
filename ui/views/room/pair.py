"""A workshop room on a pair of systems: the class labels both systems' answers blind, and the
facilitator and the projector see the paired result.

The room's material is the pair blinded into one RAG dataset (:func:`uncase_core.compare.blind.blind_pair`: two
cases per question, ``<id> · 1`` and ``<id> · 2``, in an order drawn at random for the room), stored with the
room's format :data:`PAIR_FORMAT`. Everything a room does works on it unchanged (joining, labelling in focus mode or
the grid, freeze, reveal, adjudication, the class view, the exports); a participant's copy leaves the order out
(:func:`uncase_core.compare.blind.without_key`), so no one labelling knows which answer is whose. The paired result
unblinds a labelled copy of the room's cases (the class majority, the adjudicated gold or the reference labels) and
compares the two systems with :func:`uncase_core.compare.systems.compare_systems`, as the compare page does.
"""

from __future__ import annotations

import secrets
from types import MappingProxyType

import streamlit as st

from ui.frame.input_errors import error_text
from ui.frame.rooms import PAIR_FORMAT, make_room
from ui.frame.state import kept, language, t
from ui.i18n import translate
from ui.views.compare.results import difference_text, draw_verdicts, verdict_text
from ui.views.room.adjudication import adjudication_of
from ui.views.room.majority_words import majority_words
from ui.views.room.rooms import ClassView, class_view
from ui.widgets.figures import figure_text
from ui.widgets.names import metric_name
from ui.widgets.text import literal
from uncase_core.agreement.adjudication import adjudicated_dataset
from uncase_core.compare.blind import blind_key, blind_pair, unblind
from uncase_core.compare.edits import SYSTEMS
from uncase_core.compare.systems import SystemComparison, compare_systems
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, dataset_to_text
from uncase_core.rag.evaluation import METRICS
from uncase_store.rooms import RoomKeys

BASES = ("majority", "gold", "reference")  # what the paired result is computed on
BASIS_KEY = "room_pair_basis"  # the facilitator's workspace setting (kept): the basis chosen
SEED = 0  # the comparison's bootstrap seed, as on the compare page: the same labels give the same intervals
_SEED_LIMIT = 2**31


def create_pair_room(title: str, system_a: RagDataset, system_b: RagDataset, source: str,
                     source_kind: str) -> RoomKeys:
    """A room on the pair, made by the session's workspace (:func:`ui.frame.rooms.make_room`): both systems' cases
    blinded in an order drawn for this room (so the order of one room says nothing of another's), their labels as
    the room's reference labels. The core's InputError when the two do not answer the same cases; StoreError when
    the store refuses the room."""
    blinded = blind_pair(system_a, system_b, seed=secrets.randbelow(_SEED_LIMIT))
    return make_room(title, dataset_to_text(blinded), source, source_kind, format=PAIR_FORMAT)


def _labelled(view: ClassView, basis: str) -> RagDataset:
    if basis == "majority":
        return view.labels.majority
    if basis == "gold":
        adjudication = adjudication_of(view)
        return adjudicated_dataset(view.dataset, view.labels, adjudication.decisions, adjudication.majority,
                                   **majority_words(language()))
    return view.dataset  # the room's reference labels


def pair_result(view: ClassView, basis: str = "majority") -> SystemComparison:
    """The paired comparison of the two systems on the room's cases labelled as ``basis`` says: the class majority
    (a tie is no label), the adjudicated gold, or the reference labels the pair came with."""
    system_a, system_b = unblind(_labelled(view, basis), blind_key(view.dataset))
    return compare_systems(system_a, system_b, seed=SEED)


def has_reference(view: ClassView) -> bool:
    return any(unit.reference is not None for unit in view.labels.units)


def pair_section(view: ClassView) -> None:
    """The facilitator's paired result, on the class's majority, the gold or the reference labels."""
    lang = language()
    st.header(t("room.pair.title"))
    st.caption(t("room.pair.help", source=literal(view.room.source)))
    decided = bool(adjudication_of(view).decisions)
    bases = [basis for basis in BASES if basis == "majority" or (basis == "gold" and decided)
             or (basis == "reference" and has_reference(view))]
    basis = kept(st.radio, BASIS_KEY, "majority", t("room.pair.basis"), options=bases, horizontal=True,
                 format_func=lambda b, lang=lang: translate(lang, f"room.pair.basis.{b}"))
    try:
        result = pair_result(view, basis if basis in bases else "majority")
    except InputError as error:  # a room whose stored order was damaged: said, and the rest of the view stays
        st.error(error_text(error, lang))
        return
    draw_verdicts(result)


def _system_majority(code: str, position: int) -> str:
    view = class_view(code, resamples=0)
    return dataset_to_text(unblind(view.labels.majority, blind_key(view.dataset))[position])


def pair_downloads(code: str) -> None:
    """Each system's class-majority cases under their own ids (RAG case format), read from the store when
    clicked."""
    for position, side in enumerate(SYSTEMS):
        st.download_button(
            t(f"room.pair.export_{side}"), key=f"room_pair_export_{side}", width="stretch", on_click="ignore",
            mime="application/json", file_name=f"room-{code}-class-majority-{side}.json",
            data=lambda position=position: _system_majority(code, position))


VERDICT_KEYS = MappingProxyType({"b_better": "b", "a_better": "a", "uncertain": "none", "withheld": "withheld",
                                 "not_applicable": "na"})


def projector_pair(view: ClassView) -> None:
    """The projector's screen of the paired result: per dimension, the verdict on the class's labels in large type
    and the interval that decides it; once revealed, what the reference labels say beside it."""
    try:
        result = pair_result(view)
        reference = pair_result(view, "reference") if view.room.revealed and has_reference(view) else None
    except InputError as error:  # a damaged stored order: said on the wall, the other screens go on
        st.error(error_text(error, language()))
        return
    st.subheader(t("room.proj.pair_title"))
    for name in METRICS:
        dimension = result.dimensions[name]
        with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
            with st.container(key=f"proj_row_name_pair_{name}"):  # a share of the width (projector.STYLE)
                st.markdown(literal(metric_name(name)))
            with st.container(key=f"proj_pair_verdict_{name}", width="stretch"):
                st.markdown(figure_text("room.pair.verdict",
                                        f"room.proj.pair_verdict.{VERDICT_KEYS[dimension.verdict.code]}"))
        line = difference_text(dimension.paired)
        if reference is not None:
            line += " · " + t("room.proj.pair_reference", verdict=verdict_text(reference.dimensions[name]))
        with st.container(key=f"proj_note_pair_{name}"):
            st.markdown(line)
