"""Write a case and label it, end to end in real Chromium, timed, in English and in Spanish.

The issue's measure (issue 22): a new person writes a case with three passages, an answer and four reference facts
and labels it in under 5 minutes. This scripted run does what that person does, through the page's own widgets:
open "Write a case", choose "New case", type the id, question, passages (pasted, blank lines between), answer and
reference, create it, press "Label this case", and tick every unit's labels on the RAG page until the four
metrics show the case's counts. It prints the time, and keeps it in tests/e2e/artifacts/case_editor_times.txt.
One shorter run does the same with a summary case (the editor's summary mode, labelled on the summary page).

Run: ``UNCASE_REQUIRE_BROWSER=1 python -m pytest tests/e2e/test_case_editor_browser.py -m e2e -s``.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, choose_option, wait_until_idle
from tests.e2e.test_rag_browser import counts, counts_pattern, row_middle, settled_box
from tests.e2e.test_summary_browser import _metric, _toggle

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail in CI) before any test body runs
    expect = None

pytestmark = pytest.mark.e2e

TEXT_TIMEOUT = 30_000
CELL_X = 10  # px into a label column, left of its checkbox
# The scripted run takes well under a minute here (README: Bring your own cases); the bound leaves room for a loaded
# machine (the browser tests share two cores with whatever else runs) and still fails a page that got slow.
BOUND_S = 120.0

CASES = {
    "en": {
        "id": "refund-mine", "question": "How long does a refund take?",
        "passages": ["Refunds are paid within 14 days of the return.", "Shipping costs are not refunded.",
                     "A receipt is required for every return."],
        "answer": "Refunds take 14 days. You need the receipt.",
        "reference": "Refunds are paid within 14 days. A receipt is required. Shipping is not refunded. "
                     "Refunds go back to the original card.",
        "words": {"choose": "Case to edit", "new": "+ New case", "id": "Case id", "question": "Question",
                  "passages": "Retrieved passages", "answer": "Answer", "reference": "Reference answer",
                  "create": "Create the case", "created": "created", "label": "Label this case",
                  "relevance": "Context relevance", "faithfulness": "Faithfulness", "correctness": "Correctness",
                  "coverage": "Coverage"},
    },
    "es": {
        "id": "reembolso-propio", "question": "¿Cuánto tarda un reembolso?",
        "passages": ["Los reembolsos se pagan dentro de los 14 días siguientes a la devolución.",
                     "Los gastos de envío no se reembolsan.", "Toda devolución requiere el recibo."],
        "answer": "El reembolso tarda 14 días. Necesitas el recibo.",
        "reference": "Los reembolsos se pagan en 14 días. Se requiere el recibo. El envío no se reembolsa. "
                     "El dinero vuelve a la tarjeta original.",
        "words": {"choose": "Caso que quieres editar", "new": "+ Caso nuevo", "id": "Id del caso",
                  "question": "Pregunta", "passages": "Pasajes recuperados", "answer": "Respuesta",
                  "reference": "Respuesta de referencia", "create": "Crear el caso", "created": "Se creó",
                  "label": "Etiquetar este caso", "relevance": "Relevancia del contexto",
                  "faithfulness": "Fidelidad", "correctness": "Corrección", "coverage": "Cobertura"},
    },
}


def tick(page: Any, table: int, row: int, column: int = 0) -> None:
    """Toggle label ``column`` of ``row`` (1-based) in data editor ``table`` (0: passages, 1: claims, 2: facts).

    The first label column is clicked (as tests/e2e/test_rag_browser.py does); the arrow keys then move to the
    column asked for, and Space toggles it (an unlabelled box becomes ticked, a ticked one unticked)."""
    editor = page.locator('[data-testid="stDataFrame"]').nth(table)
    expect(editor).to_be_visible(timeout=TEXT_TIMEOUT)
    first = editor.get_by_test_id(f"glide-cell-0-{row - 1}")
    for attempt in range(3):
        wait_until_idle(page)  # a click while the last label's run streams in can be lost under load (conftest)
        editor.scroll_into_view_if_needed()
        box = settled_box(page, editor)
        page.mouse.click(box["x"] + CELL_X, row_middle(editor, box, row))
        try:
            expect(first).to_have_attribute("aria-selected", "true", timeout=3_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    for _ in range(column):
        page.keyboard.press("ArrowRight")
    expect(editor.get_by_test_id(f"glide-cell-{column}-{row - 1}")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Space")


def field(page: Any, label: str) -> Any:
    return page.get_by_label(label, exact=True)


@pytest.mark.parametrize("language", ["en", "es"])
def test_write_a_case_and_label_it_timed(page: Any, app_url: str, language: str) -> None:
    case = CASES[language]
    words = case["words"]
    started = time.monotonic()
    page.goto(f"{app_url}/case_editor?lang={language}")
    choose = page.get_by_test_id("stSelectbox").filter(has_text=words["choose"])
    expect(choose).to_be_visible(timeout=TEXT_TIMEOUT)
    choose_option(page, choose, page.get_by_role("option", name=words["new"]))
    expect(field(page, words["id"])).to_be_visible(timeout=TEXT_TIMEOUT)

    expect(page.get_by_role("button", name=words["create"])).to_be_visible(timeout=TEXT_TIMEOUT)
    typed = {"id": case["id"], "question": case["question"], "passages": "\n\n".join(case["passages"]),
             "answer": case["answer"], "reference": case["reference"]}
    for name, text in typed.items():
        field(page, words[name]).fill(text)
    for name, text in typed.items():  # a box typed into while the page was still drawing the form is typed again
        box = field(page, words[name])
        if box.input_value() != text:
            box.fill(text)
        expect(box).to_have_value(text)
    box.blur()  # the last box's value reaches the server on blur: then, not in the same moment as the click
    wait_until_idle(page)
    page.get_by_role("button", name=words["create"]).click()
    expect(page.get_by_text(words["created"]).first).to_be_visible(timeout=TEXT_TIMEOUT)
    written = time.monotonic()

    wait_until_idle(page)
    page.get_by_role("button", name=words["label"]).click()
    expect(page.get_by_text(case["question"]).first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(counts(page, words["relevance"])).to_contain_text("N/A", timeout=TEXT_TIMEOUT)
    for row in (1, 2, 3):
        tick(page, 0, row)  # every passage relevant
        expect(counts(page, words["relevance"])).to_have_text(counts_pattern(row, row), timeout=TEXT_TIMEOUT)
    for row in (1, 2):
        tick(page, 1, row, 0)  # both claims supported
        expect(counts(page, words["faithfulness"])).to_have_text(counts_pattern(row, row), timeout=TEXT_TIMEOUT)
        tick(page, 1, row, 1)  # and correct
        expect(counts(page, words["correctness"])).to_have_text(counts_pattern(row, row), timeout=TEXT_TIMEOUT)
    for row in (1, 2):
        tick(page, 2, row)  # the answer covers the first two facts (the fourth box unticked: not labelled yet)
        expect(counts(page, words["coverage"])).to_have_text(counts_pattern(row, row), timeout=TEXT_TIMEOUT)
    tick(page, 2, 3)
    tick(page, 2, 3)  # ticked, then unticked: the third fact not covered
    expect(counts(page, words["coverage"])).to_have_text(counts_pattern(2, 3), timeout=TEXT_TIMEOUT)
    tick(page, 2, 4)
    tick(page, 2, 4)
    expect(counts(page, words["coverage"])).to_have_text(counts_pattern(2, 4), timeout=TEXT_TIMEOUT)
    finished = time.monotonic()

    total, writing = finished - started, written - started
    line = (f"{language}: wrote a 3-passage, 4-fact case in {writing:.1f} s and labelled it in "
            f"{finished - written:.1f} s: {total:.1f} s in all")
    print(line)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "case_editor_times.txt").open("a", encoding="utf-8") as log:
        log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
    assert total < BOUND_S, line


SUMMARY_CASE = {
    "id": "billing-mine",
    "transcript": "Agent: Hello, how can I help?\nCustomer: I was charged $30, but my plan is $10.\n"
                  "Agent: I refunded the $20 difference.",
    "summary": "The customer was charged $30 instead of $10. The agent refunded the difference.",
    "rubrics": "Does the summary say what happened?",
    "completeness": "Does the summary give the amounts?\n- The charge was $30.",
}
SUMMARY_FIELDS = {"id": "Case id", "transcript": "Transcript", "summary": "Summary text",
                  "rubrics": "Adherence rubrics", "completeness": "Completeness questions and items"}


def test_write_a_summary_case_and_label_it(page: Any, app_url: str) -> None:
    """The summary mode end to end: choose Summary case, write one from the form, Label this case, and tick a point,
    the rubric and the item on the summary page until its three scores show them."""
    started = time.monotonic()
    page.goto(f"{app_url}/case_editor")
    page.get_by_test_id("stRadio").get_by_text("Summary case").click()
    choose = page.get_by_test_id("stSelectbox").filter(has_text="Summary case to edit")
    expect(choose).to_be_visible(timeout=TEXT_TIMEOUT)
    choose_option(page, choose, page.get_by_role("option", name="+ New summary case"))
    expect(page.get_by_role("button", name="Create the case")).to_be_visible(timeout=TEXT_TIMEOUT)
    for name, text in SUMMARY_CASE.items():
        field(page, SUMMARY_FIELDS[name]).fill(text)
    for name, text in SUMMARY_CASE.items():  # typed again if the form was still being drawn
        box = field(page, SUMMARY_FIELDS[name])
        if box.input_value() != text:
            box.fill(text)
        expect(box).to_have_value(text)
    box.blur()
    wait_until_idle(page)
    page.get_by_role("button", name="Create the case").click()
    expect(page.get_by_text("Summary case billing-mine created").first).to_be_visible(timeout=TEXT_TIMEOUT)
    written = time.monotonic()

    wait_until_idle(page)
    page.get_by_role("button", name="Label this case").click()
    expect(page.get_by_text(SUMMARY_CASE["summary"]).first).to_be_visible(timeout=TEXT_TIMEOUT)
    expect(_metric(page, "Accuracy")).to_have_text("N/A", timeout=TEXT_TIMEOUT)
    _toggle(page, 1, 1)  # editor 0 is the sections table; the first point is accurate
    expect(_metric(page, "Accuracy")).to_have_text("100.0%", timeout=TEXT_TIMEOUT)
    _toggle(page, 2, 1)  # the rubric is addressed
    expect(_metric(page, "Adherence")).to_have_text("100.0%", timeout=TEXT_TIMEOUT)
    _toggle(page, 3, 1)  # the item is covered
    expect(_metric(page, "Completeness")).to_have_text("100.0%", timeout=TEXT_TIMEOUT)
    finished = time.monotonic()
    line = (f"summary: wrote a summary case in {written - started:.1f} s and labelled it in "
            f"{finished - written:.1f} s: {finished - started:.1f} s in all")
    print(line)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "case_editor_times.txt").open("a", encoding="utf-8") as log:
        log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
    assert finished - started < BOUND_S, line
