"""promptfoo results in: the JSON ``promptfoo eval --output results.json`` writes, as RAG cases with its grades kept.

The file is promptfoo's ``OutputFile``: ``{"evalId", "results": {"version", "timestamp", "results": [...],
"prompts", "stats"}, "config", "shareableUrl", "metadata"}`` (a bare ``{"results": [...]}`` summary is read too).
Each of ``results.results[]`` (one test run against one prompt and provider) becomes a case:

- ``vars`` hold the test's inputs under names the eval chose, so the caller says which key is the question
  (required), which the context and which the reference (:func:`read_promptfoo_cases`'s ``variables``);
  :func:`promptfoo_var_keys` lists the keys a file has, :func:`guess_promptfoo_vars` proposes a choice from common
  names (``query``, ``context``, ``expected``...) for a page to pre-fill. Without a choice the reader refuses the
  file, listing the keys; a chosen key missing from a result is refused with its place
  (``results.results[3].vars``).
- The context var is a list of passages, or one text (split at its blank lines); ``response.output`` is the
  answer (a result without output, where the provider failed, has an empty answer; an output that is not text is
  kept as its JSON), unless a var is chosen as the answer (``echo``'s output is the rendered prompt: a note says
  so); the sentences of the answer are the claims, those of the reference the facts.
- ``gradingResult.componentResults`` (one per assertion) and the result's own ``success`` and ``score``
  (``overall``) are the case's judge scores, never hand labels; ``context-faithfulness``, ``context-relevance``,
  ``context-recall`` and ``factuality`` (also ``model-graded-factuality``, ``model-graded-closedqa``) stand for
  faithfulness, context relevance, coverage and correctness (:data:`ASSERTION_DIMENSIONS`).
- The case's id is ``promptfoo-<test>`` (from 1; ``promptfoo-<test>-<prompt>`` when a test ran with several
  prompts or providers) and its metadata ``provider`` the provider's id. Every other key of the result is kept.

promptfoo's cases go back out as JSON in the RAG case format (judge scores, kept keys and all).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from uncase_core.errors import InputError, expected_value, input_error, missing, problem, term
from uncase_core.rag.cases import RagCase, RagDataset
from uncase_core.rag.dimensions import DIMENSIONS
from uncase_core.rag.edits import REFERENCE_KEY
from uncase_core.rag.sources import (
    RECORD_KEYS,
    CaseImport,
    JudgeScore,
    Progress,
    blank_units,
    finite_or_none,
    mapping_note,
    name_list,
    report_progress,
    scores_note,
    with_judge_scores,
)
from uncase_core.shared.jsonfiles import decode_text, parse_document
from uncase_core.shared.limits import UNLIMITED, ReadLimit, check_rows
from uncase_core.shared.notes import Note
from uncase_core.shared.sentences import split_sentences

PROMPTFOO_RECORD = RECORD_KEYS["promptfoo"]
ROLES = ("question", "context", "reference", "answer")  # "answer" None: the provider's response.output
# Common names of each role's var, best first (guess_promptfoo_vars).
VAR_GUESSES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "question": ("question", "query", "user_input", "input", "prompt", "q", "pregunta", "consulta"),
    "context": ("context", "contexts", "retrieved_contexts", "retrieval_context", "documents", "docs", "passages",
                "sources", "contexto"),
    "reference": ("reference", "expected", "expected_output", "expected_answer", "ground_truth", "reference_answer",
                  "answer", "gold", "referencia", "respuesta_esperada"),
    "answer": (),  # not guessed: the answer is the provider's output unless the person names a var
})
# promptfoo assertion types (BaseAssertionTypesSchema) that score one of the four dimensions.
ASSERTION_DIMENSIONS: Mapping[str, str] = MappingProxyType({kind: d.name for d in DIMENSIONS
                                                             for kind in d.promptfoo_assertions})
OVERALL = "overall"  # the metric name of a result's own success and score
_BLANK_LINE = re.compile(r"\n[ \t\r]*\n")
# Error codes of this module (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "promptfoo_no_results": 'no results to read: expected {{"results": {{"results": [...]}}}}, as promptfoo eval '
                            "--output writes",
    "promptfoo_needs_vars": "say which vars key is the question (and, if any, the context and the reference): "
                            "--question-var, --context-var, --reference-var; the results have the vars {keys}",
    "promptfoo_needs_vars_guess": "say which vars key is the question (and, if any, the context and the "
                                  "reference), such as {suggestion}; the results have the vars {keys}",
    "promptfoo_unknown_var": 'no result has the vars key "{key}" (chosen as the {role}); the vars are {keys}',
    "promptfoo_var_missing": 'missing the vars key "{key}" (chosen as the {role})',
    "promptfoo_same_var": 'the vars key "{key}" is chosen both as the {first} and as the {second}',
    "promptfoo_unknown_role": 'unknown role "{role}"; the roles are question, context, reference and answer',
})
_OPTIONAL_ROLES = ("context", "reference")
# The roles a var may have, as the errors quote them.
TERMS: Mapping[str, str] = MappingProxyType({
    "promptfoo_role.question": "question",
    "promptfoo_role.context": "context",
    "promptfoo_role.reference": "reference",
    "promptfoo_role.answer": "answer",
})


def _role(role: str) -> Any:
    return term(f"promptfoo_role.{role}", TERMS)


def promptfoo_results(value: Any) -> tuple[list[Any], str, list[str]]:
    """The results of a parsed promptfoo file, the path they sit at, and the top-level keys not read."""
    if isinstance(value, Mapping):
        inner = value.get("results")
        if isinstance(inner, Mapping) and isinstance(inner.get("results"), list):
            ignored = [key for key in value if key != "results"] + [f"results.{key}" for key in inner
                                                                    if key != "results"]
            return inner["results"], "results.results", ignored
        if isinstance(inner, list):
            return inner, "results", [key for key in value if key != "results"]
    raise input_error(PROBLEMS, "promptfoo_no_results")


def _parse(data: bytes) -> Any:
    text = decode_text(data)
    if not text.strip():
        raise problem("file_empty")
    document = parse_document(text)
    if document.kind != "json":
        raise input_error(PROBLEMS, "promptfoo_no_results")
    return document.value


def var_keys(results: Sequence[Any]) -> tuple[str, ...]:
    """Every key of the results' ``vars``, in the order first met."""
    keys: dict[str, None] = {}
    for result in results:
        if isinstance(result, Mapping) and isinstance(result.get("vars"), Mapping):
            keys.update(dict.fromkeys(key for key in result["vars"] if isinstance(key, str)))
    return tuple(keys)


