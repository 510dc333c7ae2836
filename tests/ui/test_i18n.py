"""Both catalogues are complete, use the same placeholders, and every key the code asks for exists."""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

import pytest

from ui.i18n import (
    CATALOGUES,
    EN,
    ES,
    LANGUAGES,
    NUMBER_STYLES,
    catalogue_files,
    format_count,
    format_percent,
    guess_language,
    read_catalogue,
    read_languages,
    translate,
)
from ui.i18n.glossary import AVOID_IN_SPANISH, SAME_IN_SPANISH, VOSOTROS

ROOT = Path(__file__).resolve().parents[2]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_language_the_app_ships_has_englishs_keys():
    # A language in progress may lack keys (they are read in English); one listed in languages.toml ships whole.
    assert next(iter(LANGUAGES)) == "en" and set(LANGUAGES) == set(CATALOGUES) >= {"en", "es"}
    for language, catalogue in CATALOGUES.items():
        assert set(EN) - set(catalogue) == set(), f"missing in {language}"
        assert set(catalogue) - set(EN) == set(), f"{language} has keys English lacks"


def test_the_languages_file_is_read_and_checked(tmp_path):
    assert NUMBER_STYLES["es"].decimal_mark == "," and NUMBER_STYLES["en"].group_mark == ","
    assert LANGUAGES["es"] == "Español"
    bad = tmp_path / "languages.toml"
    bad.write_text('[xx]\nname = "X"\ndecimal_mark = "\'"\ngroup_mark = "_"\ngroup_from = 1000\npercent_gap = ""\n')
    with pytest.raises(ValueError, match=r"\[xx\] decimal_mark"):
        read_languages(bad)


def test_placeholders_match_between_languages():
    # One test over every key (not one per key): the failure lists every offending key at once.
    differ = {key: (sorted(_fields(EN[key])), sorted(_fields(ES[key]))) for key in sorted(EN)
              if key in ES and _fields(EN[key]) != _fields(ES[key])}
    assert not differ, f"placeholders differ (English, Spanish): {differ}"


def test_no_message_is_empty_or_left_untranslated():
    for key in EN:
        assert EN[key].strip() and ES[key].strip()
    # A Spanish value equal to its English one is a term the glossary keeps (or has no words at all, placeholders
    # aside: "{format} ({kind})").
    same = {k: EN[k] for k in EN if EN[k] == ES[k] and re.search(r"[A-Za-z]{2,}", re.sub(r"\{\w*\}", "", EN[k]))
            and EN[k] not in SAME_IN_SPANISH}
    assert not same, f"untranslated (add a translation, or the term to ui/i18n/glossary.py with the reason): {same}"


