"""Server defaults: localhost and no error details unless asked; `dev.py run --workshop` listens on the network
behind an access code it prints (started for real, then stopped), and the server it starts gets the code and the
malloc setting that lets freed uploads go; serve.py is the app with the error reporter."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import dev
from tests.support.browser_env import free_port
from ui.frame.access import ACCESS_CODE_ENV, MIN_CODE_LENGTH, configured_code, same_code
from uncase_store.rooms import CODE_ALPHABET, normalize_code

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60.0
LOOPBACK, EVERY_INTERFACE = "127.0.0.1", "0.0.0.0"


def test_the_configured_server_listens_on_localhost_and_shows_no_error_details():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["address"] == LOOPBACK
    assert config["client"]["showErrorDetails"] == "none"


def test_streamlit_reads_those_settings():
    script = ("import streamlit.config as c, streamlit.web.bootstrap as b; b.load_config_options({}); "
              "print(c.get_option('server.address'), c.get_option('client.showErrorDetails'))")
    shown = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert shown.stdout.split() == [LOOPBACK, "none"], shown.stderr


def test_serve_py_is_the_app_with_the_error_reporter():
    from streamlit.web.server.app_discovery import discover_asgi_app

    found = discover_asgi_app(ROOT / "serve.py")  # what `streamlit run serve.py` looks for
    assert found.is_asgi_app and found.app_name == "app"
    # Imported in a process of its own: st.App sets process-wide Streamlit config when it is made.
    script = ("import serve; from ui.frame.errors import report_error; "
              "print(serve.app.script_path, serve.app._on_script_error is report_error)")  # kept only privately
    shown = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert shown.stdout.split() == ["app.py", "True"], shown.stderr


# ---------------------------------------------------------------- the access code's rules


def test_dev_py_draws_codes_from_the_room_code_alphabet():
    assert dev.CODE_ALPHABET == CODE_ALPHABET
    assert dev.MIN_CODE_LENGTH == MIN_CODE_LENGTH
    assert dev.ACCESS_CODE_ENV == ACCESS_CODE_ENV
    codes = {dev.new_access_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 9 and code[4] == "-"
        assert set(code.replace("-", "")) <= set(CODE_ALPHABET)
        assert dev.normalize_code(code) == normalize_code(code)


def test_codes_compare_as_typed_on_a_phone():
    assert configured_code({}) is None
    assert configured_code({ACCESS_CODE_ENV: "  "}) is None
    code = configured_code({ACCESS_CODE_ENV: "tomato-42"})
    assert code == "TOMATO42"
    assert same_code("Tomato 42", code) and same_code("TOMATO-42", code)
    assert not same_code("TOMATO4", code) and not same_code("", code) and not same_code(None, code)


# ---------------------------------------------------------------- dev.py run, for real


def _listening(port: int) -> set[str]:
    """The addresses a socket listens on at ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for name, width in (("tcp", 8), ("tcp6", 32)):
        path = Path(f"/proc/net/{name}")
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state != "0A" or int(hex_port, 16) != port:  # 0A: LISTEN
                continue
            if width == 8:
                found.add(".".join(str(b) for b in reversed(bytes.fromhex(address))))
            else:
                found.add("::" if int(address, 16) == 0 else address)
    return found


# dev.py's own `run`, with the set-up of .venv left out: Streamlit comes from the interpreter running the tests.
DEV_RUN = ("import sys, dev; dev.ensure_environment = lambda with_dev: None; dev.PYTHON = sys.executable; "
           "sys.exit(dev.main(sys.argv[1:]))")


def _start(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], Path, int]:
    port = free_port()
    log = tmp_path / "dev-run.log"
    environ = {key: value for key, value in os.environ.items() if key != ACCESS_CODE_ENV}
    process = subprocess.Popen(
        [sys.executable, "-c", DEV_RUN, "run", *args, f"--server.port={port}", "--server.headless=true",
         "--browser.gatherUsageStats=false", "--server.fileWatcherType=none"],
        cwd=ROOT, stdout=log.open("wb"), stderr=subprocess.STDOUT, env={**environ, **(env or {})},
        start_new_session=True)  # its own process group: dev.py and the Streamlit it starts stop together
    return process, log, port


