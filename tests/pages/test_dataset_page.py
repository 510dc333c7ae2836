"""The dataset workbench in AppTest: version, strata warning, leakage, label change with its log."""

from __future__ import annotations

from tests.pages.apptest_helpers import open_app

PAGE = "pages/5_dataset_workbench.py"


def open_page():
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_builtin_dataset_shows_version_cases_and_the_hidden_failing_stratum():
    at = open_page()
    values = metrics(at)
    assert len(values["Version"]) == 12
    assert int(values["Cases"]) >= 60
    assert any("Faithfulness" in e.value and "domain = health" in e.value for e in at.error)


def test_planted_leakage_is_listed():
    at = open_page()
    assert any(m.value.startswith("**Across splits: leakage** (") and not m.value.endswith("(0)")
               for m in at.markdown)


def test_a_logged_label_change_changes_the_version_and_the_history():
    at = open_page()
    version = metrics(at)["Version"]
    next(s for s in at.selectbox if s.label == "New value").set_value("false")
    next(s for s in at.selectbox if s.label == "Label").set_value("relevant")
    next(i for i in at.text_input if i.label == "Reason").input("Re-checked against the policy")
    next(i for i in at.text_input if i.label == "Author").input("ana")
    next(b for b in at.button if b.label == "Change the label and log it").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert metrics(at)["Label revisions"] == "1"
    assert metrics(at)["Version"] != version
    history = at.dataframe[-1].value
    assert list(history["Reason"]) == ["Re-checked against the policy"]


def test_spanish_page():
    at = open_page()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Banco de datasets"
