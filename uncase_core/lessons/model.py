"""Guided lessons as data: one TOML file per lesson under ``assets/lessons/``, read and checked here.

Why TOML: a lesson is mostly prose in two languages, a few numbers and the names of checks.
TOML holds multi-line text without escaping (``\"\"\"...\"\"\"``), takes comments for the author, and
is read by the standard library (:mod:`tomllib`); JSON would need every line break escaped and
allows no comments, and YAML needs a package and guesses types ("no" as false).

The format (``l01.toml``; every key is required unless marked optional)::

    id = "l01"                      # the file's name without .toml
    order = 1                       # position in the lessons page, unique
    minutes = 5                     # from 3 to 8
    page = "rag"                    # the page the lesson runs beside (uncase_core.lessons.checks.PAGES)
    scenario = "multiple_failures"  # what it loads on that page (uncase_core.lessons.data)

    [title]
    en = "One number hides four failures"
    es = "Un número esconde cuatro fallos"
    # [goal] and [explanation] (shown when every step is done) in the same way

    [facilitator]                   # notes for the handout: what to say, the usual wrong answer, timing
    say.en = "..."
    say.es = "..."
    wrong_answer.en = "..."
    wrong_answer.es = "..."
    timing.en = "..."
    timing.es = "..."

    [[steps]]                       # one or more, done in order
    id = "find"                     # unique in the lesson; a question's answer is stored under it
    text.en = "..."
    text.es = "..."
    hint.en = "..."                 # optional (then in both languages)
    hint.es = "..."
    hides = ["diagnosis"]           # optional: parts of the page kept out of sight until this step is done
    [steps.question]                # either one question ...
    name = "failing_dimensions"     # a question of uncase_core.lessons.checks.CHECKS
    scope = "case"                  # its parameters, if any

    [[steps]]
    id = "fix"
    text.en = "..."
    text.es = "..."
    [[steps.checks]]                # ... or one or more checks, all of which must hold
    name = "rag_dimensions"
    failing = ["faithfulness", "coverage"]
    passing = ["context_relevance", "correctness"]

A step may have both: checks on what the person must have done (loaded the data the step names) and a question
on what they then read off the page; it is done when every check holds and the answer is right. A step whose only
check is something the page does for the person (data loaded) would pass by itself: ask a question with it.

A multiple-choice question (``name = "choice"``) lists its options, marking the right one(s)::

    [[steps.question.options]]
    id = "a"
    correct = true                  # optional, false when left out
    text.en = "..."
    text.es = "..."
    why.en = "..."                  # optional, for a wrong option: why it is wrong, shown when it is chosen
    why.es = "..."

Texts: every text is a table of language code -> text, and English (``en``) and Spanish (``es``)
are required for each, so the two languages always have the same steps, hints and options. Other
two-letter codes may be added text by text; :meth:`Text.get` gives the asked language when the
text has it and English otherwise (the fallback rule). Leading and trailing blank space is dropped.

A bad file is refused with :class:`~uncase_core.errors.InputError` naming the file and the place:
``lessons/l03.toml: steps[2].checks[0].name: unknown check "x"; ...``. Checked: TOML syntax,
unknown and missing keys, types, both languages, the page and its scenario, each check's name,
that it reads the lesson's page, that checks and questions sit where they belong, and each check's
parameters (:mod:`uncase_core.lessons.params`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from uncase_core.assets.reader import ASSETS, asset_files
from uncase_core.errors import (
    InputError,
    Place,
    at_line,
    expected_at_least,
    expected_in_range,
    expected_value,
    input_error,
    missing,
    problem,
    term,
    unknown_choice,
)
from uncase_core.lessons.checks import (
    PAGES,
    CheckDef,
    CheckResult,
    Snapshot,
    check_definition,
    check_params,
    run_check,
)
from uncase_core.lessons.data import page_has_no_scenario, scenario_ids
from uncase_core.lessons.params import describe
from uncase_core.shared.jsonfiles import decode_text
from uncase_core.shared.notes import Note

LESSONS = ASSETS / "lessons"
LANGUAGES = ("en", "es")  # required in every text (the missing_language_text error names them)
FALLBACK = "en"
MIN_MINUTES, MAX_MINUTES = 3, 8
_LANGUAGE_CODE = re.compile(r"[a-z]{2}")
_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")
_TOML_PLACE = re.compile(r"\s*\((at line (\d+), column (\d+)|at end of document)\)$")

_LESSON_KEYS = ("id", "order", "minutes", "page", "scenario", "title", "goal", "explanation", "facilitator", "steps")
_FACILITATOR_KEYS = ("say", "wrong_answer", "timing")
_STEP_KEYS = ("id", "text", "hint", "hides", "checks", "question")
# The parts of each page a step may hide while it asks for what they say (``hides``); each page keeps its own
# part out of sight while the active lesson's current step names it (ui/views/lessons/state.py: hidden).
HIDEABLE_PARTS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "rag": ("diagnosis", "scenario", "certainty"),  # the diagnosis box; the scenario's note; "clear"/"uncertain"
    "conversations": ("verdict",),
    "agreement": ("why_kappa",),
    "workbench": ("failing_stratum",),
    "compare": ("verdicts", "scenario"),  # the verdict cards and each dimension's verdict; the pair's note
})
_OPTION_KEYS = ("id", "text", "correct", "why")

# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "lesson_has_no_step": "lesson {lesson} has no step {step}",
    "unknown_page_part": "the {page} page has no part by that name to hide; its parts: {choices}",
    "unknown_key": "unknown key; expected one of {choices}",
    "expected_language_code": "expected a two-letter language code such as en or es",
    "missing_language_text": 'missing the "{language}" text (every text needs en and es)',  # LANGUAGES
    "question_not_check": '"{name}" is a question; put it under [steps.question]',
    "check_not_question_here": '"{name}" is a check, not a question; put it under [[steps.checks]]',
    "check_reads_page": '"{name}" reads the {page} page; this lesson uses {lesson_page}',
    "check_reads_pages": '"{name}" reads one of the pages {pages}; this lesson uses {lesson_page}',
    "duplicate_option_id": 'duplicate option id "{id}" (also at {first})',
    "choice_missing_options": 'missing "options" (a multiple-choice question lists them)',
    "correct_inside_option": "mark the right option with correct = true inside it",
    "question_has_no_options": '"{name}" computes its answer from the data; only "choice" lists options',
    "step_checks_or_question": 'a step needs "checks" ([[steps.checks]]), one "question" ([steps.question]), or both',
    "invalid_toml": "not valid TOML: {detail}",
    "invalid_toml_at": "not valid TOML: {detail} (column {column})",
    "lesson_id_not_file_name": 'must be the file\'s name without .toml ("{stem}"), got "{id}"',
    "duplicate_step_id": 'duplicate step id "{id}" (also at {first})',
    "order_taken": "order {order} is also the order of {other}",
})
# What a part of a lesson file should be (terms the expected error quotes).
TERMS: Mapping[str, str] = MappingProxyType({
    "lesson.id": "an id of lower-case letters, digits, - and _",
    "lesson.options": "a list of options ([[steps.question.options]])",
    "lesson.checks": "a list of one or more checks ([[steps.checks]])",
    "lesson.steps": "a list of one or more steps ([[steps]])",
    "lesson.hides": "a list of the page's parts to hide (hides = [\"diagnosis\"])",
})


# ---------------------------------------------------------------- the lesson


@dataclass(frozen=True)
class Text:
    """One text in several languages; :meth:`get` falls back to English."""

    by_language: Mapping[str, str]

    def get(self, language: str) -> str:
        return self.by_language.get(language) or self.by_language[FALLBACK]


@dataclass(frozen=True)
class Check:
    """A named check with its parameters, read and checked."""

    name: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Option:
    id: str
    text: Text
    correct: bool
    why: Text | None = None  # a wrong option's own reason, shown when it is chosen


@dataclass(frozen=True)
class Question:
    """A question: its check's name and parameters, the kind of answer it takes, and its options (``choice``)."""

    name: str
    params: Mapping[str, Any]
    answer: str
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Step:
    """One step: its text and hint, and checks (all must hold), one question, or both (the checks first)."""

    id: str
    text: Text
    hint: Text | None
    checks: tuple[Check, ...]
    question: Question | None
    hides: tuple[str, ...] = ()  # parts of the page (HIDEABLE_PARTS) out of sight until the step is done


