"""The judge page's sentence for what the judge is worth, with its interval or why it has none, in both languages:
a loss is said as a loss ("fewer"), never as "-11 more"; below the interval's minimum the page says how many more
hand labels bring it."""

from __future__ import annotations

import pytest

import ui.views.judge.view as view
from ui.i18n import format_count, translate
from ui.widgets import figures
from uncase_core.stats.ppi import MIN_LABELS_FOR_WORTH_INTERVAL, WorthInterval


@pytest.fixture(params=["en", "es"])
def language(request, monkeypatch):
    monkeypatch.setattr(view, "language", lambda: request.param)
    for module in (view, figures):  # the worth's sentence is filled through its registered figure
        monkeypatch.setattr(module, "t", lambda key, **values: translate(request.param, key, **values))
    return request.param


def worth(low: float | None, high: float | None, labelled: int = MIN_LABELS_FOR_WORTH_INTERVAL,
          **more: object) -> WorthInterval:
    return WorthInterval(value=40.0, low=low, high=high, labelled=labelled, resamples=2000, undefined=0, seed=0,
                         confidence=0.95, **more)


def test_an_interval_that_starts_in_a_loss_says_fewer_never_minus(language):
    text = view._worth_interval(worth(-11.2, 259.0))
    assert "11" in text and "259" in text and "-" not in text.split(".")[0]
    assert text == translate(language, "judge.worth_interval_from_loss", level=view.percent(0.95, 0), low="11",
                             high="259", labelled=MIN_LABELS_FOR_WORTH_INTERVAL, resamples=format_count(2000, language),
                             seed=0)
    assert view._worth_interval(worth(3.4, 80.0)) == translate(
        language, "judge.worth_interval", level=view.percent(0.95, 0), low="3", high="80",
        labelled=MIN_LABELS_FOR_WORTH_INTERVAL, resamples=format_count(2000, language), seed=0)


@pytest.mark.parametrize("labelled", [15, MIN_LABELS_FOR_WORTH_INTERVAL - 1])
def test_below_the_interval_s_minimum_the_sentence_says_how_many_more_labels_bring_it(language, labelled):
    needed = MIN_LABELS_FOR_WORTH_INTERVAL - labelled
    text = view._worth_interval(worth(None, None, labelled, note="interval_few_labels", needed=needed))
    assert text == translate(language, "judge.worth_interval_withheld",
                             minimum=format_count(MIN_LABELS_FOR_WORTH_INTERVAL, language),
                             count=format_count(needed, language))
    more = {"en": f"{needed} more hand label{'' if needed == 1 else 's'} needed",
            "es": "Falta 1 etiqueta manual" if needed == 1 else f"Faltan {needed} etiquetas manuales"}
    assert more[language] in text
    assert view._worth_interval(worth(None, None, labelled, note="interval_few_labels", needed=needed),
                                MIN_LABELS_FOR_WORTH_INTERVAL) == text  # the set has as many units as it needs


def test_a_set_too_small_for_the_interval_is_said_so_not_how_many_more(language):
    """200 judged units: the interval would need more hand labels than the set has units."""
    text = view._worth_interval(worth(None, None, 15, note="interval_few_labels",
                                      needed=MIN_LABELS_FOR_WORTH_INTERVAL - 15), 200)
    assert text == translate(language, "judge.worth_interval_withheld_set",
                             minimum=format_count(MIN_LABELS_FOR_WORTH_INTERVAL, language),
                             units=format_count(200, language))
    assert ("this set's 200 judged units" if language == "en" else "las 200 unidades con veredicto") in text


def test_the_figures_the_withheld_note_and_the_rule_quote_are_the_coverage_table_s():
    """The note says the interval "contained the true worth ... only six times in ten" below the minimum; the
    rule draws it from the minimum: docs/coverage.md's fixed-truth section `judge.worth` (bench/coverage.py) says
    both: its worst cell below the minimum covered 55-65% of the time, every cell from it holds."""
    from tests.pages.size_helpers import coverage_table

    rows = coverage_table("`judge.worth`")
    below = [float(row["coverage over the window"].rstrip("%")) / 100 for row in rows
             if int(row["n"]) < MIN_LABELS_FOR_WORTH_INTERVAL]
    assert 0.55 <= min(below) < 0.65  # "only six times in ten"
    drawn = [row for row in rows if int(row["n"]) >= MIN_LABELS_FOR_WORTH_INTERVAL]
    assert drawn and all(row["mark"] == "ok" for row in drawn), drawn
    assert all(row["mark"] == "WITHHELD" for row in rows if int(row["n"]) < MIN_LABELS_FOR_WORTH_INTERVAL)
    assert "only six times in ten" in translate("en", "judge.worth_interval_withheld", minimum="", count=2)
    assert "seis de cada diez" in translate("es", "judge.worth_interval_withheld", minimum="", count=2)
