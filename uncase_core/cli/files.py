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
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from uncase_core.errors import InputError, input_error

BYTES_PER_MB = 1_000_000
DEFAULT_MAX_FILE_MB = 50
_CHUNK = 1 << 20

# Error codes of this module (InputError.code) and their English.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "is_directory": "is a directory, not a file",
    "is_fifo": "is a named pipe (FIFO), not a regular file; save the data to a file first",
    "is_character_device": "is a character device, not a regular file",
    "is_block_device": "is a block device, not a regular file",
    "is_socket": "is a socket, not a regular file",
    "not_regular_file": "is not a regular file",
    "file_too_large": "the file has {size:,} bytes, more than the limit of {limit:,} ({limit_mb:g} MB); raise it with "
                      "--max-file-mb",
    "file_larger_than": "the file has more than {size:,} bytes, more than the limit of {limit:,} ({limit_mb:g} MB); "
                        "raise it with --max-file-mb",
    "no_such_file": "no such file",
    "permission_denied": "permission denied: the file cannot be read",
    "cannot_read": "cannot read the file ({detail})",
})
_NOT_REGULAR = (
    (stat.S_ISDIR, "is_directory"),
    (stat.S_ISFIFO, "is_fifo"),
    (stat.S_ISCHR, "is_character_device"),
    (stat.S_ISBLK, "is_block_device"),
    (stat.S_ISSOCK, "is_socket"),
)


def _kind_problem(mode: int, source: str) -> InputError | None:
    if stat.S_ISREG(mode):
        return None
    code = next((code for test, code in _NOT_REGULAR if test(mode)), "not_regular_file")
    return input_error(PROBLEMS, code, source=source)


def _too_large(size: int, max_bytes: int, source: str, at_least: bool = False) -> InputError:
    return input_error(PROBLEMS, "file_larger_than" if at_least else "file_too_large", source=source, size=size,
                       limit=max_bytes, limit_mb=max_bytes / BYTES_PER_MB)


def _os_problem(error: OSError, source: str) -> InputError:
    if error.errno == errno.ENOENT:
        return input_error(PROBLEMS, "no_such_file", source=source)
    if error.errno in (errno.EACCES, errno.EPERM):
        return input_error(PROBLEMS, "permission_denied", source=source)
    return input_error(PROBLEMS, "cannot_read", source=source, detail=str(error.strerror or error))


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
        raise _os_problem(error, source) from None
    problem = _kind_problem(info.st_mode, source)
    if problem is None and info.st_size > max_bytes:
        problem = _too_large(info.st_size, max_bytes, source)
    if problem:
        raise problem
    try:
        # O_NONBLOCK: if the path became a FIFO since the stat, opening it must not wait for a writer.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise _os_problem(error, source) from None
    try:
        info = os.fstat(descriptor)
        problem = _kind_problem(info.st_mode, source)
        if problem is None and info.st_size > max_bytes:
            problem = _too_large(info.st_size, max_bytes, source)
        if problem:
            raise problem
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(descriptor, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:  # it grew while being read
            raise _too_large(max_bytes, max_bytes, source, at_least=True)
        return b"".join(chunks)
    except OSError as error:
        raise _os_problem(error, source) from None
    finally:
        os.close(descriptor)
