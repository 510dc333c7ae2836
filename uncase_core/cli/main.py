"""Command line: ``python -m uncase_core COMMAND ...``, one subcommand per module (see ``--help``).

Results are printed as JSON on stdout (standard JSON only: never ``NaN`` or ``Infinity``); ``compare``
prints a plain table unless given ``--json``.
Bad input gives one line on stderr naming the file and the place, and exit status 2, never a
traceback. A warning (the result is still printed, exit status 0) is a line on stderr that
starts with ``warning:``.

Input files must be regular files of at most ``--max-file-mb`` megabytes (default 50): a
directory, a FIFO or a device is refused at once (:mod:`uncase_core.cli.files`).

Start-up: the parser is built from :mod:`uncase_core.shared.choices` alone, and each subcommand
imports the modules it uses when it runs, so ``--help`` and argument errors answer without
loading statsmodels, scipy or pandas.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from uncase_core.cli.files import BYTES_PER_MB, DEFAULT_MAX_FILE_MB, read_input_file
from uncase_core.errors import InputError, input_error, one_line
from uncase_core.rag.cases import LABEL_NAMES
from uncase_core.rag.dimensions import METRICS as RAG_METRICS
from uncase_core.rag.tools import EXPORT_TARGETS, INTERCHANGE_FORMATS
from uncase_core.shared.choices import (
    AGGREGATIONS,
    MAX_CONFIDENCE,
    MIN_CONFIDENCE,
    RUBRIC_FILTERS,
)

# Error codes of the command line (InputError.code) and their English; the shared ones are in uncase_core.errors.
PROBLEMS: Mapping[str, str] = MappingProxyType({
    "cannot_write_report": "{detail}",
    "report_too_deep": "not a JSON report (nested too deeply to read)",
    "not_a_json_report": "not a JSON report ({detail})",
    "report_not_certified": "the report has no certificate_hash (make it with --certify)",
    "judge_needs_file": "--judge {judge} needs --judge-file F",
    "cannot_write_file": "cannot write the file ({detail})",
    "layout_for_target": "--layout {layout} is not a layout of --to {target}; use {choices}",
    "config_needs_label_studio": "--config writes the Label Studio labelling config; use it with --to label-studio",
    "out_kind": "a {suffix} file cannot hold {target}; end the file's name in {kinds}",
    "out_layout": "the file's name ends in {suffix} but --layout is {layout}; make them agree",
})

EXIT_BAD_INPUT = 2
# The version of the JSON that ``rag`` and ``compare`` print (its JSON Schemas: uncase_core/cli/schemas/). A field
# added keeps the version; one removed, renamed or changed in meaning raises it.
SCHEMA_VERSION = 1


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


# ---------------------------------------------------------------- option values


def _finite(text: str, what: str) -> float:
    """``text`` as a finite float; ``what`` starts the message (the option, or the option and a name)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{what}expected a finite number, got {text!r}")
    return value


def _name_value(option: str) -> Callable[[str], tuple[str, float]]:
    def parse(text: str) -> tuple[str, float]:
        name, sep, value = text.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"{option} expects NAME=VALUE, got {text!r}")
        if name not in RAG_METRICS:
            raise argparse.ArgumentTypeError(
                f"{option}: unknown dimension {name!r}; use one of {', '.join(RAG_METRICS)}")
        return name, _finite(value, f"{option} {name}: ")
    return parse


def _metric_value(text: str) -> tuple[str, float]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, _finite(value, f"{name}: ")


def _number(text: str) -> float:
    return _finite(text, "")


def _confidence(text: str) -> float:
    value = _finite(text, "")
    if not MIN_CONFIDENCE <= value <= MAX_CONFIDENCE:
        raise argparse.ArgumentTypeError(
            f"expected a confidence from {MIN_CONFIDENCE} to {MAX_CONFIDENCE} (0.95 gives a 95% interval), "
            f"got {text!r}")
    return value


def _max_file_mb(text: str) -> float:
    value = _finite(text, "")
    if value <= 0 or not math.isfinite(value * BYTES_PER_MB):
        raise argparse.ArgumentTypeError(f"expected a positive number of megabytes, got {text!r}")
    return value


