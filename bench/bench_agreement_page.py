"""Server-side cost of a label change on the annotator agreement page (the built-in pair, 218 matched labels).

    .venv/bin/python bench/bench_agreement_page.py [--repeats 40]

Two figures, in a throwaway SQLite store:

- the whole script run after a box is ticked, with AppTest (storing the edit record, the figures, the case's
  table, the confusion table and the disagreements, the sidebar): an upper bound, since in the browser a tick
  reruns only the page's fragments, not the sidebar;
- the work those fragments do, without Streamlit: store the record (``AgreementView.apply_editor_states``),
  build the table with its marks, and match the pair twice (the figures and the tables each compute
  ``match_labels(...).agreement()``).

Each repeat toggles one box of annotator A or B in the first case, so the labels keep changing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from bench.timing import median_p95_line, page_runs_on_a_fresh_store  # noqa: E402
from ui.frame.data_kinds import AGREEMENT_PAIR  # noqa: E402
from ui.frame.workspace import Workspace  # noqa: E402
from ui.page_data.agreement import AgreementView, row_labels  # noqa: E402
from uncase_core.agreement.pairs import match_labels  # noqa: E402

PAGE = "app_pages/annotator_agreement.py"


def _tick(view: AgreementView, previous: dict | None, i: int) -> dict:
    """The editor's report after one more tick: the box of row ``i`` (mod the table's rows) of A, then of B on the
    next pass, set to the opposite of its stored label, so that every tick changes a label."""
    rows = view.rows("all")
    row, side = i % len(rows), "ab"[(i // len(rows)) % 2]
    label = row_labels(view.pair, view.case(), rows[row])["ab".index(side)]
    edits = {r: dict(cells) for r, cells in ((previous or {}).get("edited_rows") or {}).items()}
    edits.setdefault(row, {})[side] = not label
    return {"edited_rows": edits, "added_rows": [], "deleted_rows": []}


def _page_runs(repeats: int) -> list[float]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(PAGE)
    at.run()
    times = []
    for i in range(repeats + 5):
        view = at.session_state["agr_view"]
        key = view.editor_key("all")
        at.session_state[key] = _tick(view, at.session_state.get(key), i)
        start = time.perf_counter()
        at.run()
        if i >= 5:  # the first runs warm up
            times.append(time.perf_counter() - start)
        if at.exception:
            raise SystemExit(f"the page raised: {at.exception[0].value}")
    if len(at.session_state["workspace"].edits(AGREEMENT_PAIR)) != repeats + 5:
        raise SystemExit("a tick did not store its label")
    return times


def _fragment_work(store, repeats: int) -> list[float]:
    workspace = Workspace.create(store, {"language": "en"})
    state: dict = {}
    times = []
    for i in range(repeats + 5):
        view = AgreementView(workspace, "builtin", "en")
        key = view.editor_key("all")
        view.editor_table("all", has_widget_state=key in state)
        state[key] = _tick(view, state.get(key), i)
        start = time.perf_counter()
        view.apply_editor_states(state, "all")
        view.editor_table("all", has_widget_state=True)
        for _ in range(2):
            match_labels(*view.pair).agreement()
        if i >= 5:
            times.append(time.perf_counter() - start)
    if len(workspace.edits(AGREEMENT_PAIR)) != repeats + 5:
        raise SystemExit("a tick did not store its label")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=40)
    args = parser.parse_args()
    store = page_runs_on_a_fresh_store()
    print(median_p95_line("whole page run after a tick (AppTest)", _page_runs(args.repeats)))
    print(median_p95_line("fragment work after a tick (store the record, table with marks, figures twice)",
                _fragment_work(store, args.repeats)))


if __name__ == "__main__":
    main()
