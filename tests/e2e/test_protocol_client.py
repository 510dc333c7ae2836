"""The protocol-level simulated user (tests/support/protocol_client.py) against a real `streamlit run`, no browser.

The load benchmark trusts its numbers only if the client's model of the page stays right after any number of
reruns and the server does the same work as for a browser, so these tests check both: the page as the client
reads it (counts, verdict, slider, title) after ticks, slider moves and page switches, and the message stream
(a slider move reruns only fragments). A second part drives the client with scripted messages, for the cases
the app does not produce on demand: a widget inside a fragment, stale nodes, exceptions, a dropped connection.
Expected numbers come from the built-in scenario and the translations, as in bench/bench_load.py.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.Markdown_pb2 import Markdown

from tests.support.protocol_client import (
    KEYPAD,
    Disconnected,
    ProtocolSession,
    RunTimeout,
    editor_json,
)
from tests.support.server import serve
from ui.i18n import format_percent, translate
from uncase_core.assets.reader import load_index, load_scenario
from uncase_core.rag import evaluation as rag

pytestmark = pytest.mark.e2e

T = TypeVar("T")
LANG = "en"
METRIC = "context_relevance"
RAG, PLANNER, HOME = "/rag_diagnosis", "/sample_size_planner", "/"
PASSAGES = 0  # the first data editor on the RAG page
RELEVANT = "relevant"


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run on an event loop of its own thread: the browser tests' sync Playwright keeps a loop running in this
    one for the whole test session, and asyncio.run refuses to start inside it."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


# ------------------------------------------------------------------------------------------ expected texts

def metric_label() -> str:
    return translate(LANG, f"metric.{METRIC}")


def initial_labels() -> list[bool | None]:
    """The passages' "relevant" labels of the case the page opens on: the first built-in scenario's first case."""
    case = load_scenario(load_index()[0], LANG).cases[0]
    return [p.label(RELEVANT) for p in case.passages]


def flipped(labels: list[bool | None], *rows: int) -> list[bool | None]:
    return [(not label) if i in rows else label for i, label in enumerate(labels)]


def expected_card(labels: list[bool | None], threshold: float) -> tuple[str, str, tuple[str, ...]]:
    """The metric's value, and how its two captions start: counts (``4 / 5 · ``) and verdict (any of a few starts:
    below the threshold the page says "fails" only where the exact test makes it clear, "below ... · uncertain"
    otherwise, ui/views/rag/view.py)."""
    successes = sum(label is True for label in labels)
    total = sum(label is not None for label in labels)
    template = translate(LANG, "value.counts")
    counts = template[: template.index("{level}")].format(successes=successes, total=total)
    percent = round(threshold * 100)
    passes = successes * 100 >= percent * total  # value >= threshold, in integers
    keys = ("verdict.pass",) if passes else ("verdict.fail", "verdict.below")
    verdict = tuple(translate(LANG, key, threshold=format_percent(threshold, LANG, 0)) for key in keys)
    return format_percent(successes / total, LANG), counts, verdict


def assert_card(session: ProtocolSession, labels: list[bool | None], threshold: float) -> None:
    value, captions = session.metric_card(metric_label())
    want_value, want_counts, want_verdict = expected_card(labels, threshold)
    assert value == want_value, (value, captions)
    assert len(captions) >= 2, captions
    assert captions[0].startswith(want_counts), captions
    assert captions[1].startswith(want_verdict), captions
    assert session.slider_value(metric_label()) == pytest.approx(threshold)
    assert session.exceptions() == []


DEFAULT_THRESHOLD = rag.DEFAULT_THRESHOLDS[METRIC]


# ------------------------------------------------------------------------------------------ real server

@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serve() as (base, _process):
        yield base


def test_open_reads_the_context_relevance_card(base_url: str) -> None:
    async def flow() -> None:
        async with await ProtocolSession.open(base_url, RAG) as session:
            first = session.first_run
            assert first is not None and first.ms > 0
            assert first.last_run is not None and first.last_run.status == ForwardMsg.FINISHED_SUCCESSFULLY
            assert first.exceptions == [] and first.problems == []
            assert session.page_title() == translate(LANG, "rag.title")
            assert session.url_path == RAG.strip("/")
            assert session.pages[RAG.strip("/")] == session.page_script_hash
            assert_card(session, initial_labels(), DEFAULT_THRESHOLD)
            assert [session.editor_cell(PASSAGES, row, RELEVANT) for row in range(len(initial_labels()))] == \
                initial_labels()
            assert session.editor_state(PASSAGES) is None  # no edit yet: the browser holds no value either
            assert session.unsupported == set()
            assert session.errors == []

    run(flow())


def test_ticking_passage_5_moves_the_counts_and_edits_accumulate(base_url: str) -> None:
    async def flow() -> None:
        async with await ProtocolSession.open(base_url, RAG) as session:
            labels = initial_labels()
            result = await session.toggle_editor_cell(PASSAGES, 4, RELEVANT)
            labels = flipped(labels, 4)
            assert result.ms > 0 and result.exceptions == []
            assert session.editor_cell(PASSAGES, 4, RELEVANT) is labels[4]
            assert_card(session, labels, DEFAULT_THRESHOLD)

            await session.toggle_editor_cell(PASSAGES, 0, RELEVANT)
            labels = flipped(labels, 0)
            assert_card(session, labels, DEFAULT_THRESHOLD)
            # Earlier rows stay in the editing state, rows in numeric order, as the frontend writes it.
            assert session.editor_state(PASSAGES) == {
                "edited_rows": {"0": {RELEVANT: labels[0]}, "4": {RELEVANT: labels[4]}},
                "added_rows": [], "deleted_rows": []}

            await session.toggle_editor_cell(PASSAGES, 4, RELEVANT)  # back again: stays listed, with its value
            labels = flipped(labels, 4)
            assert_card(session, labels, DEFAULT_THRESHOLD)
            assert session.editor_state(PASSAGES)["edited_rows"]["4"] == {RELEVANT: labels[4]}

    run(flow())


def test_threshold_slider_moves_the_verdict(base_url: str) -> None:
    async def flow() -> None:
        async with await ProtocolSession.open(base_url, RAG) as session:
            labels = initial_labels()
            successes = sum(label is True for label in labels)
            total = sum(label is not None for label in labels)
            above = (successes * 20 // total + 1) * 0.05  # the next 0.05 step above the value: fails
            below = (successes * 20 // total - 1) * 0.05
            for threshold in (above, below, above):
                result = await session.set_slider(metric_label(), round(threshold, 2))
                assert result.exceptions == []
                assert_card(session, labels, round(threshold, 2))
            assert expected_card(labels, round(above, 2))[2] != expected_card(labels, round(below, 2))[2]

    run(flow())


def test_labels_and_threshold_survive_page_switches(base_url: str) -> None:
    async def flow() -> None:
        async with await ProtocolSession.open(base_url, RAG) as session:
            labels = flipped(initial_labels(), 4)
            await session.toggle_editor_cell(PASSAGES, 4, RELEVANT)
            await session.set_slider(metric_label(), 0.55)
            assert_card(session, labels, 0.55)

            for away, title_key in ((PLANNER, "plan.title"), (HOME, "home.title")):
                result = await session.switch_page(away)
                assert result.exceptions == [] and result.problems == []
                assert session.page_title() == translate(LANG, title_key)
                assert session.url_path == away.strip("/")
                with pytest.raises(LookupError):
                    session.metric_card(metric_label())  # the RAG page's content is gone

                await session.switch_page(RAG)
                assert session.page_title() == translate(LANG, "rag.title")
                assert_card(session, labels, 0.55)  # kept by the server in session state
                # The editor starts a new editing state (Streamlit forgot the widget on the other page) ...
                assert session.editor_state(PASSAGES) is None
                assert session.editor_cell(PASSAGES, 4, RELEVANT) is labels[4]

            # ... and a tick after coming back still counts from the kept labels.
            await session.toggle_editor_cell(PASSAGES, 4, RELEVANT)
            assert_card(session, flipped(labels, 4), 0.55)
            assert session.errors == []

    run(flow())


def test_two_sessions_do_not_see_each_others_labels(base_url: str) -> None:
    async def flow() -> None:
        one, two = await asyncio.gather(ProtocolSession.open(base_url, RAG), ProtocolSession.open(base_url, RAG))
        try:
            assert one.session_id and two.session_id and one.session_id != two.session_id
            start = initial_labels()
            await one.toggle_editor_cell(PASSAGES, 4, RELEVANT)
            await two.rerun()
            assert_card(one, flipped(start, 4), DEFAULT_THRESHOLD)
            assert_card(two, start, DEFAULT_THRESHOLD)

            await asyncio.gather(two.toggle_editor_cell(PASSAGES, 0, RELEVANT),
                                 one.set_slider(metric_label(), 0.45))
            await one.rerun()
            assert_card(one, flipped(start, 4), 0.45)
            assert_card(two, flipped(start, 0), DEFAULT_THRESHOLD)
        finally:
            await asyncio.gather(one.close(), two.close())

    run(flow())


def test_slider_move_reruns_fragments_only(base_url: str) -> None:
    """Only fragments run after a threshold move: every delta carries a fragment id of the run that drew it,
    and the rest of the page (title, label tables) is neither sent again nor lost from the model."""
    async def flow() -> None:
        async with await ProtocolSession.open(base_url, RAG) as session:
            outside = {path for path, node, _ in session.nodes() if not node.fragment_id}
            result = await session.set_slider(metric_label(), 0.55)
            last = result.last_run
            assert last is not None and last.fragment_ids, "the slider's run was not a fragment run"
            assert last.status == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
            assert all(not run.fragment_ids for run in result.runs[:-1])  # at most the aborted request
            assert result.deltas, "the fragment run sent nothing"
            assert all(d.fragment_id in result.fragment_ids for d in result.deltas), \
                [(d.path, d.kind) for d in result.deltas if d.fragment_id not in result.fragment_ids]
            assert not outside & {d.path for d in result.deltas}
            assert outside <= {path for path, node, _ in session.nodes() if not node.fragment_id}
            assert session.page_title() == translate(LANG, "rag.title")
            assert session.editor_cell(PASSAGES, 0, RELEVANT) is initial_labels()[0]
            assert_card(session, initial_labels(), 0.55)

    run(flow())


@pytest.mark.parametrize("page", [RAG, "/annotator_agreement"])
def test_a_key_in_focus_mode_is_one_fragment_run_that_shows_the_new_figures(page: str, base_url: str) -> None:
    """Issue 24: a key in focus mode costs one script run of focus mode's fragment alone, the figures drawn in it,
    not a run stopped by a callback's rerun and then a run of several fragments. Only the first change (which
    turns the sidebar's reset on) reruns the side fragments too."""
    async def flow() -> None:
        async with await ProtocolSession.open(base_url, page) as session:
            await session.click(translate(LANG, "focus.view.focus"))
            focus_fragment = session.watcher(KEYPAD)[0].fragment_id
            first = await session.press_key("no")
            assert not first.exceptions, first.exceptions
            alone = 0
            for action in ("yes", "no", "yes", "no"):
                before = session.texts(), session.keypad()
                result = await session.press_key(action)
                assert not result.exceptions, result.exceptions
                runs = [run.fragment_ids for run in result.runs]
                # One run of focus mode's fragment alone; or, when the key moved to another case, that run stopped
                # by its callback's rerun and the whole page (never a second run of several fragments).
                assert runs in ([(focus_fragment,)], [(focus_fragment,), ()]), \
                    [(run.fragment_ids, run.status) for run in result.runs]
                alone += runs == [(focus_fragment,)]
                # the unit moved on (and the figures with it) in that run
                assert (session.texts(), session.keypad()) != before
            assert alone >= 2

    run(flow())


