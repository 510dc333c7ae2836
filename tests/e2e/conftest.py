"""Real-browser fixtures: one `streamlit run` server for the session, Debian's chromium, a fresh page per test.

See NOTES.md ("Real-browser tests"). Without chromium or the playwright package the tests skip with a
visible reason; with ``UNCASE_REQUIRE_BROWSER=1`` (set by CI) they fail instead.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser_env import CHROMIUM_ARGS, chromium_path, free_port, stop_process, streamlit_command
from tests.support.server import wait_until_healthy

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

HEALTH_TIMEOUT_S = 60.0
VIEWPORT = {"width": 1400, "height": 1000}


def _browser_required() -> bool:
    return os.environ.get("UNCASE_REQUIRE_BROWSER") == "1"


def _unavailable(reason: str) -> None:
    """Skip with ``reason``, or fail when CI requires the browser tests."""
    if _browser_required():
        pytest.fail(f"UNCASE_REQUIRE_BROWSER=1 but the browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def _log_tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[pytest.TestReport]:
    """Keep each phase's report on the item so the page fixture can tell a failed test."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def browser_checked() -> str:
    """The chromium executable, after checking that playwright imports; skip (or fail in CI) otherwise."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as error:
        _unavailable(f"the playwright package is not installed ({error}): pip install -r requirements-dev.txt")
    path = chromium_path()
    if path is None:
        _unavailable("Debian chromium not installed: apt-get install chromium")
    return path


SERVERS: dict[str, subprocess.Popen[bytes]] = {}  # base URL -> the running server, for kill_server


def kill_server(base: str) -> None:
    """SIGKILL the server at ``base`` (no shutdown of any kind: what a crash or an OOM kill does)."""
    process = SERVERS.pop(base)
    process.kill()
    process.wait(timeout=10)


@contextmanager
def streamlit_server(port: int, log_name: str = "streamlit.log", env: dict[str, str] | None = None,
                     script: str = "app.py") -> Iterator[str]:
    """`streamlit run <script>` on 127.0.0.1:``port`` until the block ends; yields its base URL once healthy."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / log_name
    base = f"http://127.0.0.1:{port}"
    with log_path.open("ab") as log:
        process = subprocess.Popen(streamlit_command(port, script), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                   env={**os.environ, **(env or {})})
        SERVERS[base] = process
        try:
            try:
                wait_until_healthy(base, process, HEALTH_TIMEOUT_S)
            except RuntimeError as error:
                pytest.fail(f"{error}:\n{_log_tail(log_path)}", pytrace=False)
            yield base
        finally:
            stop_process(process)


@pytest.fixture(scope="session")
def app_url(browser_checked: str) -> Iterator[str]:
    """Start `streamlit run app.py` on a free local port and yield its base URL."""
    (ARTIFACTS / "streamlit.log").unlink(missing_ok=True)
    with streamlit_server(free_port()) as base:
        yield base


@pytest.fixture(scope="session")
def chromium(browser_checked: str) -> Iterator[Any]:
    """Debian's chromium driven by Playwright (no `playwright install`, no network)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_checked, args=list(CHROMIUM_ARGS))
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, chromium: Any, app_url: str) -> Iterator[Any]:
    """A page in a fresh browser context (fresh Streamlit session); a screenshot is saved if the test fails."""
    context = chromium.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        yield page
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            try:
                page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
            except Exception as error:  # a screenshot must never hide the real failure
                print(f"could not save a screenshot: {error}")
        context.close()


def wait_until_drawn(page: Any, timeout_ms: int = 30_000) -> None:
    """Wait until no element on the page is still a loading placeholder.

    Streamlit's frontend loads each widget's code the first time the widget is drawn and shows ``stSkeleton`` in
    its place meanwhile; a fresh browser context has none of that code cached. While a later widget's code loads,
    its React Suspense boundary shows the placeholders again, which closes a list that was just opened: a click in
    the first second after load can be dropped (seen as option timeouts on a loaded CI machine)."""
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stSkeleton\"]')", timeout=timeout_ms)


def wait_until_idle(page: Any, timeout_ms: int = 30_000) -> None:
    """Wait until the app is not running its script (``stApp``'s ``data-test-script-state``), then until it is drawn.

    A key pressed or a box clicked while a run is streaming in was lost twice in CI under load (the projector's P,
    the adjudication's Save: the cause was not found in Streamlit's frontend); a person sees the page settle
    before acting, and the tests act the same way."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"stApp\"]')?.dataset.testScriptState === 'notRunning'",
        timeout=timeout_ms)
    wait_until_drawn(page, timeout_ms)


def choose_option(page: Any, selectbox: Any, option: Any, attempts: int = 4) -> None:
    """Open ``selectbox`` and click ``option`` (a locator, or an option's exact name), once the page is drawn.

    A rerun landing while the list is open also closes it, so a list that closed is opened again."""
    if isinstance(option, str):
        option = page.get_by_role("option", name=option, exact=True)
    for attempt in range(attempts):
        wait_until_drawn(page)
        selectbox.click()
        try:
            option.click(timeout=8_000)
            return
        except Exception:  # Playwright's TimeoutError: the list closed before the click; open it once more
            if attempt == attempts - 1:
                raise
            page.keyboard.press("Escape")
