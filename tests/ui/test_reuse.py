"""Values kept for the very objects they were made from (ui/frame/reuse.py): made again only for new objects."""

from __future__ import annotations

from ui.frame.reuse import reuse


class Item:
    """Equal to every other item: reuse must go by identity, never by equality."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def made(keys, kept):
    def make(missing):
        batches.append(list(missing))
        return [("value", id(key)) for key in missing]

    batches: list[list[Item]] = []
    values = reuse(keys, kept, make)
    calls = [key for batch in batches for key in batch]
    assert len(batches) <= 1  # the missing ones are made in one call
    return values, calls


def test_the_same_length_makes_only_the_replaced_item():
    keys = [Item() for _ in range(5)]
    values, calls = made(keys, None)
    assert calls == keys
    changed = [*keys[:2], Item(), *keys[3:]]
    again, calls = made(changed, (keys, values))
    assert calls == [changed[2]]
    assert again[:2] == values[:2] and again[3:] == values[3:]
    assert again[2] == ("value", id(changed[2]))


def test_another_length_finds_kept_items_wherever_they_are():
    keys = [Item() for _ in range(4)]
    values, _ = made(keys, None)
    added = Item()
    moved = [keys[3], added, keys[0], keys[1], keys[2]]  # one more item, the others moved
    again, calls = made(moved, (keys, values))
    assert calls == [added]
    assert again == [values[3], ("value", id(added)), values[0], values[1], values[2]]
