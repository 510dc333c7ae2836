"""The command line reads regular files only, up to a size cap, and refuses anything else at once (issue 16).

Anything that could block or eat memory if the check regressed (a FIFO, /dev/zero, a path swapped
for a FIFO between the check and the open) runs in a subprocess with a timeout and a memory limit,
so a regression fails the test instead of hanging it.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from uncase_core.cli import files as cli_files
from uncase_core.cli.files import read_input_file
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.errors import InputError

ROOT = Path(__file__).resolve().parents[3]
CASE = ROOT / "assets/rag/en/all_good.json"
TIMEOUT = 60
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")


def _limit_memory() -> None:  # runs in the child: a regression reading /dev/zero fails with MemoryError, not the box
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _module(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "uncase_core", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=TIMEOUT, check=False, preexec_fn=_limit_memory)


def _refused(done: subprocess.CompletedProcess[str], path: Path | str, problem: str) -> None:
    assert done.returncode == EXIT_BAD_INPUT, done.stderr
    assert done.stdout == ""
    assert done.stderr == f"error: {path}: {problem}\n"


def _command_lines(bad: Path, good: Path) -> list[list[object]]:
    """Every subcommand, with ``bad`` in each file position in turn (``good`` in the others)."""
    return [
        ["rag", bad], ["import-ragas", bad], ["conversations", bad], ["verify", bad, good], ["verify", good, bad],
        ["summaries", bad], ["rubrics", bad], ["rubrics", good, "--holistic", bad], ["dataset", bad],
        ["thresholds", bad, "--metric", "coverage"], ["agreement", bad, good], ["agreement", good, bad],
    ]


# ---------------------------------------------------------------- what is refused


@needs_fifo
def test_a_fifo_is_refused_at_once_by_every_subcommand(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody ever writes to it: reading it would block forever
    for args in _command_lines(fifo, CASE):
        _refused(_module(*args), fifo, "is a named pipe (FIFO), not a regular file; save the data to a file first")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_without_reading_it():
    for args in _command_lines(Path("/dev/zero"), CASE)[:3]:
        _refused(_module(*args), "/dev/zero", "is a character device, not a regular file")


def test_a_directory_is_refused(capsys, tmp_path):
    for args in _command_lines(tmp_path, CASE):
        assert run([*map(str, args)]) == EXIT_BAD_INPUT
        out, err = capsys.readouterr()
        assert out == "" and err == f"error: {tmp_path}: is a directory, not a file\n"


def test_a_missing_file_is_refused(capsys, tmp_path):
    missing = tmp_path / "nope.json"
    for args in _command_lines(missing, CASE):
        assert run([*map(str, args)]) == EXIT_BAD_INPUT
        assert capsys.readouterr().err == f"error: {missing}: no such file\n"


def test_an_unreadable_file_is_refused(monkeypatch, tmp_path):
    path = tmp_path / "secret.json"
    path.write_text("{}", encoding="utf-8")

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(cli_files.os, "open", denied)  # as root, chmod 000 would not stop the read
    with pytest.raises(InputError) as caught:
        read_input_file(path)
    assert caught.value.message == f"{path}: permission denied: the file cannot be read"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_an_unreadable_file_is_refused_for_real(capsys, tmp_path):
    path = tmp_path / "secret.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0)
    assert run(["rag", str(path)]) == EXIT_BAD_INPUT
    assert capsys.readouterr().err == f"error: {path}: permission denied: the file cannot be read\n"


# ---------------------------------------------------------------- the size cap


def test_the_cap_is_inclusive(tmp_path):
    path = tmp_path / "data.json"
    path.write_bytes(b"x" * 1000)
    assert read_input_file(path, 1000) == b"x" * 1000
    with pytest.raises(InputError) as caught:
        read_input_file(path, 999)
    assert caught.value.message == (f"{path}: the file has 1,000 bytes, more than the limit of 999 (0.000999 MB); "
                                    "raise it with --max-file-mb")


def test_max_file_mb_option(capsys, tmp_path):
    size = CASE.stat().st_size
    assert size > 1000
    assert run(["rag", str(CASE), "--max-file-mb", "0.001"]) == EXIT_BAD_INPUT
    assert capsys.readouterr().err == (f"error: {CASE}: the file has {size:,} bytes, more than the limit of 1,000 "
                                       "(0.001 MB); raise it with --max-file-mb\n")
    assert run(["rag", str(CASE), "--max-file-mb", str(size / 1e6)]) == 0  # exactly the file's size
    assert json.loads(capsys.readouterr().out)["cases"][0]["id"]
    for args in _command_lines(CASE, CASE):  # every subcommand takes the option
        assert run([*map(str, args), "--max-file-mb", "0.001"]) == EXIT_BAD_INPUT
        assert "raise it with --max-file-mb" in capsys.readouterr().err


def test_the_default_cap_is_50_mb(tmp_path):
    assert cli_files.DEFAULT_MAX_FILE_MB == 50
    path = tmp_path / "big.json"
    with path.open("wb") as handle:  # sparse: no 50 MB written to disk
        handle.truncate(50_000_001)
    with pytest.raises(InputError, match="the file has 50,000,001 bytes, more than the limit of 50,000,000"):
        read_input_file(path)


def test_a_file_that_grows_while_read_is_refused(monkeypatch, tmp_path):
    """The size from stat says 10 bytes; the read itself stops one byte past the cap."""
    path = tmp_path / "growing.json"
    path.write_bytes(b"y" * 5000)
    real_stat, real_fstat = os.stat, os.fstat

    def small(result):
        return os.stat_result((*result[:6], 10, *result[7:]))  # st_size is field 6

    monkeypatch.setattr(cli_files.os, "stat", lambda p: small(real_stat(p)))
    monkeypatch.setattr(cli_files.os, "fstat", lambda fd: small(real_fstat(fd)))
    with pytest.raises(InputError, match=r"the file has more than 1,000 bytes, more than the limit of 1,000"):
        read_input_file(path, 1000)


@needs_fifo
def test_a_path_swapped_for_a_fifo_after_the_check_does_not_block(tmp_path):
    """stat saw a regular file; by the open the path is a FIFO: the open must not wait and fstat must refuse it."""
    fifo = tmp_path / "swapped.json"
    os.mkfifo(fifo)
    regular = tmp_path / "regular.json"
    regular.write_text("{}", encoding="utf-8")
    script = (
        "import os, sys\n"
        "from uncase_core.cli import files as cli_files\n"
        "from uncase_core.errors import InputError\n"
        f"real = os.stat({str(regular)!r})\n"
        "cli_files.os.stat = lambda path: real\n"
        "try:\n"
        f"    cli_files.read_input_file({str(fifo)!r})\n"
        "except InputError as error:\n"
        "    print(error.message)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT,
                          check=False)
    assert done.stdout == f"{fifo}: is a named pipe (FIFO), not a regular file; save the data to a file first\n"


def test_a_regular_file_reads_whole():
    assert read_input_file(CASE) == CASE.read_bytes()
    assert read_input_file(str(CASE), CASE.stat().st_size) == CASE.read_bytes()
