"""Bad-input messages in the reader's language (issue 15).

Every error the core raises carries a code and params (a static check of every call, and every
file of the bad input corpus through the readers the pages use); every code has an entry in both
catalogues with the core's placeholders; the English entries say what the core says; a Spanish
message shows no English problem and no catalogue fallback; and whatever the params hold,
:func:`ui.frame.input_errors.error_text` neither raises nor lets a character of the input format the
message. The pages themselves are driven in tests/pages/test_error_language.py.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import uncase_core
from tests.bad_inputs.corpus import CORPUS, BadInput
from ui.frame.input_errors import PLACE_PREFIX, PROBLEM_PREFIX, TERM_PREFIX, error_text, problem_text, template_fields
from ui.frame.limits import LIMITS, check_count, check_size
from ui.i18n import CATALOGUES, read_catalogue
from ui.i18n.core_errors import english_errors, without_formats
from ui.widgets.text import literal
from uncase_core.agreement.pairs import agreement_from_bytes
from uncase_core.assets.reader import ASSETS
from uncase_core.conversations.model import conversations_from_bytes
from uncase_core.datasets import workbench as datasets
from uncase_core.errors import MARKERS, InputError, Param, Place, Term, split_place
from uncase_core.rag.cases import dataset_from_bytes
from uncase_core.rag.files import read_rag_upload
from uncase_core.rubrics.holistic import read_holistic
from uncase_core.rubrics.lab import read_verdicts
from uncase_core.summaries.blocks import parse_judgement_block
from uncase_core.summaries.cases import cases_from_bytes

ROOT = Path(__file__).resolve().parents[2]
EN, ES = CATALOGUES["en"], CATALOGUES["es"]
_SPEC = re.compile(r"\{(\w+)[:!][^{}]*\}")  # "{limit:,}" -> "{limit}": a page formats numbers itself
_CODE = re.compile(r"[a-z][a-z0-9_]*")
_TERM_CODE = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*")


def shown(markdown: str) -> str:
    """What markdown shows: a backslash escapes ASCII punctuation only (``\\u`` stays as it is), as in CommonMark."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


def _modules() -> list[tuple[str, ModuleType]]:
    """(name inside the package, module) for every module of uncase_core, subpackages included."""
    return [(info.name.removeprefix("uncase_core."), importlib.import_module(info.name))
            for info in pkgutil.walk_packages(uncase_core.__path__, "uncase_core.")
            if not info.name.endswith("__main__")]


def _tables(name: str) -> dict[str, tuple[str, str]]:
    """code -> (module, English template) over every module's ``name`` table (PROBLEMS or TERMS)."""
    found: dict[str, tuple[str, str]] = {}
    seen: set[int] = set()  # a table a module imports from another is that module's, counted once
    for module_name, module in _modules():
        tables = [getattr(module, name, None)]
        if id(tables[0]) in seen:
            continue
        seen.add(id(tables[0]))
        if name == "TERMS":  # the JSON reader's complaints are terms too, taken as Python words them
            tables.append({code: text.replace("{", "{{").replace("}", "}}")
                           for code, text in getattr(module, "JSON_DETAILS", {}).items()})
        for table in tables:
            for code, template in (table or {}).items():
                assert code not in found, f"{code} is in {found[code][0]} and {module_name}: a code must be unique"
                found[code] = (module_name, template)
    return found


PROBLEMS = _tables("PROBLEMS")
TERMS = _tables("TERMS")


def _page_codes() -> set[str]:
    """Codes of the errors the pages raise themselves (``page_error("code", ...)`` under ui/)."""
    codes = set()
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "page_error" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                codes.add(node.args[0].value)
    return codes


PAGE_CODES = _page_codes()