def promptfoo_var_keys(data: bytes, source: str = "") -> tuple[str, ...]:
    """The ``vars`` keys of a promptfoo results file, for a page to offer as choices."""
    try:
        results, _, _ = promptfoo_results(_parse(data))
    except InputError as error:
        raise error.located(source) if source and not error.source else error from None
    return var_keys(results)


def guess_promptfoo_vars(keys: Sequence[str]) -> dict[str, str | None]:
    """A var per role from common names (:data:`VAR_GUESSES`, any case), each key used once; None: no guess."""
    lowered = {key.lower(): key for key in reversed(keys)}  # the first key of a spelling wins
    chosen: dict[str, str | None] = {}
    taken: set[str] = set()
    for role in ROLES:
        found = next((lowered[name] for name in VAR_GUESSES[role] if name in lowered and lowered[name] not in taken),
                     None)
        chosen[role] = found
        if found is not None:
            taken.add(found)
    return chosen


def shape_of(keys: Sequence[str]) -> str:
    """A stable name of a file's var keys (sorted, joined), for a page that remembers the choice per shape of file."""
    return ",".join(sorted(keys))


def _check_variables(variables: Mapping[str, str | None] | None, keys: Sequence[str]) -> dict[str, str | None]:
    found = name_list(keys) if keys else "(none)"
    if not variables or not variables.get("question"):
        guess = guess_promptfoo_vars(keys)
        if guess["question"] is None:
            raise input_error(PROBLEMS, "promptfoo_needs_vars", "vars", keys=found)
        suggestion = " ".join(f"--{role}-var {key}" for role, key in guess.items() if key is not None)
        raise input_error(PROBLEMS, "promptfoo_needs_vars_guess", "vars", keys=found, suggestion=suggestion)
    chosen: dict[str, str | None] = {}
    for role, key in variables.items():
        if role not in ROLES:
            raise input_error(PROBLEMS, "promptfoo_unknown_role", "vars", role=str(role))
        if key is None or key == "":
            continue
        if key not in keys:
            raise input_error(PROBLEMS, "promptfoo_unknown_var", "vars", key=key, role=_role(role), keys=found)
        other = next((done for done, done_key in chosen.items() if done_key == key), None)
        if other is not None:
            raise input_error(PROBLEMS, "promptfoo_same_var", "vars", key=key, first=_role(other), second=_role(role))
        chosen[role] = key
    return {role: chosen.get(role) for role in ROLES}


