"""Work the first visitor after a start would otherwise wait for, done by the server as it starts.

The first run of any page imports the modules the pages use (pandas, statsmodels, scipy, the core, the
catalogues: ``ui.i18n`` builds the English error texts from every core module) and opens the store: seconds on
this machine, paid by whoever opens a link first after a restart, which in a workshop is the whole room at once.
``serve.py`` calls :func:`warm_up` in a thread at start-up, so the health check answers at once and a visitor who
arrives during the warm-up waits only for what is left (Python's import lock lets one import finish for both).
"""

from __future__ import annotations

import ast
import importlib
import logging
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_LOG = logging.getLogger(__name__)


def page_imports(root: Path = ROOT) -> list[str]:
    """What ``app.py`` and every page script import, each once, in order: ``module`` for ``import module``,
    ``module:name`` for ``from module import name`` (a name a package exports on first use, or a submodule)."""
    names: dict[str, None] = {}
    for script in [root / "app.py", *sorted((root / "app_pages").glob("*.py"))]:
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"), str(script))):
            if isinstance(node, ast.Import):
                names.update((alias.name, None) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.update((f"{node.module}:{alias.name}", None) for alias in node.names)
    return list(names)


def _load(imported: str) -> None:
    module_name, _, name = imported.partition(":")
    module = importlib.import_module(module_name)
    if name and name != "*" and not hasattr(module, name):  # hasattr runs a package's lazy export
        importlib.import_module(f"{module_name}.{name}")  # a submodule not imported yet


# The statistics libraries the core imports inside the functions that use them (so that a page's first run, the home
# page's above all, does not wait for them): loaded here once the pages' own imports and the store are ready, so that
# the first page to compute an interval does not pay for them either.
LIBRARIES = ("scipy.stats", "statsmodels.stats.proportion", "statsmodels.stats.contingency_tables",
             "statsmodels.stats.inter_rater")


def warm_up() -> None:
    """Import what the pages import, open the store (cached for every session, as a page opens it), then load the
    statistics libraries the core imports on first use (:data:`LIBRARIES`)."""
    for imported in page_imports():
        try:
            _load(imported)
        except Exception:  # a page that cannot import will say so itself, with its own message
            _LOG.exception("warm-up: importing %s failed", imported)
    try:
        from ui.frame.state import get_store

        get_store()
    except Exception:  # an unreachable store is reported to the first visitor by the page, in their language
        _LOG.warning("warm-up: the store did not open", exc_info=True)
    for library in LIBRARIES:
        try:
            importlib.import_module(library)
        except Exception:  # the page that needs it raises its own error
            _LOG.exception("warm-up: importing %s failed", library)


def start_warm_up() -> threading.Thread:
    thread = threading.Thread(target=warm_up, name="uncase-warm-up", daemon=True)
    thread.start()
    return thread
