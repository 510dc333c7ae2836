"""The dataset workbench's red "fails ... (clear)" per stratum (issue 48, finding 3): read from unit-level Wilson
intervals one by one, at least one red box showed in 8.7% of the built-in dataset's draws with no stratum truly
failing (within-case correlation 0) and 17.3% (0.3). Now each stratum's interval counts its cases as clusters and a
red box needs the one verdict policy after Holm's correction over every stratum and dimension. Seeded simulations of
the real strata() on the built-in dataset's shape are in tests/harness/test_workbench_truths.py; docs/coverage.md
has the whole table (bench/pooled_truths.py)."""

from __future__ import annotations

from uncase_core.datasets.workbench import strata
from uncase_core.rag.cases import RagDataset


def test_two_cases_do_not_make_a_stratum_fail_clearly_when_they_disagree(make_case):
    """0 of 10 and 4 of 10 relevant passages: the units' Wilson interval (8.1% to 41.6%) lies below the 50%
    threshold, but two cases that disagree this much cannot show where the stratum's rate is."""
    good = [make_case(f"g{i}", passages=[True] * 10, metadata={"language": "en"}) for i in range(6)]
    bad = [make_case("b0", passages=[False] * 10, metadata={"language": "es"}),
           make_case("b1", passages=[True] * 4 + [False] * 6, metadata={"language": "es"})]
    result = strata(RagDataset(tuple(good + bad)), "language")
    es = result.strata[1].metrics["context_relevance"]
    assert (es.successes, es.total) == (4, 20)
    assert [(h.value, h.metric, h.certainty) for h in result.hidden_failures] == [
        ("es", "context_relevance", "uncertain")]
    assert es.high > 0.5  # the interval drawn for the stratum is the clustered one, which reaches the threshold


def test_a_stratum_failing_in_every_case_is_still_called_clear_after_the_correction(make_case):
    """Ten cases, every passage irrelevant: ten independent draws (each case one, nothing measures more) below 50%
    even after Holm over the two strata."""
    good = [make_case(f"g{i}", passages=[True] * 10, metadata={"language": "en"}) for i in range(12)]
    bad = [make_case(f"b{i}", passages=[False] * 10, metadata={"language": "es"}) for i in range(10)]
    (failure,) = strata(RagDataset(tuple(good + bad)), "language").hidden_failures
    assert (failure.value, failure.certainty) == ("es", "clear")
    assert failure.tests == 2 and failure.adjusted_p <= 0.05  # one labelled dimension, two strata
