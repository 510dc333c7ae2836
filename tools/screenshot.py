"""Take the README screenshot: the RAG page on the "Multiple failures" scenario.

    .venv/bin/python tools/screenshot.py [--out docs/rag-page.png]

Needs Debian's chromium; starts its own server on a free port and stops it after.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.browser_env import CHROMIUM_ARGS, chromium_path, free_port, streamlit_command  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs" / "rag-page.png"))
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen(streamlit_command(port), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(120):
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health").read() == b"ok":
                    break
            except OSError:
                time.sleep(0.5)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
            page = browser.new_page(viewport={"width": 1440, "height": 1150})
            page.goto(f"http://127.0.0.1:{port}/rag_diagnosis")
            sidebar = page.locator('[data-testid="stSidebar"]')
            expect(sidebar.get_by_text("Built-in scenario")).to_be_visible(timeout=60_000)
            sidebar.locator('[data-testid="stSelectbox"]').first.click()
            page.get_by_role("option", name="Multiple failures").click()
            sidebar.get_by_role("button", name="Load scenario").click()
            expect(page.get_by_text("Multiple failure: 3 dimensions fail")).to_be_visible(timeout=30_000)
            page.wait_for_timeout(3000)
            page.screenshot(path=args.out)
            browser.close()
        print(f"saved {args.out}")
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
