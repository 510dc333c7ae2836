#!/usr/bin/env python3
"""Set up and run the playground, or its tests, on a fresh machine with Python 3.11+.

    python3 dev.py run     # create .venv, install, start the playground (on this computer only)
    python3 dev.py run --workshop [--access-code CODE] [--public-url URL] [--trusted-proxy ADDRESS ...]
                           # the same, open to the network, behind an access code (yours, or one made up and printed);
                           # --public-url: the address a proxy serves it at, for workshop rooms' links;
                           # --trusted-proxy: a proxy whose X-Forwarded-For names the client (per-address limits)
    python3 dev.py test    # create .venv, install, lint and run the whole test suite

Other options after ``run`` go to ``streamlit run`` (``--server.port 8502``). Only the standard library is
used here, so it runs before anything is installed. The virtual environment is reused while the requirement
files stay the same.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import secrets
import subprocess
import sys
import venv
from pathlib import Path
from types import MappingProxyType

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")

ACCESS_CODE_ENV = "UNCASE_ACCESS_CODE"  # read by ui/frame/access.py
PUBLIC_URL_ENV = "UNCASE_PUBLIC_URL"  # read by ui/frame/addresses.py (a test checks they agree)
TRUSTED_PROXIES_ENV = "UNCASE_TRUSTED_PROXIES"  # read by ui/frame/access.py (a test checks they agree)
# As uncase_store.rooms.CODE_ALPHABET (a test checks): no I, O, 0, 1, so a code read off a board is typed right.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
GENERATED_CODE_LENGTH = 8  # 40 bits: far beyond guessing through a web page during a workshop
MIN_CODE_LENGTH = 6  # as ui/frame/access.py
EVERY_INTERFACE = "0.0.0.0"
# Memory given back once a closed tab's session is dropped (bench/bench_upload_memory.py):
# - glibc raises its mmap threshold after freeing a large block, so later uploads' bytes (a few MB) come from the
#   heap and stay in the process once freed; a fixed threshold gives every block of 1 MiB or more back to the
#   system when it is freed (40 refused uploads of 4.9 MB: +45 MB kept without it, +8 MB with it).
# - Python's own small-object allocator keeps an arena (1 MiB) while any object in it lives, so the parsed data
#   of dropped sessions left most arenas pinned by a few survivors (40 valid uploads: +93 MB three minutes after,
#   with ui/frame/memory.py's collections); with glibc's malloc for every object, ui/frame/memory.py's malloc_trim
#   returns the free pages (+21 MB for 10 uploads, as much as for refused files). The server's CPU per tick, slider step
#   and page switch was the same within the runs' spread (bench/bench_server_cost.py, two runs each way).
SERVER_ENVIRONMENT = MappingProxyType({"MALLOC_MMAP_THRESHOLD_": str(1024 * 1024), "PYTHONMALLOC": "malloc"})


MAX_TEST_WORKERS = 6  # beyond this the browser tests' Chromium and servers crowd memory more than they gain


def _requirements_digest(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_environment(with_dev: bool) -> None:
    """Create the virtual environment and install requirements unless already done."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script must explain itself on an old Python
        sys.exit(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}")
    files = [ROOT / "requirements.txt"] + ([ROOT / "requirements-dev.txt"] if with_dev else [])
    stamp = VENV / ("installed-dev.sha256" if with_dev else "installed.sha256")
    wanted = _requirements_digest(files)
    if stamp.exists() and stamp.read_text().strip() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    count = sum(1 for path in files for line in path.read_text().splitlines() if "==" in line)
    print(f"Installing {count} pinned packages from {', '.join(p.name for p in files)} "
          "(the first time takes one to three minutes; pip reports each package below) ...", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "off",
                    "-r", str(files[-1])], check=True)
    stamp.write_text(wanted + "\n")
    print("Requirements installed.", flush=True)