def test_a_run_past_its_timeout_is_reported_and_the_session_recovers(base_url: str) -> None:
    async def flow() -> None:
        async with await ProtocolSession.open(base_url, RAG) as session:
            with pytest.raises(RunTimeout):
                await session.toggle_editor_cell(PASSAGES, 4, RELEVANT, timeout=0.001)
            assert session.errors
            await session.rerun()  # waits for the late run first, so its finish is not taken for this one
            assert len(session.late_runs) == 1 and session.late_runs[0].runs
            assert_card(session, flipped(initial_labels(), 4), DEFAULT_THRESHOLD)

    run(flow())


# ------------------------------------------------------------------------------------------ scripted messages

class ScriptedSocket:
    """A websocket double: records what the client sends, delivers what the test queues."""

    def __init__(self) -> None:
        self.sent: list[BackMsg] = []
        self.incoming: asyncio.Queue[bytes | BaseException] = asyncio.Queue()

    async def send(self, data: bytes) -> None:
        self.sent.append(BackMsg.FromString(data))

    def deliver(self, *messages: ForwardMsg) -> None:
        for msg in messages:
            self.incoming.put_nowait(msg.SerializeToString())

    def drop(self, error: BaseException) -> None:
        self.incoming.put_nowait(error)

    async def close(self) -> None:
        self.incoming.put_nowait(StopAsyncIteration())

    def __aiter__(self) -> ScriptedSocket:
        return self

    async def __anext__(self) -> bytes:
        item = await self.incoming.get()
        if isinstance(item, BaseException):
            raise item
        return item