@dataclass(frozen=True)
class FacilitatorNotes:
    say: Text
    wrong_answer: Text
    timing: Text


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    minutes: int
    page: str
    scenario: str
    title: Text
    goal: Text
    steps: tuple[Step, ...]
    explanation: Text
    facilitator: FacilitatorNotes
    source: str = ""

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise input_error(PROBLEMS, "lesson_has_no_step", "step", lesson=self.id, step=repr(step_id))


# ---------------------------------------------------------------- reading


def _at(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _table(value: object, where: str, keys: tuple[str, ...] | None = None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise expected_value("table", describe(value), where)
    if keys is not None:
        for key in value:
            if key not in keys:
                raise input_error(PROBLEMS, "unknown_key", _at(where, key), choices=", ".join(keys))
    return value


def _required(table: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in table:
        raise missing(key, where)
    return table[key]


def _identifier(value: object, where: str) -> str:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise problem("expected", where, what=term("lesson.id", TERMS), got=describe(value))
    return value


def _whole(value: object, where: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        if high is None:
            raise expected_at_least("whole_number", low, describe(value), where)
        raise expected_in_range("whole_number", low, high, describe(value), where)
    return value


def _text(value: object, where: str) -> Text:
    table = _table(value, where)
    for code, text in table.items():
        if not _LANGUAGE_CODE.fullmatch(code):
            raise input_error(PROBLEMS, "expected_language_code", _at(where, code))
        if not isinstance(text, str) or not text.strip():
            raise expected_value("non_empty_text", describe(text), _at(where, code))
    for code in LANGUAGES:
        if code not in table:
            raise input_error(PROBLEMS, "missing_language_text", where, language=code)
    return Text(MappingProxyType({code: text.strip() for code, text in table.items()}))


def _check_page(name: str, definition: CheckDef, page: str, where: str) -> None:
    """Refuse a check or question that reads another page than the lesson's."""
    if page in definition.pages:
        return
    if len(definition.pages) == 1:
        raise input_error(PROBLEMS, "check_reads_page", where, name=name, page=definition.pages[0], lesson_page=page)
    raise input_error(PROBLEMS, "check_reads_pages", where, name=name, pages=", ".join(definition.pages),
                      lesson_page=page)


def _params(table: Mapping[str, Any], skip: tuple[str, ...]) -> dict[str, Any]:
    return {key: value for key, value in table.items() if key not in skip}


def _check(value: object, where: str, page: str) -> Check:
    table = _table(value, where)
    name = _required(table, "name", where)
    definition = check_definition(name, _at(where, "name"))
    if definition.is_question:
        raise input_error(PROBLEMS, "question_not_check", _at(where, "name"), name=name)
    _check_page(name, definition, page, _at(where, "name"))
    return Check(name, check_params(name, _params(table, ("name",)), where))


def _options(value: object, where: str) -> tuple[Option, ...]:
    if not isinstance(value, list):
        raise problem("expected", where, what=term("lesson.options", TERMS), got=describe(value))
    options, seen = [], {}
    for i, item in enumerate(value):
        place = _at(where, i)
        table = _table(item, place, _OPTION_KEYS)
        option_id = _identifier(_required(table, "id", place), _at(place, "id"))
        if option_id in seen:
            raise input_error(PROBLEMS, "duplicate_option_id", _at(place, "id"), id=option_id,
                              first=Place(seen[option_id]))
        seen[option_id] = place
        correct = table.get("correct", False)
        if not isinstance(correct, bool):
            raise expected_value("true_false", describe(correct), _at(place, "correct"))
        why = _text(table["why"], _at(place, "why")) if "why" in table else None
        options.append(Option(option_id, _text(_required(table, "text", place), _at(place, "text")), correct, why))
    return tuple(options)


def _question(value: object, where: str, page: str) -> Question:
    table = _table(value, where)
    name = _required(table, "name", where)
    definition = check_definition(name, _at(where, "name"))
    if not definition.is_question:
        raise input_error(PROBLEMS, "check_not_question_here", _at(where, "name"), name=name)
    _check_page(name, definition, page, _at(where, "name"))
    raw = _params(table, ("name", "options"))
    options: tuple[Option, ...] = ()
    if name == "choice":
        if "options" not in table:
            raise input_error(PROBLEMS, "choice_missing_options", where)
        if "correct" in raw:
            raise input_error(PROBLEMS, "correct_inside_option", _at(where, "correct"))
        options = _options(table["options"], _at(where, "options"))
        raw = {"options": [o.id for o in options], "correct": [o.id for o in options if o.correct]}
    elif "options" in table:
        raise input_error(PROBLEMS, "question_has_no_options", _at(where, "options"), name=name)
    return Question(name, check_params(name, raw, where), definition.answer, options)


def _step(value: object, where: str, page: str) -> Step:
    table = _table(value, where, _STEP_KEYS)
    step_id = _identifier(_required(table, "id", where), _at(where, "id"))
    text = _text(_required(table, "text", where), _at(where, "text"))
    hint = _text(table["hint"], _at(where, "hint")) if "hint" in table else None
    hides = _hides(table.get("hides", []), _at(where, "hides"), page)
    has_checks, has_question = "checks" in table, "question" in table
    if not has_checks and not has_question:
        raise input_error(PROBLEMS, "step_checks_or_question", where)
    question = _question(table["question"], _at(where, "question"), page) if has_question else None
    checks: tuple[Check, ...] = ()
    if has_checks:
        raw = table["checks"]
        if not isinstance(raw, list) or not raw:
            raise problem("expected", _at(where, "checks"), what=term("lesson.checks", TERMS), got=describe(raw))
        checks = tuple(_check(item, _at(_at(where, "checks"), i), page) for i, item in enumerate(raw))
    return Step(step_id, text, hint, checks, question, hides)


def _hides(value: object, where: str, page: str) -> tuple[str, ...]:
    """A step's ``hides``: a list of the parts its page can hide (HIDEABLE_PARTS)."""
    parts = HIDEABLE_PARTS.get(page, ())
    if not isinstance(value, list):
        raise problem("expected", where, what=term("lesson.hides", TERMS), got=describe(value))
    for i, part in enumerate(value):
        if part not in parts:
            raise input_error(PROBLEMS, "unknown_page_part", _at(where, i), page=page,
                              choices=", ".join(parts) or "none")
    return tuple(value)


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_PLACE.search(message)
        detail = message[:found.start()] if found else message
        if found is None or found.group(2) is None:
            raise input_error(PROBLEMS, "invalid_toml", detail=detail) from None
        raise input_error(PROBLEMS, "invalid_toml_at", at_line(int(found.group(2))), detail=detail,
                          column=int(found.group(3))) from None


def lesson_from_text(text: str, name: str, scenarios: Mapping[str, frozenset[str]]) -> Lesson:
    """The lesson in ``text`` (a TOML file called ``name``), checked; ``scenarios`` gives each page's scenarios.

    ``scenarios`` is :func:`uncase_core.lessons.data.scenario_ids` in the app; tests may pass their own.

    Raises
    ------
    InputError
        With ``source`` = ``name`` and ``where`` the place (see the module docstring).
    """
    try:
        table = _table(_toml(text), "", _LESSON_KEYS)
        lesson_id = _identifier(_required(table, "id", ""), "id")
        stem = Path(name).name.removesuffix(".toml")
        if name.endswith(".toml") and lesson_id != stem:
            raise input_error(PROBLEMS, "lesson_id_not_file_name", "id", stem=stem, id=lesson_id)
        order = _whole(_required(table, "order", ""), "order", 1)
        minutes = _whole(_required(table, "minutes", ""), "minutes", MIN_MINUTES, MAX_MINUTES)
        page = _required(table, "page", "")
        if page not in PAGES:
            raise unknown_choice("page", describe(page), PAGES, "page")
        scenario = _required(table, "scenario", "")
        known = scenarios.get(page, frozenset())
        if scenario not in known:
            raise page_has_no_scenario(page, describe(scenario), known)
        texts = {key: _text(_required(table, key, ""), key) for key in ("title", "goal", "explanation")}
        notes = _table(_required(table, "facilitator", ""), "facilitator", _FACILITATOR_KEYS)
        facilitator = FacilitatorNotes(*(_text(_required(notes, key, "facilitator"), f"facilitator.{key}")
                                         for key in _FACILITATOR_KEYS))
        raw_steps = _required(table, "steps", "")
        if not isinstance(raw_steps, list) or not raw_steps:
            raise problem("expected", "steps", what=term("lesson.steps", TERMS), got=describe(raw_steps))
        steps = tuple(_step(item, f"steps[{i}]", page) for i, item in enumerate(raw_steps))
        seen: dict[str, int] = {}
        for i, step in enumerate(steps):
            if step.id in seen:
                raise input_error(PROBLEMS, "duplicate_step_id", f"steps[{i}].id", id=step.id,
                                  first=Place(f"steps[{seen[step.id]}]"))
            seen[step.id] = i
        return Lesson(lesson_id, order, minutes, page, scenario, texts["title"], texts["goal"], steps,
                      texts["explanation"], facilitator, name)
    except InputError as error:
        raise error.located(name) from None


def lesson_from_bytes(data: bytes, name: str, scenarios: Mapping[str, frozenset[str]]) -> Lesson:
    """:func:`lesson_from_text` on a file's bytes (UTF-8, a byte-order mark dropped)."""
    try:
        text = decode_text(data)
    except InputError as error:
        raise error.located(name) from None
    return lesson_from_text(text, name, scenarios)


def load_lessons(folder: Path = LESSONS) -> tuple[Lesson, ...]:
    """Every ``*.toml`` lesson in ``folder``, in ``order``; two lessons with one order are refused."""
    scenarios = scenario_ids()
    lessons = []
    for file_name, data in asset_files(folder, "*.toml"):
        lessons.append(lesson_from_bytes(data, f"{folder.name}/{file_name}", scenarios))
    seen: dict[int, str] = {}
    for lesson in lessons:
        if lesson.order in seen:
            raise input_error(PROBLEMS, "order_taken", "order", lesson.source, order=lesson.order,
                              other=seen[lesson.order])
        seen[lesson.order] = lesson.source
    return tuple(sorted(lessons, key=lambda lesson: lesson.order))


# ---------------------------------------------------------------- running a step


@dataclass(frozen=True)
class StepResult:
    """Whether a step is done on a snapshot: each check's (or the question's) result, in the file's order."""

    step: str
    results: tuple[CheckResult, ...]

    @property
    def done(self) -> bool:
        return all(result.passed for result in self.results)

    @property
    def note(self) -> Note:
        """What is still missing (the first check that does not hold), or the first check's note when done."""
        return next((r.note for r in self.results if not r.passed), self.results[0].note)

    def to_dict(self) -> dict[str, object]:
        return {"step": self.step, "done": self.done, "results": [r.to_dict() for r in self.results]}


def evaluate_step(step: Step, snapshot: Snapshot) -> StepResult:
    """Run the step's checks, then its question against ``snapshot.answers[step.id]`` (results in that order)."""
    results = [run_check(check.name, check.params, snapshot) for check in step.checks]
    if step.question is not None:
        results.append(run_check(step.question.name, step.question.params, snapshot, step.id))
    return StepResult(step.id, tuple(results))
