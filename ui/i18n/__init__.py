"""Every string a person reads, in each language the app speaks (ui/i18n/languages.toml), looked up by key.

A language's catalogue is the TOML files of its folder, ``ui/i18n/<language>/<domain>.toml`` (the same file names
in both languages; a file holds the keys of its pages or domain, each written whole: ``"rag.title" = "..."``), read
once at import into one flat mapping of key -> ``str.format`` template. ``common.toml`` holds what several pages
read, ``errors.toml`` the bad-input messages ui/input_errors.py reads (the ``error.`` keys; the English of the
core's codes is not there but made from the core's own tables by :mod:`ui.i18n.core_errors`) and ``lessons.toml``
the lesson runner's. The glossary the Spanish follows is :mod:`ui.i18n.glossary`.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from ui.i18n.core_errors import PROBLEM_PREFIX, english_errors
from uncase_core.shared.numbers import DECIMAL_MARKS

FOLDER = Path(__file__).resolve().parent


def catalogue_files(language: str) -> list[Path]:
    """The TOML files of ``language``'s catalogue, by name."""
    return sorted((FOLDER / language).glob("*.toml"))


def _flat(table: Mapping[str, object], prefix: str = "") -> dict[str, str]:
    """``table``'s entries as ``key -> text``: a quoted key (``"rag.title"``) is a key, a table's keys join its name."""
    entries: dict[str, str] = {}
    for name, value in table.items():
        key = prefix + name
        if isinstance(value, Mapping):
            inner = _flat(value, key + ".")
        elif isinstance(value, str):
            inner = {key: value}
        else:
            raise TypeError(f"{key}: a catalogue entry is a text, not {type(value).__name__}")
        twice = sorted(set(inner) & set(entries))
        if twice:
            raise ValueError(f"{', '.join(twice)} written twice in one file")
        entries.update(inner)
    return entries


def read_catalogue(language: str) -> dict[str, str]:
    """``language``'s messages from its TOML files; a key given by two files is a mistake that stops the import."""
    entries: dict[str, str] = {}
    where: dict[str, str] = {}
    for path in catalogue_files(language):
        with path.open("rb") as file:
            table = _flat(tomllib.load(file))
        for key, text in table.items():
            if key in entries:
                raise ValueError(f"{key} is in both {where[key]} and {path.name} ({language})")
            entries[key] = text
            where[key] = path.name
    return entries


def _with_core_english(entries: dict[str, str]) -> dict[str, str]:
    """The English catalogue with the core's bad-input messages, worded only in the core (ui/i18n/core_errors.py)."""
    core = english_errors()
    twice = sorted(set(entries) & set(core))
    if twice:
        raise ValueError(f"worded by the core already, not to repeat in ui/i18n/en/: {twice}")
    return {**entries, **core}


class EnglishCatalogue(Mapping[str, str]):
    """English: the pages' own entries, and the core's bad-input messages (``error.*``) read when first needed.

    Reading the core's messages imports every module of :mod:`uncase_core`, and with them statsmodels, scipy, pandas
    and pyarrow: seconds that the server's start waited on, since the server's own guards import this catalogue
    before it answers its health check (``bench/bench_server_start.py``). The pages' entries are read at once; an
    ``error.*`` key, or the whole mapping (its length, its keys), reads the core's the first time, as the page
    that shows a bad-input message or the catalogue tests need them.
    """

    def __init__(self, entries: Mapping[str, str]) -> None:
        self._own: Mapping[str, str] = MappingProxyType(dict(entries))

    @functools.cached_property
    def _whole(self) -> Mapping[str, str]:
        return MappingProxyType(_with_core_english(dict(self._own)))

    def __getitem__(self, key: str) -> str:
        if isinstance(key, str) and key.startswith(PROBLEM_PREFIX):
            return self._whole[key]
        return self._own[key]

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str) and key.startswith(PROBLEM_PREFIX):
            return key in self._whole
        return key in self._own

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole)

    def __len__(self) -> int:
        return len(self._whole)


@dataclass(frozen=True, kw_only=True)
class NumberStyle:
    """How a language writes numbers: its decimal mark, the mark between digit groups and from how large a number
    on it groups them, and what goes between a number and its ``%`` sign. One table per language in
    ``languages.toml``; a new language adds its table, not a branch in each formatter."""

    decimal_mark: str
    group_mark: str
    group_from: int  # the smallest absolute value written with digit groups
    percent_gap: str


