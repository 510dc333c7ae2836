"""Workshop rooms in the store: a facilitator, the class's cases, who joined, and where their labels are.

A room holds the RAG dataset the class labels (with its reference labels, for the reveal), a
short code people type, and the hashes of two secrets: the facilitator's (whose link opens
the controls) and the projector's (whose link shows the class view, read-only). Each
participant labels in a workspace of their own, as anyone does; the room only lists who
joined with which workspace. :meth:`Rooms.labels` reads every member's label edits in one
query, for the class view that the core computes (:mod:`uncase_core.agreement.class_labels`).

A member who lost their link comes back with a short code of their own (:func:`resume_code_of`, derived from
their workspace's token, so their page can show it again; the store keeps only its hash): :meth:`Rooms.rejoin`.
The facilitator removes a member (their labels leave the class view) or merges one into another
(:meth:`Rooms.merge`: a ghost "Ana 2" back into "Ana").

The facilitator's adjudication is a list of decision records, one per save, kept in order
(:meth:`Rooms.decide`, :meth:`Rooms.decisions`); the core checks them and computes the gold from them
(:mod:`uncase_core.agreement.adjudication`).

A room's ``seq`` is bumped on every change that participants' pages must follow (reveal,
freeze, a lesson started); a page polls it with one indexed read.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import Any

from sqlalchemy import delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from uncase_store import schema
from uncase_store.store import (
    MB,
    Store,
    StoreError,
    UnknownWorkspace,
    WorkspaceFull,
    _database_errors,
    _decode,
    _size,
    _utc,
    encode,
    human_size,
)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: read off a projector and typed on a phone
CODE_LENGTH = 6
RESUME_LENGTH = 6  # a member's code to come back: 30 bits, per room, tried at the join form (slowed as room codes)
RESUME_ATTEMPTS = 8  # derived codes tried in turn when one is taken in the room (a 1 in 2**30 chance each)
MAX_NAME_LENGTH = 40
MAX_ROOM_BYTES = 8 * MB
STATE_KEYS = ("revealed", "frozen", "lesson", "guidelines", "gold_shown", "gold_majority")
MAX_DECISIONS = 20_000  # decision records a room keeps (a save each; a room of 8 MB of cases has far fewer labels)


class TooManyRooms(StoreError):
    """The owner's workspace made as many rooms in the last hour as it may (``per_hour`` of :meth:`Rooms.create`)."""

    def __init__(self, wait_s: float, limit: int) -> None:
        super().__init__(f"this workspace made {limit} rooms in the last hour, as many as it may; try again in "
                         f"{max(1, math.ceil(wait_s / 60))} min")
        self.wait_s, self.limit = wait_s, limit


class UnknownMember(StoreError):
    def __init__(self, code: str, name: str) -> None:
        super().__init__(f"there is no participant {name!r} in room {code!r} (reload the page)")
        self.code = code
        self.name = name


class UnknownRoom(StoreError):
    def __init__(self, code: str) -> None:
        super().__init__(f"there is no room {code!r} on this server (check the code, or ask the facilitator)")
        self.code = code


@dataclass(frozen=True)
class RoomKeys:
    """What creating a room gives the facilitator; the secrets are never stored, only their hashes."""

    code: str
    secret: str  # opens the facilitator's view
    view_key: str  # opens the projector's read-only view


@dataclass(frozen=True)
class Room:
    code: str
    title: str
    created_at: datetime
    changed_at: datetime
    seq: int
    format: str
    source: str
    source_kind: str
    body: str
    state: Mapping[str, Any] = field(default_factory=dict)
    owner: str | None = None

    @property
    def revealed(self) -> bool:
        return bool(self.state.get("revealed"))

    @property
    def frozen(self) -> bool:
        return bool(self.state.get("frozen"))

    @property
    def lesson(self) -> str | None:
        return self.state.get("lesson")


@dataclass(frozen=True)
class Member:
    name: str
    token: str
    joined_at: datetime


@dataclass(frozen=True)
class MemberLabels:
    """One member's label edits on the room's data (their workspace's RAG document holding this room's cases)."""

    name: str
    token: str
    edits: tuple[tuple[Mapping[str, Any], datetime], ...]  # (edit record, when stored), in order