def _scores(result: Mapping[str, Any], where: str) -> list[JudgeScore]:
    scores = []
    grading = result.get("gradingResult")
    if isinstance(grading, Mapping):
        components = grading.get("componentResults")
        for index, component in enumerate(components if isinstance(components, list) else []):
            at = f"{where}.gradingResult.componentResults[{index}]"
            if not isinstance(component, Mapping):
                raise expected_value("object", type(component).__name__, at)
            assertion = component.get("assertion") if isinstance(component.get("assertion"), Mapping) else {}
            kind = assertion.get("type") if isinstance(assertion.get("type"), str) else None
            metric = assertion.get("metric") if isinstance(assertion.get("metric"), str) else kind
            dimension = ASSERTION_DIMENSIONS.get(kind or "")
            passed = component.get("pass")
            if passed is not None and not isinstance(passed, bool):
                raise expected_value("true_false_null", repr(passed), f"{at}.pass")
            reason = component.get("reason")
            scores.append(JudgeScore(metric or f"assertion {index + 1}", dimension,
                                     finite_or_none(component.get("score"), f"{at}.score", dimension is not None),
                                     passed, finite_or_none(assertion.get("threshold"), f"{at}.assertion.threshold"),
                                     reason if isinstance(reason, str) else None))
    success = result.get("success")
    if success is not None and not isinstance(success, bool):
        raise expected_value("true_false_null", repr(success), f"{where}.success")
    reason = grading.get("reason") if isinstance(grading, Mapping) else None
    if success is not None or result.get("score") is not None:
        scores.append(JudgeScore(OVERALL, None, finite_or_none(result.get("score"), f"{where}.score"), success, None,
                                 reason if isinstance(reason, str) else None))
    return scores


