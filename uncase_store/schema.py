"""The store's tables, as SQLAlchemy Core metadata: one definition for SQLite and PostgreSQL.

A workspace is everything one person did, named by an unguessable token. It is kept as
rows a change at a time, never rewritten whole:

``workspaces``
    one row per token: when it was made, last opened and last changed, its size in bytes (the cap is
    checked against it), and ``seq``, the number of the last change. Every write bumps
    ``seq`` in the same transaction as the row it writes, under the row's lock, so the
    changes of one workspace are numbered in the order they were committed, whichever
    process or tab made them. A reader that knows ``seq`` knows whether anything changed.
``documents``
    a page's data as it was loaded (a scenario or an upload), once per load: the text of
    the page's own download format (JSON or JSONL, never pickle), what it came from, a
    small JSON ``meta`` object (notes made while reading the file), and the ``seq`` it was
    stored at.
``edits``
    small records of what a person changed in a document since it was loaded (one label,
    one logged revision), in ``seq`` order; replaying them on the document gives the
    current data. Edits older than their document's load are deleted with it.
``settings``
    one JSON value per widget or choice (a threshold, the language, the current case),
    overwritten in place and stamped with the ``seq`` of its last change.
``rooms`` (schema version 2)
    a workshop room: its short code, title, the RAG dataset everyone labels (as text, with
    the reference labels the facilitator may reveal), the hashes of the facilitator's secret
    and of the projector's key (never the secrets themselves), and a small JSON ``state``
    (revealed, frozen, the lesson started), with a ``seq`` bumped on every change so
    participants' pages notice it with one read.
    A room's cases count in its owner's workspace (``charged_bytes``, schema version 6).
``room_members``
    who joined a room: their display name (unique in the room) and their own workspace,
    where their labels are (as any workspace's edits), and the hash of their code to come back.
``room_decisions`` (schema version 5)
    the facilitator's adjudication of a room: one JSON record per save (a label's gold, the reason,
    who decided and when), in ``seq`` order; the last record of a label is its decision, and every record is an
    entry of the adjudicated dataset's revision log (:mod:`uncase_core.agreement.adjudication`).
``store_meta``
    the schema version (see :mod:`uncase_store.migrations`).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
)

TOKEN_LENGTH = 64  # the column's width; tokens made here are 24 characters

metadata = MetaData()

store_meta = Table(
    "store_meta",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

workspaces = Table(
    "workspaces",
    metadata,
    Column("token", String(TOKEN_LENGTH), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("touched_at", DateTime(timezone=True), nullable=False),  # last opened or changed
    Column("changed_at", DateTime(timezone=True), nullable=False),  # last changed
    Column("seq", BigInteger, nullable=False, default=0),
    Column("size_bytes", BigInteger, nullable=False, default=0),
    Index("workspaces_touched_at", "touched_at"),
)

documents = Table(
    "documents",
    metadata,
    Column("token", String(TOKEN_LENGTH), nullable=False),
    Column("name", String(64), nullable=False),  # the page's data slot: "rag", "conversations", ...
    Column("seq", BigInteger, nullable=False),
    Column("format", String(32), nullable=False),  # which reader reads ``body``
    Column("source", Text, nullable=False),  # scenario id or uploaded file name
    Column("source_kind", String(32), nullable=False),  # "scenario", "upload", ...
    Column("body", Text, nullable=False),
    Column("meta", Text, nullable=False, default="{}"),  # JSON: what reading the file noted, the upload's id
    Column("size_bytes", Integer, nullable=False),
    Column("stored_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("token", "name"),
    ForeignKeyConstraint(["token"], ["workspaces.token"], ondelete="CASCADE"),
)

edits = Table(
    "edits",
    metadata,
    Column("token", String(TOKEN_LENGTH), nullable=False),
    Column("seq", BigInteger, nullable=False),
    Column("name", String(64), nullable=False),  # the document edited
    Column("body", Text, nullable=False),  # one JSON object
    Column("size_bytes", Integer, nullable=False),
    Column("stored_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("token", "seq"),
    ForeignKeyConstraint(["token"], ["workspaces.token"], ondelete="CASCADE"),
    Index("edits_document", "token", "name", "seq"),
)

settings = Table(
    "settings",
    metadata,
    Column("token", String(TOKEN_LENGTH), nullable=False),
    Column("key", String(128), nullable=False),
    Column("value", Text, nullable=False),  # one JSON value
    Column("seq", BigInteger, nullable=False),
    Column("size_bytes", Integer, nullable=False),
    Column("stored_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("token", "key"),
    ForeignKeyConstraint(["token"], ["workspaces.token"], ondelete="CASCADE"),
)

rooms = Table(
    "rooms",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("title", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("changed_at", DateTime(timezone=True), nullable=False),
    Column("seq", BigInteger, nullable=False, default=0),
    Column("secret_hash", String(64), nullable=False),  # sha256 hex of the facilitator's secret
    Column("view_hash", String(64), nullable=False),  # sha256 hex of the projector's key
    Column("owner", String(TOKEN_LENGTH), nullable=True),  # the facilitator's workspace, if known
    Column("format", String(32), nullable=False),
    Column("source", Text, nullable=False),
    Column("source_kind", String(32), nullable=False),
    Column("body", Text, nullable=False),
    Column("state", Text, nullable=False, default="{}"),  # JSON: revealed, frozen, lesson
    Column("size_bytes", Integer, nullable=False),
    # The bytes counted in the owner's workspace when the room was made (0: no owner, or made before rooms were
    # counted), taken off it again when the room is pruned (schema version 6).
    Column("charged_bytes", BigInteger, nullable=False, server_default="0"),
    Index("rooms_changed_at", "changed_at"),
)

room_members = Table(
    "room_members",
    metadata,
    Column("code", String(16), nullable=False),
    Column("name", String(64), nullable=False),
    Column("token", String(TOKEN_LENGTH), nullable=False),
    Column("joined_at", DateTime(timezone=True), nullable=False),
    Column("resume_hash", String(64), nullable=True),  # the hash of the member's code to come back
    PrimaryKeyConstraint("code", "name"),
    ForeignKeyConstraint(["code"], ["rooms.code"], ondelete="CASCADE"),
    ForeignKeyConstraint(["token"], ["workspaces.token"], ondelete="CASCADE"),
    Index("room_members_token", "code", "token", unique=True),
)

room_decisions = Table(
    "room_decisions",
    metadata,
    Column("code", String(16), nullable=False),
    Column("seq", BigInteger, nullable=False),  # 1, 2, ... within the room, in the order the decisions were saved
    Column("body", Text, nullable=False),  # one JSON object: a decision record of uncase_core.agreement.adjudication
    Column("size_bytes", Integer, nullable=False),
    Column("stored_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("code", "seq"),
    ForeignKeyConstraint(["code"], ["rooms.code"], ondelete="CASCADE"),
)