@dataclass(frozen=True)
class MemberHead:
    """Where one member's copy of a room's cases stands, to read only what changed since (:meth:`Rooms.labels_after`).

    ``workspace_seq``: the workspace's change number; ``document_seq``: when its document was loaded (None: no
    document of the room's, so no edits count); ``edits``: their edits after ``after`` (every edit when ``after`` is
    0), with each one's ``seq``; ``first_seq``: the earliest of their edits still stored, when ``after`` is past 0
    (None: none is; an undo of every edit drops them all at once without loading the document again)."""

    name: str
    token: str
    workspace_seq: int
    document_seq: int | None
    after: int
    first_seq: int | None
    edits: tuple[tuple[int, Mapping[str, Any], datetime], ...]


# Each member's edits after (or up to) the last one read: a table of (token, seq) made from one JSON parameter, joined
# on the edits' (token, name, seq) index, so each member's range is sought in the index. A condition computed per row
# (a CASE of 300 tokens) scanned the room's whole history, and a VALUES list of 300 rows cost SQLAlchemy 25 ms to
# compile at every refresh; this text is compiled once (bench/bench_class_view.py).
_CUT_ROWS = MappingProxyType({
    "sqlite": "SELECT json_extract(value, '$.token') AS token, json_extract(value, '$.seq') AS seq "
              "FROM json_each(:cut)",
    "postgresql": "SELECT token, seq FROM json_to_recordset(CAST(:cut AS json)) AS t(token text, seq bigint)",
})
_BY_CUTOFF = MappingProxyType({
    "after": "SELECT e.token, e.seq, e.body, e.stored_at FROM edits AS e JOIN cut ON e.token = cut.token "
             "AND e.name = :document AND e.seq > cut.seq ORDER BY e.token, e.seq",
    # The earliest stored edit, one index seek a member: every edit is dropped at once or none is (an undo of all,
    # data loaded again), so a member whose edits read are still there has one at or before the last read.
    "first": "SELECT cut.token, (SELECT min(e.seq) FROM edits AS e WHERE e.token = cut.token "
             "AND e.name = :document) FROM cut",
})


