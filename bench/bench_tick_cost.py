"""Server CPU per label tick on a page with 20 cases and with the page's case limit loaded, interleaved.

    .venv/bin/python bench/bench_tick_cost.py [--page rag|agreement|compare|thresholds] [--rounds 8] [--ticks 10]
                                              [--cases N]

Issue 50's goal: one case is on screen whatever the dataset's size, so a tick (a passage's label changed in the
label table: a rerun of the result fragments) at the page's case limit (``ui/frame/limits.py``, 2,000) should cost
the server at most 1.5x what it costs at 20 cases. Two protocol-level sessions (tests/support/protocol_client.py:
the browser's own websocket messages, nothing rendered) open two workspaces of synthetic cases
(bench/synthetic_rag.py), stored before the server starts, on one server. They tick in turn, ``--ticks`` ticks a
block, the 20-case session's block then the large one's (A B A B ...), for ``--rounds`` rounds, so that a change in
the machine's load falls on both. Only the server process's CPU time is counted (from /proc); the machine's load
average and how busy its CPUs were during the run are printed beside the figures.

``--page agreement``: the annotator agreement page on an uploaded pair of ``N`` cases each (annotator B's labels
drawn with another seed), a tick being one of annotator A's boxes in the label table of the first case.
``--page compare``: the compare page on two uploaded systems of ``N`` cases each (the same pair), a tick being a
passage's box of system A's first case. ``--page thresholds``: the threshold explorer on an uploaded dataset, a
tick being a step of the threshold slider (faithfulness, 50% to 70% and back).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_load import RAG_PATH  # noqa: E402
from bench.bench_server_cost import cpu_seconds  # noqa: E402
from bench.synthetic_rag import synthetic_dataset  # noqa: E402
from tests.support.protocol_client import ProtocolSession, RunResult  # noqa: E402
from tests.support.server import serve  # noqa: E402
from uncase_core.rag.cases import RagDataset, dataset_to_text  # noqa: E402

if TYPE_CHECKING:
    from ui.frame.workspace import Workspace

FLOOR_CASES = 20
GOAL = 1.5
WARM_UP_TICKS = 5  # first runs import and compile, and fill the session's kept evaluations


def machine_ticks() -> tuple[int, int]:
    """(busy, all) CPU ticks of the whole machine so far, from /proc/stat (idle and iowait are not busy)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return sum(values) - values[3] - values[4], sum(values)


def agreement_pair(cases: int) -> tuple[RagDataset, RagDataset]:
    """Annotators A and B on the same ``cases`` synthetic cases, B's labels drawn with another seed."""
    return synthetic_dataset(cases, seed=7), synthetic_dataset(cases, seed=8)


@dataclass(frozen=True)
class Page:
    path: str
    column: str  # the label table's column a tick flips (pages whose tick is a label)

    def store(self, workspace: Workspace, cases: int) -> None:
        """Put ``cases`` synthetic cases where the page reads them."""
        raise NotImplementedError

    def shows(self, cases: int) -> str:
        """A text the page shows (within one of its texts) once it has read the ``cases`` cases."""
        raise NotImplementedError

    async def tick(self, session: ProtocolSession, i: int) -> RunResult:
        """The ``i``-th click: a box of the first label table flipped."""
        return await session.toggle_editor_cell(0, i % 5, self.column)


class RagPage(Page):
    def store(self, workspace: Workspace, cases: int) -> None:
        from ui.frame.data_kinds import RAG

        workspace.replace(RAG, synthetic_dataset(cases), f"synthetic-{cases}.jsonl", "upload")

    def shows(self, cases: int) -> str:
        from ui.i18n import translate

        return translate("en", "rag.results_dataset", count=cases)


class AgreementPage(Page):
    def store(self, workspace: Workspace, cases: int) -> None:
        from ui.frame.data_kinds import AGREEMENT_A, AGREEMENT_B
        from ui.page_data.agreement import SOURCE_KEY

        for kind, dataset in zip((AGREEMENT_A, AGREEMENT_B), agreement_pair(cases), strict=True):
            workspace.replace(kind, dataset_to_text(dataset), f"{kind.name}-{cases}.jsonl", "upload")
        workspace.set_settings({SOURCE_KEY: "upload"})

    def shows(self, cases: int) -> str:
        from ui.i18n import format_count, translate
        from uncase_core.agreement.pairs import match_labels

        matched = match_labels(*agreement_pair(cases))
        return translate("en", "agr.matched", count=format_count(len(matched.pairs), "en"), only_a=matched.only_a,
                         only_b=matched.only_b, neither=matched.neither)


class ComparePage(Page):
    def store(self, workspace: Workspace, cases: int) -> None:
        from ui.page_data.compare import SOURCE_KEY, UPLOADS

        for side, dataset in zip(("a", "b"), agreement_pair(cases), strict=True):
            workspace.replace(UPLOADS[side], dataset, f"system-{side}-{cases}.jsonl", "upload")
        workspace.set_settings({SOURCE_KEY: "upload"})

    def shows(self, cases: int) -> str:
        from ui.i18n import translate

        return translate("en", "compare.verdicts_title")


