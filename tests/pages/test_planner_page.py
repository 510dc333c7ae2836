"""The sample-size planner in AppTest: the units a margin needs, the interval a number of units promises by its two
bounds, and two configurations compared pair by pair on the same cases or as two different case sets."""

from __future__ import annotations

import json

from tests.pages.apptest_helpers import metric_values, open_app
from ui.i18n import format_percent
from uncase_core.compare.paired import mcnemar_sample_size, paired_sample_size, paired_table
from uncase_core.stats.planning import margin_sample_size, normal_sample_size, planned_interval
from uncase_core.stats.simulated_intervals import harness_coverage, simulate_intervals

PAGE = "app_pages/sample_size_planner.py"
NBSP = "\u00a0"


def open_page(language: str = "en"):
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    if language != "en":
        at.sidebar.radio(key="language_widget").set_value(language).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def set_counts(at, counts: dict[str, int]) -> None:
    for key, value in counts.items():
        at.text_input(key=key).input(str(value)).run()
    assert not at.exception, [e.value for e in at.exception]


def test_default_plan_matches_the_core():
    at = open_page()
    values = metric_values(at)
    assert values["Units needed (Wilson)"] == f"{margin_sample_size(0.8, 0.05, 0.95):,}"
    assert values["Normal approximation"] == f"{normal_sample_size(0.8, 0.05, 0.95):,}"


def test_the_planned_n_is_promised_by_its_bounds_within_the_margin():
    at = open_page()
    at.select_slider(key="plan_expected").set_value(1.0).run()
    assert metric_values(at)["Units needed (Wilson)"] == "73"  # not 35: 35 of 35 leaves the low bound 9.9 points away
    promise = planned_interval(1.0, 73)
    assert f"runs from **{promise.low:.1%}** to **100.0%**: neither bound is more than 5.0 percentage points" \
        in markdown(at)


def test_35_of_35_promises_90_1_to_100_percent_in_both_languages():
    """Issue 36: the page said "± 5.0%" for 35 of 35, where the Wilson interval is 90.1% to 100%."""
    at = open_page()
    at.select_slider(key="plan_expected").set_value(1.0).run()
    at.text_input(key="plan_n").input("35").run()
    shown = markdown(at)
    assert "With 35 units and an observed 100%, the 95% Wilson interval runs from **90.1%** to **100.0%**: 9.9 " \
           "percentage points below the value and 0.0 above it." in shown
    assert "± 5.0%" not in shown and "± 4.9" not in shown
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert f"va de **90,1{NBSP}%** a **100,0{NBSP}%**: 9,9 puntos porcentuales por debajo del valor y 0,0 por " \
           "encima" in markdown(at)


def test_near_zero_the_normal_approximation_is_flagged():
    at = open_page()
    at.select_slider(key="plan_expected").set_value(0.01).run()
    at.select_slider(key="plan_margin").set_value(0.02).run()
    assert not at.exception
    values = metric_values(at)
    assert int(values["Units needed (Wilson)"].replace(",", "")) == margin_sample_size(0.01, 0.02)
    assert int(values["Normal approximation"].replace(",", "")) < int(values["Units needed (Wilson)"].replace(",", ""))
    assert any("normal approximation is misleading" in w.value for w in at.warning)


def test_the_same_cases_are_planned_pair_by_pair_in_both_languages():
    """The default comparison is paired: 20 both pass, 2 only A, 8 only B, 10 neither."""
    expected_exact = paired_sample_size(paired_table(20, 2, 8, 10)).pairs_needed
    connor = mcnemar_sample_size(2 / 40, 8 / 40, 0.95, 0.8)
    at = open_page()
    assert at.radio(key="plan_design").value == "paired"
    values = metric_values(at)
    assert values["Cases needed (exact McNemar)"] == f"{expected_exact:,}"
    assert values["Connor's approximation"] == f"{connor:,}"
    assert "only the cases where they disagree carry information" in markdown(at)
    assert f"{expected_exact - 40} more than these 40" in markdown(at)
    assert any("exact McNemar test on the 10 disagreements gives p = 0.109" in w.value for w in at.warning)
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    values = metric_values(at)
    assert values["Casos necesarios (McNemar)"] == f"{expected_exact}"
    assert values["Aproximación de Connor"] == f"{connor}"
    assert any("p = 0,109, mayor que 0,05" in w.value for w in at.warning)


