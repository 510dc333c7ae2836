"""How many file descriptors this process may open, how many it has open, and how many sessions that leaves.

Every Streamlit session holds four descriptors while its tab is open: its websocket, and its own asyncio event loop's
(an epoll descriptor and the two ends of a socket pair; ``AppSession`` makes one loop per session for its script
thread). Under the usual soft limit of 1,024 descriptors a process refused the 254th session with "Errno 24 Too many
open files" (the loop could not be made), while the hard limit, which an unprivileged process may raise its soft limit
to, is often far higher. ``serve.py`` raises the soft limit to the hard one as it starts
(:func:`raise_descriptor_limit`) and logs what that leaves (:func:`sessions_for`); ``ui/frame/server_full.py`` shows a
"server full" page before the limit is reached.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

try:
    import resource
except ImportError:  # not on this operating system (Windows): nothing to raise
    resource = None  # type: ignore[assignment]

DESCRIPTORS_PER_SESSION = 4  # its websocket, its event loop's epoll and socket pair
MIN_SPARE = 64  # descriptors kept free for everything but sessions: store connections, HTTP requests, files read
SPARE_SHARE = 8  # ... or an eighth of the limit, whichever is more (a class's page loads open several at once)
_FD_FOLDER = Path("/proc/self/fd")
LOGGER = logging.getLogger("uncase.serve")


def descriptor_limit() -> int | None:
    """The process's soft limit on open descriptors; None where it cannot be read."""
    if resource is None:
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def raise_descriptor_limit() -> tuple[int | None, int | None]:
    """Raise the soft limit on open descriptors to the hard limit; (before, after). Never lowers it; a refusal by the
    system leaves it as it was (and is logged)."""
    if resource is None:
        return None, None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft == resource.RLIM_INFINITY or hard <= soft:
        return descriptor_limit(), descriptor_limit()
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError) as error:
        LOGGER.warning("could not raise the limit on open files from %d to %d: %s", soft, hard, error)
    return soft, descriptor_limit()


def open_descriptors() -> int | None:
    """How many descriptors this process has open now (Linux's ``/proc/self/fd``); None where that is not known."""
    try:
        return sum(1 for _ in os.scandir(_FD_FOLDER))
    except OSError:
        return None


def spare_descriptors(limit: int) -> int:
    """The descriptors kept free for everything but new sessions, under a limit of ``limit``."""
    return max(MIN_SPARE, limit // SPARE_SHARE)


def sessions_for(limit: int, in_use: int) -> int:
    """About how many more open sessions fit under ``limit`` with ``in_use`` descriptors open (at rest: the process's
    ceiling)."""
    return max(0, (limit - spare_descriptors(limit) - in_use) // DESCRIPTORS_PER_SESSION)


def log_descriptor_limit(before: int | None, after: int | None) -> None:
    """One line for whoever runs the server: the limit, whether it was raised, and the sessions it allows."""
    in_use = open_descriptors()
    if after is None or in_use is None:
        LOGGER.warning("the limit on open files is not known here: sessions are not counted against it")
        return
    ceiling = sessions_for(after, in_use)
    raised = f"raised from {before} to {after}" if before is not None and before < after else f"{after}"
    message = (f"open files: limit {raised}; about {ceiling} open sessions fit in this process ("
               f"{DESCRIPTORS_PER_SESSION} descriptors each); past that a new visitor gets a 'server full' page")
    if ceiling < 300:  # a class of 300 on one process would be refused: say how to raise the hard limit
        LOGGER.warning("%s. Raise the hard limit (ulimit -Hn, systemd's LimitNOFILE) or run more processes "
                       "(docs/deploy.md)", message)
    else:
        LOGGER.warning("%s", message)