def _prose(text: str) -> str:
    """The text without code (backticks), parenthesized asides and {placeholders}: what the glossary governs."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\([^()]*\)", " ", text)
    return re.sub(r"\{[^}]*\}", " ", text)


def _avoided_words(text: str) -> list[str]:
    prose = _prose(text).lower()
    return [word for word in AVOID_IN_SPANISH if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", prose)]


def test_spanish_follows_the_glossary():
    wrong = {key: {w: AVOID_IN_SPANISH[w] for w in used} for key in sorted(ES) if (used := _avoided_words(ES[key]))}
    assert not wrong, f"words to replace (key: {{avoided: write instead}}): {wrong}"


def test_spanish_presses_with_one_verb():
    # "presiona" and "pulsa" side by side read as two different actions to a workshop class.
    assert {"pulsa", "pulsar", "pulses"} <= set(AVOID_IN_SPANISH)
    assert not [key for key in ES if re.search(r"\bpuls(a|ar|es|ando)\b", ES[key], re.I)]


def test_the_glossary_rule_catches_what_it_is_for():
    word = next(iter(AVOID_IN_SPANISH))
    assert _avoided_words(f"Un texto con {word} en medio") == [word]
    assert _avoided_words(f"`{word}` en código ({word}) no cuenta") == []


def _lesson_spanish() -> list[tuple[str, str]]:
    """Every Spanish text of the lesson files, by where it is: they are shown on the pages beside the catalogues."""
    import tomllib

    found: list[tuple[str, str]] = []

    def walk(value: object, where: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "es" and isinstance(inner, str):
                    found.append((where, inner))
                else:
                    walk(inner, f"{where}.{key}")
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                walk(inner, f"{where}[{index}]")

    for path in sorted((ROOT / "assets" / "lessons").glob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")), path.stem)
    return found


def test_the_lessons_spanish_follows_the_glossary_too():
    """Issue 39: "reprueba" in lesson 11 beside "falla" on the page it teaches; one term per concept everywhere."""
    texts = _lesson_spanish()
    assert len(texts) > 150  # every lesson's steps, options, hints and notes were read
    wrong = {}
    for where, text in texts:
        prose = _prose(text).lower()
        used = [w for w in AVOID_IN_SPANISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", prose)]
        used += re.findall(VOSOTROS, text, flags=re.IGNORECASE)
        if used:
            wrong[where] = used
    assert not wrong


def test_spanish_speaks_to_one_person_as_tu():
    """"discrepáis" and "coincidís" (vosotros) once stood beside tú; one register, neutral Latin American."""
    wrong = {key: found for key in sorted(ES) if (found := re.findall(VOSOTROS, ES[key], flags=re.IGNORECASE))}
    assert not wrong, f"vosotros forms; write to one person, with tú: {wrong}"


def test_the_register_rule_catches_what_it_is_for():
    for text in ("El juez y tú discrepáis", "coincidís en 3", "vuestro dataset", "sois dos"):
        assert re.search(VOSOTROS, text), text
    for text in ("el país", "tú coincides", "ustedes coinciden", "anís"):
        assert not re.search(VOSOTROS, text), text


def test_every_literal_key_used_in_the_code_exists():
    pattern = re.compile(r"""\bt\(\s*["']([a-z_]+\.[a-z_.0-9]+)["']""")
    used = set()
    for path in [ROOT / "app.py", *ROOT.glob("app_pages/*.py"), *ROOT.rglob("ui/**/*.py")]:
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert used, "the scan found no keys: the pattern is wrong"
    assert used - set(EN) == set()


def test_every_dimension_record_has_its_catalogue_entries_in_every_language():
    from tests.support.fifth_dimension import dimension_keys
    from uncase_core.rag.dimensions import DIMENSIONS

    for language, catalogue in CATALOGUES.items():
        for dimension in DIMENSIONS:
            missing = [key for key in dimension_keys(dimension.name, dimension.label) if key not in catalogue]
            assert missing == [], (language, dimension.name, missing)
        for status in ("ok", "single", "multiple"):
            assert f"status.{status}" in catalogue


def test_no_catalogue_entry_is_written_per_dimension_outside_the_listed_keys():
    """A key ending in a dimension's name or its label's is one of tests/support/fifth_dimension.py's DIMENSION_KEYS or
    LABEL_KEYS: so that list is the whole of what a new dimension's catalogue entries are."""
    from tests.support.fifth_dimension import dimension_keys
    from uncase_core.rag.dimensions import DIMENSIONS

    listed = {key for d in DIMENSIONS for key in dimension_keys(d.name, d.label)}
    endings = tuple(f".{word}" for d in DIMENSIONS for word in (d.name, d.label, f"{d.label}_help"))
    per_dimension = {key for key in EN if key.endswith(endings)}
    assert per_dimension - listed == {"judge.sim.col.coverage"}  # an interval's coverage, not the dimension


def test_language_guess_from_browser_locale():
    assert guess_language("es-MX") == "es"
    assert guess_language("es_ES") == "es"
    assert guess_language("en-GB") == "en"
    assert guess_language(None) == "en"
    assert guess_language("fr-FR") == "en"


def test_translate_fills_fields_and_falls_back_to_the_key():
    assert translate("es", "diagnosis.single", names="Fidelidad") == "Falla (claro): una dimensión, Fidelidad."
    assert translate("en", "no.such.key") == "no.such.key"


def test_a_singular_wording_belongs_to_a_counted_message():
    from ui.views.lessons.notes import COUNTED_BY

    singulars = sorted(k for k in EN if k.endswith(".one"))
    assert singulars
    wrong = []
    for key in singulars:
        plural = key.removesuffix(".one")
        counted = COUNTED_BY.get(plural.removeprefix("lesson.note."), "count")
        if plural not in EN or counted not in _fields(EN[plural]):
            wrong.append(f"{key} has no counted plural message")
        elif "(s)" in EN[plural] or "(s)" in ES[plural] or "(n)" in ES[plural]:
            wrong.append(f"{plural} hedges its plural")
    assert not wrong


def test_one_picks_the_singular_and_other_counts_the_plural():
    assert translate("es", "diagnosis.ok_uncertain", count=1, names="Fidelidad").startswith(
        "Ninguna dimensión falla con estos umbrales, pero 1 sigue sin decidir (Fidelidad)")
    assert "2 siguen sin decidir" in translate("es", "diagnosis.ok_uncertain", count=2, names="a, b")
    assert translate("en", "conv.batch_title", count=1) == "Batch of 1 conversation"
    assert translate("en", "conv.batch_title", count=0) == "Batch of 0 conversations"
    assert translate("es", "rag.results_dataset", count=1) == "Dataset completo (1 caso)"


def test_no_message_hedges_its_plural():
    hedged = [key for key in EN if re.search(r"\w\((s|n|es)\)", EN[key] + ES[key])]
    assert hedged == []


def test_counts_follow_each_language():
    assert format_count(1234, "en") == "1,234" and format_count(1234, "es") == "1234"
    assert format_count(12345, "en") == "12,345" and format_count(12345, "es") == "12\u00a0345"
    assert format_count(-12345, "es", sign=True) == "-12\u00a0345" and format_count(7, "en", sign=True) == "+7"


def test_percentages_follow_each_language():
    assert format_percent(0.667, "en") == "66.7%"
    assert format_percent(0.667, "es") == "66,7\u00a0%"


# ------------------------------------------------------------------ the catalogues' files (issue 21)


def test_every_catalogue_file_parses_and_every_language_has_the_same_files():
    names = {language: [path.name for path in catalogue_files(language)] for language in CATALOGUES}
    assert len(names["en"]) >= 5 and all(files == names["en"] for files in names.values())
    assert {path.name for path in (ROOT / "ui" / "i18n").glob("*/*.toml")} == set(names["en"])
    for language in CATALOGUES:
        for path in catalogue_files(language):
            with path.open("rb") as file:
                table = tomllib.load(file)
            assert table, f"{path} is empty"
            assert all(isinstance(text, str) for text in table.values()), f"{path}: an entry that is not a text"


def test_no_key_is_in_two_files():
    for language in CATALOGUES:
        where: dict[str, list[str]] = {}
        for path in catalogue_files(language):
            with path.open("rb") as file:
                for key in tomllib.load(file):
                    where.setdefault(key, []).append(path.name)
        assert {key: files for key, files in where.items() if len(files) > 1} == {}
        assert set(read_catalogue(language)) == set(where)


def test_a_key_in_two_files_stops_the_import(tmp_path, monkeypatch):
    import ui.i18n as i18n

    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "a.toml").write_text('"k.one" = "a"\n', encoding="utf-8")
    (tmp_path / "xx" / "b.toml").write_text('[k]\none = "b"\n', encoding="utf-8")  # a table names the same key
    monkeypatch.setattr(i18n, "FOLDER", tmp_path)
    with pytest.raises(ValueError, match=re.escape("k.one is in both a.toml and b.toml")):
        read_catalogue("xx")
    (tmp_path / "xx" / "b.toml").write_text('"k.two" = "b"\n[k]\ntwo = "b"\n', encoding="utf-8")  # twice in one
    with pytest.raises(ValueError, match=re.escape("k.two written twice in one file")):
        read_catalogue("xx")


def test_the_shared_keys_are_read_by_more_than_one_page():
    """A ``common.`` key is read by at least two files of app_pages/ and ui/, or by a widget every page may use
    (ui/widgets/); else it belongs to its page's file."""
    readers: dict[str, set[str]] = {key: set() for key in EN if key.startswith("common.")}
    for path in [ROOT / "app.py", *ROOT.glob("app_pages/*.py"), *(ROOT / "ui").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        for key in readers:
            if re.search(rf"""["']{re.escape(key)}["']""", text):
                readers[key].add(path.relative_to(ROOT).as_posix())
    shared = {key for key, files in readers.items() if any(f.startswith("ui/widgets/") for f in files)}
    assert {key: sorted(files) for key, files in readers.items() if len(files) < 2 and key not in shared} == {}