def _edits_by_cutoff(dialect: str, which: str) -> Any:
    query = text(f"WITH cut AS ({_CUT_ROWS[dialect]}) {_BY_CUTOFF[which]}")
    edits = schema.edits.c
    # The stored time read as the table's column type (a text query returns SQLite's raw text otherwise).
    return query.columns(edits.token, edits.seq, edits.body, edits.stored_at) if which == "after" else query


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def projector_key_of(code: str, secret: str) -> str:
    """The projector's key of room ``code``, derived from the facilitator's secret (HMAC-SHA256): wherever the
    facilitator's link opens, the projector's link can be shown too, and the projector's key opens nothing else
    (the secret cannot be worked back from it)."""
    digest = hmac.new(secret.encode("utf-8"), f"projector:{code}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode("ascii")


JOIN_KEY_BYTES = 16  # 128 bits: a link's key is never guessed, so a class joining by link or QR code is never slowed


def join_key_of(secret_hash: str, code: str) -> str:
    """The key a room's participant link and QR code carry (``?join=CODE&k=KEY``): HMAC-SHA256 of the room's code
    under the stored hash of the facilitator's secret, which no page shows, so only the server (and the facilitator,
    who holds the secret) can make it, and new facilitator links make a new one. The short code is what a person
    types; the key is what lets a link in without a look that a guesser's tries could hold up."""
    digest = hmac.new(secret_hash.encode("ascii"), f"join:{code}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:JOIN_KEY_BYTES]).decode("ascii").rstrip("=")


def resume_code_of(token: str, code: str, attempt: int = 0) -> str:
    """The code with which the member of room ``code`` whose workspace is ``token`` comes back (HMAC-SHA256 of the
    token, as letters of CODE_ALPHABET): their page can show it again, and it says nothing of the token."""
    digest = hmac.new(token.encode("utf-8"), f"resume:{code}:{attempt}".encode(), hashlib.sha256).digest()
    return "".join(CODE_ALPHABET[byte % len(CODE_ALPHABET)] for byte in digest[:RESUME_LENGTH])


def _resume_hash(code: str, resume: str) -> str:
    return _hash(f"resume:{code}:{normalize_code(resume)}")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str:
    """What a person typed, as a code: capitals, no spaces or dashes (``abc-234`` -> ``ABC234``)."""
    return "".join(ch for ch in str(text or "").upper() if ch.isalnum())


def clean_name(text: object) -> str:
    """A display name on one line, of at most MAX_NAME_LENGTH characters, control characters removed."""
    name = " ".join("".join(ch for ch in str(text or "") if ch.isprintable()).split())
    return name[:MAX_NAME_LENGTH].strip()


class Rooms:
    """The rooms of one store (``Rooms(store)``); thread-safe like the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # ------------------------------------------------------------ facilitator

    @_database_errors
    def create(self, title: str, body: str, source: str, source_kind: str, format: str = "rag-dataset",
               owner: str | None = None, now: datetime | None = None, per_hour: int | None = None) -> RoomKeys:
        """A new room for ``body`` (the RAG dataset's text); its code and the facilitator's two secrets.

        A room made by a workspace (``owner``) counts in that workspace's cap like its own data (WorkspaceFull past
        it; the bytes come off again when the room is pruned), and with ``per_hour`` the workspace makes at most that
        many rooms in any hour (TooManyRooms): rooms are the one thing a person can store outside their workspace,
        and a participant's link made 148 of them in 40 s. Both are checked in the transaction that
        makes the room, after taking the owner's row lock, so two tabs or two processes cannot both slip under."""
        size = _size(body) + _size(title) + _size(source)
        if size > MAX_ROOM_BYTES:
            raise StoreError(f"a room's data is at most {human_size(MAX_ROOM_BYTES)}; this is {human_size(size)}")
        now = now or datetime.now(UTC)
        secret = secrets.token_urlsafe(18)
        for _ in range(20):  # a code already taken: draw another
            code = new_code()
            view_key = projector_key_of(code, secret)
            try:
                with self.store._write() as connection, connection.begin():
                    self.store._check_store_room(connection, size)
                    if owner is not None:
                        self._charge_owner(connection, owner, size, now, per_hour)
                    connection.execute(insert(schema.rooms).values(
                        code=code, title=title, created_at=now, changed_at=now, seq=0, secret_hash=_hash(secret),
                        view_hash=_hash(view_key), owner=owner, format=format, source=source,
                        source_kind=source_kind, body=body, state="{}", size_bytes=size,
                        charged_bytes=size if owner is not None else 0))
            except IntegrityError:
                continue
            return RoomKeys(code, secret, view_key)
        raise StoreError("could not find a free room code; try again")

    def _charge_owner(self, connection: Any, owner: str, size: int, now: datetime, per_hour: int | None) -> None:
        """Add a new room's ``size`` to its owner's workspace within the workspace's cap, then count the owner's rooms
        of the last hour against ``per_hour``. The update comes first: it takes the owner's row lock, under which the
        count cannot change."""
        workspaces, table = schema.workspaces, schema.rooms
        cap = self.store.limits.workspace_bytes
        charged = connection.execute(
            update(workspaces).where(workspaces.c.token == owner, workspaces.c.size_bytes + size <= cap)
            .values(size_bytes=workspaces.c.size_bytes + size, touched_at=now)).rowcount
        if not charged:
            held = connection.execute(select(workspaces.c.size_bytes).where(workspaces.c.token == owner)).scalar()
            if held is None:
                raise UnknownWorkspace(owner)
            raise WorkspaceFull(int(held), size, cap)
        if per_hour is None:
            return
        recent = connection.execute(
            select(table.c.created_at).where(table.c.owner == owner, table.c.created_at > now - timedelta(hours=1))
            .order_by(table.c.created_at.desc()).limit(per_hour)).scalars().all()
        if len(recent) >= per_hour:  # the oldest of the last ``per_hour`` leaves the hour first
            raise TooManyRooms((_utc(recent[-1]) + timedelta(hours=1) - now).total_seconds(), per_hour)

    @_database_errors
    def new_keys(self, code: str, now: datetime | None = None) -> RoomKeys:
        """Fresh facilitator and projector secrets for the room (the old links stop opening it); only their hashes
        are stored, so this is how an owner who no longer has the links gets new ones. The projector's key is
        derived from the new secret (:func:`projector_key_of`), as :meth:`create` does."""
        secret = secrets.token_urlsafe(18)
        view_key = projector_key_of(code, secret)
        table = schema.rooms
        with self.store._write() as connection, connection.begin():
            changed = connection.execute(update(table).where(table.c.code == code).values(
                secret_hash=_hash(secret), view_hash=_hash(view_key), changed_at=now or datetime.now(UTC))).rowcount
        if not changed:
            raise UnknownRoom(code)
        return RoomKeys(code, secret, view_key)

    @_database_errors
    def owned(self, owner: str) -> tuple[Room, ...]:
        """The rooms the workspace ``owner`` made, newest first, without their datasets' text."""
        table = schema.rooms
        columns = [c for c in table.c if c.name != "body"]
        with self.engine.connect() as connection:
            rows = connection.execute(select(*columns).where(table.c.owner == owner)
                                      .order_by(table.c.created_at.desc(), table.c.code)).all()
        return tuple(Room(row.code, row.title, _utc(row.created_at), _utc(row.changed_at), int(row.seq), row.format,
                          row.source, row.source_kind, "", _decode(row.state, f"rooms[{row.code!r}].state"),
                          row.owner) for row in rows)

    @_database_errors
    def get(self, code: str, body: bool = True) -> Room:
        """The room; with ``body=False`` its dataset's text is left out (``""``): what a page polling it needs."""
        table = schema.rooms
        columns = [c for c in table.c if body or c.name != "body"]
        with self.engine.connect() as connection:
            row = connection.execute(select(*columns).where(table.c.code == code)).first()
        if row is None:
            raise UnknownRoom(code)
        return Room(row.code, row.title, _utc(row.created_at), _utc(row.changed_at), int(row.seq), row.format,
                    row.source, row.source_kind, row.body if body else "",
                    _decode(row.state, f"rooms[{code!r}].state"), row.owner)

    @_database_errors
    def head(self, code: str) -> int | None:
        """The room's change number (None: no such room): what participants' pages poll."""
        with self.engine.connect() as connection:
            value = connection.execute(select(schema.rooms.c.seq).where(schema.rooms.c.code == code)).scalar()
        return None if value is None else int(value)

    @_database_errors
    def is_facilitator(self, code: str, secret: object) -> bool:
        return self._check(code, "secret_hash", secret)

    @_database_errors
    def is_projector(self, code: str, key: object) -> bool:
        return self._check(code, "view_hash", key)

    @_database_errors
    def projector_key(self, code: str, secret: object) -> str | None:
        """The projector's key, for the holder of the facilitator's ``secret``: derived from it and checked against
        the room's stored hash. None for a wrong secret, or a room made before keys were derived whose
        facilitator has not made a new projector link (:meth:`new_projector_key`)."""
        if not self.is_facilitator(code, secret):
            return None
        key = projector_key_of(code, str(secret))
        return key if self.is_projector(code, key) else None

    @_database_errors
    def new_projector_key(self, code: str, secret: object, now: datetime | None = None) -> str:
        """Make the derived projector key the room's (the old projector link stops working); returns it."""
        if not self.is_facilitator(code, secret):
            raise StoreError("only the facilitator's link can make a new projector link")
        key = projector_key_of(code, str(secret))
        with self.store._write() as connection, connection.begin():
            connection.execute(update(schema.rooms).where(schema.rooms.c.code == code)
                               .values(view_hash=_hash(key), changed_at=now or datetime.now(UTC)))
        return key

    @_database_errors
    def join_key(self, code: str) -> str | None:
        """The key of the room's participant link (:func:`join_key_of`); None when there is no such room. For the
        facilitator's and the projector's views, which show the link."""
        with self.engine.connect() as connection:
            stored = connection.execute(select(schema.rooms.c.secret_hash).where(schema.rooms.c.code == code)).scalar()
        return None if stored is None else join_key_of(stored, code)

    @_database_errors
    def is_join_key(self, code: str, key: object) -> bool:
        """Whether ``key`` is the key of room ``code``'s participant link (compared in constant time)."""
        if not isinstance(key, str) or not key:
            return False
        expected = self.join_key(code)
        return expected is not None and hmac.compare_digest(expected.encode("ascii"), key.encode("utf-8"))

    def _check(self, code: str, column: str, secret: object) -> bool:
        if not isinstance(secret, str) or not secret:
            return False
        with self.engine.connect() as connection:
            stored = connection.execute(select(getattr(schema.rooms.c, column))
                                        .where(schema.rooms.c.code == code)).scalar()
        # Compared in constant time, so the answer's timing says nothing about how much of a guess was right.
        return stored is not None and hmac.compare_digest(stored, _hash(secret))

    @_database_errors
    def set_state(self, code: str, now: datetime | None = None, **changes: Any) -> int:
        """Change the room's state (``revealed=True``, ``frozen=False``, ``lesson="l01"``); returns its new seq."""
        unknown = set(changes) - set(STATE_KEYS)
        if unknown:
            raise StoreError(f"a room's state has no {sorted(unknown)[0]!r}")
        now = now or datetime.now(UTC)
        table = schema.rooms
        with self.store._write() as connection, connection.begin():
            text = connection.execute(select(table.c.state).where(table.c.code == code)).scalar()
            if text is None:
                raise UnknownRoom(code)
            state = {**_decode(text, f"rooms[{code!r}].state"), **changes}
            seq = connection.execute(update(table).where(table.c.code == code)
                                     .values(state=encode(state), seq=table.c.seq + 1, changed_at=now)
                                     .returning(table.c.seq)).scalar()
        return int(seq)

    # ------------------------------------------------------------ participants

    @_database_errors
    def join(self, code: str, token: str, wanted: str, now: datetime | None = None) -> str:
        """Add the workspace ``token`` to the room under ``wanted`` (made unique by a suffix: "Ana", "Ana 2").

        Joining again with the same workspace keeps the name it has. Returns the name.
        """
        name = clean_name(wanted)
        if not name:
            raise StoreError("a display name is needed (any name or alias)")
        now = now or datetime.now(UTC)
        members = schema.room_members
        for _ in range(50):
            with self.store._write() as connection, connection.begin():
                if connection.execute(select(schema.rooms.c.code).where(schema.rooms.c.code == code)).first() is None:
                    raise UnknownRoom(code)
                existing = connection.execute(select(members.c.name).where(
                    members.c.code == code, members.c.token == token)).scalar()
                if existing is not None:
                    return existing
                rows = connection.execute(select(members.c.name, members.c.resume_hash)
                                          .where(members.c.code == code)).all()
                chosen = _unique(name, {row.name for row in rows})
                hashes = {row.resume_hash for row in rows}
                resume = next((h for h in (_resume_hash(code, resume_code_of(token, code, attempt))
                                           for attempt in range(RESUME_ATTEMPTS)) if h not in hashes), None)
                try:
                    connection.execute(insert(members).values(code=code, name=chosen, token=token, joined_at=now,
                                                              resume_hash=resume))
                    connection.execute(update(schema.rooms).where(schema.rooms.c.code == code)
                                       .values(changed_at=now))
                except IntegrityError:  # someone took that name in between: try the next
                    connection.rollback()
                    continue
            return chosen
        raise StoreError("could not give a unique name in this room; try another")

    @_database_errors
    def resume_code(self, code: str, token: str) -> str | None:
        """The code with which the member ``token`` comes back to room ``code`` (None: not a member, or none given)."""
        members = schema.room_members
        with self.engine.connect() as connection:
            stored = connection.execute(select(members.c.resume_hash).where(
                members.c.code == code, members.c.token == token)).scalar()
        if stored is None:
            return None
        return next((resume for resume in (resume_code_of(token, code, attempt) for attempt in range(RESUME_ATTEMPTS))
                     if hmac.compare_digest(stored, _resume_hash(code, resume))), None)

    @_database_errors
    def rejoin(self, code: str, resume: object) -> Member | None:
        """The member of room ``code`` whose code to come back is ``resume`` (None: no one's; UnknownRoom)."""
        typed = normalize_code(resume)
        members = schema.room_members
        with self.engine.connect() as connection:
            if connection.execute(select(schema.rooms.c.code).where(schema.rooms.c.code == code)).first() is None:
                raise UnknownRoom(code)
            if len(typed) != RESUME_LENGTH:
                return None
            row = connection.execute(select(members).where(
                members.c.code == code, members.c.resume_hash == _resume_hash(code, typed))).first()
        return None if row is None else Member(row.name, row.token, _utc(row.joined_at))

    @_database_errors
    def remove(self, code: str, name: str, now: datetime | None = None) -> int:
        """Take the member ``name`` out of the room: their labels leave the class view (their workspace stays theirs,
        and their code no longer brings them back). Returns the room's new seq."""
        members = schema.room_members
        with self.store._write() as connection, connection.begin():
            if not connection.execute(delete(members).where(members.c.code == code,
                                                            members.c.name == name)).rowcount:
                raise UnknownMember(code, name)
            return self._bump_room(connection, code, now)

    @_database_errors
    def merge(self, code: str, source: str, target: str, document: str = "rag", now: datetime | None = None) -> int:
        """Merge the member ``source`` into ``target`` (one person who joined twice), in one transaction.

        ``target`` keeps their label wherever both labelled a unit's field; where only ``source`` labelled it,
        ``source``'s label record (with when it was stored) is added to ``target``'s edits. Then ``source`` leaves
        the room, as with :meth:`remove`. A field counts as labelled when its last label record gives a value.
        Returns how many labels ``target`` took.
        """
        if source == target:
            raise StoreError("a participant cannot be merged into themselves")
        members, documents, edits = schema.room_members, schema.documents, schema.edits
        now = now or datetime.now(UTC)
        with self.store._write() as connection, connection.begin():
            tokens = dict(connection.execute(select(members.c.name, members.c.token).where(
                members.c.code == code, members.c.name.in_([source, target]))).all())
            for name in (source, target):
                if name not in tokens:
                    raise UnknownMember(code, name)

            def in_room(token: str) -> bool:
                meta = connection.execute(select(documents.c.meta).where(
                    documents.c.token == token, documents.c.name == document)).scalar()
                return meta is not None and _decode(meta, "meta").get("room") == code

            def last_labels(token: str) -> dict[tuple[Any, ...], tuple[Mapping[str, Any], datetime]]:
                found: dict[tuple[Any, ...], tuple[Mapping[str, Any], datetime]] = {}
                for row in connection.execute(select(edits.c.seq, edits.c.body, edits.c.stored_at).where(
                        edits.c.token == token, edits.c.name == document).order_by(edits.c.seq)):
                    body = _decode(row.body, f"edits[seq {row.seq}]")
                    if body.get("op") == "label":
                        key = (body.get("case_id"), body.get("kind"), body.get("unit_id"), body.get("field"))
                        found[key] = (body, _utc(row.stored_at))
                return found

            taken: list[tuple[Mapping[str, Any], datetime]] = []
            if in_room(tokens[source]):
                if not in_room(tokens[target]):
                    raise StoreError(f"{target!r} no longer labels this room's cases; merge the other way round")
                theirs = last_labels(tokens[target])
                taken = [(body, moment) for key, (body, moment) in last_labels(tokens[source]).items()
                         if body.get("value") is not None
                         and (key not in theirs or theirs[key][0].get("value") is None)]
            if taken:
                encoded = [encode(dict(body)) for body, _ in taken]
                sizes = [_size(text) for text in encoded]
                self.store._check_store_room(connection, sum(sizes))
                last = self.store._bump(connection, tokens[target], sum(sizes), now, count=len(encoded))
                first = last - len(encoded) + 1
                connection.execute(insert(edits), [
                    {"token": tokens[target], "seq": first + i, "name": document, "body": text, "size_bytes": size,
                     "stored_at": moment}
                    for i, (text, size, (_, moment)) in enumerate(zip(encoded, sizes, taken, strict=True))])
            connection.execute(delete(members).where(members.c.code == code, members.c.name == source))
            self._bump_room(connection, code, now)
        return len(taken)

    def _bump_room(self, connection: Any, code: str, now: datetime | None) -> int:
        table = schema.rooms
        seq = connection.execute(update(table).where(table.c.code == code)
                                 .values(seq=table.c.seq + 1, changed_at=now or datetime.now(UTC))
                                 .returning(table.c.seq)).scalar()
        if seq is None:
            raise UnknownRoom(code)
        return int(seq)

    @_database_errors
    def member(self, code: str, token: str) -> str | None:
        """The name under which ``token`` joined ``code`` (None: not a member)."""
        members = schema.room_members
        with self.engine.connect() as connection:
            return connection.execute(select(members.c.name).where(
                members.c.code == code, members.c.token == token)).scalar()

    @_database_errors
    def members(self, code: str) -> tuple[Member, ...]:
        members = schema.room_members
        with self.engine.connect() as connection:
            rows = connection.execute(select(members).where(members.c.code == code)
                                      .order_by(members.c.joined_at, members.c.name)).all()
        return tuple(Member(row.name, row.token, _utc(row.joined_at)) for row in rows)

    @_database_errors
    def labels_version(self, code: str) -> tuple[tuple[str, str, int], ...]:
        """Each member's (name, workspace token, the workspace's change number), in join order: it differs whenever
        :meth:`labels` could read something else (a member joins, leaves, is merged, or writes anything to their
        workspace), in one small query instead of every edit's body. A page keeps the class view it computed until
        this changes."""
        members, workspaces = schema.room_members, schema.workspaces
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(members.c.name, members.c.token, workspaces.c.seq)
                .select_from(members.outerjoin(workspaces, workspaces.c.token == members.c.token))
                .where(members.c.code == code).order_by(members.c.joined_at, members.c.name)).all()
        return tuple((row.name, row.token, -1 if row.seq is None else int(row.seq)) for row in rows)

    @_database_errors
    def labels(self, code: str, document: str = "rag") -> tuple[MemberLabels, ...]:
        """Every member's edits of their ``document`` when it holds this room's cases, read in one transaction.

        A member whose document is not the room's (they loaded other data) contributes no edits.
        """
        members, documents, edits = schema.room_members, schema.documents, schema.edits
        with self.store._read() as connection, connection.begin():
            rows = connection.execute(
                select(members.c.name, members.c.token, documents.c.meta, documents.c.seq)
                .select_from(members.outerjoin(documents, (documents.c.token == members.c.token)
                                               & (documents.c.name == document)))
                .where(members.c.code == code).order_by(members.c.joined_at, members.c.name)).all()
            in_room = {row.token: row for row in rows
                       if row.meta is not None and _decode(row.meta, "meta").get("room") == code}
            found: dict[str, list[tuple[Mapping[str, Any], datetime]]] = {token: [] for token in in_room}
            if in_room:
                for row in connection.execute(
                        select(edits.c.token, edits.c.seq, edits.c.body, edits.c.stored_at)
                        .select_from(edits.join(members, members.c.token == edits.c.token))
                        .where(members.c.code == code, edits.c.name == document).order_by(edits.c.token,
                                                                                           edits.c.seq)):
                    if row.token in found:
                        found[row.token].append((_decode(row.body, f"edits[seq {row.seq}]"), _utc(row.stored_at)))
        return tuple(MemberLabels(row.name, row.token, tuple(found.get(row.token, ()))) for row in rows)

    @_database_errors
    def labels_after(self, code: str, document: str, known: Mapping[str, tuple[int, int | None, int]]
                     ) -> tuple[MemberHead, ...]:
        """Every member's head and the edits of their ``document`` that are new since ``known`` (token ->
        (workspace seq, document seq, last edit seq read)), in join order: a class view refreshing every few seconds
        reads what changed, not every edit ever made. A member whose workspace seq is the known one gets
        no edits (nothing changed); one whose document is another than known (loaded again, or first seen) gets every
        edit (``after`` 0). The heads are read before the edits, so an edit stored meanwhile is read now or at the
        next refresh, never skipped."""
        members, documents, workspaces = schema.room_members, schema.documents, schema.workspaces
        with self.store._read() as connection, connection.begin():
            rows = connection.execute(
                select(members.c.name, members.c.token, workspaces.c.seq.label("workspace_seq"), documents.c.meta,
                       documents.c.seq.label("document_seq"))
                .select_from(members.outerjoin(workspaces, workspaces.c.token == members.c.token)
                             .outerjoin(documents, (documents.c.token == members.c.token)
                                        & (documents.c.name == document)))
                .where(members.c.code == code).order_by(members.c.joined_at, members.c.name)).all()
            after: dict[str, int] = {}
            for row in rows:
                in_room = row.meta is not None and _decode(row.meta, "meta").get("room") == code
                seen = known.get(row.token)
                if not in_room or (seen is not None and seen[0] == row.workspace_seq):
                    continue
                after[row.token] = seen[2] if seen is not None and seen[1] == row.document_seq else 0
            first: dict[str, int | None] = {}
            found: dict[str, list[tuple[int, Mapping[str, Any], datetime]]] = {token: [] for token in after}
            if after:
                cut = encode([{"token": token, "seq": seq} for token, seq in after.items()])
                older = encode([{"token": token, "seq": seq} for token, seq in after.items() if seq > 0])
                dialect = connection.dialect.name
                if older != "[]":
                    first = {row[0]: None if row[1] is None else int(row[1]) for row in connection.execute(
                        _edits_by_cutoff(dialect, "first"), {"cut": older, "document": document})}
                for row in connection.execute(_edits_by_cutoff(dialect, "after"), {"cut": cut, "document": document}):
                    found[row.token].append((int(row.seq), _decode(row.body, f"edits[seq {row.seq}]"),
                                             _utc(row.stored_at)))
        heads = []
        for row in rows:
            in_room = row.meta is not None and _decode(row.meta, "meta").get("room") == code
            heads.append(MemberHead(
                row.name, row.token, -1 if row.workspace_seq is None else int(row.workspace_seq),
                int(row.document_seq) if in_room and row.document_seq is not None else None,
                after.get(row.token, -1), first.get(row.token), tuple(found.get(row.token, ()))))
        return tuple(heads)

    @_database_errors
    def member_settings(self, code: str, key: str) -> dict[str, Any]:
        """Each member's stored value of the workspace setting ``key`` (a lesson's progress), by member name;
        members without it are left out."""
        members, settings = schema.room_members, schema.settings
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(members.c.name, settings.c.value)
                .select_from(members.join(settings, (settings.c.token == members.c.token) & (settings.c.key == key)))
                .where(members.c.code == code)).all()
        return {row.name: _decode(row.value, f"settings[{key!r}]") for row in rows}

    # ------------------------------------------------------------ adjudication

    @_database_errors
    def decide(self, code: str, record: Mapping[str, Any], now: datetime | None = None) -> int:
        """Append one decision record (checked by the caller: :func:`uncase_core.agreement.adjudication.
        decision_record`) to the room's adjudication, at once, and bump the room's seq so open pages follow.
        Only the facilitator's page calls it (its secret or owner workspace checked as for every control).
        Returns the room's new seq."""
        text = encode(dict(record))
        size = _size(text)
        table = schema.room_decisions
        now = now or datetime.now(UTC)
        with self.store._write() as connection, connection.begin():
            if connection.execute(select(schema.rooms.c.code).where(schema.rooms.c.code == code)).first() is None:
                raise UnknownRoom(code)
            count, last = connection.execute(select(func.count(), func.coalesce(func.max(table.c.seq), 0))
                                             .where(table.c.code == code)).one()
            if int(count) >= MAX_DECISIONS:
                raise StoreError(f"a room keeps at most {MAX_DECISIONS:,} decisions; this one has them all")
            self.store._check_store_room(connection, size)
            connection.execute(insert(table).values(code=code, seq=int(last) + 1, body=text, size_bytes=size,
                                                    stored_at=now))
            connection.execute(update(schema.rooms).where(schema.rooms.c.code == code)
                               .values(size_bytes=schema.rooms.c.size_bytes + size))
            return self._bump_room(connection, code, now)

    @_database_errors
    def decisions(self, code: str) -> tuple[Mapping[str, Any], ...]:
        """The room's decision records, in the order they were saved (empty: none yet)."""
        table = schema.room_decisions
        with self.engine.connect() as connection:
            rows = connection.execute(select(table.c.seq, table.c.body).where(table.c.code == code)
                                      .order_by(table.c.seq)).all()
        return tuple(_decode(row.body, f"room_decisions[{code!r}, {row.seq}]") for row in rows)

    # ------------------------------------------------------------ upkeep

    @_database_errors
    def total_bytes(self) -> int:
        with self.engine.connect() as connection:
            return int(connection.execute(select(func.coalesce(func.sum(schema.rooms.c.size_bytes), 0))).scalar())


def _unique(name: str, taken: set[str]) -> str:
    if name not in taken:
        return name
    number = 2
    while f"{name} {number}" in taken:
        number += 1
    return f"{name} {number}"