def test_two_paired_cases_never_make_a_verdict():
    at = open_page()
    set_counts(at, {"plan_both": 0, "plan_only_a": 0, "plan_only_b": 2, "plan_neither": 0})
    assert not at.success
    assert any("Too few disagreements to call anything at 95%" in w.value for w in at.warning)


def test_a_clear_paired_difference():
    at = open_page()
    set_counts(at, {"plan_only_a": 1, "plan_only_b": 12})
    assert at.success and at.success[0].value.startswith("B is better (clear at 95%)")
    assert "p = 0.003" in at.success[0].value


def test_a_tiny_p_is_below_the_last_decimal_not_zero():
    """20 disagreements all one way: the exact McNemar p is 2 x 0.5^20 = 1.9e-6, "p < 0.001" (it said 0.000)."""
    for language, written in (("en", "gives p < 0.001, not above 0.05"), ("es", "da p < 0,001, no mayor que 0,05")):
        at = open_page(language)
        set_counts(at, {"plan_both": 0, "plan_only_a": 0, "plan_only_b": 20, "plan_neither": 0})
        assert at.success and written in at.success[0].value
        assert "0.000" not in at.success[0].value and "0,000" not in at.success[0].value


def test_one_unit_and_one_case_are_counted_in_the_singular():
    """What one unit buys, and one paired case: "With 1 unit", "Of 1 case" (they said "1 units", "1 cases")."""
    for language, buys, counted in (("en", "With 1 unit and an observed", "Of 1 case, A passes"),
                                    ("es", "Con 1 unidad y un valor observado", "De 1 caso, A aprueba")):
        at = open_page(language)
        at.text_input(key="plan_n").input("1").run()
        set_counts(at, {"plan_both": 1, "plan_only_a": 0, "plan_only_b": 0, "plan_neither": 0})
        assert buys in markdown(at) and counted in markdown(at)
        set_counts(at, {"plan_both": 2})
        assert counted.replace("1 case", "2 cases").replace("1 caso", "2 casos") in markdown(at)


def test_the_newcombe_example_is_distinguishable():
    at = open_page()
    at.radio(key="plan_design").set_value("independent").run()  # defaults are Newcombe's example: 56/70 against 48/80
    assert metric_values(at)["Difference A − B"] == "20.0%"
    assert any("5.2% to 33.4%" in m.value for m in at.markdown)
    assert at.success and "Distinguishable" in at.success[0].value and "p = 0.013" in at.success[0].value
    assert "Use this only when A and B were measured on two different sets of cases" in markdown(at)


def test_a_small_gap_on_few_units_is_not_distinguishable():
    at = open_page()
    at.radio(key="plan_design").set_value("independent").run()
    set_counts(at, {"plan_n1": 10, "plan_s1": 6, "plan_n2": 10, "plan_s2": 5})
    assert any("Not distinguishable" in w.value for w in at.warning)


def test_an_interval_excluding_zero_without_fisher_is_not_called_different():
    """Newcombe's interval alone excludes 0 here (0 of 1 against 15 of 15); Fisher's p is 1/16: no verdict."""
    at = open_page()
    at.radio(key="plan_design").set_value("independent").run()
    set_counts(at, {"plan_n1": 1, "plan_s1": 0, "plan_n2": 15, "plan_s2": 15})
    assert not at.success
    assert any("Not distinguishable at 95%" in w.value for w in at.warning)
    assert any("Newcombe's interval alone excludes zero" in i.value for i in at.info)


def test_no_interval_is_drawn_where_none_holds_and_the_page_says_what_would_give_one():
    """1 unit against 1 at 99%: no interval of Newcombe's family covers as often as it says; the page shows the
    difference, withholds the interval and says how many units would give one, in both languages."""
    at = open_page()
    at.selectbox(key="plan_confidence").set_value(0.99).run()
    at.radio(key="plan_design").set_value("independent").run()
    set_counts(at, {"plan_n1": 1, "plan_s1": 1, "plan_n2": 1, "plan_s2": 0})
    assert not at.exception and not at.success
    assert not any("interval of the difference:" in m.value for m in at.markdown)
    assert any("No 99% interval of the difference" in i.value and "**3**" in i.value for i in at.info)
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert any("No se da un intervalo al 99" in i.value and "**3**" in i.value for i in at.info)


