"""The agreement page's wording at 0, 1, 2, 3 and 30 units, in both languages (issue 36): no sentence states a level
the harness does not support. Kappa's interval is withheld below MIN_UNITS_FOR_KAPPA_INTERVAL units, and the page
says so and how many more units it needs, whatever else keeps it from being drawn; the raw agreement's Wilson
interval is the oracle's; the figures the few-units note quotes are docs/coverage.md's; nothing reads NaN, and no
unit labelled by both is N/A."""

from __future__ import annotations

import json

import pytest

from tests.pages.size_helpers import (
    LANGUAGES,
    SIZES,
    assert_no_nan,
    boxes,
    figure_rows,
    opened,
    page_text,
    percent_cell,
    shows_its_interval,
)
from ui.i18n import format_count, format_number, translate
from uncase_core.agreement.pairs import MIN_UNITS_FOR_KAPPA_INTERVAL, cohen_kappa

PAGE = "app_pages/annotator_agreement.py"


def labels(units: int) -> tuple[list[bool | None], list[bool | None]]:
    """A's labels alternate yes and no; B flips every third one. One unit: A says yes, B no (B and A each use a
    single label, so kappa is 0 with no interval); three units or more: kappa defined, with a variance."""
    a = [i % 2 == 0 for i in range(units)]
    return a, [not x if i % 3 == 0 else x for i, x in enumerate(a)]


def dataset(values: list[bool | None]) -> bytes:
    """One case per unit, each with one passage labelled ``values[i]`` (None: not labelled)."""
    return json.dumps([{"id": f"q{i}", "question": f"Question {i}?", "answer": "An answer.",
                        "passages": [{"id": "p1", "text": f"Passage {i}.", "relevant": value}],
                        "claims": [], "reference_facts": []} for i, value in enumerate(values)]).encode()


def page_with(a: list[bool | None], b: list[bool | None], language: str):
    at = opened(PAGE, language)
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    for side, values in (("a", a), ("b", b)):
        at.sidebar.file_uploader(key=f"agr_upload_{side}").set_value((f"{side}.json", dataset(values),
                                                                      "application/json"))
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("units", SIZES)
def test_kappa_s_interval_is_withheld_and_the_page_says_how_many_more_units_it_needs(units: int, language: str):
    a, b = labels(units)
    at = page_with(a, b, language)
    text = page_text(at)
    assert_no_nan(at)
    result = cohen_kappa(a, b)
    assert result.kappa is not None and result.low is None
    needed = MIN_UNITS_FOR_KAPPA_INTERVAL - units
    assert result.needed == needed
    minimum = format_count(MIN_UNITS_FOR_KAPPA_INTERVAL, language)
    # no interval for kappa: its sentence, up to where the bounds would be, is nowhere
    drawn = translate(language, "agr.kappa_line", kappa=format_number(result.kappa, language), low="\0", high="\0")
    assert drawn.split("\0")[0] not in text
    # These files share only `units` units, fewer than the interval needs: no count of "more needed" that labelling
    # them could never reach, but what they show and what would give the interval (two files of 200 shared units).
    assert translate(language, "agr.note.few_units_never", minimum=minimum,
                     units=format_count(units, language)) in text, text
    assert translate(language, f"agr.note.{result.note}", minimum=minimum, count=needed) not in text
    assert translate(language, "agr.needed", minimum=minimum, count=needed) not in text
    # the units both labelled, counted in the singular for one ("1 unit labelled by both", never "1 units")
    matched = {"en": f"{units} unit{'' if units == 1 else 's'} labelled by both",
               "es": f"{units} unidad{'' if units == 1 else 'es'} etiquetada{'' if units == 1 else 's'} por ambos"}
    assert matched[language] in text
    # the raw agreement's interval is statsmodels' Wilson interval of the units both labelled
    agreed = sum(x == y for x, y in zip(a, b, strict=True))
    assert shows_its_interval(text, "agreement.raw", agreed, units, language), text
    assert format_number(result.kappa, language) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_unit_labelled_by_both_is_n_a_and_says_so_truthfully(language: str):
    at = page_with([True, None, None], [None, False, None], language)
    assert_no_nan(at)
    values = [m.value for m in at.metric]
    assert values and all(value == "N/A" for value in values), values
    shown = boxes(at)
    assert translate(language, "agr.no_units") in shown
    # not the sentence for units that all carry one label: there are no units at all
    assert translate(language, "agr.kappa_na") not in shown
    assert translate(language, "value.na", unlabelled=0) in page_text(at)


def test_the_figures_the_few_units_note_quotes_are_the_harness_s():
    """"49% of the time at 50 units, 72% at 100" with one label rare (10%), both languages: the worst windowed
    coverage of kappa's interval at those sizes in docs/coverage.md (figure agreement.kappa, fixed true kappas)."""
    rows = figure_rows("agreement.kappa")
    worst = {units: min(percent_cell(row["coverage over the window"]) for row in rows
                        if row["n"] == units and row["prevalence"] == "0.1") for units in ("50", "100")}
    expected = {"50": 49, "100": 72}
    for units, figure in expected.items():
        assert round(worst[units]) == figure, (units, worst[units])
    for language in LANGUAGES:
        note = translate(language, "agr.note.few_units", minimum=200, count=2)
        for figure in expected.values():
            assert f"{figure}%" in note.replace("\u00a0", "").replace(" %", "%")
