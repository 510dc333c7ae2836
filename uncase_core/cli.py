"""Command line: ``python -m uncase_core COMMAND ...``, one subcommand per module (see ``--help``).

Results are printed as JSON on stdout. Bad input gives one line on stderr naming the
file and the place, and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from uncase_core import agreement, datasets, rag, thresholds
from uncase_core.conversations import conversations_from_bytes
from uncase_core.errors import InputError
from uncase_core.evaluator import Evaluator, verify
from uncase_core.holistic import holistic_agreement, read_holistic
from uncase_core.rag_cases import dataset_from_bytes, dataset_to_text
from uncase_core.ragas_import import import_ragas_bytes
from uncase_core.rubrics import FILTERS, FilterSettings, analyse, read_verdicts
from uncase_core.summary import cases_from_bytes as summary_cases_from_bytes
from uncase_core.summary import evaluate_summaries

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


def _name_value(option: str):
    def parse(text: str) -> tuple[str, float]:
        name, sep, value = text.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"{option} expects NAME=VALUE, got {text!r}")
        if name not in rag.METRICS:
            raise argparse.ArgumentTypeError(
                f"{option}: unknown dimension {name!r}; use one of {', '.join(rag.METRICS)}")
        try:
            return name, float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{option} {name}: expected a number, got {value!r}") from None
    return parse


def _confidence(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m uncase_core", description="UNCASE evaluation playground, core tools.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    rag_cmd = commands.add_parser(
        "rag", help="evaluate and diagnose labelled RAG cases",
        description='Evaluate a RAG case or dataset (JSON, JSONL or {"cases": [...]}) and print JSON.')
    rag_cmd.add_argument("file", type=Path)
    rag_cmd.add_argument("--threshold", action="append", type=_name_value("--threshold"), default=[],
                         metavar="NAME=VALUE", help="fail below this (defaults: relevance 0.5, others 0.7)")
    rag_cmd.add_argument("--weight", action="append", type=_name_value("--weight"), default=[],
                         metavar="NAME=VALUE", help="raw composite weight (default 1 each; normalized to sum 1)")
    rag_cmd.add_argument("--gate", action="append", type=_name_value("--gate"), default=[],
                         metavar="NAME=VALUE", help="hard gate: below it the case fails whatever the composite")
    rag_cmd.add_argument("--aggregation", choices=rag.AGGREGATIONS, default="mean")
    rag_cmd.add_argument("--confidence", type=_confidence, default=0.95, help="interval confidence (default 0.95)")

    ragas_cmd = commands.add_parser(
        "import-ragas", help="turn RAGAS rows into unlabelled cases (JSONL on stdout)",
        description="Read user_input, retrieved_contexts, response, reference rows (JSONL, JSON or CSV).")
    ragas_cmd.add_argument("file", type=Path)
    ragas_cmd.add_argument("--format", choices=("jsonl", "json", "csv"), default=None,
                           help="input format (default: guessed from the content)")
    conv_cmd = commands.add_parser(
        "conversations", help="score synthetic conversations (document 000's quality evaluator)",
        description="Score conversations (JSON, JSONL) on ROUGE-L, fidelity, TTR, coherence and the privacy "
                    "and memorization gates; print the report as JSON.")
    conv_cmd.add_argument("file", type=Path)
    conv_cmd.add_argument("--certify", action="store_true", help="seal the report with a SHA-256 certificate")
    conv_cmd.add_argument("--out", type=Path, help="write the report here instead of stdout")
    conv_cmd.add_argument("--threshold", action="append", type=_metric_value, default=[], metavar="NAME=VALUE",
                          help="rouge_l (0.65), fidelity (0.90), ttr (0.55), coherence (0.85)")

    verify_cmd = commands.add_parser(
        "verify", help="recompute a report's certificate: exit 0 if it matches, 1 if not",
        description="Recompute the certificate of REPORT from FILE and the report's thresholds.")
    verify_cmd.add_argument("report", type=Path)
    verify_cmd.add_argument("file", type=Path)

    summaries_cmd = commands.add_parser(
        "summaries", help="score labelled summary cases (document 002's autoevaluation)",
        description="Score summary cases (JSON, JSONL or {\"cases\": [...]}) on accuracy, adherence and "
                    "completeness, with the N/A rules, micro and macro; print the report as JSON.")
    summaries_cmd.add_argument("file", type=Path)
    summaries_cmd.add_argument("--confidence", type=_confidence, default=0.95,
                               help="interval confidence (default 0.95)")

    rubrics_cmd = commands.add_parser(
        "rubrics", help="DRFR, rubric filtering and ranking stability between judges (document 003)",
        description="Read verdicts (CSV or JSONL: candidate, prompt, item, judge, run, verdict), filter bad "
                    "rubric items and print DRFR (0-100) and stability before and after as JSON.")
    rubrics_cmd.add_argument("file", type=Path)
    rubrics_cmd.add_argument("--filters", type=_filters, default=FILTERS, metavar="NAMES",
                             help=f"comma-separated subset of {','.join(FILTERS)} (default: all four)")
    rubrics_cmd.add_argument("--rule", choices=("all", "any"), default="all",
                             help="trivial/impossible/misaligned must hold under all judges or any judge")
    rubrics_cmd.add_argument("--misaligned-below", type=_number, default=0.0,
                             help="misaligned when the correlation is below this (default 0)")
    rubrics_cmd.add_argument("--unstable-above", type=_number, default=0.20,
                             help="unstable when runs disagree in more than this share of pairs (default 0.20)")
    rubrics_cmd.add_argument("--confidence", type=_confidence, default=0.95, help="interval confidence (default 0.95)")
    rubrics_cmd.add_argument("--holistic", type=Path, metavar="SCORES",
                             help="holistic scores (candidate, judge, score) to compare judges' agreement with")
    dataset_cmd = commands.add_parser(
        "dataset", help="dataset version, strata, hidden failures, leakage and duplicates (document 004)",
        description='Read a RAG dataset (JSON, JSONL or {"cases": [...]}) and print its version, metrics per '
                    "stratum, hidden failing strata and, with --leakage, near and exact duplicate pairs as JSON.")
    dataset_cmd.add_argument("file", type=Path)
    dataset_cmd.add_argument("--strata", action="append", default=[], metavar="FIELD",
                             help="metadata field to break the metrics down by (repeatable)")
    dataset_cmd.add_argument("--leakage", action="store_true",
                             help="look for exact and near duplicates (5-gram Jaccard >= 0.8) within and across splits")
    dataset_cmd.add_argument("--threshold", action="append", type=_name_value("--threshold"), default=[],
                             metavar="NAME=VALUE", help="fail below this (defaults: relevance 0.5, others 0.7)")
    thresholds_cmd = commands.add_parser(
        "thresholds", help="pass rate of one dimension across thresholds, with Wilson intervals and flips",
        description='Read a RAG dataset (JSON, JSONL or {"cases": [...]}) and print, for each threshold of a grid, '
                    "the share of cases passing with its interval and the clear pass / uncertain / clear fail "
                    "counts; with --flip A B, the cases that change side between two thresholds.")
    thresholds_cmd.add_argument("file", type=Path)
    thresholds_cmd.add_argument("--metric", choices=rag.METRICS, required=True)
    thresholds_cmd.add_argument("--step", type=_number, default=0.05, help="grid step from 0 to 1 (default 0.05)")
    thresholds_cmd.add_argument("--flip", nargs=2, type=_number, metavar=("A", "B"),
                                help="list the cases that pass at A and fail at B, or the reverse")
    thresholds_cmd.add_argument("--confidence", type=_confidence, default=0.95,
                                help="interval confidence (default 0.95)")

    agreement_cmd = commands.add_parser(
        "agreement", help="two annotators' labels for the same units: agreement, Cohen's kappa, disagreements",
        description="Match two labelled RAG datasets by case, unit and label and print raw agreement, Cohen's "
                    "kappa with its interval, the confusion table, unmatched counts and every disagreement.")
    agreement_cmd.add_argument("file_a", type=Path)
    agreement_cmd.add_argument("file_b", type=Path)
    agreement_cmd.add_argument("--field", choices=agreement.FIELDS, default=None,
                               help="one label only (default: all labels together)")
    agreement_cmd.add_argument("--confidence", type=_confidence, default=0.95,
                               help="interval confidence (default 0.95)")
    _add_judge_parser(commands)
    return parser


# ---------------------------------------------------------------- judge (issue 17), self-contained


def _add_judge_parser(commands: argparse._SubParsersAction) -> None:
    judge_cmd = commands.add_parser(
        "judge", help="an automatic judge beside hand labels: judge-only, hand-only, PPI and PPI++ intervals",
        description="Read a labelled RAG dataset and a judge's verdicts (those in FILE, the built-in lexical judge, "
                    "a verdict file or RAGAS results) and print, per dimension, the hand-labels-only, judge-only, "
                    "PPI and PPI++ intervals, what the judge is worth in hand labels and the judge-human "
                    "agreement as JSON.")
    judge_cmd.add_argument("file", type=Path, help='labelled RAG dataset (JSON, JSONL or {"cases": [...]})')
    judge_cmd.add_argument("--dimension", action="append", default=[], metavar="D",
                           help="context_relevance, faithfulness, correctness or coverage (repeatable; default all)")
    judge_cmd.add_argument("--tuned", action="store_true", help="PPI++ (power-tuned) as the headline, not plain PPI")
    judge_cmd.add_argument("--confidence", type=_confidence, default=0.95, help="interval confidence (default 0.95)")
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
    from uncase_core.judge import check_dimension, judge_report  # imported here: only this subcommand needs them
    from uncase_core.rag import METRICS

    if args.judge in ("file", "ragas") and args.judge_file is None:
        raise InputError(f"--judge {args.judge} needs --judge-file F", "--judge-file")
    dataset = dataset_from_bytes(_read(args.file), str(args.file))
    dimensions = tuple(dict.fromkeys(check_dimension(d) for d in args.dimension)) or METRICS
    result: dict[str, object] = {"judge": args.judge, "confidence": args.confidence, "tuned": args.tuned}
    if args.judge == "ragas":
        from uncase_core.judge_import import compare_ragas, read_ragas_scores_bytes

        scores = read_ragas_scores_bytes(_read(args.judge_file), str(args.judge_file))
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
            from uncase_core.lexical_judge import judge_dataset, resolve_cutoffs

            cutoffs = resolve_cutoffs(dict(args.cutoff))
            dataset = judge_dataset(dataset, cutoffs)
            result["cutoffs"] = cutoffs
        elif args.judge == "file":
            from uncase_core.judge_import import attach_verdicts_bytes

            attached = attach_verdicts_bytes(dataset, _read(args.judge_file), str(args.judge_file))
            dataset = attached.dataset
            result["attached"] = attached.to_dict()
        result["dimensions"] = {d: judge_report(dataset.cases, d, args.confidence, args.tuned).to_dict()
                                for d in dimensions}
    sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    return 0


def _run_thresholds(args: argparse.Namespace) -> int:
    dataset = dataset_from_bytes(_read(args.file), str(args.file))
    sweep = thresholds.sweep_threshold(dataset.cases, args.metric, thresholds.threshold_grid(step=args.step),
                                       args.confidence)
    result = sweep.to_dict()
    if args.flip:
        result["flips"] = thresholds.threshold_flips(dataset.cases, args.metric, *args.flip).to_dict()
    sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    return 0


def _run_agreement(args: argparse.Namespace) -> int:
    matched = agreement.agreement_from_bytes(_read(args.file_a), str(args.file_a), _read(args.file_b),
                                             str(args.file_b), args.field)
    sys.stdout.write(json.dumps(matched.to_dict(args.confidence), ensure_ascii=False, indent=2) + "\n")
    return 0


def _run_dataset(args: argparse.Namespace) -> int:
    source = str(args.file)
    dataset = dataset_from_bytes(_read(args.file), source)
    try:
        datasets.revisions(dataset)  # a broken revision log is bad input too
        report = datasets.dataset_report(dataset, args.strata, args.leakage, dict(args.threshold))
    except InputError as error:
        raise error.located(source) from None
    sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    return 0


def _filters(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in FILTERS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown filter {unknown[0]!r}; use {', '.join(FILTERS)}")
    return tuple(dict.fromkeys(names))


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None


def _metric_value(text: str) -> tuple[str, float]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        return name, float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name}: expected a number, got {value!r}") from None


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
    conversations = conversations_from_bytes(_read(args.file), str(args.file))
    evaluator = Evaluator(thresholds=dict(args.threshold))
    report = evaluator.batch_evaluate(conversations, certify=args.certify, progress=_ProgressBar())
    text = json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"
    if args.out:
        try:
            args.out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise InputError(error.strerror or "cannot write the report", source=str(args.out)) from None
    else:
        sys.stdout.write(text)
    return 0


def _run_verify(args: argparse.Namespace) -> int:
    try:
        report = json.loads(_read(args.report).decode("utf-8-sig"))
    except RecursionError:
        raise InputError("not a JSON report (nested too deeply to read)", source=str(args.report)) from None
    except ValueError as error:  # not UTF-8, not JSON, or an integer beyond Python's digit limit
        raise InputError(f"not a JSON report ({error})", source=str(args.report)) from None
    if not isinstance(report, dict) or not report.get("certificate_hash"):
        raise InputError("the report has no certificate_hash (make it with --certify)", source=str(args.report))
    conversations = conversations_from_bytes(_read(args.file), str(args.file))
    try:
        result = verify(report, conversations)
    except InputError as error:  # the dataset is already read: what is wrong is in the report
        raise error.located(str(args.report)) from None
    sys.stdout.write(json.dumps({"matches": result.matches, "expected": result.expected,
                                 "recomputed": result.recomputed, "reason": result.reason}, indent=2) + "\n")
    return 0 if result.matches else 1


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise InputError(error.strerror or "cannot read the file", source=str(path)) from None


def run(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "conversations":
            return _run_conversations(args)
        if args.command == "dataset":
            return _run_dataset(args)
        if args.command == "thresholds":
            return _run_thresholds(args)
        if args.command == "agreement":
            return _run_agreement(args)
        if args.command == "verify":
            return _run_verify(args)
        if args.command == "judge":
            return _run_judge(args)
        if args.command == "summaries":
            cases = summary_cases_from_bytes(_read(args.file), str(args.file))
            report = evaluate_summaries(cases, args.confidence).to_dict()
            sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
            return 0
        if args.command == "rubrics":
            verdicts = read_verdicts(_read(args.file), str(args.file))
            settings = FilterSettings(args.filters, args.rule, args.misaligned_below, args.unstable_above)
            result = analyse(verdicts, settings, args.confidence).to_dict()
            if args.holistic:
                scores = read_holistic(_read(args.holistic), str(args.holistic))
                result["holistic"] = holistic_agreement(scores).to_dict()
            sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
            return 0
        if args.command == "rag":
            dataset = dataset_from_bytes(_read(args.file), str(args.file))
            settings = rag.Settings.build(
                thresholds=dict(args.threshold), weights=dict(args.weight),
                aggregation=args.aggregation, gates=dict(args.gate), confidence=args.confidence)
            result = rag.evaluate_dataset(dataset.cases, settings).to_dict()
            sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
        else:
            dataset = import_ragas_bytes(_read(args.file), str(args.file), args.format)
            sys.stdout.write(dataset_to_text(dataset))
    except InputError as error:
        sys.stderr.write(f"error: {error.message}\n")
        return EXIT_BAD_INPUT
    return 0


def main() -> None:
    raise SystemExit(run())
