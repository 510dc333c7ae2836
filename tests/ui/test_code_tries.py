"""Wrong codes per session and per address (issue 47, item 5), driven by a given clock: a session's own wrong codes
slow only that session; an address's allowance is spent by wrong codes alone and grows with its sessions that got
in, within a ceiling; what a guesser gets looked at in a day is counted, not timed."""

from __future__ import annotations

import pytest

from ui.frame.code_tries import ADDRESS, HOUR_S, SESSION, CodeTries
from ui.frame.throttle import DEFAULT_ROOMS_PER_HOUR, rooms_per_hour

SCHOOL = "203.0.113.9"


def tries(now: list[float]) -> CodeTries:
    return CodeTries(clock=lambda: now[0])


def test_a_sessions_own_wrong_codes_double_its_wait_and_no_one_elses():
    now = [0.0]
    counter = tries(now)
    waits = []
    for _ in range(15):
        counter.failed("tab-1", SCHOOL)
        waits.append(counter.wait("tab-1", SCHOOL).seconds)
    assert waits == [0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600]
    assert counter.wait("tab-1", SCHOOL).whose == SESSION
    assert not counter.wait("tab-2", SCHOOL)  # a neighbour at the same address is not slowed
    counter.passed("tab-1", SCHOOL)
    assert not counter.wait("tab-1", SCHOOL)  # in: its count starts again


def test_an_address_that_used_its_allowance_waits_for_everyone_until_it_refills():
    now = [0.0]
    counter = tries(now)
    for index in range(counter.burst):  # a fresh session for every guess: no session's own wait applies
        assert not counter.wait(f"guess-{index}", SCHOOL)
        counter.failed(f"guess-{index}", SCHOOL)
    held = counter.wait("a-person", SCHOOL)
    assert held.whose == ADDRESS and held.seconds == pytest.approx(HOUR_S / counter.per_hour)
    assert not counter.wait("a-person", "198.51.100.1")  # another address has its own
    now[0] += HOUR_S / counter.per_hour
    assert not counter.wait("a-person", SCHOOL)


def guessed_in(counter: CodeTries, now: list[float], hours: float, admitted_an_hour: int = 0) -> int:
    """Wrong codes a guesser gets looked at from one address in ``hours``, trying a fresh session whenever the
    address may, while ``admitted_an_hour`` sessions of that address get in every hour."""
    looked, step, end = 0, 1.0, now[0] + hours * HOUR_S
    admitted_every = HOUR_S / admitted_an_hour if admitted_an_hour else None
    next_admission = now[0]
    while now[0] < end:
        while admitted_every and next_admission <= now[0]:
            counter.passed(f"class-{next_admission}", SCHOOL)
            next_admission += admitted_every
        if not counter.wait(f"guess-{looked}", SCHOOL):
            counter.failed(f"guess-{looked}", SCHOOL)
            looked += 1
        now[0] += step
    return looked


@pytest.mark.parametrize("admitted_an_hour, ceiling", [(0, "alone"), (300, "most"), (5000, "most")])
def test_a_guesser_gets_at_most_the_burst_and_the_hourly_rate_looked_at_in_a_day(admitted_an_hour, ceiling):
    now = [0.0]
    counter = tries(now)
    rate = counter.per_hour if ceiling == "alone" else counter.most_per_hour
    looked = guessed_in(counter, now, 24, admitted_an_hour)
    assert looked <= counter.burst + 24 * rate
    if ceiling == "alone":
        assert looked >= counter.burst + 24 * counter.per_hour - 2
    else:  # the class getting in grows the allowance, never past its ceiling
        assert looked > counter.burst + 24 * counter.per_hour


def test_four_sockets_sending_wrong_codes_for_an_hour_never_hold_a_neighbours_right_code():
    now = [0.0]
    counter = tries(now)
    sent = 0
    for _ in range(int(HOUR_S)):
        for socket in ("s1", "s2", "s3", "s4"):
            if not counter.wait(socket, SCHOOL):
                counter.failed(socket, SCHOOL)
                sent += 1
        assert not counter.wait("fifth", SCHOOL), f"held after {now[0]:.0f} s and {sent} wrong codes"
        now[0] += 1.0
    # Each: at 0, 1 and 2 s, then at 4, 8, ... 1,024 s (the 12th), and the 13th 2,048 s after that, at 3,072 s.
    assert sent == 4 * 13


def test_sessions_that_got_in_raise_the_refill_up_to_its_ceiling():
    counter = CodeTries()
    assert counter.rate(0) == counter.per_hour
    assert counter.rate(5 * (counter.most_per_hour - counter.per_hour) / 2) == (counter.per_hour
                                                                                 + counter.most_per_hour) / 2
    assert counter.rate(10_000) == counter.most_per_hour


def test_the_rooms_a_workspace_may_make_an_hour_come_from_the_environment():
    assert rooms_per_hour({}) == DEFAULT_ROOMS_PER_HOUR
    assert rooms_per_hour({"UNCASE_ROOMS_PER_HOUR": "3"}) == 3
    assert rooms_per_hour({"UNCASE_ROOMS_PER_HOUR": "0"}) == DEFAULT_ROOMS_PER_HOUR  # never "no limit"
    assert rooms_per_hour({"UNCASE_ROOMS_PER_HOUR": "many"}) == DEFAULT_ROOMS_PER_HOUR
