"""Looking after the store: ``python -m uncase_store {info,migrate,prune,export} ...``.

The store is the one ``UNCASE_STORE`` names (default: ``data/uncase.db``); ``--url`` overrides it.
Problems print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from uncase_store.engine import StoreConfigError, redacted, store_url
from uncase_store.migrations import LATEST_VERSION
from uncase_store.store import MB, StoreError, open_store

EXIT_PROBLEM = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m uncase_store", description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="SQLAlchemy URL of the store (default: $UNCASE_STORE or data/uncase.db)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("info", help="where the store is, its schema version, workspaces and size")
    commands.add_parser("migrate", help="bring the schema up to date (the app also does this when it starts)")
    prune = commands.add_parser("prune", help="delete workspaces not opened or changed for N days, and rooms "
                                              "unchanged as long")
    prune.add_argument("--days", type=float, required=True, help="age in days (e.g. 30)")
    prune.add_argument("--dry-run", action="store_true", help="count what would go, delete nothing")
    export = commands.add_parser("export", help="print one workspace's rows as JSON (a backup, or to inspect it)")
    export.add_argument("token", help="the workspace token (the w=... of its link); one that starts with - "
                        "goes after --, as in: export -- -Kpf...")
    return parser


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    url = args.url or store_url()
    try:
        store = open_store(url)
        if args.command == "info":
            count, size = store.totals()
            print(json.dumps({"store": redacted(url), "schema_version": LATEST_VERSION, "workspaces": count,
                              "size_mb": round(size / MB, 3),
                              "disk_mb": round(store.disk_bytes() / MB, 3),
                              "caps_mb": {"workspace": store.limits.workspace_bytes / MB,
                                          "store": store.limits.store_bytes / MB}}, indent=2))
        elif args.command == "migrate":
            print(f"{redacted(url)}: schema version {LATEST_VERSION}")
        elif args.command == "prune":
            result = store.prune(args.days, dry_run=args.dry_run)
            verb = "would delete" if args.dry_run else "deleted"
            print(f"{verb} {result.workspaces} workspace(s) not used for {args.days:g} days "
                  f"({result.size_bytes / MB:.2f} MB) and {result.rooms} room(s) unchanged as long")
        else:
            print(json.dumps(store.load(args.token).to_dict(), ensure_ascii=False, indent=2))
    except (StoreError, StoreConfigError) as error:
        detail = getattr(error, "detail", None)  # the operator may see what the driver said
        sys.stderr.write(f"python -m uncase_store: {error}{f' ({detail})' if detail else ''}\n")
        return EXIT_PROBLEM
    return 0
