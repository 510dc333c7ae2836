"""Every page that makes a workshop room makes it through :func:`ui.frame.rooms.make_room` (issue 47, item 4), which
counts the room in the workspace that made it and paces how many a workspace makes: a page calling the store's
``Rooms.create`` itself would make rooms outside both."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THE_ONE_PLACE = ROOT / "ui" / "frame" / "rooms.py"


def room_creations(path: Path) -> list[str]:
    """``<expression>.create`` in ``path`` where the expression names a room (``rooms().create``, ``api.create``
    after ``api = rooms()``, ``Rooms(store).create``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rooms_apis = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
                  for target in node.targets if isinstance(target, ast.Name)
                  and "room" in ast.unparse(node.value).lower()}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "create":
            owner = ast.unparse(node.value)
            if "room" in owner.lower() or owner in rooms_apis:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {owner}.create")
    return found


def test_no_page_makes_a_room_but_through_make_room():
    files = [*sorted((ROOT / "ui").rglob("*.py")), *sorted((ROOT / "app_pages").rglob("*.py")), ROOT / "app.py"]
    found = [line for path in files if path != THE_ONE_PLACE for line in room_creations(path)]
    assert found == []
    assert room_creations(THE_ONE_PLACE)  # the one place does make them


def test_the_check_finds_a_page_that_calls_the_store_itself(tmp_path: Path, monkeypatch):
    page = ROOT / "app_pages" / "workshop_room.py"
    source = page.read_text(encoding="utf-8").replace("partial(make_room, room_title, dataset_to_text",
                                                      "partial(rooms().create, room_title, dataset_to_text")
    copy = tmp_path / "page.py"
    copy.write_text(source, encoding="utf-8")
    monkeypatch.setattr("tests.ui.test_room_paths.ROOT", tmp_path)
    assert [line.split(": ", 1)[1] for line in room_creations(copy)] == ["rooms().create"]
