"""The playground's store: every person's work (workspaces) in SQLite by default or PostgreSQL by URL.

It sits outside :mod:`uncase_core`, which stays pure; pages reach it through ``ui/``.
See :mod:`uncase_store.schema` for the tables and :mod:`uncase_store.store` for the API.
"""

from uncase_store.engine import StoreConfigError, store_url
from uncase_store.store import (
    CorruptWorkspace,
    Limits,
    Snapshot,
    Store,
    StoreDamaged,
    StoredDocument,
    StoredEdit,
    StoreError,
    StoreFull,
    StoreUnavailable,
    UnknownWorkspace,
    WorkspaceFull,
    new_token,
    open_store,
    valid_token,
)

__all__ = (
    "CorruptWorkspace", "Limits", "Snapshot", "Store", "StoreConfigError", "StoreDamaged", "StoreError", "StoreFull",
    "StoreUnavailable", "StoredDocument", "StoredEdit", "UnknownWorkspace", "WorkspaceFull", "new_token",
    "open_store", "store_url", "valid_token",
)
