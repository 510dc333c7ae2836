"""Server memory around 40 uploads of 4.9 MB: before, at the peak, and for three minutes after the sessions close.

    .venv/bin/python bench/bench_upload_memory.py [--uploads 40] [--size-mb 4.9] [--content valid|refused]
        [--watch 180] [--ttl SECONDS]

Starts its own server (`streamlit run app.py` on a free local port, a fresh SQLite store) and Debian's
chromium (Playwright). A first visit to the annotator-agreement page loads the page's modules; the server's
resident memory after it is the start. Then, one after another, ``--uploads`` fresh browser contexts (each
its own Streamlit session) open that page, choose "Upload two label files" and give annotator A's box one
file of ``--size-mb`` MB, wait until the page says what it did with it, and close (the tab's websocket
closes; Streamlit keeps the session for a reconnect). The server's RSS is read from /proc after each upload
and every 5 s for ``--watch`` seconds after the last tab closed, with the bytes Streamlit's upload manager
holds (``/_stcore/metrics``, which lists only connected sessions' state and so does not disturb the closed
ones).

``--content valid``: a RAG dataset in JSON (the page keeps its text in the person's workspace: the data, which
stays); ``refused``: the same file saved as Latin-1, which the page refuses (nothing of it is kept).
The server gets the environment ``dev.py run`` gives it (``SERVER_ENVIRONMENT``: glibc's mmap threshold held at
1 MiB, and glibc's malloc for Python's small objects too), or Python's and glibc's own behaviour with
``--glibc-default``. ``--ttl`` sets ``server.disconnectedSessionTTL``
(Streamlit's default: 120 s). ``--visit-at S``: one more tab opens the page and closes S seconds after the last
upload's tab closed, as anyone's next visit would (Streamlit drops expired sessions only when another session
connects or disconnects). ``--post-script-gc``: a full garbage collection after every run (the project turns
it off; a dropped session is freed only once the cyclic collector reaches it).

The bar (issue 16): memory back within 50 MB of the start within three minutes of the sessions closing.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dev  # noqa: E402
from bench.bench_load import serve  # noqa: E402
from bench.synthetic_rag import synthetic_dataset  # noqa: E402
from tests.support.browser_env import CHROMIUM_ARGS, chromium_path  # noqa: E402
from uncase_core.rag.cases import dataset_to_text  # noqa: E402

PAGE = "/annotator_agreement"
UPLOAD_CHOICE = "Upload two label files"
KEPT = "Kept in your workspace: {name}"
REFUSED = "not UTF-8 text"
MB = 1_000_000
BAR_MB = 50.0
SAMPLE_EVERY_S = 5.0
STEP_TIMEOUT_MS = 120_000
UPLOAD_BYTES_RE = re.compile(r'^cache_memory_bytes\{[^}]*cache_type="UploadedFileManager"[^}]*\}\s+(\d+)', re.M)


def rss_mb(pid: int) -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) * 1024 / MB
    raise RuntimeError(f"no VmRSS for process {pid}")


def upload_manager_bytes(base: str) -> int:
    """Bytes in Streamlit's uploaded-file manager: every session's, connected or not."""
    with urllib.request.urlopen(f"{base}/_stcore/metrics?families=cache_memory_bytes", timeout=10) as response:
        text = response.read().decode()
    return sum(int(found) for found in UPLOAD_BYTES_RE.findall(text))


def make_file(folder: Path, size_mb: float, content: str) -> tuple[Path, str]:
    """A file of at most ``size_mb`` MB and the text the page shows once it has dealt with it.

    MB here is 10^6 bytes, as the upload box counts (on Linux and macOS; 2^20 on Windows): a file of 4.9 x 2^20
    bytes is "5.1MB" to the box, over a 5 MB widget cap, and never leaves the browser.
    """
    target = int(size_mb * MB)
    per_case = len(dataset_to_text(synthetic_dataset(200)).encode()) / 200
    cases = int(target / per_case)
    text = dataset_to_text(synthetic_dataset(cases))
    while len(text.encode()) > target:  # the estimate is close: trim whole cases until it fits
        cases -= max(1, cases // 500)
        text = dataset_to_text(synthetic_dataset(cases))
    if content == "valid":
        path = folder / "annotator_a.jsonl"
        path.write_text(text, encoding="utf-8")
        return path, KEPT.format(name=path.name)
    path = folder / "annotator_a_latin1.jsonl"
    path.write_bytes(text.replace("question 0", "question 0 (versión española)", 1).encode("latin-1"))
    return path, REFUSED


@dataclass
class Sample:
    seconds: float  # after the last tab closed
    rss_mb: float
    uploads_mb: float


def upload_once(browser, base: str, path: Path, outcome: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    try:
        page = context.new_page()
        page.set_default_timeout(STEP_TIMEOUT_MS)
        page.goto(base + PAGE)
        sidebar = page.get_by_test_id("stSidebar")
        sidebar.get_by_text(UPLOAD_CHOICE).click()
        boxes = sidebar.locator('[data-testid="stFileUploader"] input[type="file"]')
        boxes.first.wait_for(state="attached")
        boxes.first.set_input_files(str(path))
        try:
            sidebar.get_by_text(outcome).first.wait_for()
        except Exception:
            shot = Path(tempfile.gettempdir()) / "bench_upload_memory_failed.png"
            page.screenshot(path=str(shot), full_page=True)
            print(f"the page did not show {outcome!r}; its screenshot: {shot}")
            raise
    finally:
        context.close()


def visit(browser, base: str) -> None:
    """Open the page in a new tab and close it: what anyone's next visit does to the server."""
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.goto(base + PAGE)
        page.get_by_test_id("stSidebar").get_by_text(UPLOAD_CHOICE).wait_for(timeout=STEP_TIMEOUT_MS)
    finally:
        context.close()


