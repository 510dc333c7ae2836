"""The dataset workbench in AppTest: version, strata warning, leakage, label change with its log."""

from __future__ import annotations

from tests.pages.apptest_helpers import open_app, shown, workspace
from ui.frame.data_kinds import WORKBENCH
from uncase_core.datasets.edits import reveals

PAGE = "app_pages/dataset_workbench.py"


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
    # The planted failing stratum, as an error when its whole interval is below the threshold, else a warning.
    assert any("Faithfulness" in e.value and "domain = health" in e.value for e in [*at.error, *at.warning])


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


def builtin_bytes(lang: str = "en") -> bytes:
    from uncase_core.assets.reader import ASSETS

    return (ASSETS / "datasets" / f"workbench_{lang}.json").read_bytes()


def edited_builtin() -> bytes:
    """The built-in dataset with one context relevance label flipped and one case removed."""
    import json

    data = json.loads(builtin_bytes())
    cases = data["cases"] if isinstance(data, dict) else data
    passage = cases[0]["passages"][0]
    passage["relevant"] = not passage["relevant"]
    del cases[-1]
    return json.dumps(data).encode()


def uploader(at, key):
    return next(u for u in at.sidebar.file_uploader if u.key == key)


def test_a_second_version_is_diffed_label_by_label():
    at = open_page()
    uploader(at, "wb_other").set_value(("v2.json", edited_builtin(), "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(m.value == "0 added, 1 removed, 1 changed, 1 label changes." for m in at.markdown)
    assert any(c.value.startswith("Removed: ") for c in at.caption)
    labels = next(d.value for d in at.dataframe if "Old value" in d.value.columns)
    assert list(labels["Label"]) == ["Relevant"]
    moves = at.dataframe[-1].value
    assert moves["This version"].str.contains(r"\d+ / \d+").any()  # counts, not only a percentage


def test_a_bad_upload_names_the_problem_and_keeps_the_dataset():
    at = open_page()
    version = metrics(at)["Version"]
    uploader(at, "wb_upload").set_value(("broken.json", b'{"cases": [{"id": "x", "question": 3}', "application/json"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("broken.json" in shown(e.value) for e in at.sidebar.error)
    assert metrics(at)["Version"] == version


def test_a_good_upload_replaces_the_dataset():
    at = open_page()
    version = metrics(at)["Version"]
    uploader(at, "wb_upload").set_value(("v2.json", edited_builtin(), "application/json"))
    at.run()
    assert not at.exception
    assert metrics(at)["Version"] != version
    assert int(metrics(at)["Cases"]) == int(open_page().metric[1].value) - 1


def test_a_bad_second_version_is_reported_without_touching_the_first():
    at = open_page()
    version = metrics(at)["Version"]
    uploader(at, "wb_other").set_value(("other.jsonl", b"\xff\xfe not text", "application/json"))
    at.run()
    assert not at.exception
    assert any("other.jsonl" in shown(e.value) for e in at.error)
    assert metrics(at)["Version"] == version


def test_held_out_reveals_are_counted_once_per_reveal():
    at = open_page()
    assert "Held-out results revealed since this dataset was loaded: 0." in [c.value for c in at.caption]
    toggle = at.toggle(key="wb_heldout_toggle")
    for _ in range(2):
        toggle.set_value(True).run()
        at.run()  # a rerun while shown is not a new reveal
        toggle.set_value(False).run()
    assert reveals(workspace(at).edits(WORKBENCH)) == 2
    assert "Held-out results revealed since this dataset was loaded: 2." in [c.value for c in at.caption]


def test_split_assignment_is_reproducible_from_the_seed():
    def assigned():
        at = open_page()
        next(b for b in at.button if b.label == "Assign").click().run()
        assert not at.exception, [e.value for e in at.exception]
        return metrics(at)["Version"], [c.metadata.get("split") for c in workspace(at).data(WORKBENCH).cases]

    first, second = assigned(), assigned()
    assert first == second
    assert len(set(first[1])) == 4