def _filters(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in RUBRIC_FILTERS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown filter {unknown[0]!r}; use {', '.join(RUBRIC_FILTERS)}")
    return tuple(dict.fromkeys(names))


# ---------------------------------------------------------------- output


def _read(args: argparse.Namespace, path: Path) -> bytes:
    return read_input_file(path, int(args.max_file_mb * BYTES_PER_MB))


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def _print_json(value: Any) -> None:
    sys.stdout.write(_json_text(value))


def _stream_json(value: Any, batch: int = 8192) -> None:
    """What :func:`_print_json` prints, to the same character, written as it is encoded.

    With ``indent``, ``json.dumps`` runs the pure-Python encoder and joins every piece it yields: for 10,000 RAG
    cases about 1.4 million pieces, 78 MB held at once beside the 15 MB text (tracemalloc, 2026-12-06), more than the
    cases themselves. The same encoder's pieces are written here a batch at a time instead. (A value it cannot
    encode, which the rag subcommand never gives, would leave what was already written.)"""
    encoder = json.JSONEncoder(ensure_ascii=False, indent=2, allow_nan=False)
    pieces: list[str] = []
    for piece in encoder.iterencode(value):
        pieces.append(piece)
        if len(pieces) >= batch:
            sys.stdout.write("".join(pieces))
            pieces.clear()
    pieces.append("\n")
    sys.stdout.write("".join(pieces))


def _warn(source: str, text: str) -> None:
    sys.stderr.write(f"warning: {': '.join(one_line(part) for part in (source, text) if part)}\n")


def _read_cases(args: argparse.Namespace, path: Path) -> Any:
    return _cases(_read(args, path), path)


def _cases(data: bytes, path: Path) -> Any:
    """The RAG cases of any file the pages read (our format, RAGAS, DeepEval, promptfoo, Label Studio), through the
    pages' own reader; how another tool's file was read goes to stderr as ``note:`` lines."""
    from uncase_core.rag.case_files import read_case_file
    from uncase_core.rag.sources import INTERCHANGE_NOTES, CaseImport

    read = read_case_file(data, str(path))
    if isinstance(read, CaseImport):
        for note in read.notes:
            _note(str(path), note.text(INTERCHANGE_NOTES))
    return read.dataset


# ---------------------------------------------------------------- subcommands
# Each reads its files first (a path that is no regular file is refused at once), then imports
# what it uses (see the module docstring).


def _run_rag(args: argparse.Namespace) -> int:
    dataset = _read_cases(args, args.file)
    from uncase_core.cli.gates import rag_gate
    from uncase_core.rag import evaluation as rag

    settings = rag.Settings.build(thresholds=dict(args.threshold), weights=dict(args.weight),
                                  aggregation=args.aggregation, gates=dict(args.gate), confidence=args.confidence)
    evaluation = rag.evaluate_dataset(dataset, settings)
    del dataset  # the evaluation keeps no case: their texts need not wait for the output (the peak of memory)
    gate = rag_gate(evaluation)
    if args.format == "markdown":
        from uncase_core.cli.markdown import rag_markdown

        sys.stdout.write(rag_markdown(evaluation, str(args.file), gate))
    else:
        _stream_json({"schema_version": SCHEMA_VERSION, **evaluation.to_dict(), "gate": gate.to_dict()})
    return 0 if args.exit_zero else gate.exit_code


def _run_import_ragas(args: argparse.Namespace) -> int:
    data = _read(args, args.file)
    from uncase_core.rag.cases import dataset_to_text
    from uncase_core.rag.ragas import import_ragas_bytes

    dataset = import_ragas_bytes(data, str(args.file), args.format)
    sys.stdout.write(dataset_to_text(dataset))
    return 0


def _note(source: str, text: str) -> None:
    sys.stderr.write(f"note: {': '.join(one_line(part) for part in (source, text) if part)}\n")


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as error:
        raise input_error(PROBLEMS, "cannot_write_file", source=str(path),
                          detail=error.strerror or str(error)) from None


def _run_import_cases(args: argparse.Namespace) -> int:
    data = _read(args, args.file)
    from uncase_core.rag.cases import dataset_to_text
    from uncase_core.rag.interchange import read_cases
    from uncase_core.rag.sources import INTERCHANGE_NOTES, collector_paused

    variables = {"question": args.question_var, "context": args.context_var, "reference": args.reference_var,
                 "answer": args.answer_var}
    imported = read_cases(data, str(args.file), args.source_format,
                          variables if any(variables.values()) else None, _ProgressBar())
    for note in imported.notes:
        _note(str(args.file), note.text(INTERCHANGE_NOTES))
    with collector_paused():
        sys.stdout.write(dataset_to_text(imported.dataset))
    return 0


_EXPORT_LAYOUTS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "ragas": ("jsonl", "json", "csv", "parquet"), "deepeval": ("snake", "camel"), "label-studio": ()})


def _export_target(args: argparse.Namespace, dataset: Any) -> tuple[str | None, str, str | None]:
    """``(tool, kind of file, CSV delimiter)`` to write: ``--to`` (else the tool the cases came from; None: RAG
    cases), the kind ``--out``'s extension names (else ``--layout``'s for RAGAS, else the kind they came in, else the
    tool's first). An extension that names no kind, or another kind than ``--layout`` or than the tool writes, is
    refused naming both."""
    from uncase_core.rag.interchange import kind_of_path
    from uncase_core.rag.sources import came_in
    from uncase_core.rag.tools import FILE_KINDS, FORMAT_NAMES

    came = came_in(dataset)
    tool = args.to or (came[0] if came is not None else None)
    kinds = FILE_KINDS[tool] if tool is not None else ("json",)
    chosen = args.layout if tool == "ragas" and args.layout is not None else None
    from_path = None
    if args.out is not None and args.out.suffix:
        from_path = kind_of_path(args.out.suffix)
        if from_path is None or from_path not in kinds:
            raise input_error(PROBLEMS, "out_kind", "--out", suffix=args.out.suffix,
                              target=FORMAT_NAMES[tool] if tool is not None else "RAG cases",
                              kinds=", ".join(f".{kind}" for kind in kinds))
        if chosen is not None and chosen != from_path:
            raise input_error(PROBLEMS, "out_layout", "--out", suffix=args.out.suffix, layout=chosen)
    same = came is not None and came[0] == tool
    kind = from_path or chosen or (came[1] if same else kinds[0])
    return tool, kind, came[2] if same and came[1] == kind == "csv" else None