def started(run_id: str, *fragments: str) -> ForwardMsg:
    msg = ForwardMsg()
    msg.new_session.page_script_hash = "page"
    msg.metadata.run.script_run_id = run_id
    msg.metadata.run.fragment_ids.extend(fragments)
    return msg


def finished(status: int) -> ForwardMsg:
    msg = ForwardMsg()
    msg.script_finished = status  # type: ignore[assignment]
    return msg


def delta(path: tuple[int, ...], fragment: str = "") -> ForwardMsg:
    msg = ForwardMsg()
    msg.metadata.delta_path.extend(path)
    msg.delta.fragment_id = fragment
    return msg


def caption(path: tuple[int, ...], text: str, fragment: str = "") -> ForwardMsg:
    msg = delta(path, fragment)
    msg.delta.new_element.markdown.body = text
    msg.delta.new_element.markdown.element_type = Markdown.CAPTION
    return msg


def block(path: tuple[int, ...], fragment: str = "") -> ForwardMsg:
    msg = delta(path, fragment)
    msg.delta.add_block.flex_container.SetInParent()
    return msg


def slider(path: tuple[int, ...], label: str, value: float | None, fragment: str = "") -> ForwardMsg:
    msg = delta(path, fragment)
    proto = msg.delta.new_element.slider
    proto.id, proto.label, proto.max, proto.step = f"id-{label}", label, 1.0, 0.05
    proto.default.append(0.5)
    if value is not None:  # the server sets the value (first run, session state): the browser takes it
        proto.value.append(value)
        proto.set_value = True
    return msg