class ThresholdsPage(Page):
    def store(self, workspace: Workspace, cases: int) -> None:
        from ui.frame.data_kinds import THRESHOLD_UPLOAD

        workspace.replace(THRESHOLD_UPLOAD, synthetic_dataset(cases), f"synthetic-{cases}.jsonl", "upload")
        workspace.set_settings({"thr_source": "upload"})

    def shows(self, cases: int) -> str:

        return f" / {cases} · "  # the pass rate's line: "3785 / 5000 · 75.7% · 95% interval ..."

    async def tick(self, session: ProtocolSession, i: int) -> RunResult:
        """A step of the threshold slider: 50% to 70% and back, 5 points apart."""
        from ui.i18n import translate

        return await session.set_slider(translate("en", "thr.current"), 0.5 + 0.05 * (i % 5), sidebar=False)


PAGES: dict[str, Page] = {
    "rag": RagPage(RAG_PATH, "relevant"),
    "agreement": AgreementPage("/annotator_agreement", "a"),
    "compare": ComparePage("/compare_systems", "relevant"),
    "thresholds": ThresholdsPage("/threshold_explorer", ""),
}


def stored_workspace(store_url: str, page: Page, cases: int) -> str:
    """A new workspace in the store holding ``cases`` synthetic cases where ``page`` reads them; its token."""
    from ui.frame.workspace import Workspace
    from uncase_store import open_store

    store = open_store(store_url)
    try:
        workspace = Workspace.create(store)
        page.store(workspace, cases)
        return workspace.token
    finally:
        store.engine.dispose()


async def opened(base: str, page: Page, token: str, cases: int) -> ProtocolSession:
    """A session on ``page`` of workspace ``token``, checked to show its ``cases`` cases' figures."""
    session = await ProtocolSession.open(base, f"{page.path}?w={token}")
    heading = page.shows(cases)
    if not any(heading in text for text in session.texts()):
        await session.close()
        raise RuntimeError(f"the page does not show {heading!r}")
    return session


async def tick(session: ProtocolSession, page: Page, i: int) -> None:
    run = await page.tick(session, i)
    if run.exceptions:
        raise RuntimeError(f"a tick drew an exception: {run.exceptions[0][:300]}")


async def measure(base: str, pid: int, page: Page, tokens: dict[int, str], rounds: int, ticks: int
                  ) -> dict[int, list[float]]:
    """CPU ms per tick of each block, by the number of cases loaded."""
    sessions = {cases: await opened(base, page, token, cases) for cases, token in tokens.items()}
    try:
        for session in sessions.values():
            for i in range(WARM_UP_TICKS):
                await tick(session, page, i)
        per_tick: dict[int, list[float]] = {cases: [] for cases in sessions}
        for _ in range(rounds):
            for cases, session in sessions.items():  # A B A B: the floor's block, then the large one's
                before = cpu_seconds(pid)
                for i in range(ticks):
                    await tick(session, page, i)
                per_tick[cases].append(1000 * (cpu_seconds(pid) - before) / ticks)
        return per_tick
    finally:
        for session in sessions.values():
            await session.close()


def main() -> int:
    from ui.frame.limits import LIMITS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", choices=list(PAGES), default="rag", help="the page ticked (default rag)")
    parser.add_argument("--rounds", type=int, default=8, help="A B rounds (default 8)")
    parser.add_argument("--ticks", type=int, default=10, help="ticks per block (default 10)")
    parser.add_argument("--cases", type=int, default=None,
                        help="cases in the large workspace (default: the page's limit)")
    args = parser.parse_args()
    page = PAGES[args.page]
    if args.cases is None:
        args.cases = LIMITS[args.page].max_items
    store = f"sqlite:///{tempfile.mkdtemp(prefix='uncase-tick-cost-')}/store.db"
    tokens = {cases: stored_workspace(store, page, cases) for cases in (FLOOR_CASES, args.cases)}
    load_before = os.getloadavg()
    with serve(store=store) as (base, process):
        started = time.monotonic()
        busy_before, all_before = machine_ticks()
        per_tick = asyncio.run(measure(base, process.pid, page, tokens, args.rounds, args.ticks))
        busy_after, all_after = machine_ticks()
        busy = (busy_after - busy_before) / max(1, all_after - all_before)
        took = time.monotonic() - started
    load_after = os.getloadavg()
    print(f"server CPU per label tick on the {args.page} page, {args.rounds} rounds of {args.ticks} ticks, "
          f"{FLOOR_CASES} cases (A) and {args.cases} cases (B) interleaved A B A B, {took:.0f} s")
    for cases, blocks in per_tick.items():
        print(f"  {cases:>5} cases: median {statistics.median(blocks):6.1f} ms  blocks "
              + " ".join(f"{ms:.1f}" for ms in blocks))
    ratios = [large / small for small, large in zip(per_tick[FLOOR_CASES], per_tick[args.cases], strict=True)]
    ratio = statistics.median(per_tick[args.cases]) / statistics.median(per_tick[FLOOR_CASES])
    print(f"  ratio of medians {ratio:.2f}x (round by round: {min(ratios):.2f}-{max(ratios):.2f}x)   "
          f"goal <= {GOAL}x: {'met' if ratio <= GOAL else 'MISSED'}")
    print(f"machine: load average {load_before[0]:.2f} before, {load_after[0]:.2f} after (1 min); CPUs busy "
          f"{100 * busy:.0f}% during the run ({os.cpu_count()} CPUs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