def run(uploads: int, size_mb: float, content: str, watch: float, ttl: int | None, glibc_default: bool = False,
        visit_at: float | None = None, post_script_gc: bool = False) -> int:
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    if executable is None:
        print("Debian chromium is not installed (apt-get install chromium)")
        return 2
    with tempfile.TemporaryDirectory(prefix="uncase-upload-memory-") as folder:
        path, outcome = make_file(Path(folder), size_mb, content)
        print(f"file: {path.name}, {path.stat().st_size / MB:.2f} MB ({content}); {uploads} uploads; "
              f"server.disconnectedSessionTTL {ttl if ttl is not None else 'default (120 s)'}; "
              f"runner.postScriptGC {'true' if post_script_gc else 'as in .streamlit/config.toml (false)'}; "
              f"{'glibc malloc as it comes' if glibc_default else dict(dev.SERVER_ENVIRONMENT)} (see dev.py)")
        env = {} if glibc_default else dict(dev.SERVER_ENVIRONMENT)
        if ttl is not None:
            env["STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL"] = str(ttl)
        if post_script_gc:
            env["STREAMLIT_RUNNER_POST_SCRIPT_GC"] = "true"
        store = f"sqlite:///{folder}/store.db"
        with serve(Path(folder) / "streamlit.log", store=store, env=env) as (base, process), \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=list(CHROMIUM_ARGS))
            try:
                cold = rss_mb(process.pid)
                visit(browser, base)
                time.sleep(SAMPLE_EVERY_S)
                start = rss_mb(process.pid)
                print(f"server RSS: {cold:.0f} MB when healthy, {start:.0f} MB after a first visit (the start)")
                peak = start
                began = time.monotonic()
                for number in range(1, uploads + 1):
                    upload_once(browser, base, path, outcome)
                    now = rss_mb(process.pid)
                    peak = max(peak, now)
                    if number % 10 == 0 or number == uploads:
                        held = upload_manager_bytes(base) / MB
                        print(f"  after upload {number:>3}: RSS {now:6.0f} MB, upload manager {held:6.1f} MB "
                              f"({time.monotonic() - began:.0f} s)", flush=True)
                closed = time.monotonic()
                samples = []
                visited = None
                while True:
                    elapsed = time.monotonic() - closed
                    if visit_at is not None and visited is None and elapsed >= visit_at:
                        visit(browser, base)
                        visited = elapsed
                        elapsed = time.monotonic() - closed
                    samples.append(Sample(elapsed, rss_mb(process.pid), upload_manager_bytes(base) / MB))
                    peak = max(peak, samples[-1].rss_mb)
                    if elapsed >= watch:
                        break
                    time.sleep(min(SAMPLE_EVERY_S, watch - elapsed))
            finally:
                browser.close()
    print(f"start {start:.0f} MB, peak {peak:.0f} MB (+{peak - start:.0f})")
    if visited is not None:
        print(f"one more tab opened the page and closed at {visited:.0f} s")
    print("after the last tab closed:   s   RSS MB   above start   upload manager MB")
    for sample in samples:
        if round(sample.seconds) % 30 < SAMPLE_EVERY_S or sample is samples[-1]:
            print(f"{sample.seconds:30.0f}   {sample.rss_mb:6.0f}   {sample.rss_mb - start:+11.0f}"
                  f"   {sample.uploads_mb:17.1f}")
    final = samples[-1].rss_mb - start
    back = next((s.seconds for s in samples if s.rss_mb - start <= BAR_MB), None)
    verdict = "met" if final <= BAR_MB else "missed"
    when = f"first within {BAR_MB:.0f} MB at {back:.0f} s" if back is not None else f"never within {BAR_MB:.0f} MB"
    print(f"bar (within {BAR_MB:.0f} MB of the start {watch:.0f} s after closing): {verdict}: {final:+.0f} MB; {when}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--uploads", type=int, default=40)
    parser.add_argument("--size-mb", type=float, default=4.9)
    parser.add_argument("--content", choices=("valid", "refused"), default="valid")
    parser.add_argument("--watch", type=float, default=180.0, help="seconds to sample after the last tab closed")
    parser.add_argument("--ttl", type=int, default=None, help="server.disconnectedSessionTTL for the server")
    parser.add_argument("--glibc-default", action="store_true",
                        help="start the server without dev.py's malloc setting (SERVER_ENVIRONMENT)")
    parser.add_argument("--visit-at", type=float, default=None,
                        help="seconds after the last tab closed at which one more tab opens the page and closes")
    parser.add_argument("--post-script-gc", action="store_true",
                        help="runner.postScriptGC = true: a full garbage collection after every run")
    args = parser.parse_args()
    return run(args.uploads, args.size_mb, args.content, args.watch, args.ttl, args.glibc_default, args.visit_at,
               args.post_script_gc)


if __name__ == "__main__":
    sys.exit(main())
