"""Every attempt of a Python process to reach another machine, written to a file as it happens.

:func:`recording_environment` gives a child process (a server a test starts) an audit hook (PEP 578) through a
``sitecustomize`` module on its ``PYTHONPATH``: Python imports it at start, before anything of the child's own, so the
hook sees every name looked up (``socket.getaddrinfo``: what any HTTP client does first, whether or not the network
is open) and every connection or datagram aimed elsewhere than this machine. :func:`attempts` reads them back.

A ``connect`` on a datagram socket is not counted: it sends nothing, only picks the route (Streamlit finds this
computer's network address that way, towards 8.8.8.8, without a packet leaving); a datagram actually sent is
(``socket.sendto``).
"""

from __future__ import annotations

import os
from pathlib import Path

LOG_ENV = "UNCASE_OUTGOING_LOG"

# Written to the child's sitecustomize.py: the standard library only, nothing of the project (it runs first).
_HOOK = '''
import ipaddress
import os
import socket
import sys

_LOG = os.environ.get("UNCASE_OUTGOING_LOG")
_LOCAL_NAMES = {"", "localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}


def _local(host):
    if host is None:
        return True
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    host = str(host).strip("[]").split("%")[0]
    if host.lower() in _LOCAL_NAMES:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def _outgoing(event, args):
    if event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex", "socket.gethostbyaddr"):
        return args[0]
    if event in ("socket.connect", "socket.sendto", "socket.sendmsg"):
        sock, address = args[0], args[-1]
        if sock.family not in (socket.AF_INET, socket.AF_INET6):
            return None
        if event == "socket.connect" and sock.type == socket.SOCK_DGRAM:
            return None
        return address[0] if isinstance(address, tuple) and address else None
    return None


def _hook(event, args):
    if not event.startswith("socket."):
        return
    host = _outgoing(event, args)
    if host is None or _local(host):
        return
    with open(_LOG, "a", encoding="utf-8") as log:
        log.write(f"{os.getpid()} {event} {host!s}\\n")


if _LOG:
    sys.addaudithook(_hook)
'''


def recording_environment(folder: Path, log: Path) -> dict[str, str]:
    """Environment variables that make a Python child record its outgoing attempts in ``log`` (its
    ``sitecustomize.py`` is written to ``folder``, which goes first on its ``PYTHONPATH``)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(_HOOK, encoding="utf-8")
    log.write_text("", encoding="utf-8")
    path = os.pathsep.join(part for part in (str(folder), os.environ.get("PYTHONPATH", "")) if part)
    return {"PYTHONPATH": path, LOG_ENV: str(log)}


def attempts(log: Path) -> list[str]:
    """Each attempt recorded so far: ``"<pid> <event> <host>"``."""
    return [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