def read_languages(path: Path = FOLDER / "languages.toml") -> dict[str, tuple[str, NumberStyle]]:
    """Each language of ``languages.toml``: its code -> (the name its choice shows, its :class:`NumberStyle`)."""
    with path.open("rb") as file:
        table = tomllib.load(file)
    for code, row in table.items():
        if row.get("decimal_mark") not in DECIMAL_MARKS:  # what a typed number may be read with
            raise ValueError(f"{path.name}: [{code}] decimal_mark must be one of {DECIMAL_MARKS}")
    return {code: (row["name"], NumberStyle(decimal_mark=row["decimal_mark"], group_mark=row["group_mark"],
                                             group_from=int(row["group_from"]), percent_gap=row["percent_gap"]))
            for code, row in table.items()}


DEFAULT_LANGUAGE = "en"
_LANGUAGE_ROWS = read_languages()
# The app's languages as data (ui/i18n/languages.toml), in the file's order; English, the fallback, first.
LANGUAGES: Mapping[str, str] = MappingProxyType({code: name for code, (name, _) in _LANGUAGE_ROWS.items()})
NUMBER_STYLES: Mapping[str, NumberStyle] = MappingProxyType(
    {code: style for code, (_, style) in _LANGUAGE_ROWS.items()})

# One catalogue per language, read-only. English carries the core's bad-input messages, worded only in the core
# (read when first needed: EnglishCatalogue).
EN: Mapping[str, str] = EnglishCatalogue(read_catalogue(DEFAULT_LANGUAGE))
CATALOGUES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    code: EN if code == DEFAULT_LANGUAGE else MappingProxyType(read_catalogue(code)) for code in LANGUAGES})
ES: Mapping[str, str] = CATALOGUES["es"]


def number_style(language: str) -> NumberStyle:
    """``language``'s :class:`NumberStyle` (English's for a language without one)."""
    return NUMBER_STYLES.get(language, NUMBER_STYLES[DEFAULT_LANGUAGE])


def guess_language(locale: str | None) -> str:
    """The playground's language for a browser locale (``es-MX``, ``es_ES``... are Spanish), English otherwise."""
    prefix = locale.replace("_", "-").lower().split("-")[0] if locale else ""
    return prefix if prefix in LANGUAGES else DEFAULT_LANGUAGE


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
    """``66.7%`` in English, ``66,7 %`` in Spanish (decimal comma, a no-break space before %)."""
    return format_number(value * 100, language, decimals) + number_style(language).percent_gap + "%"


def format_number(value: float, language: str, decimals: int = 2) -> str:
    """``value`` with ``decimals`` decimals and the language's decimal mark, not grouped (``1234.5``, ``1234,5``)."""
    return f"{value:.{decimals}f}".replace(".", number_style(language).decimal_mark)


def format_p_value(value: float, language: str, decimals: int = 3) -> str:
    """A p-value's digits, ``0.042``; one too small to show in ``decimals`` is ``< 0.001``, never ``0.000`` (which
    reads as "impossible"; the APA's rule). For a table cell; a sentence uses :func:`format_p`."""
    floor = 10.0 ** -decimals
    if value < floor / 2:  # what would print as 0.000
        return "< " + format_number(floor, language, decimals)
    return format_number(value, language, decimals)


def format_p(value: float, language: str, decimals: int = 3) -> str:
    """A p-value with its relation, for a catalogue's ``p {p}``: ``= 0.042``, or ``< 0.001``."""
    text = format_p_value(value, language, decimals)
    return text if text.startswith("<") else "= " + text


def format_count(value: int, language: str, sign: bool = False) -> str:
    """A whole number as the language groups it: ``12,345`` in English; ``12 345`` (a no-break space) and ``1234``
    (no group in four digits) in Spanish (:data:`NUMBER_STYLES`)."""
    style = number_style(language)
    text = f"{value:+,}" if sign else f"{value:,}"
    return text.replace(",", style.group_mark if abs(value) >= style.group_from else "")


def percent_axis(language: str, step: float = 0.2) -> dict[str, object]:
    """A plotly axis of proportions written as the text writes them: d3's ``.0%`` where that is the language's own
    (``70%``); else ticks placed and written by :func:`format_percent` (``70 %``: no d3 format puts a space before
    %)."""
    style = number_style(language)
    if style.percent_gap == "" and style.decimal_mark == ".":
        return {"tickformat": ".0%"}
    values = [round(i * step, 10) for i in range(round(1 / step) + 1)]
    return {"tickvals": values, "ticktext": [format_percent(v, language, 0) for v in values]}


def plot_separators(language: str) -> str:
    """Plotly's ``separators`` (decimal mark, then thousands) for the language: ``",."`` in Spanish."""
    style = number_style(language)
    return style.decimal_mark + ("," if style.decimal_mark == "." else ".")
