"""Focus mode's presses (:func:`ui.widgets.focus.apply_presses`) on a small source, outside any page: what each
stores and where it leaves the person, including presses made on a unit the person has since left, presses folded
into one run, a press applied twice, and a press naming a unit the data no longer has."""

from __future__ import annotations

from typing import Any

import pytest
import streamlit as st

from ui.widgets import focus
from ui.widgets.focus import NOTES_KEY, FocusItem, FocusSource
from ui.widgets.focus_presses import APPLIED_KEY, session_name


class Settings:
    """A workspace's settings as focus mode reads and writes them."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def setting(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


class TwoCases(FocusSource):
    """Two cases of two labels each, every label unset at first."""

    prefix = "t"
    case_key = "t_case"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.labels = [[None, None], [None, None]]
        self.keypad = Keypad()

    def case_count(self) -> int:
        return len(self.labels)

    def case_index(self) -> int:
        return self.settings.setting(self.case_key, 0)

    def items(self, case: int) -> list[FocusItem]:
        return [FocusItem("passages", i, 2, "relevant", value, f"c{case}u{i}")
                for i, value in enumerate(self.labels[case])]

    def counts(self) -> tuple[int, int]:
        flat = [value for case in self.labels for value in case]
        return sum(value is not None for value in flat), len(flat)

    def kind_name(self, kind: str) -> str:
        return kind

    def label_name(self, field: str) -> str:
        return field

    def write(self, case: int, item: FocusItem, value: bool | None) -> bool:
        if self.labels[case][item.unit] == value:
            return False
        self.labels[case][item.unit] = value
        return True


@pytest.fixture
def source(monkeypatch: pytest.MonkeyPatch) -> TwoCases:
    settings = Settings()
    monkeypatch.setattr(focus, "current_workspace", lambda: settings)
    monkeypatch.setattr(focus, "save_settings", lambda changes, paced=True: settings.values.update(changes))
    monkeypatch.setattr(focus, "run_saving", lambda action: action() is None or True)
    monkeypatch.setattr(focus, "format_count", lambda value, lang: str(value))
    monkeypatch.setattr(focus, "language", lambda: "en")
    monkeypatch.setattr(focus, "t", lambda key, **values: key)
    for key in (NOTES_KEY, APPLIED_KEY):
        st.session_state.pop(key, None)
    return TwoCases(settings)


class Keypad:
    """A browser's keypad: the presses it has sent, each naming the unit shown when it was made."""

    def __init__(self, tab: str = "tab1") -> None:
        self.tab = tab
        self.sent: list[dict[str, Any]] = []

    def record(self, source: TwoCases, action: str, drawn_at: tuple[int, int] | None = None) -> dict[str, Any]:
        case, offset = drawn_at or focus.position(source)
        items = source.items(case)
        unit = items[offset] if items else None
        press = {"tab": self.tab, "seq": len(self.sent) + 1, "session": session_name(), "action": action,
                 "case": case, "unit": unit.unit_id if unit else None, "field": unit.field if unit else None}
        self.sent.append(press)
        return press


def notes() -> list[str]:
    return [key for key, _ in st.session_state.get(NOTES_KEY) or []]


def press(source: TwoCases, action: str, drawn_at: tuple[int, int] | None = None,
          keypad: Keypad | None = None) -> bool:
    """Press ``action`` on the unit shown at ``drawn_at`` (where the person is now by default) and apply it;
    whether the person is now in another case."""
    keypad = keypad or source.keypad
    keypad.record(source, action, drawn_at)
    return focus.apply_presses(source, "t_focus_pad", keypad.sent)


def test_a_label_moves_on_and_undo_takes_it_back_across_cases(source: TwoCases) -> None:
    press(source, "yes")
    press(source, "no")
    assert focus.position(source) == (1, 0)  # the next unlabelled is in the next case
    assert press(source, "undo") is True  # back to case 1: the whole page reruns
    assert source.labels[0] == [True, None] and focus.position(source) == (0, 1)
    press(source, "undo")
    assert source.labels[0] == [None, None] and focus.position(source) == (0, 0)


def test_an_undo_with_nothing_left_stays_where_the_person_is_whatever_its_button_saw(source: TwoCases) -> None:
    press(source, "yes")
    press(source, "no")  # now at case 2
    stale = focus.position(source)
    press(source, "undo")
    press(source, "undo")
    assert focus.position(source) == (0, 0)
    # An Undo from a button drawn at case 2, before the undos brought the person back: nothing to undo, no move.
    assert press(source, "undo", drawn_at=stale) is False
    assert focus.position(source) == (0, 0)
    assert source.labels == [[None, None], [None, None]]
    assert notes()[-1] == "focus.nothing_to_undo"


