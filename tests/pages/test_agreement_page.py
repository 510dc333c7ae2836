"""Annotator agreement in AppTest: the built-in pair, per-label views, uploads and bad files."""

from __future__ import annotations

from tests.pages.apptest_helpers import metric_values, open_app, shown
from uncase_core.agreement import agreement_from_bytes
from uncase_core.scenarios import ASSETS

PAGE = "pages/8_annotator_agreement.py"


def open_page():
    at = open_app()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def builtin(language: str = "en"):
    folder = ASSETS / "agreement"
    a, b = folder / f"annotator_a_{language}.json", folder / f"annotator_b_{language}.json"
    return a.read_bytes(), a.name, b.read_bytes(), b.name


def test_builtin_pair_shows_agreement_kappa_and_disagreements():
    at = open_page()
    matched = agreement_from_bytes(*builtin())
    result = matched.agreement()
    values = metric_values(at)
    assert values["Cohen's kappa"] == f"{result.kappa:.2f}"
    assert values["Raw agreement"] == f"{100 * result.agreement:.1f}%"
    assert float(values["Cohen's kappa"]) < result.agreement  # the lesson of the page
    assert f"**Disagreements ({len(matched.disagreements)})**" in [m.value for m in at.markdown] or any(
        s.value == f"Disagreements ({len(matched.disagreements)})" for s in at.subheader)
    table = next(d.value for d in at.dataframe if "A" in d.value.columns and "B" in d.value.columns)
    assert len(table) == len(matched.disagreements)
    assert any(f"{matched.only_a} labelled only by A" in c.value for c in at.caption)


def test_one_label_at_a_time():
    at = open_page()
    at.sidebar.selectbox(key="agr_field").set_value("relevant").run()
    assert not at.exception
    result = agreement_from_bytes(*builtin(), field="relevant").agreement()
    assert metric_values(at)["Cohen's kappa"] == ("N/A" if result.kappa is None else f"{result.kappa:.2f}")


def test_uploaded_files_are_compared_and_a_bad_one_is_named():
    at = open_page()
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    assert not at.exception
    assert at.info
    data_a, name_a, data_b, name_b = builtin()
    at.sidebar.file_uploader(key="agr_upload_a").set_value((name_a, data_a, "application/json"))
    at.sidebar.file_uploader(key="agr_upload_b").set_value((name_b, data_b, "application/json"))
    at.run()
    assert not at.exception
    assert metric_values(at)["Cohen's kappa"] != "N/A"
    at.sidebar.file_uploader(key="agr_upload_b").set_value(("b.json", b'[{"id": 1}]', "application/json"))
    at.run()
    assert not at.exception
    assert any("b.json" in shown(e.value) for e in at.error)


def test_identical_files_agree_fully():
    at = open_page()
    at.sidebar.radio(key="agr_source").set_value("upload").run()
    data_a, name_a, _, _ = builtin()
    at.sidebar.file_uploader(key="agr_upload_a").set_value((name_a, data_a, "application/json"))
    at.sidebar.file_uploader(key="agr_upload_b").set_value(("copy.json", data_a, "application/json"))
    at.run()
    assert not at.exception
    assert metric_values(at)["Raw agreement"] == "100.0%"
    assert metric_values(at)["Cohen's kappa"] == "1.00"
    assert "No disagreements." in [c.value for c in at.caption]


def test_spanish_page_uses_the_spanish_pair():
    at = open_page()
    at.sidebar.radio(key="language_widget").set_value("es").run()
    assert not at.exception
    assert at.title[0].value == "Acuerdo entre anotadores"
    kappa = agreement_from_bytes(*builtin("es")).agreement().kappa
    assert metric_values(at)["Kappa de Cohen"] == f"{kappa:.2f}".replace(".", ",")
