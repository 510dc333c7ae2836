"""Feed corpus entries to every loader and command-line subcommand, and judge what came back.

Shared by ``tests/core/shared/test_bad_inputs.py`` and ``tools/bad_input_report.py``::

    workdir = Workdir(tmp_path)              # valid companion files for `verify` and `rubrics --holistic`
    for target in targets_for(entry):
        outcome = target.run(entry, workdir)  # accepted, rejected (with the message) or crashed
        problems = judge(entry, target, outcome)   # [] when handled as the corpus expects
"""

from __future__ import annotations

import contextlib
import io
import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.bad_inputs.corpus import CORPUS, BadInput
from uncase_core.agreement.pairs import agreement_from_bytes
from uncase_core.cli.main import EXIT_BAD_INPUT, run
from uncase_core.conversations.evaluator import Evaluator
from uncase_core.conversations.model import conversations_from_bytes
from uncase_core.datasets import workbench as datasets
from uncase_core.errors import InputError
from uncase_core.rag.cases import dataset_from_bytes
from uncase_core.rag.files import read_rag_upload
from uncase_core.rag.interchange import read_cases
from uncase_core.rag.ragas import import_ragas_bytes
from uncase_core.rubrics.holistic import read_holistic
from uncase_core.rubrics.lab import read_verdicts
from uncase_core.summaries.blocks import parse_judgement_block
from uncase_core.summaries.cases import cases_from_bytes

# A message quoting a whole 1 MB value is not a clear message; errors.InputError shortens long parts.
MAX_MESSAGE_CHARS = 2000
_VALID = {entry.name: entry for entry in CORPUS if entry.family == "valid"}


@dataclass(frozen=True)
class Outcome:
    status: str  # "accepted", "rejected" or "crashed"
    message: str = ""  # the InputError message, the stderr line, or the traceback


class Workdir:
    """A directory holding the entry under test and the valid files some commands need beside it."""

    def __init__(self, path: Path) -> None:
        self.path = path / "entry"
        self.path.mkdir(parents=True, exist_ok=True)
        valid = path / "valid"
        valid.mkdir(exist_ok=True)
        conversation = _VALID["conv_valid.json"]
        self.conversations = valid / conversation.name
        self.conversations.write_bytes(conversation.data)
        report = Evaluator().batch_evaluate(conversations_from_bytes(conversation.data), certify=True)
        self.report = valid / "report.json"
        self.report.write_text(json.dumps(report.to_dict()), encoding="utf-8")
        self.verdicts = valid / "verdicts.csv"
        self.verdicts.write_bytes(_VALID["verdicts_valid.csv"].data)
        self.rag = _VALID["rag_valid_dataset.jsonl"]

    def write(self, name: str, data: bytes) -> Path:
        """Write an entry's file (it is removed after the run)."""
        path = self.path / name
        path.write_bytes(data)
        return path


def _loader(call: Callable[[BadInput, Workdir], object]) -> Callable[[BadInput, Workdir], Outcome]:
    def attempt(entry: BadInput, workdir: Workdir) -> Outcome:
        try:
            call(entry, workdir)
        except InputError as error:
            return Outcome("rejected", error.message)
        except Exception:  # anything else reaching the user is a crash
            return Outcome("crashed", traceback.format_exc())
        return Outcome("accepted")
    return attempt


def _cli(argv: Callable[[Path, Workdir], list[str]], mismatch_ok: bool = False) -> Callable[[BadInput, Workdir],
                                                                                            Outcome]:
    """Run ``python -m uncase_core`` in-process; exit 1 of `verify` (does not match) is a run that worked."""
    def attempt(entry: BadInput, workdir: Workdir) -> Outcome:
        path = workdir.write(entry.name, entry.data)
        args = [str(arg) for arg in argv(path, workdir)]
        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = run(args)
                except SystemExit as stop:
                    code = stop.code
        except Exception:
            return Outcome("crashed", traceback.format_exc())
        finally:
            path.unlink(missing_ok=True)
        stderr = err.getvalue()
        if code == 0 or (mismatch_ok and code == 1):
            if any(not line.startswith(("warning: ", "note: ")) for line in stderr.splitlines()):  # these are fine
                return Outcome("crashed", f"exit {code} but stderr: {stderr[:500]}")
            try:  # import-ragas and import-cases write JSON Lines
                _ = [json.loads(line) for line in out.getvalue().splitlines()] \
                    if args[0] in ("import-ragas", "import-cases") else json.loads(out.getvalue())
            except ValueError:
                return Outcome("crashed", f"exit {code} but stdout is not JSON: {out.getvalue()[:300]}")
            return Outcome("accepted")
        if code == EXIT_BAD_INPUT:
            if out.getvalue():
                return Outcome("crashed", f"exit 2 with output on stdout: {out.getvalue()[:300]}")
            if not stderr.endswith("\n") or stderr.count("\n") != 1 or "Traceback" in stderr:
                return Outcome("crashed", f"exit 2, but stderr is not one line: {stderr[:1000]!r}")
            return Outcome("rejected", stderr.rstrip("\n"))
        return Outcome("crashed", f"exit status {code}: {stderr[:1000]}")
    return attempt


def _dataset(entry: BadInput, workdir: Workdir) -> None:
    try:
        datasets.revisions(dataset_from_bytes(entry.data, entry.name))
    except InputError as error:
        raise error if error.source else error.located(entry.name) from None


