"""Each member's current copy of a room's cases, kept between refreshes so that a refresh reads what changed.

The facilitator's and the projector's class view refresh every few seconds. Replaying every stored label edit of the
room at each refresh made its cost grow with the hour's history: 54 ms of CPU at 60 members x 10 edits, 594 ms at
300 x 100, most of it reading and decoding 30,000 edit bodies and replaying them. :class:`RoomLabels`
keeps, per member, the copy their edits have made so far, the last edit read and the store's change numbers, and
asks the store only for the edits after it (:meth:`uncase_store.rooms.Rooms.labels_after`); a member whose
workspace did not change costs one row. A member who loaded the data again, or undid every edit, is read again from
the start. Replaying records onto the copy they were last applied to is the same fold as replaying them all from a
blank copy (the edits apply in order and carry no other state), so the view is exactly what a full replay gives:
``tests/store/test_class_state.py`` compares both on long random histories.

No Streamlit here: a page keeps one :class:`RoomLabels` per room in its session (a person's data does not live in
the process), and the tests and ``bench/bench_class_view.py`` drive it directly.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from uncase_core.agreement.class_labels import blank_copy
from uncase_core.agreement.materials import Material
from uncase_store.rooms import MemberHead, Rooms

Key = tuple[str, ...]  # (case, kind, unit, field): a labelled unit, as Material.record_key gives it


@dataclass
class _Member:
    name: str
    workspace_seq: int
    document_seq: int | None
    last_seq: int = 0  # the last edit applied to ``copy``
    count: int = 0  # edits applied
    copy: Any = None
    refused: int = 0
    times: dict[Key, datetime] = field(default_factory=dict)  # the unit -> when this member last set it


@dataclass(frozen=True)
class ClassCopies:
    """What the class view is made from: each member's copy (by name, in join order), the edit records that did
    not fit, and when each member last set each unit."""

    copies: Mapping[str, Any]
    refused: int
    times: Mapping[tuple[str, ...], datetime]
    members: int


class RoomLabels:
    """One room's members' copies, brought up to date by :meth:`refresh` (see the module docstring)."""

    def __init__(self, code: str, dataset: Any, material: Material) -> None:
        self.code, self.material = code, material
        self.blank = blank_copy(dataset)
        self._members: dict[str, _Member] = {}
        self._lock = threading.Lock()  # a fragment's timer and a full run of one session may refresh together

    def refresh(self, api: Rooms) -> ClassCopies:
        with self._lock:
            heads = api.labels_after(self.code, self.material.name, self._known())
            again = [head.token for head in heads if self._stale(head)]
            if again:  # every edit undone, or a read that raced a reload: those members from the start
                for token in again:
                    self._members.pop(token, None)
                fresh = {h.token: h for h in api.labels_after(self.code, self.material.name, self._known())}
                heads = tuple(fresh.get(head.token, head) for head in heads)
            self._members = {head.token: self._updated(head) for head in heads}
            return self._copies()

    def _known(self) -> dict[str, tuple[int, int | None, int]]:
        return {token: (m.workspace_seq, m.document_seq, m.last_seq) for token, m in self._members.items()}

    def _stale(self, head: MemberHead) -> bool:
        """The edits applied to the member's copy are no longer stored (every one undone at once): start again."""
        member = self._members.get(head.token)
        return (member is not None and head.after > 0 and member.count > 0
                and (head.first_seq is None or head.first_seq > member.last_seq))

    def _updated(self, head: MemberHead) -> _Member:
        member = self._members.get(head.token)
        if head.document_seq is None:  # not holding the room's cases: no edit counts, a blank copy
            return _Member(head.name, head.workspace_seq, None, copy=self.blank)
        if member is None or head.after == 0:
            member = _Member(head.name, head.workspace_seq, head.document_seq, copy=self.blank)
        member.name, member.workspace_seq, member.document_seq = head.name, head.workspace_seq, head.document_seq
        if head.edits:
            member.copy, refused = self.material.replay(member.copy, [record for _seq, record, _at in head.edits])
            member.refused += refused
            for _seq, record, moment in head.edits:
                key = self.material.record_key(record)
                if key is not None:
                    member.times[key] = moment
            member.last_seq = head.edits[-1][0]
            member.count += len(head.edits)
        return member

    def _copies(self) -> ClassCopies:
        members = list(self._members.values())
        return ClassCopies(
            copies={m.name: m.copy for m in members},
            refused=sum(m.refused for m in members),
            times={(m.name, *key): moment for m in members for key, moment in m.times.items()},
            members=len(members))