def _run_export_cases(args: argparse.Namespace) -> int:
    if args.config is not None and args.to != "label-studio":
        raise input_error(PROBLEMS, "config_needs_label_studio", "--config")
    data = _read(args, args.file)
    from uncase_core.rag.cases import dataset_from_bytes
    from uncase_core.rag.interchange import export_case_json, export_cases
    from uncase_core.rag.label_studio import label_studio_config

    if args.layout is not None:
        layouts = _EXPORT_LAYOUTS[args.to] if args.to is not None else ()
        if args.layout not in layouts:
            raise input_error(PROBLEMS, "layout_for_target", "--layout", layout=args.layout,
                              target=args.to or "(the cases' own)", choices=", ".join(layouts) or "none")
    dataset = dataset_from_bytes(data, str(args.file))
    tool, kind, delimiter = _export_target(args, dataset)
    keys = args.layout if tool == "deepeval" else None
    try:
        written = export_case_json(dataset) if tool is None else \
            export_cases(dataset, tool, keys, kind, delimiter or ",", args.spreadsheet)
    except InputError as error:  # a case's judge scores or kept fields that cannot be written
        raise error.located(str(args.file)) from None
    if args.config is not None:
        _write(args.config, label_studio_config(args.language))
    if args.out is not None:
        _write(args.out, written)
    elif kind == "parquet":
        sys.stdout.flush()
        sys.stdout.buffer.write(written)
    else:
        sys.stdout.write(written.decode("utf-8"))
    return 0


class _ProgressBar:
    """A one-line progress bar on stderr, drawn only for batches long enough to wait for."""

    MIN_ITEMS = 200
    WIDTH = 30

    def __init__(self) -> None:
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        if total < self.MIN_ITEMS:
            return
        percent = done * 100 // total
        if percent == self.shown:
            return
        self.shown = percent
        filled = self.WIDTH * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _run_conversations(args: argparse.Namespace) -> int:
    data = _read(args, args.file)
    from uncase_core.conversations.evaluator import Evaluator
    from uncase_core.conversations.model import conversations_from_bytes

    conversations = conversations_from_bytes(data, str(args.file))
    evaluator = Evaluator(thresholds=dict(args.threshold))
    report = evaluator.batch_evaluate(conversations, certify=args.certify, progress=_ProgressBar())
    text = _json_text(report.to_dict())
    if args.out:
        try:
            args.out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise input_error(PROBLEMS, "cannot_write_report", source=str(args.out),
                              detail=error.strerror or "cannot write the report") from None
    else:
        sys.stdout.write(text)
    return 0


def _run_verify(args: argparse.Namespace) -> int:
    report_data, data = _read(args, args.report), _read(args, args.file)
    from uncase_core.conversations.evaluator import verify
    from uncase_core.conversations.model import conversations_from_bytes
    from uncase_core.shared.formats import CONVERSATION_REPORT, check_format
    from uncase_core.shared.jsonfiles import reject_non_finite

    source = str(args.report)
    try:
        report = json.loads(report_data.decode("utf-8-sig"))
    except RecursionError:
        raise input_error(PROBLEMS, "report_too_deep", source=source) from None
    except ValueError as error:  # not UTF-8, not JSON, or an integer beyond Python's digit limit
        raise input_error(PROBLEMS, "not_a_json_report", source=source, detail=str(error)) from None
    try:
        reject_non_finite(report)
        check_format(report, CONVERSATION_REPORT)
    except InputError as error:
        raise error.located(source) from None
    if not isinstance(report, dict) or not report.get("certificate_hash"):
        raise input_error(PROBLEMS, "report_not_certified", source=source)
    conversations = conversations_from_bytes(data, str(args.file))
    try:
        result = verify(report, conversations)
    except InputError as error:  # the dataset is already read: what is wrong is in the report
        raise error.located(source) from None
    _print_json({"matches": result.matches, "expected": result.expected, "recomputed": result.recomputed,
                 "reason": result.reason})
    return 0 if result.matches else 1


def _run_summaries(args: argparse.Namespace) -> int:
    data = _read(args, args.file)
    from uncase_core.summaries.cases import cases_from_bytes
    from uncase_core.summaries.evaluation import evaluate_summaries

    cases = cases_from_bytes(data, str(args.file))
    _print_json(evaluate_summaries(cases, args.confidence).to_dict())
    return 0


def _run_rubrics(args: argparse.Namespace) -> int:
    data = _read(args, args.file)
    holistic_data = _read(args, args.holistic) if args.holistic else None
    from uncase_core.rubrics.lab import FilterSettings, analyse, read_verdicts

    verdicts = read_verdicts(data, str(args.file))
    settings = FilterSettings(args.filters, args.rule, args.misaligned_below, args.unstable_above)
    result = analyse(verdicts, settings, args.confidence).to_dict()
    if holistic_data is not None:
        from uncase_core.rubrics.holistic import holistic_agreement, read_holistic

        scores = read_holistic(holistic_data, str(args.holistic))
        result["holistic"] = holistic_agreement(scores).to_dict()
    _print_json(result)
    return 0


def _run_dataset(args: argparse.Namespace) -> int:
    dataset = _read_cases(args, args.file)
    from uncase_core.datasets import workbench as datasets

    source = str(args.file)
    try:
        datasets.revisions(dataset)  # a broken revision log is bad input too
        report = datasets.dataset_report(dataset, args.strata, args.leakage, dict(args.threshold))
    except InputError as error:
        raise error.located(source) from None
    for warning in report["warnings"]:
        _warn(source, warning["text"])
    _print_json(report)
    return 0


def _run_thresholds(args: argparse.Namespace) -> int:
    dataset = _read_cases(args, args.file)
    from uncase_core.rag import thresholds

    sweep = thresholds.sweep_threshold(dataset.cases, args.metric, thresholds.threshold_grid(step=args.step),
                                       args.confidence)
    result = sweep.to_dict()
    if args.flip:
        result["flips"] = thresholds.threshold_flips(dataset.cases, args.metric, *args.flip).to_dict()
    _print_json(result)
    return 0