def _core_trees() -> Iterator[tuple[str, ast.Module]]:
    """(module name inside the package, as :func:`_modules` gives it, parsed source) for every file of uncase_core."""
    for path in sorted((ROOT / "uncase_core").rglob("*.py")):
        parts = path.relative_to(ROOT / "uncase_core").with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), ast.parse(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ (b) every raise has a code


def test_codes_are_snake_case():
    assert len(PROBLEMS) > 100 and len(TERMS) > 100
    assert [code for code in PROBLEMS if not _CODE.fullmatch(code)] == []
    assert [code for code in TERMS if not _TERM_CODE.fullmatch(code)] == []
    assert {"page_file_too_large", "page_too_many_items", "page_stored_unknown_data", "page_stored_wrong_format",
            "page_stored_edit_without_data", "page_stored_takes_no_edits"} == PAGE_CODES
    assert not PAGE_CODES & set(PROBLEMS)


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


# Shared constructors of uncase_core.errors whose first argument is a code of its TERMS or PROBLEMS.
_TERM_FIRST = frozenset({"expected_value", "expected_in_range", "expected_at_least", "unknown_choice"})


def test_every_input_error_the_core_makes_passes_a_code():
    """``InputError(...)`` is called with ``code=``; a literal code given to a constructor is one its table has."""
    errors_module = importlib.import_module("uncase_core.errors")
    modules = dict(_modules())
    problems = []
    calls = Counter()
    for name, tree in _core_trees():
        own_problems = getattr(modules.get(name), "PROBLEMS", {})
        own_terms = getattr(modules.get(name), "TERMS", {})
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            where = f"uncase_core.{name}:{node.lineno}"
            if func == "InputError":
                code = next((k.value for k in node.keywords if k.arg == "code"), None)
                if code is None or _literal(code) == "":
                    problems.append(f"{where}: InputError(...) without a code")
                calls[func] += 1
            elif func == "input_error" and len(node.args) >= 2:
                table = getattr(node.args[0], "id", None)
                code = _literal(node.args[1])
                if table != "PROBLEMS":
                    problems.append(f"{where}: input_error takes the module's own PROBLEMS")
                elif code is not None and code not in own_problems:
                    problems.append(f"{where}: {code!r} is not in {name}.PROBLEMS")
                calls[func] += 1
            elif func == "problem" and node.args:
                code = _literal(node.args[0])
                if code is not None and code not in errors_module.PROBLEMS:
                    problems.append(f"{where}: {code!r} is not in errors.PROBLEMS")
                calls[func] += 1
            elif func in _TERM_FIRST and node.args:
                code = _literal(node.args[0])
                if code is not None and code not in errors_module.TERMS:
                    problems.append(f"{where}: {code!r} is not in errors.TERMS")
                calls[func] += 1
            elif func == "term" and node.args:
                code = _literal(node.args[0])
                table = own_terms if len(node.args) > 1 else errors_module.TERMS
                if code is not None and code not in table:
                    problems.append(f"{where}: term {code!r} is not in its TERMS")
    assert not problems, "\n".join(problems)
    assert calls["input_error"] > 80 and calls["expected_value"] > 50  # the scan sees the raise sites


def test_every_code_of_the_core_is_used():
    """No code without a raise site (a catalogue entry nobody can see): each appears as a string in the core."""
    strings = set()
    for _, tree in _core_trees():
        keys = {id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys}
        strings |= {node.value for node in ast.walk(tree)
                    if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in keys}
    errors_terms = importlib.import_module("uncase_core.errors").TERMS
    assert sorted(set(PROBLEMS) - strings) == []
    assert sorted(set(errors_terms) - strings) == []


# ------------------------------------------------------------------ (b) both catalogues have every code


def _english(template: str) -> str:
    return _SPEC.sub(r"{\1}", template)


def _catalogue_keys() -> dict[str, str]:
    """Catalogue key -> the core's English template (None for a page's own code)."""
    keys = {PROBLEM_PREFIX + code: _english(template) for code, (_, template) in PROBLEMS.items()}
    keys |= {TERM_PREFIX + code: _english(template) for code, (_, template) in TERMS.items()}
    keys |= {f"{PLACE_PREFIX}{marker}": f"{marker} {{number}}" for marker in MARKERS}
    keys |= {PROBLEM_PREFIX + code: None for code in PAGE_CODES}
    return keys


KEYS = _catalogue_keys()


def test_both_catalogues_have_every_code_and_no_other_error_key():
    for catalogue in (EN, ES):
        assert sorted(set(KEYS) - set(catalogue)) == []
        assert sorted(k for k in catalogue if k.startswith(PROBLEM_PREFIX) and k not in KEYS) == []


@pytest.mark.parametrize("key", sorted(KEYS))
def test_entries_have_the_core_placeholders_and_the_core_english(key):
    core = KEYS[key]
    fields = template_fields(EN[key])
    assert template_fields(ES[key]) == fields
    if core is not None:
        assert template_fields(core) == fields
        assert EN[key] == core, "the English entry says what the core says (without its number formats)"
    for template in (EN[key], ES[key]):
        assert not re.search(r"\{[^{}]*[:!][^{}]*\}", template.replace("{{", "").replace("}}", "")), \
            "no format in a catalogue entry: a page writes numbers in the reader's style"
        # A param inside a code span would show the backslashes that escape it.
        assert not any(re.search(r"(?<!\{)\{\w+\}(?!\})", span) for span in re.findall(r"`[^`]*`", template)), \
            f"a placeholder inside backticks: {template}"


def test_the_english_of_the_core_codes_is_worded_only_in_the_core():
    """ui/i18n/en/ words the pages' own codes only: the English of every core code comes from the core's tables."""
    written = read_catalogue("en")
    core = {key for key, template in KEYS.items() if template is not None}
    assert sorted(core & set(written)) == []
    assert {key for key in written if key.startswith(PROBLEM_PREFIX)} == {PROBLEM_PREFIX + code for code in PAGE_CODES}
    assert dict(english_errors()) == {key: EN[key] for key in core}


@pytest.mark.parametrize(("template", "english"), [
    ("the file is {size:.1f} MB", "the file is {size} MB"),
    ("{count:,} items ({limit:,})", "{count} items ({limit})"),
    ("got {got!r} and {x!s:>5}", "got {got} and {x}"),
    ('a case or {{"cases": [...]}}, {n:d}', 'a case or {{"cases": [...]}}, {n}'),
    ("no fields at all", "no fields at all"),
])
def test_the_core_number_formats_are_dropped(template, english):
    assert without_formats(template) == english
    assert without_formats(template) == _english(template)  # as the check above reads the core


# ------------------------------------------------------------------ (a) the corpus through the pages' readers


def _text(entry: BadInput) -> str:
    return entry.data.decode("utf-8")


_AGREEMENT = ASSETS / "agreement" / "annotator_a_en.json"
# The readers the pages call, by corpus format (tests/bad_inputs/corpus.py FORMATS).
READERS: Mapping[str, tuple[Callable[[BadInput], object], ...]] = {
    "rag": (lambda e: read_rag_upload(e.data, e.name), lambda e: dataset_from_bytes(e.data, e.name),
            lambda e: datasets.dataset_from_file(e.data, e.name)),
    "ragas": (lambda e: read_rag_upload(e.data, e.name),),
    "dataset": (lambda e: datasets.dataset_from_file(e.data, e.name),),
    "agreement": (lambda e: agreement_from_bytes(e.data, e.name, _AGREEMENT.read_bytes(), _AGREEMENT.name),
                  lambda e: agreement_from_bytes(_AGREEMENT.read_bytes(), _AGREEMENT.name, e.data, e.name)),
    "conversations": (lambda e: conversations_from_bytes(e.data, e.name),),
    "summaries": (lambda e: cases_from_bytes(e.data, e.name),),
    "summary_block": (lambda e: parse_judgement_block(_text(e), e.block_kind),),
    "verdicts": (lambda e: read_verdicts(e.data, e.name),),
    "holistic": (lambda e: read_holistic(e.data, e.name),),
}


def _corpus_errors() -> Iterator[tuple[str, InputError]]:
    for entry in CORPUS:
        if entry.expect != "error":
            continue
        for fmt in entry.formats:
            for read in READERS.get(fmt, ()):
                try:
                    read(entry)
                except UnicodeDecodeError:  # a paste box receives text: bytes that are not text cannot be pasted
                    continue
                except InputError as error:
                    yield entry.name, error


def _terms(params: Mapping[str, Param]) -> Iterator[Term]:
    for value in params.values():
        if isinstance(value, Term):
            yield value
            yield from _terms(value.params)


def _places(error: InputError) -> Iterator[str]:
    yield error.where
    yield from (value.where for value in error.params.values() if isinstance(value, Place))


def _ungrouped(text: str) -> str:
    """Digits without thousands separators (a page groups thousands where the command line may not)."""
    return re.sub(r"(?<=\d)[,\u00a0](?=\d{3})", "", text)


def test_every_refused_corpus_file_gets_a_coded_message_in_both_languages():
    problems, codes, seen = [], Counter(), 0
    for name, error in _corpus_errors():
        seen += 1
        codes[error.code] += 1
        if not error.code:
            problems.append(f"{name}: no code: {error.message}")
            continue
        missing = [key for key in (PROBLEM_PREFIX + error.code, *(TERM_PREFIX + term.code for term in
                                                                 _terms(error.params)),
                                   *(PLACE_PREFIX + kind for where in _places(error)
                                     for kind, _ in split_place(where)[0]))
                   if key not in ES]
        if missing:
            problems.append(f"{name}: no Spanish for {missing}")
        spanish = problem_text(error, "es")
        if spanish == literal(error.problem) or shown(spanish) == error.problem:
            problems.append(f"{name}: the Spanish problem is the English one: {error.problem}")
        if _ungrouped(shown(error_text(error, "en"))) != _ungrouped(error.message):
            problems.append(f"{name}: the page's English differs from the command line's:\n  "
                            f"{shown(error_text(error, 'en'))}\n  {error.message}")
    print(f"{seen} refusals, {len(codes)} codes: {dict(codes.most_common())}")
    assert seen > 1000 and len(codes) > 30  # the corpus reaches these many refusals and kinds of problem
    assert not problems, "\n".join(problems[:40])


def test_a_spanish_message_names_the_file_the_place_and_the_problem():
    data = b'{"id": "a", "question": "q", "passages": [{"id": "p1", "text": "t", "relevant": "s\\u00ed"}]}\n'
    with pytest.raises(InputError) as caught:
        read_rag_upload(b'{"id": "z", "question": "q"}\n' + data, "datos_[1].jsonl")
    error = caught.value
    assert error.message == 'datos_[1].jsonl: line 2: passages[0].relevant: expected true, false or null, got "sí"'
    assert error_text(error, "es") == (
        r'datos\_\[1\]\.jsonl: línea 2: passages\[0\]\.relevant: se esperaba true, false o null, se recibió "sí"')
    assert shown(error_text(error, "en")) == error.message


def test_places_keep_their_path_and_translate_their_markers():
    assert split_place("line 7: passages[0].relevant") == ((("line", 7),), "passages[0].relevant")
    assert split_place("conversation 3") == ((("conversation", 3),), "")
    assert split_place("line 2: line 3: x") == ((("line", 2), ("line", 3)), "x")
    assert split_place("cases[0].text: line 3") == ((), "cases[0].text: line 3")  # a path's words stay
    assert split_place("") == ((), "")
    error = InputError("bad", "line 4: [2]: candidate")
    assert shown(error_text(error, "es")) == "línea 4: [2]: candidate: bad"


def test_a_quoted_place_and_a_number_follow_the_language():
    with pytest.raises(InputError) as caught:
        read_rag_upload(b'{"id": "a", "question": "q"}\n{"id": "a", "question": "q"}\n', "d.jsonl")
    assert shown(error_text(caught.value, "es")) == 'd.jsonl: línea 2: id de caso repetido "a" (ya aparece en línea 1)'
    long_number = b'{"id": "a", "question": "q", "n": ' + b"9" * 12_345 + b"}"
    with pytest.raises(InputError) as caught:
        read_rag_upload(long_number, "n.json")
    assert "un número de 12\u00a0345 cifras" in shown(error_text(caught.value, "es"))
    assert "a number with 12,345 digits" in shown(error_text(caught.value, "en"))


def test_an_error_without_a_known_code_shows_its_english_escaped():
    error = InputError("a *made* [link](http://x)", "cases[0]", "f.json", code="no_such_code")
    assert error_text(error, "es") == literal("f.json") + ": " + literal("cases[0]") + ": " + literal(error.problem)


def test_the_pages_own_limits_are_coded_too():
    limit = LIMITS["rag"]
    with pytest.raises(InputError) as caught:
        check_size("rag", b"x" * (limit.upload_bytes + 1), "big.json")
    assert caught.value.code == "page_file_too_large"
    assert shown(error_text(caught.value, "es")).startswith(f"big.json: el archivo ocupa 2,0 MB; esta página admite "
                                                            f"hasta {limit.upload_mb} MB")
    with pytest.raises(InputError) as caught:
        check_count("rag", limit.max_items + 1, "many.json")
    assert shown(error_text(caught.value, "en")) == (
        f"many.json: {limit.max_items + 1:,} items is more than this page handles live ({limit.max_items:,}). Use "
        f"the command line instead: {limit.command}")


# ------------------------------------------------------------------ (c) never raises, never formats


_MARKDOWN = frozenset("\\`*_{}[]<>()#+-.!|~$:")
_ALL_CODES = sorted(PROBLEMS) + sorted(PAGE_CODES)
_texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)