def _wait_healthy(process: subprocess.Popen[bytes], log: Path, port: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"dev.py run exited with {process.returncode}:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as response:
                if response.read() == b"ok":
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    pytest.fail(f"not healthy within {START_TIMEOUT_S:.0f} s:\n{log.read_text(errors='replace')}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


def _access_code(output: str) -> str | None:
    for line in output.splitlines():
        if line.startswith("Access code: "):
            return line.split()[2]
    return None


def _server_environment(process: subprocess.Popen[bytes]) -> dict[str, str]:
    """The environment of the Streamlit process dev.py started (its one child)."""
    (child,) = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    entries = Path(f"/proc/{child}/environ").read_bytes().split(b"\0")
    return dict(entry.decode().split("=", 1) for entry in entries if b"=" in entry)


def test_workshop_mode_listens_on_the_network_and_prints_a_generated_code(tmp_path: Path):
    process, log, port = _start(tmp_path, "--workshop")
    try:
        _wait_healthy(process, log, port)
        assert _listening(port) == {EVERY_INTERFACE}
        output = log.read_text(errors="replace")
        code = _access_code(output)
        assert code is not None, output
        assert len(code) == 9 and set(code.replace("-", "")) <= set(CODE_ALPHABET)
        assert "Workshop mode" in output
        assert _server_environment(process)[ACCESS_CODE_ENV] == code  # what ui/frame/access.py reads
    finally:
        _stop(process)


def test_workshop_mode_takes_the_facilitators_code(tmp_path: Path):
    process, log, port = _start(tmp_path, "--workshop", env={ACCESS_CODE_ENV: "class-of-june"})
    try:
        _wait_healthy(process, log, port)
        assert _access_code(log.read_text(errors="replace")) == "class-of-june"
        assert _listening(port) == {EVERY_INTERFACE}
    finally:
        _stop(process)


def test_plain_run_listens_on_localhost_without_a_code(tmp_path: Path):
    process, log, port = _start(tmp_path)
    try:
        _wait_healthy(process, log, port)
        assert _listening(port) == {LOOPBACK}
        assert _access_code(log.read_text(errors="replace")) is None
        environment = _server_environment(process)
        assert ACCESS_CODE_ENV not in environment
        assert environment["MALLOC_MMAP_THRESHOLD_"] == str(1024 * 1024)  # see dev.SERVER_ENVIRONMENT
        assert environment["PYTHONMALLOC"] == "malloc"
    finally:
        _stop(process)


def test_a_code_too_short_is_refused_before_starting(tmp_path: Path):
    process, log, _ = _start(tmp_path, "--workshop", "--access-code", "ab-12")
    assert process.wait(timeout=60) == 2
    assert "at least 6 letters or digits" in log.read_text(errors="replace")


def test_the_workshop_guide_states_the_codes_entropy_from_their_alphabet():
    """Issue 27, item 4 and issue 47, item 5: the workshop guide says how many bits a generated access code and a room
    code hold, and the limits on wrong codes per tab and per address; the figures come from the alphabets, lengths
    and counters here (docs/deploy.md does the arithmetic of what they let a guesser find)."""
    import math

    from ui.frame.code_tries import CODE_TRIES as TRIES
    from uncase_store.rooms import CODE_LENGTH, JOIN_KEY_BYTES

    readme = (ROOT / "docs" / "workshops.md").read_text(encoding="utf-8")
    paragraph = readme[readme.index("Guessing a code:"):]
    paragraph = " ".join(paragraph[:paragraph.index("(`ui/frame/code_tries.py`)")].split())
    per_character = math.log2(len(CODE_ALPHABET))
    access_bits, room_bits = dev.GENERATED_CODE_LENGTH * per_character, CODE_LENGTH * per_character
    assert f"{dev.GENERATED_CODE_LENGTH} characters from a {len(CODE_ALPHABET)}-character alphabet" in paragraph
    assert f"**{access_bits:.0f} bits**" in paragraph and f"**{room_bits:.0f} bits**" in paragraph
    assert f"a room code is {CODE_LENGTH} of them" in paragraph
    assert f"past {TRIES.free} wrong codes a tab's next try waits {TRIES.first_wait_s:g} s" in paragraph
    assert TRIES.max_wait_s == 3600 and "doubling with each wrong one up to an hour" in paragraph
    assert (f"an allowance of {TRIES.burst} at once, refilled at {TRIES.per_hour:g} an hour plus one an hour for "
            f"every {TRIES.admitted_per_try} sessions") in paragraph
    assert f"at most {TRIES.most_per_hour:g} an hour" in paragraph
    assert f"{JOIN_KEY_BYTES * 8} bits, never guessed" in paragraph
    assert "deploy.md#codes-a-guesser-can-find-in-a-day" in paragraph
