"""The dataset workbench core: versions, diffs, revision log, strata and splits."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from uncase_core.datasets.workbench import (
    METADATA_FIELDS,
    SPLITS,
    Revision,
    apply_label_change,
    assign_splits,
    dataset_version,
    diff_datasets,
    missing_metadata,
    revisions,
    short_version,
    strata,
    with_revision,
    with_splits,
)
from uncase_core.errors import InputError
from uncase_core.rag.cases import RagDataset, dataset_from_text, dataset_to_text

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def dataset(make_case):
    return RagDataset((
        make_case("b", passages=[True, False], claims=[(True, True)], facts=[True],
                  metadata={"language": "en", "domain": "bank"}),
        make_case("a", passages=[True], claims=[(False, True)], facts=[False, True], metadata={"language": "es"}),
        make_case("c", passages=[None], metadata={}),
    ))


# ---------------------------------------------------------------- metadata


def test_missing_metadata_names_only_the_fields_asked_for(dataset):
    assert "split" in METADATA_FIELDS and SPLITS == ("smoke", "dev", "regression", "held-out")
    assert missing_metadata(dataset, ["language", "domain"]) == {"a": ["domain"], "c": ["language", "domain"]}
    assert missing_metadata(dataset.cases, []) == {}
    blank = replace(dataset.cases[0], metadata={"language": "  ", "domain": None})
    assert missing_metadata([blank], ["language", "domain"]) == {"b": ["language", "domain"]}


# ---------------------------------------------------------------- version


def test_version_is_sha256_stable_across_order_and_runs(dataset):
    digest = dataset_version(dataset)
    assert len(digest) == 64 and int(digest, 16) >= 0
    assert short_version(digest) == digest[:12]
    assert dataset_version(tuple(reversed(dataset.cases))) == digest
    assert dataset_version(replace(dataset, format="array")) == digest
    code = ("import sys; from uncase_core.rag.cases import dataset_from_text; "
            "from uncase_core.datasets.workbench import dataset_version; "
            "print(dataset_version(dataset_from_text(sys.stdin.read())))")
    out = subprocess.run([sys.executable, "-c", code], input=dataset_to_text(dataset), capture_output=True,
                         text=True, cwd=ROOT, check=True, env={"PYTHONHASHSEED": "123", "PATH": ""}).stdout
    assert out.strip() == digest


def test_version_changes_with_one_label_but_not_with_the_revision_log(dataset):
    digest = dataset_version(dataset)
    changed = apply_label_change(dataset, "a", "claims", "c1", "supported", True, "typo", "ana",
                                 "2024-05-01T10:00:00+00:00")
    assert dataset_version(changed) != digest
    logged = with_revision(dataset, Revision("a", "c1", "supported", False, True, "", "x", "2024-05-01"))
    assert len(revisions(logged)) == 1
    assert dataset_version(logged) == digest


# ---------------------------------------------------------------- diff


def test_diff_lists_added_removed_changed_labels_and_metric_moves(make_case):
    old = RagDataset((
        make_case("keep", passages=[True, True]),
        make_case("edit", passages=[True, False], claims=[(True, None)]),
        make_case("gone", passages=[False]),
    ))
    new = RagDataset((
        make_case("keep", passages=[True, True]),
        make_case("edit", passages=[True, True], claims=[(True, False)]),
        make_case("new", passages=[False, False]),
        make_case("text", question="other question"),
    ))
    diff = diff_datasets(old, new)
    assert diff.added == ("new", "text")
    assert diff.removed == ("gone",)
    assert diff.changed == ("edit",)
    assert [(c.case, c.unit, c.field, c.old, c.new) for c in diff.label_changes] == [
        ("edit", "p2", "relevant", False, True),
        ("edit", "c1", "correct", None, False),
    ]
    # relevance: 3/5 before, 4/6 after; correctness: N/A before, 0/1 after.
    moves = {name: tuple((p.successes, p.total, p.value) for p in pair) for name, pair in diff.metric_moves.items()}
    assert moves["context_relevance"] == ((3, 5, pytest.approx(3 / 5)), (4, 6, pytest.approx(4 / 6)))
    assert moves["correctness"] == ((0, 0, None), (0, 1, 0.0))
    assert moves["coverage"] == ((0, 0, None), (0, 0, None))
    assert diff_datasets(old, old).empty


def test_question_edit_is_a_change_without_label_changes(make_case):
    old = RagDataset((make_case("x", passages=[True]),))
    new = RagDataset((make_case("x", passages=[True], question="Edited?"),))
    diff = diff_datasets(old, new)
    assert diff.changed == ("x",) and diff.label_changes == ()


# ---------------------------------------------------------------- revision log


def test_revision_log_round_trips_through_the_export(dataset):
    jsonl = dataset_from_text(dataset_to_text(dataset))
    assert jsonl.format == "jsonl"
    one = apply_label_change(jsonl, "b", "passages", "p2", "relevant", True, "re-read the passage", "ana",
                             "2024-05-01T10:00:00+00:00")
    two = apply_label_change(one, "a", "reference_facts", "f1", "covered", None, "", "ben", "2024-05-02T09:30:00Z")
    assert two.format == "object"
    text = dataset_to_text(two)
    assert '"revisions"' in text
    back = dataset_from_text(text)
    log = revisions(back)
    assert log == (
        Revision("b", "p2", "relevant", False, True, "re-read the passage", "ana", "2024-05-01T10:00:00+00:00"),
        Revision("a", "f1", "covered", False, None, "", "ben", "2024-05-02T09:30:00Z"),
    )
    assert [r.unexplained for r in log] == [False, True]
    assert back.cases[0].passages[1].label("relevant") is True
    assert dataset_version(back) == dataset_version(two)


def test_same_value_is_not_logged_and_the_time_is_the_callers(dataset):
    when = "2024-05-01T10:00:00+00:00"
    assert apply_label_change(dataset, "b", "passages", "p1", "relevant", True, "", "", when) is dataset
    changed = apply_label_change(dataset, "b", "passages", "p1", "relevant", False, "why", "me", when)
    assert revisions(changed)[0].time == when


@pytest.mark.parametrize(("entry", "where"), [
    ({"case": "a", "unit": "p1", "field": "relevant", "old": "yes", "new": True, "time": "2024-01-01"},
     "revisions[1].old"),
    ({"unit": "p1", "field": "relevant", "old": True, "new": False, "time": "2024-01-01"}, "revisions[1]"),
    ({"case": "a", "unit": "p1", "field": "relevance", "old": True, "new": False, "time": "2024-01-01"},
     "revisions[1].field"),
    ({"case": "a", "unit": "p1", "field": "relevant", "old": True, "new": False, "time": "yesterday"},
     "revisions[1].time"),
    ("not an object", "revisions[1]"),
])
def test_bad_revision_entries_are_located(dataset, entry, where):
    good = Revision("a", "p1", "relevant", True, False, "r", "x", "2024-01-01").to_dict()
    broken = replace(dataset, format="object", extra={"revisions": [good, entry]})
    with pytest.raises(InputError) as caught:
        revisions(dataset_from_text(dataset_to_text(broken)))
    assert caught.value.where == where


def test_revisions_must_be_a_list(dataset):
    with pytest.raises(InputError) as caught:
        revisions(replace(dataset, extra={"revisions": {}}))
    assert caught.value.where == "revisions"


@pytest.mark.parametrize(("args", "where"), [
    (("zz", "passages", "p1", "relevant"), "case"),
    (("a", "claims", "p1", "supported"), "unit"),
    (("a", "claims", "c1", "relevant"), "field"),
    (("a", "facts", "f1", "covered"), "kind"),
])
def test_bad_label_changes_are_located(dataset, args, where):
    with pytest.raises(InputError) as caught:
        apply_label_change(dataset, *args, True, "", "", "2024-01-01")
    assert caught.value.where == where


# ---------------------------------------------------------------- strata


def test_strata_counts_and_missing_stratum(dataset):
    result = strata(dataset, "language", min_units=1)
    assert [s.value for s in result.strata] == ["en", "es", "(missing)"]
    assert [s.cases for s in result.strata] == [1, 1, 1]
    en = result.strata[0].metrics
    assert (en["context_relevance"].successes, en["context_relevance"].total) == (1, 2)
    missing = result.strata[2].metrics
    assert missing["context_relevance"].total == 0 and missing["context_relevance"].unlabelled == 1
    assert result.overall["context_relevance"].total == 3
    assert result.too_small == ("(missing)",)
    assert strata(dataset, "language", min_units=3).too_small == ("en", "es", "(missing)")


def _hidden_dataset(make_case, bad_passages):
    good = [make_case(f"g{i}", passages=[True] * 10, metadata={"language": "en"}) for i in range(4)]
    bad = [make_case("bad", passages=bad_passages, metadata={"language": "es"})]
    return RagDataset(tuple(good + bad))


def test_hidden_failure_clear_when_the_interval_is_below(make_case):
    data = _hidden_dataset(make_case, [False] * 20)  # overall 40/60 passes 0.5; es 0/20 fails clearly
    result = strata(data, "language")
    assert result.overall["context_relevance"].value >= 0.5
    assert [(h.value, h.metric, h.certainty) for h in result.hidden_failures] == [
        ("es", "context_relevance", "clear")]
    assert result.too_small == ()


def test_hidden_failure_uncertain_with_few_units(make_case):
    data = _hidden_dataset(make_case, [False, False, True])  # es 1/3: interval reaches above 0.5
    result = strata(data, "language")
    assert [(h.value, h.certainty) for h in result.hidden_failures] == [("es", "uncertain")]
    assert result.too_small == ("es",)


def test_no_hidden_failure_when_the_whole_dataset_fails_too(make_case):
    data = RagDataset(tuple(make_case(f"x{i}", passages=[False] * 5, metadata={"language": lang})
                            for i, lang in enumerate(["en", "es"])))
    assert strata(data, "language").hidden_failures == ()
    lowered = strata(data, "language", thresholds={"context_relevance": 0.0})
    assert lowered.hidden_failures == ()


# ---------------------------------------------------------------- splits


@pytest.fixture
def many(make_case):
    return RagDataset(tuple(
        make_case(f"case-{i:03d}", passages=[True], metadata={"language": "en" if i % 3 else "es"})
        for i in range(300)))


SHARES = {"dev": 0.5, "regression": 0.3, "held-out": 0.2}


def test_splits_reproducible_for_a_seed_and_independent_of_order(many):
    first = assign_splits(many, "language", 7, SHARES)
    assert first == assign_splits(tuple(reversed(many.cases)), "language", 7, SHARES)
    assert list(first) == [c.id for c in many.cases]
    assert first != assign_splits(many, "language", 8, SHARES)
    assert set(first.values()) <= set(SPLITS)


def test_splits_are_stratified(many):
    assignment = assign_splits(many, "language", 3, SHARES)
    for language, size in (("en", 200), ("es", 100)):
        counts = Counter(assignment[c.id] for c in many.cases if c.metadata["language"] == language)
        assert counts == {name: round(share * size) for name, share in SHARES.items()}


def test_with_splits_writes_metadata(many):
    assignment = assign_splits(many, None, 1, {"dev": 1, "held-out": 1})
    split = with_splits(many, assignment)
    assert Counter(c.metadata["split"] for c in split.cases) == {"dev": 150, "held-out": 150}
    assert all(c.metadata["language"] for c in split.cases)
    with pytest.raises(InputError):
        with_splits(many, {"nope": "dev"})


@pytest.mark.parametrize("shares", [{}, {"dev": -1}, {"dev": 0}, {"dev": float("nan")}])
def test_bad_shares_are_refused(many, shares):
    with pytest.raises(InputError):
        assign_splits(many, None, 1, shares)


def test_export_is_plain_json(dataset):
    text = dataset_to_text(with_revision(dataset, Revision("a", "p1", "relevant", True, False, "", "", "2024-01-01")))
    assert json.loads(text)["revisions"][0]["case"] == "a"


def test_strata_warnings_name_fields_no_case_has(make_case):
    from dataclasses import replace

    from uncase_core.datasets.workbench import STRATUM_FIELD_ABSENT, WARNINGS, strata_warnings

    cases = [replace(make_case("a"), metadata={"domain": "retail", "blank": " ", "none": None}),
             replace(make_case("b"), metadata={"split": "dev", "blank": ""})]
    warnings = strata_warnings(cases, ["domain", "splt", "blank", "none", "split", "splt"])
    assert [w.params["field"] for w in warnings] == ["splt", "blank", "none"]  # absent, empty or null everywhere
    assert {w.code for w in warnings} == {STRATUM_FIELD_ABSENT}
    assert warnings[0].params["present"] == "domain, split"
    assert warnings[0].text == WARNINGS[STRATUM_FIELD_ABSENT].format(**warnings[0].params)
    assert warnings[0].to_dict() == {"code": "stratum_field_absent", "params": dict(warnings[0].params),
                                     "text": warnings[0].text}
    assert strata_warnings(cases, ["domain", "split"]) == ()
    assert strata_warnings([replace(make_case("c"), metadata={})], ["x"])[0].params["present"] == "no metadata"


def test_the_workbench_reads_another_tools_file_as_the_rag_page_does():
    """A RAGAS export opened on the workbench: the same cases the RAG page's one reader gives, not a refusal."""
    from pathlib import Path

    from uncase_core.datasets.workbench import dataset_from_file
    from uncase_core.rag.case_files import read_case_file

    ragas = sorted((Path(__file__).resolve().parents[2] / "data" / "interchange").rglob("*ragas*.jsonl"))
    assert ragas, "no RAGAS file among the interchange fixtures"
    data = ragas[0].read_bytes()
    dataset = dataset_from_file(data, ragas[0].name)
    assert dataset.cases and dataset.cases == read_case_file(data, ragas[0].name).dataset.cases
