"""Reading the command line's input files: regular files only, and no more than a size cap.

``path.read_bytes()`` reads whatever a path names: ``/dev/zero`` until memory runs out, a FIFO
until someone writes to it (forever, in a script). :func:`read_input_file` looks at the path
with ``os.stat`` before opening it, refuses anything but a regular file at once, opens it
without blocking and checks again on the open file (the path may have been swapped in
between), and reads at most the cap plus one byte, so a file that grows while it is read is
refused too. Every refusal is an :class:`~uncase_core.errors.InputError` naming the file.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from uncase_core.errors import InputError

BYTES_PER_MB = 1_000_000
DEFAULT_MAX_FILE_MB = 50
_CHUNK = 1 << 20

_NOT_REGULAR = (
    (stat.S_ISDIR, "is a directory, not a file"),
    (stat.S_ISFIFO, "is a named pipe (FIFO), not a regular file; save the data to a file first"),
    (stat.S_ISCHR, "is a character device, not a regular file"),
    (stat.S_ISBLK, "is a block device, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
)


def _kind_problem(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return next((problem for test, problem in _NOT_REGULAR if test(mode)), "is not a regular file")


def _too_large(size: int, max_bytes: int, at_least: bool = False) -> str:
    return (f"the file has {'more than ' if at_least else ''}{size:,} bytes, more than the limit of "
            f"{max_bytes:,} ({max_bytes / BYTES_PER_MB:g} MB); raise it with --max-file-mb")


def _os_problem(error: OSError) -> str:
    if error.errno == errno.ENOENT:
        return "no such file"
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied: the file cannot be read"
    return f"cannot read the file ({error.strerror or error})"


def read_input_file(path: Path | str, max_bytes: int = DEFAULT_MAX_FILE_MB * BYTES_PER_MB) -> bytes:
    """The bytes of the regular file at ``path``, if it holds at most ``max_bytes``.

    Raises
    ------
    InputError
        With ``source`` the path: no such file, permission denied, a directory, a FIFO, a
        device or a socket (refused without reading from it), or a file over ``max_bytes``.
    """
    source = str(path)
    try:
        info = os.stat(path)
    except OSError as error:
        raise InputError(_os_problem(error), source=source) from None
    problem = _kind_problem(info.st_mode)
    if problem is None and info.st_size > max_bytes:
        problem = _too_large(info.st_size, max_bytes)
    if problem:
        raise InputError(problem, source=source)
    try:
        # O_NONBLOCK: if the path became a FIFO since the stat, opening it must not wait for a writer.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise InputError(_os_problem(error), source=source) from None
    try:
        info = os.fstat(descriptor)
        problem = _kind_problem(info.st_mode)
        if problem is None and info.st_size > max_bytes:
            problem = _too_large(info.st_size, max_bytes)
        if problem:
            raise InputError(problem, source=source)
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(descriptor, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:  # it grew while being read
            raise InputError(_too_large(max_bytes, max_bytes, at_least=True), source=source)
        return b"".join(chunks)
    except OSError as error:
        raise InputError(_os_problem(error), source=source) from None
    finally:
        os.close(descriptor)
