"""What the browser tests and the browser benchmarks share: finding Debian's Chromium, its flags,
the `streamlit run` command, a free local port, and stopping a server process."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys

# Chromium as root in a container: no sandbox, no GPU, /tmp instead of a small /dev/shm, no network chatter.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def chromium_path() -> str | None:
    """Debian's chromium, or None when it is not installed."""
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


def streamlit_command(port: int, script: str = "app.py") -> list[str]:
    """`streamlit run <script>` on 127.0.0.1:``port``, headless, with no file watching and no usage stats."""
    return [
        sys.executable, "-m", "streamlit", "run", script,
        "--server.headless=true",
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        "--browser.gatherUsageStats=false",
        "--server.fileWatcherType=none",
    ]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """Terminate ``process``, killing it if it has not ended within 10 s."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
