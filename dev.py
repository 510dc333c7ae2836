#!/usr/bin/env python3
"""Set up and run the playground, or its tests, on a fresh machine with Python 3.11+.

    python3 dev.py run     # create .venv, install, start the playground
    python3 dev.py test    # create .venv, install, lint and run the whole test suite

Only the standard library is used here, so it runs before anything is installed. The
virtual environment is reused while the requirement files stay the same.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


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


def run_app(extra: list[str]) -> int:
    ensure_environment(with_dev=False)
    command = [str(PYTHON), "-m", "streamlit", "run", str(ROOT / "app.py"), *extra]
    # The URL may hold a password: show it hidden.
    store = re.sub(r"://([^:/@]*):[^@/]*@", r"://\1:***@", os.environ.get("UNCASE_STORE", "")) \
        or f"{ROOT / 'data' / 'uncase.db'} (SQLite, made on first use)"
    print(f"Everyone's work is saved as they go in {store}; set UNCASE_STORE to use another store "
          "(see docs/deploy.md).", flush=True)
    print("Starting the playground: open the address printed below.", flush=True)
    return subprocess.call(command, cwd=ROOT)


def run_tests(extra: list[str]) -> int:
    ensure_environment(with_dev=True)
    lint = subprocess.call([str(PYTHON), "-m", "ruff", "check", "."], cwd=ROOT)
    if lint != 0:
        print("ruff found problems (see above).", flush=True)
        return lint
    return subprocess.call([str(PYTHON), "-m", "pytest", *extra], cwd=ROOT)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("run", "test"):
        print(__doc__)
        return 2
    command, extra = argv[0], argv[1:]
    return run_app(extra) if command == "run" else run_tests(extra)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