def _run_agreement(args: argparse.Namespace) -> int:
    data_a, data_b = _read(args, args.file_a), _read(args, args.file_b)
    from uncase_core.agreement import pairs as agreement

    matched = agreement.agreement_from_bytes(data_a, str(args.file_a), data_b, str(args.file_b), args.field)
    _print_json(matched.to_dict(args.confidence))
    return 0


# ---------------------------------------------------------------- the parser


def _confidence_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--confidence", type=_confidence, default=0.95,
                         help=f"interval confidence, from {MIN_CONFIDENCE} to {MAX_CONFIDENCE} (default 0.95)")


def _exit_zero_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--exit-zero", action="store_true",
                         help="exit 0 whatever the result says (by default 1: a clear failure, 3: nothing "
                              "labelled; 2 is always bad input)")


# ---------------------------------------------------------------- judge, self-contained


def _add_judge_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    judge_cmd = command(
        "judge", _run_judge,
        help="an automatic judge beside hand labels: judge-only, hand-only, PPI and PPI++ intervals",
        description="Read a labelled RAG dataset and a judge's verdicts (those in FILE, the built-in lexical judge, "
                    "a verdict file or RAGAS results) and print, per dimension, the hand-labels-only, judge-only, "
                    "PPI and PPI++ intervals, what the judge is worth in hand labels and the judge-human "
                    "agreement as JSON.")
    judge_cmd.add_argument("file", type=Path, help='labelled RAG dataset (JSON, JSONL or {"cases": [...]})')
    judge_cmd.add_argument("--dimension", action="append", default=[], metavar="D",
                           help=f"{', '.join(RAG_METRICS[:-1])} or {RAG_METRICS[-1]} (repeatable; default all)")
    judge_cmd.add_argument("--tuned", action="store_true", help="PPI++ (power-tuned) as the headline, not plain PPI")
    _confidence_option(judge_cmd)
    judge_cmd.add_argument("--judge", choices=("stored", "builtin", "file", "ragas"), default="stored",
                           help="stored: the judge_* verdicts in FILE (default); builtin: the lexical judge; file: "
                                "a case_id,unit_id,dimension,judge_verdict file; ragas: RAGAS results (per case)")
    judge_cmd.add_argument("--judge-file", type=Path, metavar="F", help="the verdict file or RAGAS results file")
    judge_cmd.add_argument("--cutoff", action="append", default=[], type=_metric_value, metavar="NAME=VALUE",
                           help="built-in judge cut-off for one dimension (word overlap share, 0 to 1)")
    judge_cmd.add_argument("--score-threshold", type=_number, default=0.5,
                           help="ragas: a score at or above this is a yes (default 0.5)")
    judge_cmd.add_argument("--pass-threshold", type=_number, default=None,
                           help="ragas: a case passes when its labelled proportion reaches this "
                                "(default the RAG page's threshold for the dimension)")


def _run_judge(args: argparse.Namespace) -> int:
    if args.judge in ("file", "ragas") and args.judge_file is None:
        raise input_error(PROBLEMS, "judge_needs_file", "--judge-file", judge=args.judge)
    data = _read(args, args.file)
    judge_data = _read(args, args.judge_file) if args.judge in ("file", "ragas") else b""
    from uncase_core.judge.report import check_dimension, judge_report  # imported here: only this subcommand needs them
    from uncase_core.rag.evaluation import METRICS

    dataset = _cases(data, args.file)
    dimensions = tuple(dict.fromkeys(check_dimension(d) for d in args.dimension)) or METRICS
    result: dict[str, object] = {"judge": args.judge, "confidence": args.confidence, "tuned": args.tuned}
    if args.judge == "ragas":
        from uncase_core.judge.imports import compare_ragas, read_ragas_scores_bytes

        scores = read_ragas_scores_bytes(judge_data, str(args.judge_file))
        if not args.dimension:
            dimensions = tuple(d for d in METRICS if d in scores.columns)
        try:
            reports = {d: compare_ragas(dataset.cases, scores, d, args.score_threshold, args.pass_threshold,
                                        args.confidence, args.tuned).to_dict() for d in dimensions}
        except InputError as error:
            raise error.located(str(args.judge_file)) from None
        result["dimensions"] = reports
    else:
        if args.judge == "builtin":
            from uncase_core.judge.lexical_judge import judge_dataset, resolve_cutoffs

            cutoffs = resolve_cutoffs(dict(args.cutoff))
            dataset = judge_dataset(dataset, cutoffs)
            result["cutoffs"] = cutoffs
        elif args.judge == "file":
            from uncase_core.judge.imports import attach_verdicts_bytes

            attached = attach_verdicts_bytes(dataset, judge_data, str(args.judge_file))
            dataset = attached.dataset
            result["attached"] = attached.to_dict()
        result["dimensions"] = {d: judge_report(dataset.cases, d, args.confidence, args.tuned).to_dict()
                                for d in dimensions}
    _print_json(result)
    return 0


# ---------------------------------------------------------------- compare, self-contained


