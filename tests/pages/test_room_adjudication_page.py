"""Adjudication in AppTest (issue 26), in both languages: the facilitator decides a disputed unit's gold label with a
reason, the decision is stored at once and survives a reload, the adjudicated dataset downloads in the RAG format
with the decision in its revision log; each participant sees only their own agreement with the gold, the
facilitator and the projector only the distribution."""

from __future__ import annotations

import pytest

from tests.pages.apptest_helpers import edit_labels, shown
from tests.pages.test_room_page import create_room, join_in, open_room_page, rooms_api
from ui.i18n import format_percent, translate
from ui.widgets.layout import MAIN_CHOICE_ROOM
from ui.widgets.text_widths import word_width
from uncase_core.agreement.adjudication import adjudicate, adjudicated_dataset
from uncase_core.agreement.class_labels import blank_copy, class_labels, replay_edits
from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL
from uncase_core.datasets.workbench import dataset_from_file, revisions
from uncase_core.rag.cases import dataset_from_bytes, dataset_to_text
from uncase_core.stats.figures import FIGURES


def adjudication_now(code: str):
    """The room's class view and adjudication computed by the core from the store, as the pages do."""
    api = rooms_api()
    room = api.get(code)
    dataset = dataset_from_bytes(room.body.encode("utf-8"), room.source)
    blank = blank_copy(dataset)
    copies = {m.name: replay_edits(blank, [record for record, _ in m.edits]).copy for m in api.labels(code)}
    labels = class_labels(dataset, copies, resamples=0)
    return dataset, labels, adjudicate(dataset, labels, api.decisions(code))


def texts(at) -> list[str]:
    return [shown(m.value) for m in at.markdown]