def test_impossible_counts_are_reported_without_a_crash():
    at = open_page()
    at.radio(key="plan_design").set_value("independent").run()
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
    at = open_page("es")
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


# ---------------------------------------------------------------- see it happen: 100 simulated datasets


def covering_sentence(at) -> str:
    return next(m.value for m in at.markdown if " of 100**" in m.value or " de 100**" in m.value)


def simulated(cases=5, units=8, correlation=0.3, truth=0.7, method="units", seed=1) -> tuple[int, float | None]:
    """What the page must say: the core's count over its 100 datasets and the harness's figure."""
    result = simulate_intervals(cases, units, correlation, truth, method, 0.95, seed=seed)
    return result.covering.successes, harness_coverage(cases, units, correlation, truth, method, 0.95)


def test_the_simulation_draws_100_intervals_and_counts_those_that_cover_the_truth():
    at = open_page()
    covering, measured = simulated()
    assert covering_sentence(at) == f"**{covering} of 100** intervals cover the true rate of 70% (95% stated)."
    assert f"measures **{measured:.1%}** for these settings, over 2,000 datasets" in markdown(at)
    charts = at.get("plotly_chart")
    assert len(charts) == 2  # the margin chart, and the 100 intervals
    spec = json.loads(charts[1].proto.spec)
    assert [trace.get("name") for trace in spec["data"] if "name" in trace] == [
        f"covers the true rate ({covering})", f"misses it (dotted, ×) ({100 - covering})"]
    assert any("Seed 1: the same seed draws the same datasets" in c.value for c in at.caption)


def test_the_cases_the_method_and_a_new_draw_change_the_count():
    at = open_page()
    at.text_input(key="plan_sim_cases").input("30").run()
    covering, measured = simulated(cases=30)
    assert covering_sentence(at).startswith(f"**{covering} of 100**")
    assert f"**{measured:.1%}**" in markdown(at)
    at.radio(key="plan_sim_method").set_value("cases").run()
    covering, measured = simulated(cases=30, method="cases")
    assert covering_sentence(at).startswith(f"**{covering} of 100**") and f"**{measured:.1%}**" in markdown(at)
    next(b for b in at.button if b.key == "plan_sim_again").click().run()
    assert not at.exception
    assert at.text_input(key="plan_sim_seed").value == "2"
    assert covering_sentence(at).startswith(f"**{simulated(cases=30, method='cases', seed=2)[0]} of 100**")


def test_one_case_cannot_have_cases_as_clusters_in_either_language():
    at = open_page()
    at.text_input(key="plan_sim_cases").input("1").run()
    at.radio(key="plan_sim_method").set_value("cases").run()
    assert any("With one case, the interval with cases as clusters cannot be drawn" in i.value for i in at.info)
    assert len(at.get("plotly_chart")) == 1 and "nan" not in markdown(at).lower()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert any("Con un solo caso no se puede dibujar el intervalo con los casos como grupos" in i.value
               for i in at.info)


def test_the_spanish_simulation_reads_a_comma_and_writes_spanish_numbers():
    at = open_page("es")
    at.text_input(key="plan_sim_correlation").input("0,5").run()
    assert not at.exception and not at.error
    covering, measured = simulated(correlation=0.5)
    assert covering_sentence(at) == (f"**{covering} de 100** intervalos cubren la tasa verdadera del 70{NBSP}% "
                                     f"(95{NBSP}% declarado).")
    assert measured is not None
    assert f"mide un **{format_percent(measured, 'es')}** con estos ajustes, sobre 2000 datasets" in markdown(at)
    assert "," in format_percent(measured, "es")
    at.text_input(key="plan_sim_correlation").input("0,95").run()  # above the box's 0,9: refused in Spanish
    assert any("0,95" in e.value for e in at.error)
    assert covering_sentence(at).startswith(f"**{covering} de 100**")  # the page goes on with 0,5