def _unescaped(text: str) -> Counter:
    """The markdown-active characters of ``text`` not escaped by a backslash (an escaped backslash is escaped)."""
    found, escaped = Counter(), False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char in _MARKDOWN:
            found[char] += 1
    return found


@st.composite
def _terms_strategy(draw, depth: int = 0) -> Term:
    code = draw(st.sampled_from(sorted(TERMS)) | _texts)
    params = {} if depth else draw(st.dictionaries(st.sampled_from(["detail", "line", "column", "x"]),
                                                   _params_strategy(depth + 1), max_size=3))
    return Term(code, draw(_texts), params)


def _params_strategy(depth: int = 0) -> st.SearchStrategy:
    plain = st.one_of(_texts, st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
                      _texts.map(Place))
    return plain if depth else st.one_of(plain, _terms_strategy(depth))


def _neutral(value: Param) -> Param:
    """``value`` with each text the input could choose replaced by a plain word, or left empty (numbers and codes
    kept): what the message shows around it must not change."""
    if isinstance(value, Term):
        return Term(value.code, "x" if value.english else "", {name: _neutral(v) for name, v in value.params.items()})
    if isinstance(value, Place):
        return Place(_neutral_where(value.where))
    if isinstance(value, str):
        return "x" if value else ""
    return value


