"""The command line, ``python -m uncase_core COMMAND``: one subcommand per module, and the reading of its
input files (regular files only, under a size cap).

Modules: ``main``, ``files``.

The names below are this package's public API, imported on first use (see :func:`uncase_core.lazy_exports`).
"""

from types import MappingProxyType

from uncase_core import lazy_exports

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
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