def _add_compare_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    compare_cmd = command(
        "compare", _run_compare,
        help="two systems on the same cases: paired differences, McNemar, flipped cases, strata and a verdict",
        description="Read system A's and system B's labelled RAG datasets (the same case ids) and print, per "
                    "dimension, both pooled proportions, the paired pass/fail table with B - A, Bonett and Price's "
                    "interval and the exact McNemar p-value, a case bootstrap interval for the pooled difference, "
                    "the flipped cases, the verdict and how many case pairs a difference of the size seen needs. "
                    "--format json prints everything as JSON, --format markdown a summary for a pull request. Exit "
                    "status: 0 B is not clearly worse, 1 B is clearly worse on a dimension, 2 bad input, 3 nothing "
                    "labelled (docs/cli.md).")
    compare_cmd.add_argument("file_a", type=Path,
                             help="system A's labelled cases (our format, or another tool's file the RAG page reads)")
    compare_cmd.add_argument("file_b", type=Path, help="system B's labelled cases, with the same case ids")
    compare_cmd.add_argument("--threshold", action="append", type=_name_value("--threshold"), default=[],
                             metavar="NAME=VALUE", help="a case fails below this (defaults: relevance 0.5, others 0.7)")
    compare_cmd.add_argument("--stratum", "--strata", dest="stratum", default=None, metavar="FIELD",
                             help="metadata field: the paired table per value of it (system A's values)")
    compare_cmd.add_argument("--primary", default=None, metavar="DIMENSION",
                             help="the dimension declared, before looking, to matter most: tested first at the full "
                                  "level, the others only after it is clear (default: Holm over the four)")
    compare_cmd.add_argument("--seed", type=int, default=0, help="seed of the case bootstrap (default 0)")
    compare_cmd.add_argument("--resamples", type=int, default=None, metavar="N",
                             help="bootstrap resamples of the cases (default 2000, at most 20000)")
    compare_cmd.add_argument("--power", type=_number, default=None,
                             help="power of the pairs-needed figure, 0.5 to 0.999 (default 0.8)")
    _confidence_option(compare_cmd)
    compare_cmd.add_argument("--format", choices=("text", "json", "markdown"), default="text",
                             help="text: a plain table (default); json: everything, schema_version "
                                  f"{SCHEMA_VERSION}; markdown: a short summary for a pull request")
    compare_cmd.add_argument("--json", action="store_true", help="the same as --format json")
    _exit_zero_option(compare_cmd)


# The core's names of the comparison's settings, as the options that set them.
_COMPARE_OPTIONS = MappingProxyType({"seed": "--seed", "resamples": "--resamples", "power": "--power",
                                     "stratum": "--stratum", "primary": "--primary"})


def _run_compare(args: argparse.Namespace) -> int:
    data_a, data_b = _read(args, args.file_a), _read(args, args.file_b)
    dataset_a, dataset_b = _cases(data_a, args.file_a), _cases(data_b, args.file_b)
    from uncase_core.compare import systems as compare
    from uncase_core.compare.paired import DEFAULT_POWER
    from uncase_core.rag.evaluation import Settings

    settings = Settings.build(thresholds=dict(args.threshold), confidence=args.confidence)
    try:
        result = compare.compare_systems(
            dataset_a, dataset_b, settings, stratum=args.stratum, seed=args.seed, primary=args.primary,
            resamples=compare.DEFAULT_RESAMPLES if args.resamples is None else args.resamples,
            power=DEFAULT_POWER if args.power is None else args.power)
    except InputError as error:
        if error.where in _COMPARE_OPTIONS:
            raise error.at(_COMPARE_OPTIONS[error.where]) from None
        if error.where == "cases_b":  # the case ids differ: the message names them
            raise error.located(f"{args.file_a}, {args.file_b}").at("") from None
        raise
    for note in result.notes:  # a stratum field no case has, or B's files disagreeing with A's on it
        _warn(str(args.file_a), note.text(compare.COMPARE_NOTES))
    from uncase_core.cli.gates import compare_gate

    gate = compare_gate(result)
    output = "json" if args.json else args.format
    if output == "json":
        _print_json({"schema_version": SCHEMA_VERSION, "a": str(args.file_a), "b": str(args.file_b),
                     **result.to_dict(), "gate": gate.to_dict()})
    elif output == "markdown":
        from uncase_core.cli.markdown import compare_markdown

        sys.stdout.write(compare_markdown(result, str(args.file_a), str(args.file_b), gate, compare.VERDICT_TEXTS))
    else:
        sys.stdout.write(_comparison_text(result, str(args.file_a), str(args.file_b)))
    return 0 if args.exit_zero else gate.exit_code


# ---------------------------------------------------------------- scores, self-contained


def _add_scores_parser(command: Callable[..., argparse.ArgumentParser]) -> None:
    scores_cmd = command(
        "scores", _run_scores, help="a tool's own scores: each column's mean with an interval; two runs compared",
        description="Read a file with a tool's own per-case scores (RAGAS score columns, DeepEval metrics, promptfoo "
                    "assertions; any file the RAG page reads) and print each score column's mean over cases with "
                    "Waudby-Smith and Ramdas' betting interval, which holds for scores in [0, 1] at any number of "
                    "cases from 2. With RUN_B, also each column's paired difference B - A over the cases both runs "
                    "have (matched by id) and a verdict: B higher, B lower, or no clear difference. Exit status: 0 "
                    "fine, 1 B clearly lower on a column, 2 bad input, 3 no column with 2 scores (docs/cli.md).")
    scores_cmd.add_argument("file", type=Path, help="run A: a file with a tool's scores")
    scores_cmd.add_argument("file_b", type=Path, nargs="?", default=None,
                            help="run B: the same cases scored again (optional)")
    _confidence_option(scores_cmd)
    scores_cmd.add_argument("--format", choices=("text", "json", "markdown"), default="text",
                            help="text: a plain list (default); json: everything, schema_version "
                                 f"{SCHEMA_VERSION}; markdown: a short table for a pull request")
    _exit_zero_option(scores_cmd)


