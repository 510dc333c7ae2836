"""A workshop room on a pair of systems in AppTest (issue 25), in both languages: the facilitator makes it from the
room page or from the compare page, participants label both systems' answers blind (no one's copy says which answer
is whose), and the facilitator's view, its downloads and the projector show the paired result of the class's
labels, which follows what the class labelled (not the reference)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import update
from streamlit.testing.v1 import AppTest

from tests.pages.apptest_helpers import ROOT, edit_labels, shown, workspace
from tests.pages.test_room_adjudication_page import adjudicate_first
from tests.pages.test_room_page import join_in, open_room_page, rooms_api
from ui.frame.data_kinds import RAG
from ui.frame.rooms import PAIR_FORMAT, ROOM_KEYS
from ui.i18n import translate
from uncase_core.agreement.class_labels import blank_copy
from uncase_core.assets.reader import load_pair_index, load_system_pair
from uncase_core.compare.blind import BLIND_KEY, blind_key, unblind
from uncase_core.compare.systems import compare_systems
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagDataset, dataset_from_bytes, dataset_to_text
from uncase_core.rag.edits import rag_label
from uncase_core.rag.evaluation import METRICS
from uncase_store import open_store, schema, store_url

COMPARE_PAGE = "app_pages/compare_systems.py"


def create_pair_room(lang: str) -> tuple[AppTest, str, str]:
    at = open_room_page(lang=lang)
    at.radio(key="room_new_source").set_value("pair").run()
    assert not at.exception, [e.value for e in at.exception]
    next(b for b in at.button if b.key == "room_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    code = at.query_params["room"]
    return at, code, at.session_state["room_keys"][code][0]  # the secret: kept by the session, not the address


def room_material(code: str):
    room = rooms_api().get(code)
    return room, dataset_from_bytes(room.body.encode("utf-8"), room.source)


def label_everything(participant: AppTest, values) -> None:
    """Give every unit of every blind case the label ``values(case, kind, unit, field)`` (None: leave it), stored
    as the participant's own edit records, as their page stores them."""
    mine = workspace(participant)
    dataset = blank_copy(mine.data(RAG))
    records = [rag_label(dataset, c, kind, u, field, value)
               for c, case in enumerate(dataset.cases) for kind in UNIT_KINDS
               for u, _unit in enumerate(case.units(kind)) for field in LABEL_FIELDS[kind]
               if (value := values(c, kind, u, field)) is not None]
    mine.store.add_edits(mine.token, RAG.name, records)


def verdict_lines(at: AppTest) -> list[str]:
    return [shown(box.value) for kind in ("success", "error", "info", "warning") for box in at.get(kind)]


def expected_verdicts(lang: str, result) -> list[str]:
    return [translate(lang, f"compare.verdict.{(verdict := result.dimensions[name].verdict).code}",
                      dimension=(title := translate(lang, f"metric.{name}"))[:1].lower() + title[1:],
                      discordant=verdict.discordant, needed=verdict.needed)  # a withheld verdict says both
            for name in METRICS]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_class_labels_a_pair_blind_and_the_facilitator_sees_the_paired_result(lang):
    facilitator, code, _secret = create_pair_room(lang)
    room, material = room_material(code)
    assert room.format == PAIR_FORMAT
    (entry,) = load_pair_index()
    system_a, system_b = load_system_pair(entry, lang)
    key = blind_key(material)
    # The room holds both systems blinded, with the pair's labels as its reference labels.
    assert unblind(material, key) == (RagDataset(system_a.cases, "object"), RagDataset(system_b.cases, "object"))

    ana, bruno, carla = (join_in(code, name, lang) for name in ("Ana", "Bruno", "Carla"))
    copy = workspace(ana).data(RAG)
    assert len(copy.cases) == 2 * len(system_a.cases)
    assert BLIND_KEY not in copy.extra and all(c.id.endswith((" · 1", " · 2")) for c in copy.cases)
    assert shown(translate(lang, "room.pair.blind_note")) in [shown(c.value) for c in ana.caption]
    assert all(u.label(f) is None for c in copy.cases for k in UNIT_KINDS for u in c.units(k)
               for f in LABEL_FIELDS[k])  # the reference is not given away
    # Only each answer's figures: the dataset's would pool both systems' answers.
    pooled = translate(lang, "rag.results_dataset", count=len(copy.cases))
    assert translate(lang, "rag.results_case", case="x").split("x")[0] in next(s.value for s in ana.header)
    assert pooled not in [s.value for s in ana.header]

    # The class labels as the reference does (Ana's first passage through her page, the rest as stored records).
    reference = material.cases

    def as_reference(c, kind, u, field):
        return reference[c].units(kind)[u].label(field)

    edit_labels(ana, "passages", {0: {"relevant": as_reference(0, "passages", 0, "relevant")}})
    for person in (ana, bruno, carla):
        label_everything(person, as_reference)
    facilitator.run()
    assert not facilitator.exception, [e.value for e in facilitator.exception]
    lines = verdict_lines(facilitator)
    reference_verdicts = [shown(v) for v in expected_verdicts(lang, compare_systems(system_a, system_b, seed=0))]
    assert [v for v in reference_verdicts if v in lines] == reference_verdicts
    assert shown(translate(lang, "compare.verdict.b_better", dimension=_in_sentence(lang, "context_relevance"))) \
        in lines
    assert shown(translate(lang, "compare.verdict.a_better", dimension=_in_sentence(lang, "faithfulness"))) in lines

    # Now the class says every passage is relevant and every claim supported, for both systems: the verdicts
    # follow the class (no case differs on relevance or faithfulness, so no verdict can be given: withheld, with the
    # 8 cases that change side a verdict needs at 95% over four dimensions), not the reference.
    for person in (ana, bruno, carla):
        label_everything(person, lambda c, kind, u, field: True)
    facilitator.run()
    lines = verdict_lines(facilitator)
    assert shown(translate(lang, "compare.verdict.b_better", dimension=_in_sentence(lang, "context_relevance"))) \
        not in lines
    assert shown(translate(lang, "compare.verdict.withheld", dimension=_in_sentence(lang, "context_relevance"),
                           discordant=0, needed=8)) in lines
    # The reference is still there to compare with, as the facilitator chooses.
    facilitator.radio(key="room_pair_basis").set_value("reference").run()
    assert shown(translate(lang, "compare.verdict.b_better", dimension=_in_sentence(lang, "context_relevance"))) \
        in verdict_lines(facilitator)
    buttons = {b.key for b in facilitator.get("download_button")}
    assert {"room_pair_export_a", "room_pair_export_b"} <= buttons


