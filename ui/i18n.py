"""Every string a person reads, in English and Spanish, looked up by key.

A language's catalogue is its page messages (ui/locale_<language>.py) and its bad-input messages
(ui/locale_errors_<language>.py, the ``error.`` keys that ui/input_errors.py reads).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ui.locale_en import MESSAGES as _PAGES_EN
from ui.locale_errors_en import MESSAGES as _ERRORS_EN
from ui.locale_errors_es import MESSAGES as _ERRORS_ES
from ui.locale_es import MESSAGES as _PAGES_ES
from ui.locale_lessons_en import MESSAGES as _LESSONS_EN
from ui.locale_lessons_es import MESSAGES as _LESSONS_ES

# One catalogue per language: the pages' messages, the core's bad-input messages and the lesson runner's (kept in
# modules of their own: long blocks of codes).
EN: Mapping[str, str] = MappingProxyType({**_PAGES_EN, **_ERRORS_EN, **_LESSONS_EN})
ES: Mapping[str, str] = MappingProxyType({**_PAGES_ES, **_ERRORS_ES, **_LESSONS_ES})

LANGUAGES: Mapping[str, str] = {"en": "English", "es": "Español"}
CATALOGUES: Mapping[str, Mapping[str, str]] = {"en": EN, "es": ES}
DEFAULT_LANGUAGE = "en"


def guess_language(locale: str | None) -> str:
    """Spanish for any ``es`` locale (``es-MX``, ``es_ES``...), English otherwise."""
    if locale and locale.replace("_", "-").lower().split("-")[0] == "es":
        return "es"
    return DEFAULT_LANGUAGE


def has_key(key: str) -> bool:
    return key in EN


def translate(language: str, key: str, **values: object) -> str:
    """The message ``key`` in ``language``, with ``{name}`` fields filled from ``values``.

    A missing key is a bug the catalogue test catches; at run time it shows the key
    itself rather than breaking the page. When ``count`` is 1 and the catalogue has ``<key>.one``, that
    singular wording is used ("1 sigue sin decidir", not "1 sigue(n)").
    """
    catalogue = CATALOGUES.get(language, EN)
    if values.get("count") in (1, "1") and f"{key}.one" in catalogue:  # a count formatted already is "1"
        key = f"{key}.one"
    template = catalogue.get(key) or EN.get(key) or key
    return template.format(**values) if values else template


def format_percent(value: float, language: str, decimals: int = 1) -> str:
    """``66.7%`` in English, ``66,7 %`` in Spanish (decimal comma, space before %)."""
    number = f"{value * 100:.{decimals}f}"
    if language == "es":
        return number.replace(".", ",") + "\u00a0%"
    return number + "%"


def format_number(value: float, language: str, decimals: int = 2) -> str:
    number = f"{value:.{decimals}f}"
    return number.replace(".", ",") if language == "es" else number


def format_count(value: int, language: str, sign: bool = False) -> str:
    """``12,345`` in English; in Spanish ``12 345`` with a non-breaking space, and ``1234`` with none (the RAE
    and ISO 80000 group digits with a space, and not in four-digit numbers; a point would read as a decimal
    mark to some and a comma does to others)."""
    text = f"{value:+,}" if sign else f"{value:,}"
    if language != "es":
        return text
    return text.replace(",", "") if abs(value) < 10_000 else text.replace(",", "\u00a0")


def plot_separators(language: str) -> str:
    """Plotly's ``separators`` (decimal mark, then thousands) for the language: ``",."`` in Spanish."""
    return ",." if language == "es" else ".,"
