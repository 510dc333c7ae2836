"""``ui/frame/admission.py``: a few full page runs at a time, first come first served, never stuck."""

from __future__ import annotations

import threading
import time

import pytest

from ui.frame import admission
from ui.frame.admission import DEFAULT_FULL_RUNS, Admission, _configured


def run_many(gate: Admission, count: int, hold_s: float, stagger_s: float = 0.0):
    """``count`` threads each holding a slot for ``hold_s``; the most held at once and the order they got in."""
    lock = threading.Lock()
    inside, most, order = [0], [0], []

    def work(number: int) -> None:
        with gate.slot():
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
                order.append(number)
            time.sleep(hold_s)
            with lock:
                inside[0] -= 1

    threads = []
    for number in range(count):
        thread = threading.Thread(target=work, args=(number,))
        thread.start()
        threads.append(thread)
        time.sleep(stagger_s)
    for thread in threads:
        thread.join(timeout=30)
    return most[0], order


def test_no_more_than_the_slots_run_at_once():
    most, order = run_many(Admission(2), 8, hold_s=0.05)
    assert most == 2 and sorted(order) == list(range(8))


def test_runs_get_in_in_the_order_they_came():
    # Each waiter arrives 10 ms after the one before, while the one slot is held: they are served in that order.
    _most, order = run_many(Admission(1), 6, hold_s=0.08, stagger_s=0.01)
    assert order == list(range(6))


def test_zero_slots_admits_everyone_at_once():
    """Five runs meet inside at once: each waits in the slot until all five are there (a barrier, not a sleep, so
    a loaded machine that starts the threads slowly cannot make it fail; one kept out would break the barrier)."""
    gate, meeting, met = Admission(0), threading.Barrier(5, timeout=20), []

    def work() -> None:
        with gate.slot():
            meeting.wait()
            met.append(True)

    threads = [threading.Thread(target=work) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(met) == 5


def test_a_run_that_waits_too_long_goes_ahead_and_is_counted():
    gate = Admission(1, wait_s=0.1)
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with gate.slot():
            held.set()
            release.wait(5)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(5)
    started = time.monotonic()
    with gate.slot() as waited:
        assert 0.09 <= time.monotonic() - started < 2 and waited >= 0.09
    assert gate.late == 1
    release.set()
    holder.join(5)
    with gate.slot() as waited:  # the holder gave its slot back; the late run took none, so none is owed
        assert waited < 0.05
    assert gate.late == 1


def test_a_slot_is_given_back_however_the_run_ends():
    gate = Admission(1, wait_s=0.5)

    class StopLike(Exception):  # what st.stop, st.rerun and st.switch_page raise inside a script
        pass

    for _ in range(3):
        with pytest.raises(StopLike), gate.slot():
            raise StopLike
    with gate.slot() as waited:
        assert waited < 0.05
    assert gate.late == 0 and gate.waiting == 0


@pytest.mark.parametrize(("value", "slots"), [
    (None, DEFAULT_FULL_RUNS), ("", DEFAULT_FULL_RUNS), ("4", 4), ("0", 0), ("-3", 0), ("two", DEFAULT_FULL_RUNS),
])
def test_the_number_of_slots_comes_from_the_environment(value, slots):
    assert _configured(value) == slots


def test_each_run_of_the_app_takes_one_slot_and_gives_it_back(monkeypatch):
    """app.py holds a slot for each full run (AppTest's runs are full runs) and none is left held afterwards. A
    fragment's rerun does not run app.py at all (Streamlit's ScriptRunner runs the fragment's function alone)."""
    from streamlit.testing.v1 import AppTest

    from tests.pages.apptest_helpers import ROOT, edit_labels

    gate = Admission(1, wait_s=5)
    calls = []
    real = gate.slot

    def counted():
        calls.append(1)
        return real()

    monkeypatch.setattr(gate, "slot", counted)
    monkeypatch.setattr(admission, "FULL_RUN_ADMISSION", gate)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page("app_pages/rag_diagnosis.py")
    at.run()
    assert not at.exception
    edit_labels(at, "passages", {0: {"relevant": False}})  # a run that stores a label
    assert len(calls) == 3
    assert gate.late == 0 and gate.waiting == 0
    with gate.slot() as waited:  # free: the runs gave it back
        assert waited < 0.05