def _neutral_where(where: str) -> str:
    markers, path = split_place(where)
    return ": ".join([f"{kind} {number}" for kind, number in markers] + (["x"] if path else []))


@settings(max_examples=400, deadline=None)
@given(code=st.sampled_from(_ALL_CODES) | _texts, data=st.data(), source=_texts,
       where=st.one_of(_texts, st.tuples(st.sampled_from(MARKERS), st.integers(0, 10**6), _texts).map(
           lambda m: f"{m[0]} {m[1]}: {m[2]}")), language=st.sampled_from(["en", "es", "fr"]))
def test_error_text_never_raises_and_never_lets_the_input_format_it(code, data, source, where, language):
    template = EN.get(PROBLEM_PREFIX + code, "")
    names = sorted(template_fields(template) | {"extra"})
    params = data.draw(st.dictionaries(st.sampled_from(names), _params_strategy(), max_size=len(names)))
    error = InputError("problem *in* `English`", where, source, code=code, params=params)
    text = error_text(error, language)
    assert "\n" not in text
    neutral = InputError("problem *in* `English`", _neutral_where(error.where), "x" if error.source else "",
                         code=code, params={name: _neutral(value) for name, value in error.params.items()})
    assert _unescaped(text) == _unescaped(error_text(neutral, language))


