"""The command line, ``python -m uncase_core COMMAND``: one subcommand per module, and the reading of its
input files (regular files only, under a size cap).

Modules: ``main``, ``files``.

The names below are this package's public API, imported on first use so that importing the package costs nothing
(``python -m uncase_core --help`` answers without loading statsmodels or pandas).
"""

from __future__ import annotations

import importlib
from types import MappingProxyType
from typing import Any

# public name -> the module of this package that defines it
_EXPORTS = MappingProxyType({
    "BYTES_PER_MB": "files",
    "DEFAULT_MAX_FILE_MB": "files",
    "EXIT_BAD_INPUT": "main",
    "build_parser": "main",
    "read_input_file": "files",
    "run": "main",
})
__all__ = tuple(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
