"""`python3 dev.py test` runs the suite on one worker more than the cores (pytest-xdist), unless told otherwise."""

from __future__ import annotations

import dev


def test_the_suite_takes_a_worker_more_than_the_cores_and_at_most_the_cap():
    assert dev.test_workers([], cores=2) == ["-n", "3", "--dist", "worksteal"]
    assert dev.test_workers(["tests/core"], cores=1) == ["-n", "2", "--dist", "worksteal"]
    assert dev.test_workers([], cores=64)[1] == str(dev.MAX_TEST_WORKERS)


def test_a_command_line_that_chooses_its_workers_or_turns_xdist_off_is_left_alone():
    for extra in (["-n", "1"], ["-n0"], ["--numprocesses=4"], ["-p", "no:xdist"]):
        assert dev.test_workers(extra, cores=2) == [], extra
