"""What the upload guard counts an upload against (ui/frame/upload_guard.py): its session, its workspace and its
address, each over every file held or in flight; a file sent again under its own id replaces itself."""

from __future__ import annotations

from ui.frame import state, upload_guard
from ui.frame.upload_guard import (
    MAX_ADDRESS_BYTES,
    MAX_ADDRESS_FILES,
    MAX_HELD_BYTES,
    MAX_HELD_FILES,
    Holder,
    holding_refusal,
)

MB = 1024 * 1024


def test_the_guard_reads_the_workspace_where_the_frame_keeps_it():
    assert upload_guard.WORKSPACE_KEY == state.WORKSPACE_KEY


def test_a_workspace_holds_what_one_session_may_over_all_its_sessions():
    held = [(Holder(f"s{i}", "w", "10.0.0.1"), f"f{i}", MAX_HELD_BYTES // MAX_HELD_FILES) for i in range(3)]
    assert holding_refusal(Holder("s9", "w", "10.0.0.1"), "new", 1, held) is None  # the workspace's fourth file
    held.append((Holder("s9", "w", "10.0.0.1"), "f9", 1))
    refusal = holding_refusal(Holder("s10", "w", "10.0.0.1"), "new", 1, held)
    assert refusal == (413, f"a workspace may hold {MAX_HELD_FILES} uploaded files at once")
    # Another workspace at the same address is not held back by this one.
    assert holding_refusal(Holder("s11", "other", "10.0.0.1"), "new", 1, held) is None


def test_an_address_holds_at_most_its_cap_whatever_the_workspaces():
    size = 2 * MB
    held = [(Holder(f"s{i}", f"w{i}", "10.0.0.1"), "f", size) for i in range(MAX_ADDRESS_BYTES // size - 1)]
    assert holding_refusal(Holder("new", "wn", "10.0.0.1"), "f", size, held) is None
    assert holding_refusal(Holder("new", "wn", "10.0.0.1"), "f", size + 1, held)[1].startswith("an address may hold")
    assert holding_refusal(Holder("new", "wn", "10.0.0.2"), "f", size + 1, held) is None  # another address
    many = [(Holder(f"s{i}", f"w{i}", "10.0.0.1"), "f", 1) for i in range(MAX_ADDRESS_FILES)]
    assert holding_refusal(Holder("new", "wn", "10.0.0.1"), "f", 1, many)[1] == \
        f"an address may hold {MAX_ADDRESS_FILES} uploaded files at once"


def test_a_file_sent_again_under_its_id_replaces_itself():
    held = [(Holder("s", "w", "a"), "same", MAX_HELD_BYTES - 10)]
    assert holding_refusal(Holder("s", "w", "a"), "same", MAX_HELD_BYTES - 10, held) is None
    assert holding_refusal(Holder("s", "w", "a"), "other", 11, held)[0] == 413


def test_a_session_with_no_workspace_yet_is_counted_by_session_and_address():
    held = [(Holder("s", None, "a"), f"f{i}", 1) for i in range(MAX_HELD_FILES)]
    assert holding_refusal(Holder("s", None, "a"), "new", 1, held)[1].startswith("a session may hold")
    assert holding_refusal(Holder("t", None, "a"), "new", 1, held) is None  # no workspace: not grouped by one
