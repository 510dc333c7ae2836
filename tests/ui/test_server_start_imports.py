"""The server answers its health check before the pages' libraries are loaded (issue 50 item 6).

Streamlit imports ``serve.py`` (the file holding ``st.App``) before it opens its socket, so whatever that file
imports is time a deploy's health check and ``python3 dev.py run`` wait for: the playground took 4.4-4.9x a bare
Streamlit server to be healthy (``bench/bench_server_start.py``) because serve.py's guards reached the pages' whole
tree (pandas, pyarrow, numpy, scipy, statsmodels). The warm-up (``ui/frame/warmup.py``) loads those once the
server is up. Counted in modules, not seconds, so the test does not move with the machine's load.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES_LIBRARIES = ("pandas", "pyarrow", "numpy", "scipy", "statsmodels", "plotly", "krippendorff", "nltk")
PROBE = """
import json, sys
sys.argv = ["serve.py"]
sys.path.insert(0, ".")
before = set(sys.modules)
import serve  # noqa: F401
print(json.dumps(sorted({name.split(".")[0] for name in set(sys.modules) - before})))
"""


def loaded_by_serve() -> set[str]:
    """The top-level packages importing serve.py loads beyond what Streamlit itself loads, in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", "import streamlit\n" + PROBE], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=600).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def test_serving_loads_none_of_the_pages_libraries():
    loaded = loaded_by_serve()
    assert "ui" in loaded and "uncase_store" in loaded  # the probe did import the guards
    assert not loaded & set(PAGES_LIBRARIES), f"serve.py's imports load {sorted(loaded & set(PAGES_LIBRARIES))}"


def test_the_english_catalogue_reads_the_core_messages_only_when_asked():
    probe = ("import sys, json; from ui.i18n import EN, translate; a = 'statsmodels' in sys.modules; "
             "translate('en', 'rag.title'); b = 'statsmodels' in sys.modules; "
             "text = EN['error.successes_exceed_total']; print(json.dumps([a, b, text]))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=600).stdout
    before, after_a_page_text, error_text = json.loads(out.strip().splitlines()[-1])
    assert (before, after_a_page_text) == (False, False)
    assert error_text == "successes ({successes}) exceed total ({total})"  # the core's own words, on demand


HOME_PROBE = """
import json, os, sys
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(os.path.join(os.getcwd(), "app.py"), default_timeout=300).run()
print(json.dumps([[str(e.value) for e in at.exception],
                  sorted(m for m in ("scipy.stats", "statsmodels") if m in sys.modules)]))
"""


def test_the_home_pages_first_run_loads_neither_scipy_stats_nor_statsmodels(tmp_path: Path):
    """A visitor's first page after a start waited for scipy.stats and statsmodels (a third of its imports), which the
    home page never uses: the core imports them inside the functions that use them, and the warm-up loads them
    once the server is up (``ui/frame/warmup.py``)."""
    env = {**os.environ, "UNCASE_STORE": f"sqlite:///{tmp_path / 'store.db'}"}
    out = subprocess.run([sys.executable, "-c", HOME_PROBE], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=600, env=env).stdout
    errors, loaded = json.loads(out.strip().splitlines()[-1])
    assert errors == []
    assert loaded == [], f"the home page's first run loaded {loaded}"


def test_the_warm_up_loads_what_the_core_imports_on_first_use():
    from ui.frame import warmup

    assert {"scipy.stats", "statsmodels.stats.proportion"} <= set(warmup.LIBRARIES)