def _run_scores(args: argparse.Namespace) -> int:
    data_a = _read(args, args.file)
    data_b = None if args.file_b is None else _read(args, args.file_b)
    dataset_a = _cases(data_a, args.file)
    dataset_b = None if data_b is None else _cases(data_b, args.file_b)
    from uncase_core.cli import scores as report
    from uncase_core.cli.gates import scores_gate
    from uncase_core.rag.tool_scores import compare_score_columns, score_columns

    columns = score_columns(dataset_a, args.confidence)
    comparison = None
    if dataset_b is not None:
        comparisons = compare_score_columns(dataset_a, dataset_b, args.confidence)
        comparison = (score_columns(dataset_b, args.confidence), comparisons, str(args.file_b))
    gate = scores_gate(columns, None if comparison is None else comparison[1])
    if args.format == "json":
        _print_json(report.scores_json(columns, str(args.file), args.confidence, gate, comparison, SCHEMA_VERSION))
    elif args.format == "markdown":
        sys.stdout.write(report.scores_markdown(columns, str(args.file), args.confidence, gate, comparison))
    else:
        sys.stdout.write(report.scores_text(columns, str(args.file), args.confidence, comparison))
    return 0 if args.exit_zero else gate.exit_code


def _rate(proportion: Any, figure: str) -> str:
    """As every page says it (uncase_core.stats.reading), in English; ``figure`` the registered one drawn."""
    from uncase_core.stats.reading import proportion_line

    return proportion_line(proportion, figure=figure)


def _signed(value: float | None) -> str:
    return "N/A" if value is None else f"{value:+.3f}"


def _interval(low: float | None, high: float | None) -> str:
    return "withheld" if low is None or high is None else f"[{low:+.3f}, {high:+.3f}]"


def _cells(paired: Any) -> str:
    return (f"both {paired.both}, only A {paired.only_a}, only B {paired.only_b}, neither {paired.neither}"
            + (f", dropped {paired.dropped}" if paired.dropped else ""))


def _comparison_text(result: Any, name_a: str, name_b: str) -> str:
    """The comparison as a plain table, in English (``--json`` gives every figure)."""
    from uncase_core.compare.paired import PAIRED_NOTES, SAMPLE_SIZE_NOTES
    from uncase_core.compare.systems import COMPARE_NOTES, VERDICT_TEXTS

    percent = f"{result.confidence:.1%}".replace(".0%", "%")
    lines = [f"A: {name_a}", f"B: {name_b}",
             *([f"primary dimension (declared first): {result.primary}"] if result.primary else []),
             f"{len(result.case_ids)} cases, {percent} intervals, bootstrap seed {result.seed} with "
             f"{result.resamples} resamples"]
    for name, d in result.dimensions.items():
        paired, boot, size = d.paired, d.bootstrap, d.sample_size
        p_value = "N/A" if paired.p_value is None else f"{paired.p_value:.4g}"
        lines += ["", f"{name} (a case passes at {d.threshold:g} or more)",
                  f"  pooled         A {_rate(d.pooled_a, 'compare.pooled')}   B {_rate(d.pooled_b, 'compare.pooled')}",
                  f"  cases          {_cells(paired)}",
                  f"  B - A          {_signed(paired.difference)} {_interval(paired.low, paired.high)}   "
                  f"exact McNemar p = {p_value}",
                  f"  bootstrap      pooled B - A {_signed(boot.difference)} {_interval(boot.low, boot.high)}"]
        lines += [f"    note: {note.text(PAIRED_NOTES)}" for note in paired.notes]
        lines += [f"    note: {note.text(COMPARE_NOTES)}" for note in boot.notes]
        for flip in d.flips:
            who = "B" if flip.direction == "only_b" else "A"
            lines.append(f"  flipped        {flip.case_id}: only {who} passes "
                         f"(A {_rate(flip.value_a, 'rag.case.interval')}, "
                         f"B {_rate(flip.value_b, 'rag.case.interval')})")
        for stratum in d.strata:  # exploratory: no verdict per stratum
            sp = stratum.paired
            lines.append(f"  {result.stratum} = {stratum.value} (exploratory): {_cells(sp)}; "
                         f"B - A {_signed(sp.difference)} {_interval(sp.low, sp.high)}")
        v = d.verdict
        adjusted = "N/A" if v.adjusted_p is None else f"{v.adjusted_p:.4g}"
        if v.code == "withheld":
            decided = f"{v.discordant} cases differ, {v.needed} needed"
        elif v.role == "primary":
            decided = f"declared first, exact McNemar p alone = {adjusted}"
        elif v.role == "secondary":
            decided = f"after the primary, exact McNemar p Holm-adjusted over {v.tests} dimensions = {adjusted}"
        else:
            decided = f"exact McNemar p Holm-adjusted over {v.tests} dimensions = {adjusted}"
        lines.append(f"  verdict        {VERDICT_TEXTS[v.code]}: {decided}")
        lines += [f"    note: {note.text(COMPARE_NOTES)}" for note in d.verdict.notes]
        if size.pairs_needed is not None:
            lines.append(f"  pairs needed   {size.pairs_needed} for the exact test to tell a difference of "
                         f"{_signed(paired.difference)} at {size.power:.0%} power ({size.pairs} now, "
                         f"{size.more_pairs} more)")
        else:
            lines += [f"  pairs needed   N/A: {note.text(SAMPLE_SIZE_NOTES)}" for note in size.notes]
    return "\n".join(lines) + "\n"


