"""Before a room opens on cases, the page says which reference labels its answer key misses, unit by unit, and lets
the teacher review the whole key (issue 49, item 3): in the case editor's room box, on the RAG page's, and in the room
form on this workspace's cases. In English and in Spanish."""

from __future__ import annotations

import pytest

from tests.pages.apptest_helpers import shown, workspace
from tests.pages.test_case_editor_page import WORDS, click, fill_form, open_editor
from ui.frame.data_kinds import RAG
from ui.i18n import translate


def gap_warning(at, language: str, count: int, total: int) -> bool:
    expected = translate(language, "room.key.gaps", count=count, total=total)
    return expected in [shown(w.value) for w in at.warning]


def gap_lines(at) -> str:
    return "\n".join(shown(m.value) for m in at.markdown)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_case_written_in_the_editor_shows_its_gaps_and_its_key_before_the_room(language):
    at = click(fill_form(open_editor(language)), WORDS[language]["create"])
    case = workspace(at).data(RAG).cases[-1]
    total = len(case.passages) + len(case.claims) + len(case.reference_facts)
    assert gap_warning(at, language, total, total)  # nothing labelled yet: every unit is a gap
    first = translate(language, "room.key.gap_line", case="my-case", unit="p1",
                      kind=translate(language, "agr.kind.passages"), labels=translate(language, "label.relevant"))
    assert first in gap_lines(at)
    assert not at.dataframe  # the review is one switch away
    at.toggle(key="editor_key_review").set_value(True).run()
    table = at.dataframe[0].value
    assert len(table) == total
    assert table[translate(language, "room.key.unit")].iloc[0].startswith("p1")


def test_the_room_form_shows_the_gaps_of_this_workspaces_cases():
    at = click(fill_form(open_editor("en")), WORDS["en"]["create"])
    units = [unit for case in workspace(at).data(RAG).cases
             for unit in (*case.passages, *case.claims, *case.reference_facts)]
    gaps = sum(1 for unit in units if None in unit.labels.values())
    at.switch_page("app_pages/workshop_room.py").run()
    at.radio(key="room_new_source").set_value("workspace").run()
    assert not at.exception, [e.value for e in at.exception]
    assert gap_warning(at, "en", gaps, len(units))
    assert "my-case · p1 (Passage): no Relevant" in gap_lines(at)