@dataclass(frozen=True)
class Target:
    name: str
    kind: str  # "loader" or "cli"
    formats: frozenset[str]
    run: Callable[[BadInput, Workdir], Outcome]
    names_source: bool = True  # the message must name the file (a pasted block has no file)


TARGETS: tuple[Target, ...] = (
    Target("rag_cases.dataset_from_bytes", "loader", frozenset({"rag"}),
           _loader(lambda e, w: dataset_from_bytes(e.data, e.name))),
    Target("rag_files.read_rag_upload", "loader", frozenset({"rag", "ragas"}),
           _loader(lambda e, w: read_rag_upload(e.data, e.name))),
    Target("ragas_import.import_ragas_bytes", "loader", frozenset({"ragas"}),
           _loader(lambda e, w: import_ragas_bytes(e.data, e.name))),
    Target("interchange.read_cases --from ragas", "loader", frozenset({"ragas"}),
           _loader(lambda e, w: read_cases(e.data, e.name, "ragas"))),
    Target("interchange.read_cases (format detected)", "loader", frozenset({"ragas"}),
           _loader(lambda e, w: read_cases(e.data, e.name))),
    Target("dataset_from_bytes + datasets.revisions", "loader", frozenset({"dataset"}), _loader(_dataset)),
    Target("agreement.agreement_from_bytes (as A)", "loader", frozenset({"agreement"}),
           _loader(lambda e, w: agreement_from_bytes(e.data, e.name, w.rag.data, w.rag.name))),
    Target("agreement.agreement_from_bytes (as B)", "loader", frozenset({"agreement"}),
           _loader(lambda e, w: agreement_from_bytes(w.rag.data, w.rag.name, e.data, e.name))),
    Target("conversations.conversations_from_bytes", "loader", frozenset({"conversations"}),
           _loader(lambda e, w: conversations_from_bytes(e.data, e.name))),
    Target("summary.cases_from_bytes", "loader", frozenset({"summaries"}),
           _loader(lambda e, w: cases_from_bytes(e.data, e.name))),
    Target("summary.parse_judgement_block", "loader", frozenset({"summary_block"}),
           _loader(lambda e, w: parse_judgement_block(e.text, e.block_kind)), names_source=False),
    Target("rubrics.read_verdicts", "loader", frozenset({"verdicts"}),
           _loader(lambda e, w: read_verdicts(e.data, e.name))),
    Target("holistic.read_holistic", "loader", frozenset({"holistic"}),
           _loader(lambda e, w: read_holistic(e.data, e.name))),
    Target("cli rag", "cli", frozenset({"rag"}), _cli(lambda p, w: ["rag", p])),
    Target("cli judge --judge builtin", "cli", frozenset({"rag"}),
           _cli(lambda p, w: ["judge", p, "--judge", "builtin"])),
    Target("cli dataset", "cli", frozenset({"dataset"}), _cli(lambda p, w: ["dataset", p, "--strata", "split"])),
    Target("cli import-ragas", "cli", frozenset({"ragas"}), _cli(lambda p, w: ["import-ragas", p])),
    Target("cli import-cases", "cli", frozenset({"ragas"}), _cli(lambda p, w: ["import-cases", p])),
    Target("cli conversations", "cli", frozenset({"conversations"}), _cli(lambda p, w: ["conversations", p])),
    Target("cli verify REPORT FILE (FILE)", "cli", frozenset({"conversations"}),
           _cli(lambda p, w: ["verify", w.report, p], mismatch_ok=True)),
    Target("cli verify REPORT FILE (REPORT)", "cli", frozenset({"report"}),
           _cli(lambda p, w: ["verify", p, w.conversations], mismatch_ok=True)),
    Target("cli summaries", "cli", frozenset({"summaries"}), _cli(lambda p, w: ["summaries", p])),
    Target("cli rubrics", "cli", frozenset({"verdicts"}), _cli(lambda p, w: ["rubrics", p])),
    Target("cli rubrics --holistic", "cli", frozenset({"holistic"}),
           _cli(lambda p, w: ["rubrics", w.verdicts, "--holistic", p])),
)


def targets_for(entry: BadInput, kind: str | None = None) -> tuple[Target, ...]:
    return tuple(t for t in TARGETS if t.formats & set(entry.formats) and (kind is None or t.kind == kind))


def judge(entry: BadInput, target: Target, outcome: Outcome) -> list[str]:
    """What is wrong with how ``target`` handled ``entry`` ([] when it is as the corpus expects)."""
    if outcome.status == "crashed":
        return [f"crashed: {outcome.message.strip().splitlines()[-1] if outcome.message.strip() else '?'}"]
    if entry.expect == "ok":
        return [] if outcome.status == "accepted" else [f"valid input refused: {outcome.message}"]
    if outcome.status == "accepted":
        return ["bad input accepted"]
    message = outcome.message
    problems = []
    if "\n" in message or "\r" in message or "Traceback" in message:
        problems.append(f"message is not one line: {message[:300]!r}")
    if len(message) > MAX_MESSAGE_CHARS:
        problems.append(f"message has {len(message):,} characters")
    if target.names_source and entry.name not in message:
        problems.append(f"message does not name the file: {message[:300]}")
    missing = [part for part in entry.place if part not in message]
    if missing:
        problems.append(f"message does not name {missing}: {message[:300]}")
    return problems