def test_an_undo_whose_unit_is_gone_says_so_and_stays(source: TwoCases, monkeypatch: pytest.MonkeyPatch) -> None:
    press(source, "yes")
    press(source, "no")
    stale = focus.position(source)
    press(source, "back")
    press(source, "back")  # the person walks back to case 1's first label
    source.keypad.record(source, "undo", stale)  # an Undo pressed on the page drawn at case 2 ...
    monkeypatch.setattr(source, "items", lambda case: [])  # ... then the data changed: no unit is there any more
    focus.apply_presses(source, "t_focus_pad", source.keypad.sent)
    assert notes()[-1] == "focus.unit_gone"  # the press's own unit is gone: nothing is guessed
    assert source.settings.setting(source.case_key) == 0


def test_presses_folded_into_one_run_land_each_on_the_unit_it_names_in_order(source: TwoCases) -> None:
    # Four presses made while one run was in progress, each on the unit the page showed at that moment: the
    # browser sends them as one list, and the run applies all of them, in order.
    keypad = source.keypad
    keypad.record(source, "yes", (0, 0))
    keypad.record(source, "no", (0, 1))
    keypad.record(source, "no", (1, 0))
    keypad.record(source, "yes", (1, 1))
    focus.apply_presses(source, "t_focus_pad", keypad.sent)
    assert source.labels == [[True, False], [False, True]]
    # The same list again (a second run, a fragment's rerun): nothing is applied twice.
    source.labels = [[None, None], [None, None]]
    focus.apply_presses(source, "t_focus_pad", keypad.sent)
    assert source.labels == [[None, None], [None, None]]


def test_a_correction_moves_to_the_next_unit_in_order_not_to_the_next_unlabelled(source: TwoCases) -> None:
    press(source, "yes")
    press(source, "yes")
    press(source, "back")
    press(source, "back")  # back at case 1's first label; case 2's labels are not set
    assert focus.position(source) == (0, 0)
    press(source, "no")  # the correction: the next label in order comes up (case 1's second), not case 2's
    assert source.labels[0] == [False, True] and focus.position(source) == (0, 1)


def test_a_press_on_a_unit_the_data_no_longer_has_is_refused_with_a_note(source: TwoCases,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    keypad = source.keypad
    keypad.record(source, "yes", (0, 1))
    renamed = [FocusItem("passages", i, 2, "relevant", None, f"other{i}") for i in range(2)]
    monkeypatch.setattr(source, "items", lambda case: renamed)  # the case changed since the unit was shown
    focus.apply_presses(source, "t_focus_pad", keypad.sent)
    assert source.labels == [[None, None], [None, None]]
    assert notes() == ["focus.unit_gone"]


def test_presses_from_another_server_session_or_unreadable_are_not_applied(source: TwoCases) -> None:
    keypad = source.keypad
    stale = keypad.record(source, "yes", (0, 0))
    stale["session"] = "an-earlier-server"  # the page was drawn before a restart: applying it now is late
    focus.apply_presses(source, "t_focus_pad", [stale, {"tab": "x", "seq": "1"}, "yes", None])
    assert source.labels == [[None, None], [None, None]]
    assert notes() == ["focus.unreadable"]  # three records that are not presses


def test_a_press_made_on_the_page_connected_again_after_a_restart_is_applied_once(source: TwoCases) -> None:
    """Issue 49, item 7: the first key after a restart names the old server session (the page was not drawn again
    yet) but was made once the page was connected to this one: the keypad marks it, and it is applied, once."""
    keypad = source.keypad
    late = keypad.record(source, "yes", (0, 0))
    late["session"] = "an-earlier-server"  # pressed while the server was away: not applied
    back = keypad.record(source, "no", (0, 1))
    back["session"], back["reconnected"] = "an-earlier-server", True
    focus.apply_presses(source, "t_focus_pad", [late, back])
    assert source.labels == [[None, False], [None, None]]
    source.labels[0][1] = None
    focus.apply_presses(source, "t_focus_pad", [late, back])  # the same list again: nothing applied twice
    assert source.labels == [[None, None], [None, None]]


def test_a_press_whose_reconnected_mark_is_not_a_boolean_is_unreadable(source: TwoCases) -> None:
    keypad = source.keypad
    odd = keypad.record(source, "yes", (0, 0))
    odd["session"], odd["reconnected"] = "an-earlier-server", "yes"
    focus.apply_presses(source, "t_focus_pad", [odd])
    assert source.labels == [[None, None], [None, None]]
    assert notes() == ["focus.unreadable.one"]
