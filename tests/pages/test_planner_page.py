"""The sample-size planner in AppTest: required n, the normal approximation beside it, and two-sample comparison."""

from __future__ import annotations

from tests.pages.apptest_helpers import metric_values, open_app
from uncase_core.stats.planning import normal_sample_size, required_sample_size

PAGE = "app_pages/sample_size_planner.py"


def open_page():
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_default_plan_matches_the_core():
    at = open_page()
    values = metric_values(at)
    assert values["Units needed (Wilson)"] == f"{required_sample_size(0.8, 0.05, 0.95):,}"
    assert values["Normal approximation"] == f"{normal_sample_size(0.8, 0.05, 0.95):,}"


def test_near_zero_the_normal_approximation_is_flagged():
    at = open_page()
    at.select_slider(key="plan_expected").set_value(0.01).run()
    at.select_slider(key="plan_half_width").set_value(0.02).run()
    assert not at.exception
    values = metric_values(at)
    assert int(values["Units needed (Wilson)"].replace(",", "")) == required_sample_size(0.01, 0.02)
    assert int(values["Normal approximation"].replace(",", "")) < int(values["Units needed (Wilson)"].replace(",", ""))
    assert any("normal approximation is misleading" in w.value for w in at.warning)


def test_the_newcombe_example_is_distinguishable():
    at = open_page()  # defaults are Newcombe's example: 56/70 against 48/80
    assert metric_values(at)["Difference A − B"] == "20.0%"
    assert any("5.2% to 33.4%" in m.value for m in at.markdown)
    assert at.success and "Distinguishable" in at.success[0].value


def test_a_small_gap_on_few_units_is_not_distinguishable():
    at = open_page()
    for key, value in (("plan_n1", 10), ("plan_s1", 6), ("plan_n2", 10), ("plan_s2", 5)):
        at.text_input(key=key).input(str(value)).run()
    assert not at.exception
    assert any("Not distinguishable" in w.value for w in at.warning)


def test_impossible_counts_are_reported_without_a_crash():
    at = open_page()
    at.text_input(key="plan_s1").input("500").run()
    assert not at.exception
    assert any("s1" in e.value for e in at.error)


def test_what_a_given_n_buys_and_the_spanish_page():
    at = open_page()
    at.text_input(key="plan_n").input("100").run()
    assert any("With 100 units" in m.value for m in at.markdown)
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Planificador de tamaño de muestra"


def test_a_count_typed_with_spanish_grouping_is_read_and_a_bad_one_refused_in_spanish():
    """Issue 27: a box reads the reader's marks and refuses in the reader's language (Streamlit's own number box
    refused in English); the page goes on with the last count it read, and says so."""
    at = open_page()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    at.text_input(key="plan_n").input("12 000").run()
    assert any("12\u00a0000" in m.value for m in at.markdown)
    at.text_input(key="plan_n").input("diez").run()
    assert not at.exception
    refusal = next(e.value for e in at.error if "diez" in e.value)
    assert "no es un número" in refusal and "sigue con 12\u00a0000" in refusal
    at.text_input(key="plan_n").input("2,5").run()
    assert any("no es un número entero" in e.value for e in at.error)
    at.text_input(key="plan_n").input("0").run()
    assert any("por debajo del mínimo permitido, 1" in e.value for e in at.error)
