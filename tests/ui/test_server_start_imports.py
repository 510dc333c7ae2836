"""The server answers its health check before the pages' libraries are loaded (issue 50 item 6).

Streamlit imports ``serve.py`` (the file holding ``st.App``) before it opens its socket, so whatever that file
imports is time a deploy's health check and ``python3 dev.py run`` wait for: the playground took 4.4-4.9x a bare
Streamlit server to be healthy (``bench/bench_server_start.py``) because serve.py's guards reached the pages' whole
tree (pandas, pyarrow, numpy, scipy, statsmodels). The warm-up (``ui/frame/warmup.py``) loads those once the
server is up. Counted in modules, not seconds, so the test does not move with the machine's load.
"""

from __future__ import annotations

import json
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