def build_parser(prog: str = "python -m uncase_core") -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--max-file-mb", type=_max_file_mb, default=DEFAULT_MAX_FILE_MB, metavar="MB",
                        help=f"refuse input files larger than this many megabytes (1 MB = 1,000,000 bytes; "
                             f"default {DEFAULT_MAX_FILE_MB}); only regular files are read")
    parser = _Parser(prog=prog, description="UNCASE evaluation playground, core tools.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, run: Callable[[argparse.Namespace], int], **kwargs: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, parents=[common], **kwargs)
        sub.set_defaults(run=run)
        return sub

    rag_cmd = command(
        "rag", _run_rag, help="evaluate and diagnose labelled RAG cases",
        description='Evaluate a RAG case or dataset (JSON, JSONL or {"cases": [...]}, or another tool\'s file the RAG '
                    "page reads) and print JSON. Exit status: 0 nothing fails clearly, 1 a dimension of the pooled "
                    "result fails clearly, 2 bad input, 3 nothing labelled (docs/cli.md).")
    rag_cmd.add_argument("file", type=Path)
    rag_cmd.add_argument("--threshold", action="append", type=_name_value("--threshold"), default=[],
                         metavar="NAME=VALUE", help="fail below this (defaults: relevance 0.5, others 0.7)")
    rag_cmd.add_argument("--weight", action="append", type=_name_value("--weight"), default=[],
                         metavar="NAME=VALUE",
                         help="raw composite weight, finite and not negative (default 1 each; normalized to sum 1)")
    rag_cmd.add_argument("--gate", action="append", type=_name_value("--gate"), default=[],
                         metavar="NAME=VALUE", help="hard gate: below it the case fails whatever the composite")
    rag_cmd.add_argument("--aggregation", choices=AGGREGATIONS, default="mean")
    _confidence_option(rag_cmd)
    rag_cmd.add_argument("--format", choices=("json", "markdown"), default="json",
                         help=f"json: everything, schema_version {SCHEMA_VERSION} (default); markdown: a short "
                              "summary for a pull request")
    _exit_zero_option(rag_cmd)

    ragas_cmd = command(
        "import-ragas", _run_import_ragas, help="turn RAGAS rows into unlabelled cases (JSONL on stdout)",
        description="Read user_input, retrieved_contexts, response, reference rows (JSONL, JSON or CSV).")
    ragas_cmd.add_argument("file", type=Path)
    ragas_cmd.add_argument("--format", choices=("jsonl", "json", "csv"), default=None,
                           help="input format (default: guessed from the content)")

    import_cmd = command(
        "import-cases", _run_import_cases,
        help="read RAGAS, DeepEval, promptfoo or Label Studio files as RAG cases (JSONL on stdout)",
        description="Read another tool's file (RAGAS rows as JSONL, JSON, CSV or Parquet; DeepEval test cases or "
                    "goldens as JSON, JSONL or CSV; promptfoo results JSON; a Label Studio JSON export) and write "
                    "its cases as JSON Lines on stdout, judge scores and the fields to write back kept in each "
                    "case. What was mapped, kept and ignored goes to stderr as note: lines, with a progress bar "
                    "for large files.")
    import_cmd.add_argument("file", type=Path)
    import_cmd.add_argument("--from", dest="source_format", choices=INTERCHANGE_FORMATS, default=None,
                            help="the tool the file comes from (default: detected from the content)")
    import_cmd.add_argument("--question-var", metavar="K", default=None,
                            help="promptfoo: the vars key that holds the question (required for promptfoo)")
    import_cmd.add_argument("--context-var", metavar="K", default=None,
                            help="promptfoo: the vars key that holds the retrieved context")
    import_cmd.add_argument("--reference-var", metavar="K", default=None,
                            help="promptfoo: the vars key that holds the reference answer")
    import_cmd.add_argument("--answer-var", metavar="K", default=None,
                            help="promptfoo: the vars key that holds the answer (default: the provider's "
                                 "response.output; with the echo provider, that is the prompt)")

    export_cmd = command(
        "export-cases", _run_export_cases, help="write RAG cases back for RAGAS, DeepEval or Label Studio",
        description="Read RAG cases (JSON, JSONL or {\"cases\": [...]}, such as import-cases wrote and the RAG page "
                    "downloads) and write them for another tool, with the hand labels and judge scores: RAGAS rows "
                    "(JSONL, JSON, CSV or Parquet), DeepEval test cases or goldens (JSON, JSONL or CSV, as save_as "
                    "writes them), or Label Studio tasks (and, with --config, the labelling config XML). Without "
                    "--to, the cases go back to the tool and kind of file they came in. The kind of file is the "
                    "one --out's extension names (a mismatch is refused), else the one the cases came in.")
    export_cmd.add_argument("file", type=Path)
    export_cmd.add_argument("--to", choices=EXPORT_TARGETS, default=None,
                            help="the tool (default: the one the cases came from)")
    export_cmd.add_argument("--out", type=Path, default=None, help="write here instead of stdout")
    export_cmd.add_argument("--layout", choices=("jsonl", "json", "csv", "parquet", "snake", "camel"), default=None,
                            help="ragas: the kind of file when --out does not name it (jsonl, json, csv, parquet); "
                                 "deepeval: snake or camel keys (default: as each case came)")
    export_cmd.add_argument("--spreadsheet", action="store_true",
                            help="a CSV to open in a spreadsheet: put ' before a text starting with =, +, -, @, a tab "
                                 "or a line break, so the spreadsheet shows it instead of running it (RAGAS, DeepEval "
                                 "and pandas read that ' as text; default: cells as they are; other kinds ignore it)")
    export_cmd.add_argument("--config", type=Path, default=None, metavar="PATH",
                            help="label-studio: also write the labelling config XML here")
    export_cmd.add_argument("--language", choices=("en", "es"), default="en",
                            help="label-studio: the language of the config's headings and choices (default en)")

    conv_cmd = command(
        "conversations", _run_conversations, help="score synthetic conversations (document 000's quality evaluator)",
        description="Score conversations (JSON, JSONL) on ROUGE-L, fidelity, TTR, coherence and the privacy "
                    "and memorization gates; print the report as JSON.")
    conv_cmd.add_argument("file", type=Path)
    conv_cmd.add_argument("--certify", action="store_true", help="seal the report with a SHA-256 certificate")
    conv_cmd.add_argument("--out", type=Path, help="write the report here instead of stdout")
    conv_cmd.add_argument("--threshold", action="append", type=_metric_value, default=[], metavar="NAME=VALUE",
                          help="rouge_l (0.65), fidelity (0.90), ttr (0.55), coherence (0.85)")

    verify_cmd = command(
        "verify", _run_verify, help="recompute a report's certificate: exit 0 if it matches, 1 if not",
        description="Recompute the certificate of REPORT from FILE and the report's thresholds.")
    verify_cmd.add_argument("report", type=Path)
    verify_cmd.add_argument("file", type=Path)

    summaries_cmd = command(
        "summaries", _run_summaries, help="score labelled summary cases (document 002's autoevaluation)",
        description="Score summary cases (JSON, JSONL or {\"cases\": [...]}) on accuracy, adherence and "
                    "completeness, with the N/A rules, micro and macro; print the report as JSON.")
    summaries_cmd.add_argument("file", type=Path)
    _confidence_option(summaries_cmd)

    rubrics_cmd = command(
        "rubrics", _run_rubrics, help="DRFR, rubric filtering and ranking stability between judges (document 003)",
        description="Read verdicts (CSV or JSONL: candidate, prompt, item, judge, run, verdict), filter bad "
                    "rubric items and print DRFR (0-100) and stability before and after as JSON.")
    rubrics_cmd.add_argument("file", type=Path)
    rubrics_cmd.add_argument("--filters", type=_filters, default=RUBRIC_FILTERS, metavar="NAMES",
                             help=f"comma-separated subset of {','.join(RUBRIC_FILTERS)} (default: all four)")
    rubrics_cmd.add_argument("--rule", choices=("all", "any"), default="all",
                             help="trivial/impossible/misaligned must hold under all judges or any judge")
    rubrics_cmd.add_argument("--misaligned-below", type=_number, default=0.0,
                             help="misaligned when the correlation is below this (default 0)")
    rubrics_cmd.add_argument("--unstable-above", type=_number, default=0.20,
                             help="unstable when runs disagree in more than this share of pairs (default 0.20)")
    _confidence_option(rubrics_cmd)
    rubrics_cmd.add_argument("--holistic", type=Path, metavar="SCORES",
                             help="holistic scores (candidate, judge, score) to compare judges' agreement with")

    dataset_cmd = command(
        "dataset", _run_dataset, help="dataset version, strata, hidden failures, leakage and duplicates (document 004)",
        description='Read a RAG dataset (JSON, JSONL or {"cases": [...]}) and print its version, metrics per '
                    "stratum, hidden failing strata and, with --leakage, near and exact duplicate pairs as JSON. "
                    "A stratum field that no case has is reported on stderr and in the JSON's warnings.")
    dataset_cmd.add_argument("file", type=Path)
    dataset_cmd.add_argument("--strata", action="append", default=[], metavar="FIELD",
                             help="metadata field to break the metrics down by (repeatable)")
    dataset_cmd.add_argument("--leakage", action="store_true",
                             help="look for exact and near duplicates (5-gram Jaccard >= 0.8) within and across splits")
    dataset_cmd.add_argument("--threshold", action="append", type=_name_value("--threshold"), default=[],
                             metavar="NAME=VALUE", help="fail below this (defaults: relevance 0.5, others 0.7)")

    thresholds_cmd = command(
        "thresholds", _run_thresholds,
        help="pass rate of one dimension across thresholds, with Wilson intervals and flips",
        description='Read a RAG dataset (JSON, JSONL or {"cases": [...]}) and print, for each threshold of a grid, '
                    "the share of cases passing with its interval and the clear pass / uncertain / clear fail "
                    "counts; with --flip A B, the cases that change side between two thresholds.")
    thresholds_cmd.add_argument("file", type=Path)
    thresholds_cmd.add_argument("--metric", choices=RAG_METRICS, required=True)
    thresholds_cmd.add_argument("--step", type=_number, default=0.05, help="grid step from 0 to 1 (default 0.05)")
    thresholds_cmd.add_argument("--flip", nargs=2, type=_number, metavar=("A", "B"),
                                help="list the cases that pass at A and fail at B, or the reverse")
    _confidence_option(thresholds_cmd)

    agreement_cmd = command(
        "agreement", _run_agreement,
        help="two annotators' labels for the same units: agreement, Cohen's kappa, disagreements",
        description="Match two labelled RAG datasets by case, unit and label and print raw agreement, Cohen's "
                    "kappa with its interval, the confusion table, unmatched counts and every disagreement.")
    agreement_cmd.add_argument("file_a", type=Path)
    agreement_cmd.add_argument("file_b", type=Path)
    agreement_cmd.add_argument("--field", choices=LABEL_NAMES, default=None,
                               help="one label only (default: all labels together)")
    _confidence_option(agreement_cmd)
    _add_judge_parser(command)
    _add_compare_parser(command)
    _add_scores_parser(command)
    return parser


def run(argv: Sequence[str] | None = None, prog: str = "python -m uncase_core") -> int:
    args = build_parser(prog).parse_args(argv)
    try:
        return args.run(args)
    except InputError as error:
        sys.stderr.write(f"error: {error.message}\n")
        return EXIT_BAD_INPUT


def main() -> None:
    raise SystemExit(run())


def console() -> None:
    """The ``uncase`` command an installed package gives (pyproject.toml's project.scripts)."""
    raise SystemExit(run(prog="uncase"))
