"""The annotator agreement page's edit records: a RAG label record for annotator A or B of a pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from uncase_core.errors import (
    expected_value,
)
from uncase_core.rag.cases import RagDataset
from uncase_core.rag.edits import ANNOTATORS, apply_rag_edit, rag_label
from uncase_core.shared.edits import Edit, edit_op, edit_value


def agreement_label(pair: Sequence[RagDataset], annotator: str, case: int, kind: str, unit: int, field: str,
                    value: bool | None) -> dict[str, Any]:
    """The record for setting one label of one annotator (``"a"`` or ``"b"``) in the pair ``(A, B)``.

    ``case`` and ``unit`` are positions in that annotator's dataset; the record is checked by applying it.
    """
    if annotator not in ANNOTATORS:
        raise expected_value("annotator", repr(annotator), "annotator")
    label = rag_label(pair[ANNOTATORS.index(annotator)], case, kind, unit, field, value)
    edit = {"op": "label", "annotator": annotator, **label}  # the label's own "op" is the same
    apply_agreement_edit(tuple(pair), edit)
    return edit


def apply_agreement_edit(pair: tuple[RagDataset, RagDataset], edit: Edit) -> tuple[RagDataset, RagDataset]:
    """One label of one annotator, as :func:`apply_rag_edit` sets it in a dataset; the other is untouched."""
    edit_op(edit, ("label",))
    annotator = edit_value(edit, "annotator")
    if annotator not in ANNOTATORS:
        raise expected_value("annotator", repr(annotator), "annotator")
    side = ANNOTATORS.index(annotator)
    changed = list(pair)
    changed[side] = apply_rag_edit(pair[side], edit)
    return changed[0], changed[1]


# ---------------------------------------------------------------- the judge page
