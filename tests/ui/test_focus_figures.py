"""What focus mode's live region says about a case's figures once a label moves them (ui/widgets/rag_focus.py):
each dimension's yes labels of its labelled units, and a dimension with none labelled said in words, never "0 of 0"
(a screen reader hears this sentence instead of seeing the cards)."""

from __future__ import annotations

from types import SimpleNamespace

from ui.widgets.rag_focus import RagFocus
from uncase_core.agreement.class_labels import blank_copy
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag.cases import LABEL_FIELDS, UNIT_KINDS


def focus_over(dataset) -> RagFocus:
    view = SimpleNamespace(dataset=dataset, prefix="rag", case_key="rag_case", case_index=0)
    return RagFocus(view, {})


def scenario():
    return load_scenario(next(s for s in load_index() if s.id == "multiple_failures"), "en")


def test_a_case_with_no_labels_says_every_dimension_is_not_labelled_yet() -> None:
    said = focus_over(blank_copy(scenario())).figures(0)
    assert said == ("This case now: Context relevance not labelled yet; Faithfulness not labelled yet; "
                    "Correctness not labelled yet; Coverage not labelled yet.")
    assert "0 of 0" not in said


def test_the_labelled_case_says_each_dimensions_yes_labels_of_its_labelled_units() -> None:
    dataset = scenario()
    case = dataset.cases[0]
    said = focus_over(dataset).figures(0)
    passages = [p.label("relevant") for p in case.passages]
    assert f"Context relevance {sum(passages)} of {len(passages)}" in said
    labelled = sum(1 for kind in UNIT_KINDS for field in LABEL_FIELDS[kind] for unit in case.units(kind)
                   if unit.label(field) is not None)
    assert labelled and "not labelled yet" not in said