def metric(path: tuple[int, ...], label: str, value: str, fragment: str = "") -> ForwardMsg:
    msg = delta(path, fragment)
    msg.delta.new_element.metric.label = label
    msg.delta.new_element.metric.body = value
    return msg


def first_page(fragment: str = "F") -> list[ForwardMsg]:
    """A full run: a title outside any fragment; a fragment drawing a sidebar slider and a card in a container."""
    title = delta((0, 0))
    title.delta.new_element.heading.tag = "h1"
    title.delta.new_element.heading.body = "Probe"
    return [started("r1"), title, block((0, 1), fragment), metric((0, 1, 0), "Rate", "80%", fragment),
            caption((0, 1, 1), "4 / 5", fragment), caption((0, 1, 2), "stale soon", fragment),
            slider((1, 0), "Threshold", 0.5, fragment), caption((0, 2), "footer"),
            finished(ForwardMsg.FINISHED_SUCCESSFULLY)]


async def scripted_session() -> tuple[ProtocolSession, ScriptedSocket]:
    socket = ScriptedSocket()
    session = ProtocolSession("http://test")
    session._attach(socket)
    task = asyncio.create_task(session.rerun())
    await asyncio.sleep(0)
    socket.deliver(*first_page())
    await task
    return session, socket


def test_widget_in_a_fragment_reruns_that_fragment_and_stale_nodes_go() -> None:
    async def flow() -> None:
        session, socket = await scripted_session()
        assert session.metric_card("Rate") == ("80%", ["4 / 5", "stale soon"])
        task = asyncio.create_task(session.set_slider("Threshold", 0.75))
        await asyncio.sleep(0)
        sent = socket.sent[-1].rerun_script
        assert sent.fragment_id == "F"
        assert [(w.id, list(w.double_array_value.data)) for w in sent.widget_states.widgets] == \
            [("id-Threshold", [0.75])]
        socket.deliver(started("r2", "F"), block((0, 1), "F"), metric((0, 1, 0), "Rate", "60%", "F"),
                       caption((0, 1, 1), "3 / 5", "F"), slider((1, 0), "Threshold", None, "F"),
                       finished(ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY))
        result = await task
        assert {d.fragment_id for d in result.deltas} == {"F"}
        assert session.metric_card("Rate") == ("60%", ["3 / 5"])  # the fragment's old caption is gone
        assert session.page_title() == "Probe" and "footer" in session.texts()  # outside the fragment: kept
        assert session.slider_value("Threshold") == 0.75  # no set_value: the browser keeps its own value
        await session.close()

    run(flow())


