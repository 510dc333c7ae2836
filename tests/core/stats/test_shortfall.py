"""A withheld figure's shortfall: "N more needed" only where the data can still grow to the minimum."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from uncase_core.stats.shortfall import Shortfall


def test_a_room_of_14_units_can_never_reach_50():
    room = Shortfall(have=2, minimum=50, most=14)
    assert room.needed == 48 and not room.can_come


def test_a_set_that_can_grow_or_is_large_enough_can_still_reach_its_minimum():
    assert Shortfall(have=2, minimum=50).can_come  # no bound: a dataset a person can add to
    assert Shortfall(have=2, minimum=50, most=50).can_come
    assert Shortfall(have=60, minimum=50, most=60).needed == 0


@given(have=st.integers(0, 300), minimum=st.integers(1, 300), most=st.integers(0, 300))
def test_needed_and_can_come_agree_with_their_definition(have, minimum, most):
    shortfall = Shortfall(have=min(have, most), minimum=minimum, most=most)
    assert shortfall.needed == max(0, minimum - min(have, most))
    assert shortfall.can_come == (most >= minimum)
