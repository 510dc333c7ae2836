"""Focus mode's key actions (:func:`ui.widgets.focus.act`) on a small source, outside any page: what each stores
and where it leaves the person, including an Undo whose button was drawn before the person moved."""

from __future__ import annotations

from typing import Any

import pytest
import streamlit as st

from ui.widgets import focus
from ui.widgets.focus import NOTE_KEY, FocusItem, FocusSource


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
    st.session_state.pop(NOTE_KEY, None)
    return TwoCases(settings)


def press(source: TwoCases, action: str, drawn_at: tuple[int, int] | None = None) -> list[bool]:
    """Press ``action`` on a button drawn at ``drawn_at`` (where the person is now by default); the reruns asked."""
    case, offset = drawn_at or focus.position(source)
    reruns: list[bool] = []
    focus.act(source, action, case, offset, reruns.append)
    return reruns


def test_a_label_moves_on_and_undo_takes_it_back_across_cases(source: TwoCases) -> None:
    press(source, "yes")
    press(source, "no")
    assert focus.position(source) == (1, 0)  # the next unlabelled is in the next case
    assert press(source, "undo") == [True]  # back to case 1: the whole page reruns
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
    assert press(source, "undo", drawn_at=stale) == [False]
    assert focus.position(source) == (0, 0)
    assert source.labels == [[None, None], [None, None]]
    assert st.session_state[NOTE_KEY] == "focus.nothing_to_undo"


def test_an_undo_whose_unit_is_gone_says_so_and_stays(source: TwoCases, monkeypatch: pytest.MonkeyPatch) -> None:
    press(source, "yes")
    press(source, "no")
    stale = focus.position(source)
    press(source, "back")
    press(source, "back")  # the person walks back to case 1's first label
    monkeypatch.setattr(source, "items", lambda case: [])  # the data changed: no unit is there any more
    press(source, "undo", drawn_at=stale)
    assert st.session_state[NOTE_KEY] == "focus.undo_gone"
    assert source.settings.setting(source.case_key) == 0