def test_full_run_clears_what_it_did_not_draw_and_forgets_those_widgets() -> None:
    async def flow() -> None:
        session, socket = await scripted_session()
        task = asyncio.create_task(session.rerun())
        await asyncio.sleep(0)
        socket.deliver(started("r2"), caption((0, 0), "only this"), finished(ForwardMsg.FINISHED_SUCCESSFULLY))
        await task
        assert session.texts() == ["only this"]
        assert session.widget_ids == []
        await session.close()

    run(flow())


def test_chained_run_exception_and_cached_message() -> None:
    """A callback's st.rerun: the action ends with the second run. An exception box is reported. A message sent
    as a reference to the cache is resolved from it, and the cache is advertised in the next rerun."""
    async def flow() -> None:
        session, socket = await scripted_session()
        big = caption((0, 3), "cached text", "F")
        big.hash, big.metadata.cacheable = "h1", True
        task = asyncio.create_task(session.set_slider("Threshold", 0.6))
        await asyncio.sleep(0)
        error = delta((0, 1, 1), "F")
        error.delta.new_element.exception.type = "ValueError"
        error.delta.new_element.exception.message = "boom"
        socket.deliver(started("r2"), finished(ForwardMsg.FINISHED_EARLY_FOR_RERUN), started("r3", "F"),
                       block((0, 1), "F"), error, big, finished(ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY))
        result = await task
        assert [run.run_id for run in result.runs] == ["r2", "r3"]
        assert result.exceptions == ["ValueError: boom"] == session.exceptions()

        task = asyncio.create_task(session.rerun())
        await asyncio.sleep(0)
        assert list(socket.sent[-1].rerun_script.cached_message_hashes) == ["h1"]
        reference = ForwardMsg(ref_hash="h1")
        reference.metadata.delta_path.extend((0, 4))
        socket.deliver(started("r4"), reference, finished(ForwardMsg.FINISHED_SUCCESSFULLY))
        await task
        assert session.texts() == ["cached text"]
        assert session.errors == []
        await session.close()

    run(flow())


def test_disconnect_fails_the_waiting_action() -> None:
    async def flow() -> None:
        session, socket = await scripted_session()
        task = asyncio.create_task(session.rerun())
        await asyncio.sleep(0)
        socket.drop(ConnectionResetError("gone"))
        with pytest.raises(Disconnected):
            await task
        assert session.disconnected and session.errors
        with pytest.raises(Disconnected):
            await session.rerun()
        await session.close()

    run(flow())


def test_editor_json_matches_the_frontend_format() -> None:
    first = editor_json(None, 4, RELEVANT, True)
    assert first == '{"edited_rows":{"4":{"relevant":true}},"added_rows":[],"deleted_rows":[]}'
    second = editor_json(first, 10, RELEVANT, False)
    third = editor_json(second, 1, "note", "ñ")
    assert list(json.loads(third)["edited_rows"]) == ["1", "4", "10"]
    assert '"ñ"' in third