def _in_sentence(lang: str, name: str) -> str:
    title = translate(lang, f"metric.{name}")
    return title[:1].lower() + title[1:]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_projector_shows_the_paired_verdicts_and_after_reveal_the_reference(lang):
    facilitator, code, secret = create_pair_room(lang)
    _, material = room_material(code)
    ana = join_in(code, "Ana", lang)
    label_everything(ana, lambda c, kind, u, field: material.cases[c].units(kind)[u].label(field))
    projector = open_room_page(room=code, view=rooms_api().projector_key(code, secret), lang=lang)
    screens = []
    for _ in range(4):
        screens.append([shown(m.value) for m in projector.markdown] + [s.value for s in projector.subheader])
        projector.button(key="proj_next").click().run()
        assert not projector.exception, [e.value for e in projector.exception]
    pair = next(s for s in screens if translate(lang, "room.proj.pair_title") in s)
    assert translate(lang, "room.proj.pair_verdict.b") in pair and translate(lang, "room.proj.pair_verdict.a") in pair
    reference_line = translate(lang, "room.proj.pair_reference", verdict="")
    assert not any(reference_line in text for text in pair)  # not revealed yet
    facilitator.toggle(key="room_revealed").set_value(True).run()
    projector = open_room_page(room=code, view=rooms_api().projector_key(code, secret), lang=lang)
    for _ in range(4):
        texts = [shown(m.value) for m in projector.markdown] + [s.value for s in projector.subheader]
        if translate(lang, "room.proj.pair_title") in texts:
            assert any(reference_line in text for text in texts)
            break
        projector.button(key="proj_next").click().run()
    else:
        raise AssertionError("no pair screen after reveal")


def test_the_compare_page_starts_a_room_on_its_pair_with_its_labels_as_reference():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page(COMPARE_PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.text_input(key="cmp_room_title").input("Blind pair")
    next(b for b in at.button if b.key == "cmp_room_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    (code,) = at.session_state[ROOM_KEYS]
    room, material = room_material(code)
    assert room.title == "Blind pair" and room.format == PAIR_FORMAT
    assert room.owner == workspace(at).token
    (entry,) = load_pair_index()
    system_a, system_b = load_system_pair(entry, "en")
    back_a, back_b = unblind(material, blind_key(material))
    assert back_a.cases == system_a.cases and back_b.cases == system_b.cases


def test_after_adjudication_the_pair_is_compared_on_the_gold_too():
    _, code, secret = create_pair_room("en")
    _, material = room_material(code)
    key = blind_key(material)
    ana, bruno = join_in(code, "Ana", "en"), join_in(code, "Bruno", "en")
    # Both label as the reference, except that they split on every passage of system B: no class majority there.
    for person, split in ((ana, True), (bruno, False)):
        def values(c, kind, u, field, split=split):
            if kind == "passages" and key[material.cases[c].id][0] == "b":
                return split
            return material.cases[c].units(kind)[u].label(field)
        label_everything(person, values)
    page = open_room_page(room=code, key=secret, lang="en")
    assert page.radio(key="room_pair_basis").options == ["the class's majority labels", "the reference labels"]
    na_relevance = shown(translate("en", "compare.verdict.not_applicable",
                                   dimension=_in_sentence("en", "context_relevance")))
    assert na_relevance in verdict_lines(page)  # every B passage a tie: no B relevance to compare
    unit = adjudicate_first(page, "en", "yes", "the passage answers it")
    assert " · " in unit
    page.run()
    assert page.radio(key="room_pair_basis").options == ["the class's majority labels", "the adjudicated gold",
                                                         "the reference labels"]
    page.radio(key="room_pair_basis").set_value("gold").run()
    assert not page.exception, [e.value for e in page.exception]
    assert na_relevance not in verdict_lines(page)  # one gold passage of B: its case has a relevance now


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_damaged_blind_order_is_said_and_the_room_goes_on(lang):
    _, code, secret = create_pair_room(lang)
    _, material = room_material(code)
    order = dict(material.extra[BLIND_KEY])
    first = next(iter(order))
    order[first] = ["c", order[first][1]]  # no such system
    damaged = dataset_to_text(replace(material, extra={**material.extra, BLIND_KEY: order}))
    store = open_store(store_url())
    try:
        with store.engine.begin() as connection:
            connection.execute(update(schema.rooms).where(schema.rooms.c.code == code).values(body=damaged))
    finally:
        store.engine.dispose()
    page = open_room_page(room=code, key=secret, lang=lang)
    assert not page.exception, [e.value for e in page.exception]
    said = translate(lang, "error.blind_order_entry") if lang == "es" else "each entry of the blind order is"
    assert any(said.split("[")[0] in e.value for e in page.error), [e.value for e in page.error]
    assert any(m.label == translate(lang, "room.joined") for m in page.metric)  # the rest of the view is there
