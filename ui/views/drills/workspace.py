"""A drill as the drills page sees it in the workspace: the blank cases the person labels (with the RAG page's
label tables and edit records) and the answer key stored beside them, which the page shows only after Check."""

from __future__ import annotations

from dataclasses import replace

from ui.frame.data_kinds import DRILL, DataKind
from ui.frame.workspace import Workspace
from ui.page_data.rag_cases import RagView
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS, RagCase, RagDataset
from uncase_core.rag.drills import Drill
from uncase_core.rag.variants import CHANGE_KEY

DRILL_CASE_KEY = "drill_case"  # workspace setting: the drill case on screen
CHECKED = "drill_checked"  # workspace setting: the stored drill (its change number) the person pressed Check on


class DrillView(RagView):
    """The RAG label tables' view of the stored drill (call only while :attr:`drill` is not None)."""

    kind: DataKind = DRILL
    case_key = DRILL_CASE_KEY
    prefix = "drill"

    def __init__(self, workspace: Workspace) -> None:
        super().__init__(workspace, self._no_default)

    def _no_default(self) -> tuple[RagDataset, str, str]:
        raise LookupError("no drill is stored")

    @property
    def drill(self) -> Drill | None:
        return self.workspace.data(DRILL)

    @property
    def dataset(self) -> RagDataset:
        return self.workspace.data(DRILL).dataset()

    @property
    def original(self) -> RagDataset:
        return self.workspace.original(DRILL).dataset()

    @property
    def checked(self) -> bool:
        """The person pressed Check on this drill (kept until another drill is made)."""
        return self.drill is not None and self.workspace.setting(CHECKED) == self.workspace.loaded_at(DRILL)


def missing_labels(case: RagCase) -> int:
    """How many labels of ``case`` are not set (0: fully labelled)."""
    return sum(1 for kind in UNIT_KINDS for unit in case.units(kind) for name in LABEL_FIELDS[kind]
               if unit.label(name) is None)


def room_cases(drill: Drill) -> RagDataset:
    """The answer key as a room's cases: its labels are the reference the room shows on reveal, and nothing else
    says what changed (no change notes, no ``metadata.variant``), as each participant gets a blank copy of it."""
    def clean(case: RagCase) -> RagCase:
        units = {kind: tuple(replace(unit, extra={k: v for k, v in unit.extra.items() if k != CHANGE_KEY})
                             for unit in case.units(kind)) for kind in UNIT_KINDS}
        return replace(case, **units, metadata={k: v for k, v in case.metadata.items() if k != "variant"})

    return RagDataset(tuple(clean(case) for case in drill.answer_key), "jsonl")
