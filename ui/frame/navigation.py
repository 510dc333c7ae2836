"""The one page registry: every page of the playground, declared once.

``app.py`` hands :data:`PAGES` to ``st.navigation``; the sidebar, the home page's suggested order, the lesson
runner (which page a lesson runs on, and its name there), the access gate (where a room code leads) and the room's
links all read this list. A page is a script under ``app_pages/`` whose file name is its URL path
(``/rag_diagnosis``), as it was when the scripts lived in Streamlit's ``pages/`` folder.

This module imports nothing of the project: anything may read it without an import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType


def _room_sidebar(params: Mapping[str, str]) -> str:
    """The room's projector view (``?room=CODE&view=KEY``) starts with the sidebar closed."""
    return "collapsed" if "view" in params and "room" in params else "auto"


@dataclass(frozen=True)
class PageEntry:
    """One page: where its script is, how it is reached, and what names it.

    ``title_key`` titles the page (its browser tab and its heading), ``nav_key`` labels the links to it,
    ``icon`` marks the links to it (a Material Symbols name, drawn with the font Streamlit serves itself; never the
    browser tab's icon: see :data:`TAB_ICON`). ``summary_key`` is its one line on the home page and ``suggested``
    its place in the home page's order (None: not listed there). ``lesson_name`` is what the lesson files call the
    page (None: no lesson runs on it; the lessons page itself is ``"lessons"``). ``sidebar`` picks the initial
    sidebar state from the address.
    """

    script: str
    url_path: str
    title_key: str
    nav_key: str
    icon: str
    summary_key: str | None = None
    suggested: int | None = None
    lesson_name: str | None = None
    sidebar: Callable[[Mapping[str, str]], str] | None = None

    @property
    def is_home(self) -> bool:
        return self.url_path == ""


# The browser tab's icon on every page. An emoji, which Streamlit draws as an inline SVG (a ``data:`` address): a
# page's ``:material/...:`` icon given to ``st.navigation`` became the tab's icon, fetched from fonts.gstatic.com
# under the icon's name, so each page opened told another site which page it was (docs/privacy.md).
TAB_ICON = "🔎"

# In the sidebar's order. ``suggested`` is the order a newcomer meets the ideas in: one case's four proportions (and
# a case of one's own, written in the editor), then thresholds, two systems compared on the same cases and sample
# size (how sure a verdict is), agreement (how sure a label is), a judge checked by a few labels, the other
# evaluations, the dataset, the room for facilitators, and the lessons that string them together.
PAGES: tuple[PageEntry, ...] = (
    PageEntry("app_pages/home.py", "", "home.title", "nav.home", ":material/home:"),
    PageEntry("app_pages/rag_diagnosis.py", "rag_diagnosis", "rag.title", "nav.rag", ":material/troubleshoot:",
              "home.rag_summary", 1, "rag"),
    PageEntry("app_pages/case_editor.py", "case_editor", "editor.title", "nav.editor", ":material/edit_note:",
              "home.editor_summary", 2),
    PageEntry("app_pages/drills.py", "drills", "drill.title", "nav.drills", ":material/quiz:", "home.drills_summary",
              3),
    PageEntry("app_pages/conversation_quality.py", "conversation_quality", "conv.title", "nav.conversations",
              ":material/forum:", "home.conv_summary", 9, "conversations"),
    PageEntry("app_pages/summary_autoevaluation.py", "summary_autoevaluation", "sum.title", "nav.summaries",
              ":material/summarize:", "home.sum_summary", 10, "summaries"),
    PageEntry("app_pages/rubric_lab.py", "rubric_lab", "rub.title", "nav.rubrics", ":material/rule:",
              "home.rub_summary", 11, "rubrics"),
    PageEntry("app_pages/dataset_workbench.py", "dataset_workbench", "wb.title", "nav.datasets", ":material/dataset:",
              "home.wb_summary", 12, "workbench"),
    PageEntry("app_pages/threshold_explorer.py", "threshold_explorer", "thr.title", "nav.thresholds",
              ":material/tune:", "home.thr_summary", 4, "thresholds"),
    PageEntry("app_pages/compare_systems.py", "compare_systems", "compare.title", "nav.compare",
              ":material/compare_arrows:", "home.compare_summary", 5, "compare"),
    PageEntry("app_pages/sample_size_planner.py", "sample_size_planner", "plan.title", "nav.planner",
              ":material/straighten:", "home.plan_summary", 6, "planner"),
    PageEntry("app_pages/annotator_agreement.py", "annotator_agreement", "agr.title", "nav.agreement",
              ":material/group:", "home.agr_summary", 7, "agreement"),
    PageEntry("app_pages/workshop_room.py", "workshop_room", "room.title", "nav.room", ":material/groups:",
              "home.room_summary", 13, sidebar=_room_sidebar),
    PageEntry("app_pages/judge_and_hand_labels.py", "judge_and_hand_labels", "judge.title", "nav.judge",
              ":material/balance:", "home.judge_summary", 8, "judge"),
    PageEntry("app_pages/lessons.py", "lessons", "lessons.title", "nav.lessons", ":material/school:",
              "home.lessons_summary", 14, "lessons"),
)

BY_URL: Mapping[str, PageEntry] = MappingProxyType({entry.url_path: entry for entry in PAGES})
BY_LESSON_NAME: Mapping[str, PageEntry] = MappingProxyType(
    {entry.lesson_name: entry for entry in PAGES if entry.lesson_name})
HOME = BY_URL[""]
RAG_PAGE = BY_URL["rag_diagnosis"].script
EDITOR_PAGE = BY_URL["case_editor"].script
DRILLS_PAGE = BY_URL["drills"].script
SUMMARY_PAGE = BY_URL["summary_autoevaluation"].script
COMPARE_PAGE = BY_URL["compare_systems"].script
ROOM_PAGE = BY_URL["workshop_room"].script
LESSONS_PAGE = BY_LESSON_NAME["lessons"].script
# The pages a lesson can run on, by the lesson files' name for them (the lessons page itself is not one).
LESSON_PAGES: Mapping[str, PageEntry] = MappingProxyType(
    {name: entry for name, entry in BY_LESSON_NAME.items() if name != "lessons"})


def suggested_order() -> list[PageEntry]:
    """The pages the home page lists, in the order it suggests."""
    return sorted((entry for entry in PAGES if entry.suggested is not None), key=lambda entry: entry.suggested or 0)


def entry_for(url_path: str) -> PageEntry:
    """The registry entry of the page ``st.navigation`` chose (home for an unknown path: Streamlit's default)."""
    return BY_URL.get(url_path.strip("/"), HOME)
