"""Command line: ``python -m uncase_core rag FILE ...`` and ``python -m uncase_core import-ragas FILE``.

Results are printed as JSON on stdout. Bad input gives one line on stderr naming the
file and the place, and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from uncase_core import rag
from uncase_core.errors import InputError
from uncase_core.rag_cases import dataset_from_bytes, dataset_to_text
from uncase_core.ragas_import import import_ragas_bytes

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
    return parser


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise InputError(error.strerror or "cannot read the file", source=str(path)) from None


def run(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
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