class _Reader:
    def __init__(self, variables: Mapping[str, str | None]) -> None:
        self.variables = variables
        self.no_output = 0
        self.json_output = 0
        self.echo = 0  # results of promptfoo's echo provider read with response.output as the answer
        self.blank_lines = 0
        self.metrics: dict[str, str | None] = {}
        self.kept: dict[str, None] = {}

    def _var(self, variables: Mapping[str, Any], role: str, where: str) -> Any:
        key = self.variables[role]
        if key is None:
            return None
        # vars are per test in promptfoo: a test without the context or reference var has none, the others keep
        # theirs. The question and an answer var are what a case is made of.
        if key not in variables and role in _OPTIONAL_ROLES:
            return None
        if key not in variables:
            raise input_error(PROBLEMS, "promptfoo_var_missing", f"{where}.vars", key=key, role=_role(role))
        return variables[key]

    def case(self, result: Any, case_id: str, where: str) -> RagCase:
        if not isinstance(result, Mapping):
            raise expected_value("object", type(result).__name__, where)
        variables = result.get("vars")
        if not isinstance(variables, Mapping):
            raise missing("vars", where)
        question = self._var(variables, "question", where)
        key = self.variables["question"]
        if not isinstance(question, str):
            raise expected_value("text", type(question).__name__, f"{where}.vars.{key}")
        passages = self._passages(self._var(variables, "context", where), f"{where}.vars.{self.variables['context']}")
        reference = self._var(variables, "reference", where)
        if reference is not None and not isinstance(reference, str):
            raise expected_value("text", type(reference).__name__, f"{where}.vars.{self.variables['reference']}")
        answer_key = self.variables.get("answer")
        if answer_key is None:
            answer = self._answer(result.get("response"))
        else:  # a var holds the answer (the echo provider's output is the prompt itself)
            answer = self._var(variables, "answer", where)
            if not isinstance(answer, str):
                raise expected_value("text", type(answer).__name__, f"{where}.vars.{answer_key}")
        provider = result.get("provider")
        provider_id = provider.get("id") if isinstance(provider, Mapping) else provider
        if answer_key is None and provider_id == "echo":
            self.echo += 1
        metadata = {"provider": provider_id} if isinstance(provider_id, str) and provider_id else {}
        scores = _scores(result, where)
        for score in scores:
            self.metrics.setdefault(score.metric, score.dimension)
        mapped_vars = {key for key in self.variables.values() if key is not None}
        fields = {}
        for name, value in result.items():
            if name == "vars":
                value = {key: item for key, item in value.items() if key not in mapped_vars}
            elif name == "response" and isinstance(value, Mapping) and answer_key is None:
                value = {key: item for key, item in value.items() if key != "output"}
            fields[name] = value
        self.kept.update(dict.fromkeys(fields))
        record = {"order": list(result), "fields": fields, "vars": dict(self.variables)}
        extra = {REFERENCE_KEY: reference} if reference else {}
        case = RagCase(case_id, question, blank_units("p", "passages", passages), answer,
                       blank_units("c", "claims", split_sentences(answer)),
                       blank_units("f", "reference_facts", split_sentences(reference or "")), metadata,
                       {**extra, PROMPTFOO_RECORD: record})
        return with_judge_scores(case, scores)

    def _passages(self, value: Any, where: str) -> list[str]:
        if value is None:
            return []
        if isinstance(value, str):
            parts = [part.strip() for part in _BLANK_LINE.split(value.replace("\r\n", "\n"))]
            parts = [part for part in parts if part]
            self.blank_lines += len(parts) > 1
            return parts
        if not isinstance(value, list):
            raise expected_value("list", type(value).__name__, where)
        for index, item in enumerate(value):
            if not isinstance(item, str):
                raise expected_value("text", type(item).__name__, f"{where}[{index}]")
        return [item for item in value if item.strip()]

    def _answer(self, response: Any) -> str:
        output = response.get("output") if isinstance(response, Mapping) else None
        if output is None:
            self.no_output += 1
            return ""
        if isinstance(output, str):
            return output
        self.json_output += 1
        return json.dumps(output, ensure_ascii=False, allow_nan=False)


def _ids(results: Sequence[Any]) -> list[str]:
    tests = []
    for index, result in enumerate(results):
        test = result.get("testIdx") if isinstance(result, Mapping) else None
        prompt = result.get("promptIdx") if isinstance(result, Mapping) else None
        tests.append((test if isinstance(test, int) and not isinstance(test, bool) else index,
                      prompt if isinstance(prompt, int) and not isinstance(prompt, bool) else 0))
    several = {test for test, _ in tests if sum(1 for other, _ in tests if other == test) > 1}
    ids = [f"promptfoo-{test + 1:03d}-{prompt + 1}" if test in several else f"promptfoo-{test + 1:03d}"
           for test, prompt in tests]
    seen: dict[str, int] = {}
    unique = []
    for case_id in ids:  # the same test and prompt twice (a repeated run): number the repeats
        seen[case_id] = seen.get(case_id, 0) + 1
        unique.append(case_id if seen[case_id] == 1 else f"{case_id}-r{seen[case_id]}")
    return unique


