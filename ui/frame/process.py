"""What exists once per server process, whatever a client sends.

Streamlit's ``st.cache_resource`` looked like the place for the process's one collector thread and one database
engine, but any open websocket may send ``BackMsg(clear_cache=True)``, and Streamlit then empties every
``cache_resource`` and ``cache_data`` of the process (``AppSession._handle_clear_cache_request``): the next page
run started another never-ending thread, or opened another connection pool while open sessions kept the old one
(50 clears, 40 -> 90 threads; 40 clears, 40 PostgreSQL connections). :func:`once_per_process` keeps such
an object where no Streamlit call reaches it: made the first time it is asked for (under a lock, so two sessions
arriving together make one), then the same object for as long as the process lives.

Only objects that belong to the process go here (a thread, an engine); nothing made from a person's data.
``tests/test_code_safety.py`` lists every use with its reason, as it does for Streamlit's caches.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class OncePerProcess(Generic[P, T]):
    """``make`` called once per distinct arguments (they must be hashable); its result kept for the process."""

    def __init__(self, make: Callable[P, T]) -> None:
        self._make = make
        self._lock = threading.Lock()
        self._made: dict[Hashable, T] = {}
        functools.update_wrapper(self, make)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        key = (args, tuple(sorted(kwargs.items())))
        made = self._made.get(key)  # a dict read is atomic: no lock once made
        if made is not None:
            return made
        with self._lock:
            if key not in self._made:
                self._made[key] = self._make(*args, **kwargs)
            return self._made[key]

    def made(self) -> int:
        """How many objects this process has made (one per distinct arguments): what a test counts."""
        with self._lock:
            return len(self._made)


def once_per_process(make: Callable[P, T]) -> OncePerProcess[P, T]:
    """Decorator: see :class:`OncePerProcess`."""
    return OncePerProcess(make)
