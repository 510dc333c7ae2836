"""How much of the page Streamlit's frontend draws again for one slider step: React commits, and components.

    .venv/bin/python bench/bench_rerender.py [--moves 6] [--pause 1.5]

Opens the RAG page, the same-size floor (bench/same_size_app.py) and the minimal floor (bench/minimal_app.py) in Debian
chromium with a stand-in for React's developer-tools hook installed before the page's own scripts: React calls it
after every commit, and the hook walks the committed tree and counts the components that rendered in it (React's
``PerformedWork`` flag), by where they sit (sidebar or main). Then it moves the "Context relevance" slider
``--moves`` times and prints, per step, the commits and the components rendered.

Why it matters: a threshold step reruns only the result fragments on the server, but in the browser every commit
renders the page's whole tree again (the RAG page: some 2,500-3,200 components per commit, in 8 to 9 commits per
step, whichever fragment changed), so a step's browser cost follows the size of the page, and the floor to compare
a page with is a page of its size. The counts are exact, not sampled: the same page gives the same figures.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_browser_cost import move_slider, slider_page  # noqa: E402

PAGES = (("RAG diagnosis page", "app.py", "/rag_diagnosis"),
         ("same-size Streamlit page", "bench/same_size_app.py", "/"),
         ("minimal Streamlit page", "bench/minimal_app.py", "/"))

PERFORMED_WORK = 1  # React's fiber flag: the component rendered in this commit
HOST_COMPONENT = 5  # React's fiber tag for a DOM element

# A stand-in for React's developer-tools hook: React looks for it when it loads and reports each commit to it.
HOOK = """
window.__rerender = {counting: false, commits: 0, sidebar: 0, main: 0};
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true, renderers: new Map(),
  inject(renderer) { this.renderers.set(1, renderer); return 1; },
  checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
  onCommitFiberRoot(id, root) {
    const counts = window.__rerender;
    if (!counts.counting) return;
    counts.commits += 1;
    const stack = [[root.current, false]];
    while (stack.length) {
      const [fiber, parentInSidebar] = stack.pop();
      const inSidebar = parentInSidebar || (fiber.tag === HOST_COMPONENT && fiber.memoizedProps
                                            && fiber.memoizedProps["data-testid"] === "stSidebar");
      if (fiber.sibling) stack.push([fiber.sibling, parentInSidebar]);
      if (fiber.child) stack.push([fiber.child, inSidebar]);
      if (fiber.flags & PERFORMED_WORK) counts[inSidebar ? "sidebar" : "main"] += 1;
    }
  }
};
""".replace("HOST_COMPONENT", str(HOST_COMPONENT)).replace("PERFORMED_WORK", str(PERFORMED_WORK))


def count(script: str, path: str, moves: int, pause: float) -> dict[str, float]:
    """Commits and components rendered per slider step on the page served from ``script``."""
    with slider_page(script, path, init_script=HOOK) as (page, _thumb, _server):
        if not page.evaluate("window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size"):
            raise RuntimeError(f"{script}: React did not report to the hook; the counts would be zeros")
        page.evaluate("window.__rerender.counting = true")
        move_slider(page, moves, pause)  # it waits ``pause`` after the last step too
        counts = page.evaluate("window.__rerender")
    return {name: counts[name] / moves for name in ("commits", "sidebar", "main")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=6, help="slider steps per page (default 6)")
    parser.add_argument("--pause", type=float, default=1.5, help="seconds between two steps (default 1.5)")
    args = parser.parse_args()
    print(f"per slider step ({args.moves} steps): React commits, components rendered (sidebar + main)")
    for name, script, path in PAGES:
        c = count(script, path, args.moves, args.pause)
        rendered = c["sidebar"] + c["main"]
        print(f"  {name:<24} commits {c['commits']:4.1f}  components {rendered:7.0f} "
              f"({c['sidebar']:.0f} + {c['main']:.0f}; {rendered / c['commits']:.0f} per commit)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