def adjudicate_first(facilitator, lang: str, gold: str, reason: str) -> str:
    """Choose the first unit of the queue, give it ``gold`` with ``reason``, save; returns the unit's key."""
    unit = facilitator.selectbox(key="room_gold_unit").value
    facilitator.radio(key=f"room_gold_choice::{unit}").set_value(gold)
    facilitator.text_area(key=f"room_gold_reason::{unit}").input(reason)
    facilitator.button(key="room_gold_save").click().run()
    assert not facilitator.exception, [e.value for e in facilitator.exception]
    return unit


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_facilitator_adjudicates_and_each_participant_sees_only_their_own_agreement(lang):
    _, code, secret = create_room()
    ana, bruno, carla = (join_in(code, name, lang) for name in ("Ana", "Bruno", "Carla"))
    edit_labels(ana, "passages", {0: {"relevant": True}, 1: {"relevant": False}})
    edit_labels(bruno, "passages", {0: {"relevant": False}, 1: {"relevant": False}})
    edit_labels(carla, "passages", {0: {"relevant": True}, 1: {"relevant": True}})
    facilitator = open_room_page(room=code, key=secret, lang=lang)
    assert translate(lang, "room.gold.title") in [e.label for e in facilitator.expander]
    # The chosen unit's line is longer than a phone's box shows: it is said whole under the box.
    box = facilitator.selectbox(key="room_gold_unit")
    chosen = box.format_func(box.value)
    assert word_width(chosen) > MAIN_CHOICE_ROOM
    assert translate(lang, "common.whole_choice", name=chosen) in [shown(c.value) for c in facilitator.caption]

    # A reason is needed: without one nothing is stored and the core's message says so in the page's language.
    unit = facilitator.selectbox(key="room_gold_unit").value
    facilitator.radio(key=f"room_gold_choice::{unit}").set_value("yes")
    facilitator.button(key="room_gold_save").click().run()
    assert rooms_api().decisions(code) == ()
    assert any(translate(lang, "error.gold_reason_needed") in e.value for e in facilitator.error)

    case, kind, unit_id, field = adjudicate_first(facilitator, lang, "yes", "the passage names the refund window"
                                                  ).split("|")
    stored = rooms_api().decisions(code)
    assert [(d["case_id"], d["kind"], d["unit_id"], d["field"], d["gold"]) for d in stored] == \
        [(case, kind, unit_id, field, True)]
    assert stored[0]["reason"] == "the passage names the refund window"
    assert stored[0]["author"] == translate(lang, "room.gold.default_author")
    assert any(translate(lang, "room.gold.yes") in s.value for s in facilitator.success)

    # A reload (a new session on the facilitator's link) shows the stored decision.
    again = open_room_page(room=code, key=secret, lang=lang)
    key = f"{case}|{kind}|{unit_id}|{field}"
    again.selectbox(key="room_gold_unit").set_value(key).run()
    assert again.radio(key=f"room_gold_choice::{key}").value == "yes"
    assert again.text_area(key=f"room_gold_reason::{key}").value == "the passage names the refund window"

    # The adjudicated dataset: the RAG format, the decision in the workbench's revision log.
    assert translate(lang, "room.gold.download") in [b.proto.label for b in again.get("download_button")]
    dataset, labels, adjudication = adjudication_now(code)
    text = dataset_to_text(adjudicated_dataset(dataset, labels, adjudication.decisions))
    log = revisions(dataset_from_file(text.encode("utf-8"), "adjudicated.json"))
    assert [(r.case, r.unit, r.field, r.new, r.reason) for r in log] == \
        [(case, unit_id, field, True, "the passage names the refund window")]

    # Participants see nothing until the facilitator shows it; then each sees their own figures, no one else's.
    ana.run()
    assert not any(translate(lang, "room.gold.yours_title") in t for t in texts(ana))
    again.toggle(key="room_gold_shown").set_value(True).run()
    assert not again.exception
    for person, name in ((ana, "Ana"), (bruno, "Bruno"), (carla, "Carla")):
        person.run()
        assert not person.exception, [e.value for e in person.exception]
        shown_texts = texts(person)
        assert any(translate(lang, "room.gold.yours_title") in t for t in shown_texts)
        mine = adjudication_now(code)[2].of(name)
        assert mine is not None and mine.units >= 1
        share = mine.share
        minimum = FIGURES["room.gold.share"].drawn_from  # Wilson's interval is drawn from 3 units (issue 48)
        expected = (translate(lang, "room.gold.share", agreed=share.successes, total=share.total,
                              percent=format_percent(share.value, lang),
                              level=format_percent(share.confidence, lang, 0), low=format_percent(share.low, lang),
                              high=format_percent(share.high, lang)) if share.total >= minimum else
                    translate(lang, "room.gold.share_withheld", agreed=share.successes, total=share.total,
                              percent=format_percent(share.value, lang), minimum=minimum))
        assert shown(expected) in shown_texts
        others = {"Ana", "Bruno", "Carla"} - {name}
        assert not any(other in t for t in shown_texts for other in others)

    # The facilitator sees the distribution only: no participant's name in the section's texts.
    again.run()
    spread = next(t for t in texts(again) if translate(lang, "room.gold.spread_title") in t)
    assert spread
    line = next(t for t in texts(again) if shown(translate(lang, "room.gold.spread_line", count=3, low="", lower="",
                                                                 median="", upper="", high="")).split("·")[0] in t)
    assert not any(name in line for name in ("Ana", "Bruno", "Carla"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_participant_whose_kappa_interval_can_never_come_in_this_room_is_told_so(lang):
    """Four labels compared with the gold, kappa 0.5: its interval is given from MIN_UNITS_FOR_KAPPA_INTERVAL, more
    labels than the room has, so the note says what the room shows instead of a count it can never reach."""
    _, code, secret = create_room()
    ana, bruno = join_in(code, "Ana", lang), join_in(code, "Bruno", lang)
    edit_labels(ana, "passages", {i: {"relevant": value} for i, value in enumerate((True, False, True, False))})
    edit_labels(bruno, "passages", {i: {"relevant": value} for i, value in enumerate((True, False, False, False))})
    facilitator = open_room_page(room=code, key=secret, lang=lang)
    adjudicate_first(facilitator, lang, "no", "the passage does not name the window")  # the one disputed unit
    facilitator.toggle(key="room_gold_shown").set_value(True).run()
    _, labels, adjudication = adjudication_now(code)
    mine = adjudication.of("Ana")
    assert mine is not None and mine.units == 4 and mine.kappa == pytest.approx(0.5) and mine.low is None
    assert mine.needed == MIN_UNITS_FOR_KAPPA_INTERVAL - 4
    ana.run()
    # The room has fewer labels than the interval needs: no "N more needed" that no labelling can reach, but what
    # this room shows and what would give it.
    room_labels = len(adjudication.gold)
    assert room_labels == len(labels.units) < MIN_UNITS_FOR_KAPPA_INTERVAL
    never = translate(lang, "room.gold.note.too_few_units_never", minimum=MIN_UNITS_FOR_KAPPA_INTERVAL,
                      units=room_labels)
    said = " ".join(texts(ana))
    assert shown(never) in said, said
    more = translate(lang, "room.gold.note.too_few_units", minimum=MIN_UNITS_FOR_KAPPA_INTERVAL, count=mine.needed)
    assert shown(more) not in said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_projector_shows_the_gold_screen_only_once_shown_and_without_names(lang):
    _, code, secret = create_room()
    ana, bruno = join_in(code, "Ana", lang), join_in(code, "Bruno", lang)
    edit_labels(ana, "passages", {0: {"relevant": True}})
    edit_labels(bruno, "passages", {0: {"relevant": False}})
    page = open_room_page(room=code, key=secret, lang=lang)
    adjudicate_first(page, lang, "no", "no refund window")
    view_key = rooms_api().projector_key(code, secret)
    projector = open_room_page(room=code, view=view_key, lang=lang)
    seen = []
    for _ in range(4):
        seen.append(texts(projector) + [s.value for s in projector.subheader])
        projector.button(key="proj_next").click().run()
    assert not any(translate(lang, "room.gold.spread_title") in t for screen in seen for t in screen)
    page.toggle(key="room_gold_shown").set_value(True).run()
    projector = open_room_page(room=code, view=view_key, lang=lang)
    seen = []
    for _ in range(5):
        seen.append(texts(projector) + [s.value for s in projector.subheader])
        projector.button(key="proj_next").click().run()
        assert not projector.exception, [e.value for e in projector.exception]
    gold = next(screen for screen in seen if any(translate(lang, "room.gold.spread_title") in t for t in screen))
    assert not any(name in t for t in gold for name in ("Ana", "Bruno"))
    assert any(shown(translate(lang, "room.gold.spread_line", count=2, low="", lower="", median="", upper="",
                               high="")).split("·")[0] in t for t in gold)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_majority_rule_settles_lopsided_splits_which_stay_overridable_at_the_end(lang):
    """Issue 39: with 22 people a unit was settled only when everyone agreed, so 21-to-1 splits waited for the
    facilitator. A majority rule (here two thirds) settles such a split: shown as such, last in the list, and the
    core's adjudication (what the download writes) logs it as the majority rule's."""
    _, code, secret = create_room()
    people = [join_in(code, name, lang) for name in ("Ana", "Bruno", "Carla")]
    for person, first in zip(people, (True, True, False), strict=True):  # passage 1 split 2 to 1
        edit_labels(person, "passages", {0: {"relevant": first}})
    facilitator = open_room_page(room=code, key=secret, lang=lang)
    passage = f"{translate(lang, 'units.passages')} p1 · {translate(lang, 'label.relevant')}"
    assert passage in facilitator.selectbox(key="room_gold_unit").options[0]  # the split, first, to decide
    facilitator.selectbox(key="room_gold_majority").set_value(2 / 3).run()
    assert not facilitator.exception, [e.value for e in facilitator.exception]
    assert rooms_api().get(code).state["gold_majority"] == pytest.approx(2 / 3)
    assert translate(lang, "room.gold.by_majority", count=1, share=format_percent(2 / 3, lang, 0)) in \
        [shown(c.value) for c in facilitator.caption]
    options = facilitator.selectbox(key="room_gold_unit").options
    assert passage in options[-1] and not any(passage in option for option in options[:-1])  # last, to look at
    assert options[-1].endswith(translate(lang, "room.gold.majority_item", gold=translate(lang, "room.gold.yes")))
    dataset, labels, adjudication = adjudication_now(code)
    assert adjudication.majority is None  # adjudication_now reads the records only; the page reads the room's rule
    from ui.views.room.adjudication import adjudication_of, majority_of
    from ui.views.room.rooms import class_view
    view = class_view(code, resamples=0)
    assert majority_of(view) == pytest.approx(2 / 3)
    written = adjudicated_dataset(dataset, labels, adjudication.decisions, majority_of(view), "2026-12-04T05:00:00")
    log = revisions(dataset_from_file(dataset_to_text(written).encode("utf-8"), "adjudicated.json"))
    assert [(r.unit, r.new, r.author) for r in log] == [("p1", True, "majority rule")]
    # What the facilitator downloads words the rule's revisions in the class's language, with its number marks.
    from ui.views.room.adjudication import adjudicated_text
    downloaded = adjudicated_text(view, adjudication_of(view), "2026-12-04T05:00:00", lang)
    log = revisions(dataset_from_file(downloaded.encode("utf-8"), "adjudicated.json"))
    reason = translate(lang, "room.gold.majority_reason", agreeing=2, labelled=3, share=format_percent(2 / 3, lang, 0),
                       rule=format_percent(2 / 3, lang, 0))
    assert [(r.unit, r.author, r.reason) for r in log] == [
        ("p1", translate(lang, "room.gold.majority_author"), reason)]
    assert reason == {"en": "2 of 3 = 67% ≥ 67%", "es": "2 de 3 = 67\u00a0% ≥ 67\u00a0%"}[lang]
