"""Write pacing per workspace and per address (ui/frame/throttle.py, issue 35, finding 7), on a given clock."""

from __future__ import annotations

from types import MappingProxyType

from hypothesis import given
from hypothesis import strategies as st

from ui.frame.throttle import Paces

RATES = MappingProxyType({"workspace": (5.0, 3), "address": (10.0, 5)})


def paces() -> tuple[Paces, list[float]]:
    now = [0.0]
    return Paces(RATES, clock=lambda: now[0]), now


def test_sessions_share_their_workspaces_bucket():
    pace, _now = paces()
    # Three sessions of one workspace, from three addresses: the workspace's burst of 3 is all they get together.
    assert [pace.take(("workspace", "w1"), ("address", a)) for a in ("a", "b", "c")] == [0.0, 0.0, 0.0]
    assert pace.take(("workspace", "w1"), ("address", "d")) > 0


def test_one_address_over_many_workspaces_is_held_by_its_own_bucket():
    pace, _now = paces()
    assert all(pace.take(("workspace", f"w{i}"), ("address", "a")) == 0.0 for i in range(5))
    assert pace.take(("workspace", "w9"), ("address", "a")) > 0  # a fresh workspace, the address spent


def test_a_refusal_takes_from_no_bucket_and_the_wait_is_the_longest():
    pace, now = paces()
    for _ in range(3):
        pace.take(("workspace", "w1"), ("address", "a"))
    wait = pace.take(("workspace", "w1"), ("address", "a"))
    assert abs(wait - 1 / 5.0) < 1e-9  # the workspace's bucket is short; the address's is not
    # The refused write did not spend the address's tokens: two more workspaces still write from it.
    assert pace.take(("workspace", "w2"), ("address", "a")) == 0.0
    assert pace.take(("workspace", "w3"), ("address", "a")) == 0.0
    now[0] += 0.2
    assert pace.take(("workspace", "w1"), ("address", "b")) == 0.0  # refilled at 5 a second


@given(st.lists(st.tuples(st.floats(0, 2), st.sampled_from(["w1", "w2"]), st.sampled_from(["a", "b"])), max_size=60))
def test_no_workspace_ever_writes_more_than_its_burst_plus_its_rate(steps: list[tuple[float, str, str]]):
    pace, now = paces()
    taken = {"w1": 0, "w2": 0}
    for step, workspace, address in steps:
        now[0] += step
        if pace.take(("workspace", workspace), ("address", address)) == 0.0:
            taken[workspace] += 1
    assert all(count <= 3 + 5.0 * now[0] + 1e-9 for count in taken.values())
