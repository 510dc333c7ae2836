"""``streamlit run`` whose every script run, the page's or a fragment's, waits before it starts drawing: a server as
slow as a loaded one, the same every time (issue 49: keys pressed faster than runs end).

    python -m tests.support.slowed_streamlit run app.py --server.port=... (Streamlit's own arguments)

``UNCASE_TEST_RUN_DELAY_MS`` (default 400) is the wait. It is spent inside the run, after Streamlit has told the
page a run started and before the script draws anything: presses made meanwhile arrive while a run is in
progress, as they do on a busy machine. The wait sleeps, so it costs no CPU and its length does not depend on the
machine's load. Only the test server does this: nothing in the app knows of it.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

DELAY_ENV = "UNCASE_TEST_RUN_DELAY_MS"
DEFAULT_DELAY_MS = 400


def slow_every_run(delay_s: float) -> None:
    """Make every script run of this process wait ``delay_s`` before its code runs."""
    from streamlit.runtime.scriptrunner import script_runner

    run_code = script_runner.exec_func_with_error_handling

    def slowed(func: Any, ctx: Any) -> Any:
        def late() -> Any:
            time.sleep(delay_s)
            return func()

        return run_code(late, ctx)

    script_runner.exec_func_with_error_handling = slowed


def main() -> int:
    slow_every_run(float(os.environ.get(DELAY_ENV, DEFAULT_DELAY_MS)) / 1000)
    from streamlit.web.cli import main as streamlit_main

    sys.argv = ["streamlit", *sys.argv[1:]]
    return streamlit_main(prog_name="streamlit")


if __name__ == "__main__":
    raise SystemExit(main())
