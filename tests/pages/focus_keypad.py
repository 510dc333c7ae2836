"""Focus mode's keypad (``ui/widgets/focus_pad.py``) in AppTest: what it shows, read from the data the page gave it,
and a press, sent as the browser sends it (the keypad's state: the list of presses not yet acknowledged, each
naming the unit on screen). AppTest cannot run the keypad's JavaScript; it sets that state and runs, which is what
the page's callback receives from a browser."""

from __future__ import annotations

import json
import re
from typing import Any

from streamlit.testing.v1 import AppTest

from ui.i18n import format_count
from ui.widgets.focus_pad import PAD_NAME

TEST_TAB = "apptest"  # the keypad's name in the presses a test sends


def _walk(node: Any) -> Any:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def pads(at: AppTest) -> list[tuple[Any, dict[str, Any]]]:
    """Every keypad on the page: (its element, the data the page gave it)."""
    found = []
    for node in _walk(at._tree):
        if getattr(node, "type", None) == "bidi_component" and node.proto.component_name == PAD_NAME:
            found.append((node, json.loads(node.proto.json or "null") or {}))
    return found


def pad_data(at: AppTest) -> dict[str, Any]:
    found = pads(at)
    assert found, "no focus-mode keypad on the page"
    return found[0][1]


def pad_place(at: AppTest, block: Any = None, place: tuple[int, ...] = ()) -> tuple[int, ...] | None:
    """Where the keypad sits in the app's element tree (its delta path), or None."""
    for index, node in getattr(at._tree if block is None else block, "children", {}).items():
        if getattr(node, "type", None) == "bidi_component" and node.proto.component_name == PAD_NAME:
            return (*place, index)
        found = pad_place(at, node, (*place, index))
        if found is not None:
            return found
    return None


def has_pad(at: AppTest) -> bool:
    return bool(pads(at))


def _key_of(at: AppTest, node: Any) -> str:
    """The keypad's state key (``<prefix>_focus_pad``), which its element's id holds."""
    found = re.search(r"(\w+_focus_pad)$", node.proto.id)
    if found is None:
        raise LookupError(node.proto.id)
    return found.group(1)


def current(at: AppTest) -> dict[str, Any] | None:
    """The unit on screen (one of the data's items), or None when the case has nothing to label."""
    data = pad_data(at)
    items = data["items"]
    return items[data["at"]] if items else None


def line(at: AppTest) -> str:
    """The position line ("Case 1 of 7 · passage 2 of 5 · 43 of 121 labelled"), as the keypad writes it."""
    data = pad_data(at)
    return current(at)["line"].replace("{labelled}", format_count(data["labelled"], data["lang"]))


def now(at: AppTest) -> str:
    """The unit's label as the keypad says it under the unit ("Now: yes")."""
    value = current(at)["value"]
    return pad_data(at)["texts"]["now"][json.dumps(value)]


def notes(at: AppTest) -> list[str]:
    """The notes the keypad shows above the unit (why a press did nothing, where it moved)."""
    return pad_data(at)["notes"]


def press(at: AppTest, action: str, *, unit: dict[str, Any] | None = None, expect_ok: bool = True) -> AppTest:
    """A key or a tap on the keypad: a press naming the unit on screen (or ``unit``, an item of an earlier
    drawing), sent as the keypad's state, then the run it starts."""
    data = pad_data(at)
    key = _key_of(at, pads(at)[0][0])
    shown = unit if unit is not None else current(at)
    seq = data["applied"].get(TEST_TAB, 0) + 1
    at.session_state[key] = {"presses": [{
        "tab": TEST_TAB, "seq": seq, "session": data["session"], "action": action, "case": data["case"],
        "unit": shown["unit"] if shown else None, "field": shown["field"] if shown else None,
        "shown": shown["value"] if shown else None}]}
    at.run()
    if expect_ok:
        assert not at.exception, [e.value for e in at.exception]
    return at
