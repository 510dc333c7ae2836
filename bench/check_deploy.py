"""Check the deployment recipe of docs/deploy.md end to end: N Streamlit processes behind HAProxy with
cookie-based sticky sessions, sharing one store.

    .venv/bin/python bench/check_deploy.py --store postgresql+psycopg://user@host/db [--servers 2]

Starts the servers on free ports and HAProxy with the configuration docs/deploy.md gives (written to a temporary
folder), then drives Chromium through the proxy:

1. a first browser gets a server by cookie, labels, uploads a dataset (the upload must reach the server that
   holds its websocket) and labels it, and reloads: same numbers;
2. a second browser is sent to another server by round robin and labels its own workspace;
3. the first browser's server is stopped: its next reload is sent to a server still up, which reads the same
   workspace from the store: same data, same numbers.

Prints each step with PASS or FAIL, and exits 1 on a failure. Needs Debian's ``haproxy`` and ``chromium``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import serve  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path, free_port, stop_process  # noqa: E402

CONFIG = """\
global
    maxconn 4096

defaults
    mode http
    timeout connect 5s
    timeout client  1h      # a workshop's websockets stay open for hours
    timeout server  1h
    timeout tunnel  1h
    option redispatch       # a server that is down: send its users to another one (their work is in the store)
    retries 2

frontend playground
    bind {bind}
    default_backend streamlit

backend streamlit
    balance roundrobin
    # Sticky by cookie, not by IP: behind a school's NAT every laptop has the same address.
    cookie UNCASE_SERVER insert indirect nocache httponly
    option httpchk GET /_stcore/health
{servers}
"""


def haproxy_config(bind: str, backends: list[str]) -> str:
    lines = [f"    server app{i} {address} check cookie app{i}" for i, address in enumerate(backends, 1)]
    return CONFIG.format(bind=bind, servers="\n".join(lines))


def wait_healthy(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read().decode().strip() == "ok":
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} not healthy within {seconds:.0f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", required=True, help="SQLAlchemy URL of the shared store (PostgreSQL)")
    parser.add_argument("--servers", type=int, default=2)
    args = parser.parse_args()
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    chromium = chromium_path()
    if not Path(haproxy).exists() or chromium is None:
        print("needs Debian's haproxy and chromium: apt-get install haproxy chromium")
        return 2

    from playwright.sync_api import expect, sync_playwright

    from tests.e2e.test_rag_browser import counts, counts_pattern, toggle_passage_label

    failures = 0

    def check(what: str, condition: bool) -> None:
        nonlocal failures
        failures += not condition
        print(f"{'PASS' if condition else 'FAIL'}  {what}", flush=True)

    folder = Path(tempfile.mkdtemp(prefix="uncase-deploy-"))
    upload = folder / "upload.json"
    upload.write_text(json.dumps({"id": "deploy-1", "question": "Which server am I on?", "passages": [
        {"id": f"p{i}", "text": f"passage {i}", "relevant": True} for i in range(1, 6)]}), encoding="utf-8")
    servers = [serve(folder / f"app{n}.log", store=args.store) for n in range(args.servers)]
    started = [context.__enter__() for context in servers]
    backends = {base: process for base, process in started}
    proxy_port = free_port()
    config = folder / "haproxy.cfg"
    config.write_text(haproxy_config(f"127.0.0.1:{proxy_port}", [b.removeprefix("http://") for b in backends]))
    print(f"store {args.store.split('@')[-1]}; servers {', '.join(backends)}; HAProxy on 127.0.0.1:{proxy_port} "
          f"with {config}", flush=True)
    proxy = subprocess.Popen([haproxy, "-f", str(config), "-db"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{proxy_port}"
    try:
        wait_healthy(base)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
            first = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            first.goto(f"{base}/rag_diagnosis")
            expect(counts(first)).to_have_text(counts_pattern(4, 5), timeout=60_000)
            cookie = {c["name"]: c["value"] for c in first.context.cookies()}.get("UNCASE_SERVER")
            check(f"the first browser is pinned to a server by cookie ({cookie})", cookie is not None)
            toggle_passage_label(first, 1)
            expect(counts(first)).to_have_text(counts_pattern(3, 5), timeout=30_000)
            first.locator('[data-testid="stFileUploader"] input[type="file"]').set_input_files(str(upload))
            first.get_by_role("button", name="Yes, replace").click(timeout=30_000)  # it asks: labels would go
            expect(first.get_by_text("Which server am I on?").first).to_be_visible(timeout=30_000)
            check("an upload through the proxy reaches the server holding the session", True)
            toggle_passage_label(first, 2)
            toggle_passage_label(first, 3)
            expect(counts(first)).to_have_text(counts_pattern(3, 5), timeout=30_000)
            first.reload()
            expect(counts(first)).to_have_text(counts_pattern(3, 5), timeout=30_000)
            check("a reload through the proxy shows the same labels and data", True)

            second = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            second.goto(f"{base}/rag_diagnosis")
            expect(counts(second)).to_have_text(counts_pattern(4, 5), timeout=60_000)
            other = {c["name"]: c["value"] for c in second.context.cookies()}.get("UNCASE_SERVER")
            check(f"a second browser is sent to another server ({other})", other is not None and other != cookie)
            toggle_passage_label(second, 5)
            expect(counts(second)).to_have_text(counts_pattern(5, 5), timeout=30_000)

            pinned = list(backends)[int(cookie.removeprefix("app")) - 1]
            stop_process(backends[pinned])
            print(f"stopped {pinned} (the first browser's server)", flush=True)
            time.sleep(3)  # HAProxy's health check marks it down
            first.reload()
            expect(counts(first)).to_have_text(counts_pattern(3, 5), timeout=60_000)
            expect(first.get_by_text("Which server am I on?").first).to_be_visible(timeout=30_000)
            moved = {c["name"]: c["value"] for c in first.context.cookies()}.get("UNCASE_SERVER")
            check(f"with its server down, the first browser is moved ({cookie} -> {moved}) and finds its work",
                  moved != cookie)
            browser.close()
    except Exception as error:  # a failed expectation is a failed step, reported as such
        check(f"the flow ran to the end ({type(error).__name__}: {str(error).splitlines()[0][:200]})", False)
    finally:
        stop_process(proxy)
        for context in servers:
            context.__exit__(None, None, None)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