def normalize_code(text: str) -> str:
    """As uncase_store.rooms.normalize_code: capitals, letters and digits only."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def new_access_code() -> str:
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(GENERATED_CODE_LENGTH))
    return f"{code[:4]}-{code[4:]}"


def _run_options(extra: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(prog="dev.py run", allow_abbrev=False, add_help=False)
    parser.add_argument("--workshop", action="store_true")
    parser.add_argument("--access-code")
    parser.add_argument("--public-url")
    parser.add_argument("--trusted-proxy", action="append", default=[])
    return parser.parse_known_args(extra)


def run_app(extra: list[str]) -> int:
    options, extra = _run_options(extra)
    code = options.access_code or os.environ.get(ACCESS_CODE_ENV, "").strip() or None
    if options.workshop and code is None:
        code = new_access_code()
    if code is not None and len(normalize_code(code)) < MIN_CODE_LENGTH:
        print(f"The access code needs at least {MIN_CODE_LENGTH} letters or digits (capitals, spaces and dashes "
              "do not count).", file=sys.stderr)
        return 2
    public_url = (options.public_url or "").strip()
    if public_url and not re.match(r"https?://[^/\s]+", public_url):
        print("--public-url takes the address people open, such as https://class.example.org/uncase.",
              file=sys.stderr)
        return 2
    ensure_environment(with_dev=False)
    network = [f"--server.address={EVERY_INTERFACE}"] if options.workshop else []
    command = [str(PYTHON), "-m", "streamlit", "run", str(ROOT / "serve.py"), *network, *extra]
    proxies = ",".join(options.trusted_proxy)
    env = {**SERVER_ENVIRONMENT, **os.environ, **({ACCESS_CODE_ENV: code} if code is not None else {}),
           **({PUBLIC_URL_ENV: public_url} if public_url else {}),
           **({TRUSTED_PROXIES_ENV: proxies} if proxies else {})}
    # The URL may hold a password: show it hidden.
    store = re.sub(r"://([^:/@]*):[^@/]*@", r"://\1:***@", os.environ.get("UNCASE_STORE", "")) \
        or f"{ROOT / 'data' / 'uncase.db'} (SQLite, made on first use)"
    print(f"Everyone's work is saved as they go in {store}; set UNCASE_STORE to use another store "
          "(see docs/deploy.md).", flush=True)
    if options.workshop:
        print("Workshop mode: the playground listens on the network (every interface); share the Network URL "
              "printed below.", flush=True)
    else:
        print("The playground listens on this computer only; `python3 dev.py run --workshop` opens it to a "
              "workshop's network behind an access code.", flush=True)
    if public_url:
        print(f"Workshop rooms' links use {public_url} (--public-url): the address a proxy serves this at.",
              flush=True)
    if code is not None:
        trusted = proxies or os.environ.get(TRUSTED_PROXIES_ENV, "").strip()
        print(f"Per-address limits count the X-Forwarded-For address the proxies {trusted} add (--trusted-proxy)."
              if trusted else "Per-address limits count each connection's own address; behind a proxy, name it with "
              "--trusted-proxy ADDRESS (docs/deploy.md).", flush=True)
    if code is not None:
        print(f"Access code: {code}  (every page asks for it, or for a workshop room's code made in the last 12 "
              f"hours; set your own with --access-code or {ACCESS_CODE_ENV})", flush=True)
    print("Starting the playground: open the address printed below.", flush=True)
    return subprocess.call(command, cwd=ROOT, env=env)


def test_workers(extra: list[str], cores: int | None = None) -> list[str]:
    """pytest-xdist's options for the suite: one worker more than the cores (the browser and server tests spend
    much of their time waiting on a page, so a third worker on two cores keeps both busy: 31 min -> about 17 in
    CI, docs/figures.md), taking the tests as workers free up; none when the command line chooses itself."""
    if any(arg in ("-n", "--numprocesses", "-p") or arg.startswith(("-n", "--numprocesses=")) for arg in extra):
        return []
    workers = min((cores or os.cpu_count() or 1) + 1, MAX_TEST_WORKERS)
    return ["-n", str(workers), "--dist", "worksteal"]


def run_tests(extra: list[str]) -> int:
    ensure_environment(with_dev=True)
    lint = subprocess.call([str(PYTHON), "-m", "ruff", "check", "."], cwd=ROOT)
    if lint != 0:
        print("ruff found problems (see above).", flush=True)
        return lint
    return subprocess.call([str(PYTHON), "-m", "pytest", *test_workers(extra), *extra], cwd=ROOT)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("run", "test"):
        print(__doc__)
        return 2
    command, extra = argv[0], argv[1:]
    return run_app(extra) if command == "run" else run_tests(extra)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