def read_promptfoo_cases(data: bytes, source: str = "", variables: Mapping[str, str | None] | None = None,
                         progress: Progress | None = None, limit: ReadLimit = UNLIMITED) -> CaseImport:
    """Read a promptfoo results file as cases (see the module's docstring); a file of more results than ``limit``
    takes is refused before any becomes a case.

    ``variables`` maps ``question`` (required), ``context``, ``reference`` and ``answer`` to keys of the results'
    ``vars`` (no ``answer``: the provider's ``response.output`` is the answer).

    Raises
    ------
    InputError
        Naming ``source`` and the place: no choice of vars (listing the keys), a chosen key no result has, one a
        result lacks, a value of the wrong kind, a score that is not a finite number.
    """
    try:
        results, path, ignored = promptfoo_results(_parse(data))
        if not results:
            raise input_error(PROBLEMS, "promptfoo_no_results")
        check_rows(len(results), limit)
        chosen = _check_variables(variables, var_keys(results))
        reader = _Reader(chosen)
        cases = []
        for index, (result, case_id) in enumerate(zip(results, _ids(results), strict=True)):
            cases.append(reader.case(result, case_id, f"{path}[{index}]"))
            report_progress(progress, index + 1, len(results))
        notes = [Note.of("read_as", count=len(cases), format_name="promptfoo results", layout="json"),
                 Note.of("promptfoo_vars", question=chosen["question"], context=chosen["context"] or "-",
                         reference=chosen["reference"] or "-"),
                 mapping_note([(f"vars.{chosen['answer']}" if chosen["answer"] else "response.output", "answer"),
                               ("provider.id", "provider")])]
        if reader.echo:
            notes.append(Note.of("promptfoo_echo", count=reader.echo))
        if reader.metrics:
            notes.append(scores_note(reader.metrics))
            unmapped = [name for name, dimension in reader.metrics.items() if dimension is None]
            if unmapped:
                notes.append(Note.of("judge_scores_unmapped", metrics=name_list(unmapped)))
        if reader.no_output:
            notes.append(Note.of("promptfoo_no_output", count=reader.no_output))
        if reader.json_output:
            notes.append(Note.of("promptfoo_json_output", count=reader.json_output))
        if reader.blank_lines:
            notes.append(Note.of("blank_line_passages", count=reader.blank_lines))
        notes.append(Note.of("kept_fields", fields=name_list(list(reader.kept))))
        if ignored:
            notes.append(Note.of("ignored_keys", keys=name_list(ignored)))
        return CaseImport(RagDataset(tuple(cases), "jsonl"), "promptfoo", "json", tuple(notes))
    except InputError as error:
        raise error.located(source) if source and not error.source else error from None


# ---------------------------------------------------------------- the format's record (uncase_core/rag/tools.py)

def read_file(data: bytes, name: str = "", *, variables: Mapping[str, str | None] | None = None,
              progress: Progress | None = None, limit: ReadLimit = UNLIMITED) -> CaseImport:
    """:func:`read_promptfoo_cases` in the shape every format's module has (promptfoo is read, not written)."""
    return read_promptfoo_cases(data, name, variables, progress, limit)


# ---------------------------------------------------------------- which files are this format's (rag/tools.py)


def claims_record(record: Mapping[str, Any]) -> bool:
    """A promptfoo result: its test's ``vars`` (it has a ``response`` too, as RAGAS rows do: asked first)."""
    return isinstance(record.get("vars"), Mapping)


def claims_file(value: Mapping[str, Any]) -> bool:
    """A promptfoo results file: ``results.results`` (an eval's output), or ``results`` as a list of results."""
    inner = value.get("results")
    return (isinstance(inner, Mapping) and isinstance(inner.get("results"), list)) or (
        isinstance(inner, list) and bool(inner) and isinstance(inner[0], Mapping) and claims_record(inner[0]))