def test_the_markdown_check_can_fail():
    assert _unescaped(r"a \* b * c \\* d") == Counter({"*": 2})
    assert _unescaped(literal("[x](y) *z* `q`")) == Counter()


# ------------------------------------------------------------------ an error as plain data (a lesson note carries it)


@settings(max_examples=300, deadline=None)
@given(code=st.sampled_from(_ALL_CODES) | _texts, source=_texts, where=_texts, problem=_texts,
       params=st.dictionaries(st.sampled_from(["what", "got", "first", "detail", "line"]), _params_strategy(),
                              max_size=4))
def test_an_error_as_plain_data_reads_back_as_the_same_error(code, source, where, problem, params):
    error = InputError(problem, where, source, code=code, params=params)
    data = json.loads(json.dumps(error.to_dict()))  # the data survives JSON as it is
    again = InputError.from_dict(data)
    assert (again.message, again.code) == (error.message, error.code)
    assert json.dumps(again.to_dict(), sort_keys=True) == json.dumps(error.to_dict(), sort_keys=True)
    assert [type(value) for value in again.params.values()] == [type(value) for value in error.params.values()]
    for language in ("en", "es"):
        assert error_text(again, language) == error_text(error, language)


def test_an_answer_problem_of_the_lesson_checks_is_one_of_their_codes():
    """``_AnswerError("code", ...)`` in the lesson checks names a code of their PROBLEMS (made at run time)."""
    own = importlib.import_module("uncase_core.lessons.checks").PROBLEMS
    tree = ast.Module(body=[node for path in sorted((ROOT / "uncase_core" / "lessons" / "checks").glob("*.py"))
                            for node in ast.parse(path.read_text(encoding="utf-8")).body], type_ignores=[])
    codes = [_literal(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call)
             and getattr(node.func, "id", None) == "_AnswerError" and node.args]
    assert len(codes) > 10 and all(code in own and code.startswith("answer_") for code in codes), codes
