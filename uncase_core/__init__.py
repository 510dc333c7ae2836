"""UNCASE Evaluation Playground core: pure, tested evaluation logic.

No Streamlit, no plotting, no network and no global mutable state: every function
takes its inputs explicitly and returns small frozen results.
"""

__version__ = "0.1.0"

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose public names are imported on first use (PEP 562).

    ``exports`` maps each public name to the module of ``package`` that defines it, so importing the package costs
    nothing until a name is used (``python -m uncase_core --help`` loads neither statsmodels nor pandas).
    """

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)

    def __dir__() -> list[str]:
        return sorted({*vars(importlib.import_module(package)), *exports})

    return __getattr__, __dir__

