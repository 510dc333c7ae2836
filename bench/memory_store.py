"""The store's interface in plain dictionaries: the "store off" baseline of the benchmarks.

Same calls and results as :class:`uncase_store.Store`, no database and no JSON round trip to
disk, so a page run with it costs what it cost before workspaces were stored. Not for use in
the app: nothing survives the process.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from uncase_store import Limits, Snapshot, StoredDocument, StoredEdit, UnknownWorkspace, new_token


class MemoryStore:
    backend = "memory"
    description = "memory (benchmark baseline)"

    def __init__(self) -> None:
        self.limits = Limits()
        self._lock = threading.Lock()
        self._workspaces: dict[str, dict[str, Any]] = {}

    def _get(self, token: str) -> dict[str, Any]:
        try:
            return self._workspaces[token]
        except KeyError:
            raise UnknownWorkspace(token) from None

    def _bump(self, workspace: dict[str, Any], count: int = 1) -> int:
        workspace["seq"] += count
        workspace["changed_at"] = datetime.now(UTC)
        return workspace["seq"]

    def create_workspace(self, token: str | None = None, now: datetime | None = None) -> str:
        token = token or new_token()
        moment = now or datetime.now(UTC)
        with self._lock:
            self._workspaces[token] = {"seq": 0, "created_at": moment, "changed_at": moment, "documents": {},
                                       "edits": [], "settings": {}}
        return token

    def head(self, token: str) -> int | None:
        workspace = self._workspaces.get(token)
        return None if workspace is None else workspace["seq"]

    def touch(self, token: str, now: datetime | None = None) -> None:
        pass

    def load(self, token: str) -> Snapshot:
        with self._lock:
            w = self._get(token)
            return Snapshot(token, w["seq"], w["created_at"], w["changed_at"], w["changed_at"], 0,
                            dict(w["documents"]), tuple(w["edits"]), dict(w["settings"]))

    def put_document(self, token: str, name: str, format: str, source: str, source_kind: str, body: str,
                     meta: Mapping[str, Any] | None = None, now: datetime | None = None) -> int:
        with self._lock:
            w = self._get(token)
            seq = self._bump(w)
            w["edits"] = [e for e in w["edits"] if e.name != name]
            w["documents"][name] = StoredDocument(name, seq, format, source, source_kind, body, dict(meta or {}),
                                                  datetime.now(UTC))
            return seq

    def add_edits(self, token: str, name: str, bodies: Iterable[Mapping[str, Any]],
                  now: datetime | None = None) -> int:
        with self._lock:
            w = self._get(token)
            for body in bodies:
                w["edits"].append(StoredEdit(self._bump(w), name, dict(body), datetime.now(UTC)))
            return w["seq"]

    def add_edit(self, token: str, name: str, body: Mapping[str, Any], now: datetime | None = None) -> int:
        return self.add_edits(token, name, [body])

    def drop_edits(self, token: str, name: str, now: datetime | None = None) -> int:
        with self._lock:
            w = self._get(token)
            w["edits"] = [e for e in w["edits"] if e.name != name]
            return self._bump(w)

    def delete_document(self, token: str, name: str, now: datetime | None = None) -> int:
        with self._lock:
            w = self._get(token)
            w["edits"] = [e for e in w["edits"] if e.name != name]
            w["documents"].pop(name, None)
            return self._bump(w)

    def set_settings(self, token: str, values: Mapping[str, Any], now: datetime | None = None) -> int:
        with self._lock:
            w = self._get(token)
            for key, value in values.items():
                if value is None:
                    w["settings"].pop(key, None)
                else:
                    w["settings"][key] = value
            return self._bump(w)

    def set_setting(self, token: str, key: str, value: Any, now: datetime | None = None) -> int:
        return self.set_settings(token, {key: value})
