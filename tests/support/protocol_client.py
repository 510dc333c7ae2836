"""A simulated Streamlit user at the protocol level: the browser's websocket traffic without the browser.

On a 2-core machine a few dozen Chromium renderers use all the CPU by themselves, so a load test with real
browsers measures Chromium as much as the app. `ProtocolSession` speaks Streamlit's own protocol instead (the
``BackMsg`` / ``ForwardMsg`` protobufs of ``streamlit.proto``), so the server does the same work as for a
browser (same handshake, same widget states, same fragment scoping, same page switches) and nothing is rendered.

What a browser sends was checked against Chromium's own frames (Streamlit 1.67, captured with Playwright):

* Handshake: the page, ``/_stcore/health`` (sets the ``_streamlit_xsrf`` cookie) and ``/_stcore/host-config``
  over HTTP, then the websocket ``/_stcore/stream`` with subprotocols ``streamlit, <xsrf token>``, the cookie
  and an ``Origin`` header.
* First run: ``rerun_script`` with an empty ``widget_states``, ``page_name`` = the URL path without its slash
  (the page hash is not known yet) and ``context_info`` (time zone, locale, URL, color scheme).
* A widget change: ``rerun_script`` with *every* widget's current value, the current ``page_script_hash``, and
  ``fragment_id`` = the fragment id on the delta that drew the widget (empty outside fragments).
* A page link: ``rerun_script`` with the target's ``page_script_hash`` and *no* widget states.

The client keeps what the browser keeps: the element tree by delta path (with each node's run and fragment id,
stale nodes cleared when a run completes, following the frontend's rule) and the widget values (set on mount
from the element, kept across reruns, dropped when the widget leaves the page). Each action returns when the
run it started has finished, including runs chained by ``st.rerun`` in a callback.

Not simulated: static assets (a fresh browser downloads the frontend's JavaScript once per session), the
``ForwardMsg`` cache is kept but unverified against the browser (no message of this app is big enough to be
cacheable), buttons, uploads, forms, ``run_every`` fragments.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import re
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Coroutine, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.Dataframe_pb2 import Dataframe
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.Markdown_pb2 import Markdown
from streamlit.proto.NumberInput_pb2 import NumberInput
from streamlit.proto.Slider_pb2 import Slider
from streamlit.proto.WidgetStates_pb2 import WidgetState

DEFAULT_TIMEOUT_S = 30.0
KEYPAD = "uncase_focus_pad"  # focus mode's keypad component (ui/widgets/focus_pad.py PAD_NAME)
OPEN_TIMEOUT_S = 60.0
HTTP_TIMEOUT_S = 30.0
MAIN, SIDEBAR = 0, 1  # root containers, the first index of every delta path
XSRF_COOKIE = "_streamlit_xsrf"

FINISHED = ForwardMsg.FINISHED_SUCCESSFULLY
COMPILE_ERROR = ForwardMsg.FINISHED_WITH_COMPILE_ERROR
EARLY_FOR_RERUN = ForwardMsg.FINISHED_EARLY_FOR_RERUN
FRAGMENT_FINISHED = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
COMPLETED = frozenset({FINISHED, FRAGMENT_FINISHED})  # runs after which the frontend clears stale nodes
COMPILE_ERROR_GRACE_S = 1.0  # the compile error's own message follows its script_finished

# Elements with an id that the browser keeps no value for until the user acts (a click, an edit).
NO_MOUNT_VALUE = frozenset({"button", "download_button", "dataframe", "plotly_chart", "arrow_vega_lite_chart",
                            "vega_lite_chart", "deck_gl_json_chart", "link_button"})


class ProtocolError(Exception):
    """Something a browser would have shown as broken: the connection, the server's answer, a missing target."""


class Disconnected(ProtocolError):
    """The websocket closed (or the client's reader failed) before the run finished."""


class RunTimeout(ProtocolError, TimeoutError):
    """The run did not finish within the timeout."""


class NotShown(ProtocolError, LookupError):
    """The page does not show the widget, page link or element asked for."""


@dataclass(eq=False)
class Node:
    """One displayed element or container, as the frontend's render tree holds it."""

    kind: str  # the Element or Block oneof: "slider", "metric", "flex_container", ...; "root" for the four roots
    proto: Any  # streamlit.proto Element or Block
    run_id: str  # the run that last wrote this position; a completed run drops older ones
    fragment_id: str = ""  # set when a fragment drew it
    is_block: bool = False
    children: dict[int, Node] = field(default_factory=dict)

    @property
    def payload(self) -> Any:
        """The element's own proto (``Slider``, ``Metric``...), or the block's."""
        return getattr(self.proto, self.kind) if self.kind != "root" else None

    @property
    def widget_id(self) -> str:
        if self.is_block or self.kind == "root":
            return ""
        payload = self.payload
        return payload.id if "id" in payload.DESCRIPTOR.fields_by_name else ""


@dataclass(frozen=True)
class Delta:
    """One delta of a run, as received."""

    path: tuple[int, ...]
    fragment_id: str
    kind: str
    is_block: bool
    proto: Any


@dataclass
class Run:
    """One script run: a full run (no fragment ids) or a run of the listed fragments."""

    run_id: str
    fragment_ids: tuple[str, ...]
    page_script_hash: str
    status: int | None = None  # ForwardMsg.ScriptFinishedStatus once finished


@dataclass
class RunResult:
    """What one action caused: the runs it started (a callback's ``st.rerun`` chains more), their deltas, timing."""

    ms: float  # BackMsg sent -> the chain's last script_finished received
    first_ms: float | None  # BackMsg sent -> first message back
    runs: list[Run]
    deltas: list[Delta]
    exceptions: list[str]  # exception elements drawn by these runs, compile errors
    problems: list[str]  # page not found and the like

    @property
    def elements(self) -> list[Delta]:
        return [d for d in self.deltas if not d.is_block]

    @property
    def fragment_ids(self) -> set[str]:
        return {f for run in self.runs for f in run.fragment_ids}

    @property
    def last_run(self) -> Run | None:
        return self.runs[-1] if self.runs else None


@dataclass
class _Pending:
    started: float
    future: asyncio.Future[RunResult]
    first: float | None = None
    runs: list[Run] = field(default_factory=list)
    deltas: list[Delta] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    compile_error_timer: asyncio.TimerHandle | None = None
    late: bool = False  # its action timed out; still collecting, so that its run is not taken for the next one


# ------------------------------------------------------------------------------------------ widget values

def _label_number(label: str) -> float | str:
    """A select slider's label as the number it shows (``55%``, ``55 %``, ``0,65``), or the label itself."""
    text = label.replace("\u00a0", " ").strip()
    percent = text.endswith("%")
    try:
        number = float(text.rstrip("%").strip().replace(",", "."))
    except ValueError:
        return label
    return round(number / 100, 10) if percent else number


def _option_for(options: list[str], value: float) -> str:
    """The label among ``options`` that shows ``value`` (the app's number sliders are select sliders)."""
    for option in options:
        number = _label_number(option)
        if isinstance(number, float) and abs(number - float(value)) < 1e-9:
            return option
    raise NotShown(f"no option shows {value!r}: {options[:5]}...")


def _state(widget_id: str) -> WidgetState:
    return WidgetState(id=widget_id)


def mounted_value(kind: str, payload: Any, known: WidgetState | None) -> WidgetState | None:
    """The value the frontend's widget stores when its element arrives: the server's (``set_value``), else the
    one it already has, else the element's default. None: the widget stores nothing (yet)."""
    if kind in NO_MOUNT_VALUE:
        return known
    set_value = getattr(payload, "set_value", False)
    if known is not None and not set_value:
        return known
    state = _state(payload.id)
    if kind == "slider":
        if payload.type == Slider.SELECT_SLIDER:
            values = list(payload.raw_value) if set_value else [payload.options[int(i)] for i in payload.default]
            state.string_array_value.data.extend(values)
        else:
            state.double_array_value.data.extend(payload.value if set_value else payload.default)
    elif kind in ("radio", "selectbox"):
        if set_value:
            if not payload.HasField("raw_value"):
                return None
            state.string_value = payload.raw_value
        elif payload.HasField("default") and payload.options:
            state.string_value = payload.options[payload.default]
        else:
            return None
    elif kind == "checkbox":
        state.bool_value = payload.value if set_value else payload.default
    elif kind == "number_input":
        field_name = "value" if set_value else "default"
        if not payload.HasField(field_name):
            return None
        number = getattr(payload, field_name)
        if payload.data_type == NumberInput.INT:
            state.int_value = int(number)
        else:
            state.double_value = number
    elif kind in ("text_input", "text_area"):
        field_name = "value" if set_value else "default"
        if not payload.HasField(field_name):
            return None
        state.string_value = getattr(payload, field_name)
    elif kind == "file_uploader":
        state.file_uploader_state_value.SetInParent()  # an empty upload list, sent on mount to avoid a rerun
    else:
        raise LookupError(kind)
    return state


def editor_json(current: str | None, row: int, column: str, value: Any) -> str:
    """A data editor's widget value after one cell edit, as the frontend's ``EditingState.toJson`` writes it.

    Edits accumulate from the editor's first table: earlier rows stay in ``edited_rows`` (an edit back to the
    original value stays too). Rows in numeric order (a JS object's integer keys), no spaces, raw UTF-8.
    """
    state = json.loads(current) if current else {"edited_rows": {}, "added_rows": [], "deleted_rows": []}
    rows = state["edited_rows"]
    rows.setdefault(str(row), {})[column] = value
    state["edited_rows"] = {key: rows[key] for key in sorted(rows, key=int)}
    return json.dumps(state, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------------------------------ handshake

def _http_get(url: str, headers: Mapping[str, str]) -> tuple[int, bytes]:
    """A GET as the page's ``fetch`` sends it: the status and body, an HTTP error's included."""
    request = urllib.request.Request(url, headers=dict(headers))
    try:
        with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_S) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def xsrf_preflight(base_url: str, path: str) -> str | None:
    """The HTTP requests a browser makes before it opens the websocket; returns the XSRF cookie it is given."""
    xsrf = None
    for url in (base_url + path, f"{base_url}/_stcore/health", f"{base_url}/_stcore/host-config"):
        try:
            with urllib.request.urlopen(url, timeout=HTTP_TIMEOUT_S) as response:
                response.read()
                for header in response.headers.get_all("Set-Cookie") or []:
                    if found := re.match(rf"\s*{XSRF_COOKIE}=([^;]+)", header):
                        xsrf = found.group(1)
        except urllib.error.HTTPError as error:  # a 404 page still opens the app (it shows "page not found")
            error.read()
    return xsrf


def _websocket_url(base_url: str) -> str:
    parts = urllib.parse.urlsplit(base_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urllib.parse.urlunsplit((scheme, parts.netloc, parts.path.rstrip("/") + "/_stcore/stream", "", ""))


# ------------------------------------------------------------------------------------------ the session

class ProtocolSession:
    """One simulated browser tab: a Streamlit session driven over the websocket.

    One action at a time (as a user does): each returns a `RunResult` once its run has finished. After a
    timeout the client keeps collecting that action's runs, and the next action first waits for them to end
    (`wait_late`), so a late run is not taken for its own. The read helpers describe what a browser would show
    at that moment: between actions, the page as the last run left it.
    """

    def __init__(self, base_url: str, *, locale: str = "en-US", timezone: str = "UTC", timezone_offset: int = 0,
                 color_scheme: str = "light") -> None:
        self.base_url = base_url.rstrip("/")
        self.locale = locale  # what the browser reports (st.context.locale): the app picks its language from it
        self.timezone = timezone
        self.timezone_offset = timezone_offset  # minutes, as JavaScript's getTimezoneOffset()
        self.color_scheme = color_scheme
        self.first_run: RunResult | None = None  # the result of loading the page in `open`
        self.url_path = ""  # the browser's location, without the leading slash
        self.query_string = ""
        self.page_script_hash = ""
        self.pages: dict[str, str] = {}  # url path -> page script hash, from the last navigation message
        self.session_id = ""
        self.title = ""  # the browser tab's title (page config)
        self.script_running = False
        self.disconnected: str | None = None  # why the connection ended, if it did
        self.errors: list[str] = []  # everything that went wrong, in order, for a report
        self.unsupported: set[str] = set()  # widget kinds on display whose values this client does not model
        self.late_runs: list[RunResult] = []  # results of timed-out actions that did finish, later
        self.auto_reruns: dict[str, float] = {}  # fragment id -> seconds: the timers a browser would keep
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._root = Node("root", None, "", is_block=True,
                          children={i: Node("root", None, "", is_block=True) for i in range(4)})
        self._widgets: dict[str, WidgetState] = {}  # in mount order, like the frontend's map
        self.keypad_tab = secrets.token_hex(6)  # focus mode's keypad: its name, its presses and their numbers
        self._presses: list[dict[str, Any]] = []
        self._press_seq = 0
        self._run: Run | None = None
        self._pending: _Pending | None = None
        self._saw_navigation = False
        # ForwardMsg cache, as the frontend's: hash -> [message, run count when last used]
        self._cache: dict[str, list[Any]] = {}
        self._runs_completed = 0
        self._max_cache_age = 2

    # ------------------------------------------------------------------ connecting
    @classmethod
    async def open(cls, base_url: str, path: str = "/rag_diagnosis", *, timeout: float = OPEN_TIMEOUT_S,
                   preflight: bool = True, headers: Mapping[str, str] | None = None,
                   **options: Any) -> ProtocolSession:
        """Connect and load ``path`` like a browser opening that URL; returns once its first run has finished.

        The first run's result is kept in ``self.first_run``. ``headers`` go with the websocket's request (an
        ``X-Forwarded-For`` as a proxy would add it, say).
        """
        from websockets.asyncio.client import connect

        session = cls(base_url, **options)
        path = "/" + path.lstrip("/")
        path, _, session.query_string = path.partition("?")
        session.url_path = path.strip("/")
        xsrf = await asyncio.to_thread(xsrf_preflight, session.base_url, path) if preflight else None
        headers = {**(headers or {}), **({"Cookie": f"{XSRF_COOKIE}={xsrf}"} if xsrf else {})} or None
        # No pings (a browser sends none): a client ping lost on a starved CPU would end a healthy session.
        websocket = await connect(
            _websocket_url(session.base_url), subprotocols=["streamlit", xsrf] if xsrf else ["streamlit"],
            origin=session.base_url, additional_headers=headers, max_size=None, proxy=None, open_timeout=timeout,
            ping_interval=None, ping_timeout=None, user_agent_header="uncase-bench-protocol-client")
        session._attach(websocket)
        state = session._client_state(widget_states=False)
        state.page_name = session.url_path  # the page hash is not known before the first run
        try:
            session.first_run = await session._request(state, timeout)
        except BaseException:
            await session.close()
            raise
        return session

    def _attach(self, websocket: Any) -> None:
        """Start reading ``websocket`` (anything with ``send``, ``close`` and async iteration, e.g. a test double)."""
        self._ws = websocket
        self._reader = asyncio.create_task(self._read(), name=f"streamlit-protocol-{self.url_path}")

    async def close(self) -> None:
        """Close the websocket (the server ends the session) and stop reading."""
        self.disconnected = self.disconnected or "closed by the client"
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def __aenter__(self) -> ProtocolSession:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ actions
    async def set_slider(self, label: str, value: float | str | tuple[Any, ...], *, sidebar: bool = True,
                         timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Move the first slider (or select slider) labelled ``label`` to ``value`` (a pair for a range)."""
        node = self._find_widget("slider", label, sidebar)
        slider = node.payload
        values = list(value) if isinstance(value, (tuple, list)) else [value]
        state = _state(slider.id)
        if slider.type == Slider.SELECT_SLIDER:  # sent as the options' labels: a number is matched to its label
            state.string_array_value.data.extend(
                v if isinstance(v, str) else _option_for(list(slider.options), v) for v in values)
        else:
            state.double_array_value.data.extend(float(v) for v in values)
        return await self._change(node, state, timeout)

    async def set_widget(self, kind: str, label: str, state: WidgetState, *, sidebar: bool | None = None,
                         timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Give any widget a value (``state.id`` is filled in): the general form of `set_slider`."""
        node = self._find_widget(kind, label, sidebar)
        state.id = node.widget_id
        return await self._change(node, state, timeout)

    async def toggle_editor_cell(self, editor_index: int, row: int, column: str, value: Any = None, *,
                                 timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Edit one cell of the ``editor_index``-th data editor on the page (0-based ``row``, ``column`` by name).

        ``value`` None flips a checkbox cell from what is displayed.
        """
        node = self._editor(editor_index)
        if value is None:
            value = not self.editor_cell(editor_index, row, column)
        known = self._widgets.get(node.widget_id)
        state = _state(node.widget_id)
        state.string_value = editor_json(known.string_value if known else None, row, column, value)
        return await self._change(node, state, timeout)

    async def switch_page(self, url_path: str, *, timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Go to another page as a click on its ``st.page_link`` does (``""`` or ``"/"`` is the home page).

        Like the browser, it sends the query string the link carries (``query_params=``), or none: a page
        change drops the address's parameters unless the link keeps them.
        """
        target = url_path.strip("/")
        if target not in self.pages:
            raise NotShown(f"no page {url_path!r}; the app has {sorted(self.pages)}")
        state = self._client_state(widget_states=False)  # the browser sends none with a page change
        state.page_script_hash = self.pages[target]
        state.query_string = self.link_query(target)
        return await self._request(state, timeout)

    def link_query(self, url_path: str) -> str:
        """The query string of the page link to ``url_path`` on display ("" when none carries one)."""
        page_hash = self.pages.get(url_path.strip("/"))
        for node in self.elements("page_link"):
            link = node.payload
            if link.query_string and (link.page_script_hash == page_hash
                                      or link.page.strip("/") == url_path.strip("/")):
                return link.query_string
        return ""

    async def submit_form(self, texts: dict[str, str], button: str, *,
                          timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Fill text inputs (by label) and click a button (a form's submit button): one request, as the browser
        sends a form's values with its submission."""
        for label, text in texts.items():
            node = self._find_widget("text_input", label, None)
            state = _state(node.widget_id)
            state.string_value = text
            self._widgets[state.id] = state
        node = self._find_widget("button", button, None)
        trigger = _state(node.widget_id)
        trigger.trigger_value = True
        client_state = self._client_state()
        client_state.widget_states.widgets.append(trigger)  # a trigger is sent once, not kept
        return await self._request(client_state, timeout)

    async def click(self, button: str, *, timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Click a button (by its label), as the browser does: a button a fragment drew reruns that fragment (its
        id goes with the trigger), any other the whole page. A key with the button's shortcut sends the same."""
        node = self._find_widget("button", button, None)
        trigger = _state(node.widget_id)
        trigger.trigger_value = True
        client_state = self._client_state()
        client_state.widget_states.widgets.append(trigger)  # a trigger is sent once, not kept
        if node.fragment_id:
            client_state.fragment_id = node.fragment_id
        return await self._request(client_state, timeout)

    async def rerun_fragment(self, fragment_id: str, *, timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """What a ``run_every`` fragment's timer sends: a rerun of that fragment alone."""
        client_state = self._client_state()
        client_state.fragment_id = fragment_id
        client_state.is_auto_rerun = True
        return await self._request(client_state, timeout)

    def watcher(self, component: str = "uncase_room_watch") -> tuple[Node, dict[str, Any]] | None:
        """The page's ``st.components.v2`` component by name, and the data the page gave it (None: not shown)."""
        for node in self.elements("bidi_component"):
            if node.payload.component_name == component:
                return node, json.loads(node.payload.json or "null") or {}
        return None

    def keypad(self) -> dict[str, Any] | None:
        """What focus mode's keypad (``ui/widgets/focus_pad.py``) was given: the case's units, where the person is,
        the notes of the presses just applied, the words (None: focus mode is not shown)."""
        found = self.watcher(KEYPAD)
        return found[1] if found is not None else None

    async def press_key(self, action: str, *, timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """A key or a tap on focus mode's keypad, as its JavaScript sends it: a press naming the unit on screen
        (the case, the unit's id and label field), the action, the server session that drew it and a sequence
        number, added to the presses not yet acknowledged; the whole list is the keypad's state (not a trigger)."""
        data = self.keypad()
        if data is None:
            raise NotShown("no focus-mode keypad on the page")
        items = data.get("items") or []
        return await self.press_keys([(action, items[data["at"]] if items else None)], timeout=timeout)

    async def press_keys(self, presses: list[tuple[str, dict[str, Any] | None]], *,
                         timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Several presses sent at once, each ``(action, the keypad's item it names)``: what the keypad sends when
        presses come faster than the server's runs (the requests fold into one run, the list holds them all)."""
        found = self.watcher(KEYPAD)
        if found is None:
            raise NotShown("no focus-mode keypad on the page")
        node, data = found
        applied = (data.get("applied") or {}).get(self.keypad_tab, 0)
        self._presses = [p for p in self._presses if p["seq"] > applied and p["session"] == data["session"]]
        for action, item in presses:
            self._press_seq += 1
            self._presses.append({"tab": self.keypad_tab, "seq": self._press_seq, "session": data["session"],
                                  "action": action, "case": data["case"], "unit": item["unit"] if item else None,
                                  "field": item["field"] if item else None,
                                  "shown": item["value"] if item else None})
        state = _state(node.widget_id)
        state.json_value = json.dumps({"presses": self._presses})
        return await self._change(node, state, timeout)

    async def look_at_room(self, *, timeout: float = DEFAULT_TIMEOUT_S) -> RunResult | None:
        """What a room member's page does every few seconds (``ui/views/room/watch.py``): ask the server for the
        room's change number over HTTP, the workspace token in a header; trigger the watcher's fragment only when
        the number is no longer the one the page was drawn at, or at every look when the server has no such route
        (``streamlit run app.py``). None when nothing ran. NotShown when the page has no watcher."""
        found = self.watcher()
        if found is None:
            raise NotShown("no room watcher on the page")
        node, data = found
        url = urllib.parse.urljoin(f"{self.base_url}/{self.url_path}", data["path"])
        url += "?" + urllib.parse.urlencode({"room": data["room"]})
        status, body = await asyncio.to_thread(_http_get, url, {data["header"]: data["token"]})
        if status == 404 or (status == 200 and not body.lstrip().startswith(b"{")):
            head = -1  # no such route (app.py alone answers its page): the page triggers at every look
        elif status != 200:
            raise ProtocolError(f"room head: HTTP {status} {body[:120]!r}")
        else:
            head = json.loads(body)["head"]
            if head == data["seen"]:
                return None
        from streamlit.components.v2.bidi_component.main import _make_trigger_id

        trigger = _state(_make_trigger_id(node.widget_id, "events"))
        trigger.json_trigger_value = json.dumps([{"event": "changed", "value": head}])
        client_state = self._client_state()
        client_state.widget_states.widgets.append(trigger)  # a trigger is sent once, not kept
        client_state.fragment_id = node.fragment_id
        return await self._request(client_state, timeout)

    async def rerun(self, *, timeout: float = DEFAULT_TIMEOUT_S) -> RunResult:
        """Rerun the current page with the current widget values (the "Rerun" menu item, or the R key)."""
        return await self._request(self._client_state(), timeout)

    async def send_raw(self, message: BackMsg) -> None:
        """Send any ``BackMsg`` as it is, without waiting for an answer: what an attacker who speaks the protocol
        may send (``clear_cache``, say), which no page of the app asks the browser to."""
        if self.disconnected:
            raise Disconnected(self.disconnected)
        await self._ws.send(message.SerializeToString())

    async def wait_late(self, timeout: float = DEFAULT_TIMEOUT_S) -> RunResult | None:
        """Wait for the runs of an action that timed out; their result (time from its request), or None when
        there is no such action or it did not finish within ``timeout`` either (then it is given up)."""
        late = self._pending
        if late is None or not late.late:
            return None
        try:
            result = await asyncio.wait_for(asyncio.shield(late.future), timeout)
        except TimeoutError:
            self.errors.append(f"gave up on a timed-out action after {timeout:.0f} s more")
            return None
        finally:
            if self._pending is late:
                self._pending = None
        self.late_runs.append(result)
        return result

    # ------------------------------------------------------------------ reading what is displayed
    def nodes(self, root: int | None = None) -> Iterator[tuple[tuple[int, ...], Node, Node]]:
        """(delta path, node, parent) of every displayed node, in display order."""
        def walk(node: Node, path: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], Node, Node]]:
            for index in sorted(node.children):
                child = node.children[index]
                yield (*path, index), child, node
                yield from walk(child, (*path, index))

        roots = [root] if root is not None else sorted(self._root.children)
        for index in roots:
            yield from walk(self._root.children[index], (index,))

    def elements(self, kind: str | None = None, root: int | None = None) -> list[Node]:
        return [n for _, n, _ in self.nodes(root) if not n.is_block and (kind is None or n.kind == kind)]

    def page_title(self) -> str | None:
        """The page's h1 (``st.title``), main area first."""
        for root in (MAIN, None):
            for node in self.elements("heading", root):
                if node.payload.tag == "h1":
                    return node.payload.body
        return None

    def metric_card(self, label: str) -> tuple[str, list[str]]:
        """The ``st.metric`` labelled ``label`` (main area first): its value and the captions that follow it in its
        container, as markdown source (``4 / 5 · 95% interval ...``, ``passes (threshold 50%) · ...``)."""
        for root in (MAIN, None):
            for _, node, parent in self.nodes(root):
                if node.kind == "metric" and not node.is_block and node.payload.label == label:
                    siblings = [parent.children[i] for i in sorted(parent.children)]
                    after = siblings[siblings.index(node) + 1:]
                    captions = []
                    for sibling in after:
                        if sibling.kind == "metric":
                            break
                        if sibling.kind == "markdown" and sibling.payload.element_type == Markdown.CAPTION:
                            captions.append(sibling.payload.body)
                    return node.payload.body, captions
        raise NotShown(f"no metric {label!r} on the page")

    def slider_value(self, label: str, *, sidebar: bool = True) -> Any:
        """The value the slider labelled ``label`` shows: a number (or label), or a pair for a range."""
        node = self._find_widget("slider", label, sidebar)
        state = self._widgets.get(node.widget_id)
        if state is None:
            return None
        values = list(state.double_array_value.data if state.HasField("double_array_value")
                      else [_label_number(label) for label in state.string_array_value.data])
        return values[0] if len(values) == 1 else tuple(values)

    def widget_value(self, widget_id: str) -> WidgetState | None:
        """The value the client holds (and sends) for a widget."""
        state = self._widgets.get(widget_id)
        return WidgetState.FromString(state.SerializeToString()) if state is not None else None

    @property
    def widget_ids(self) -> list[str]:
        return list(self._widgets)

    def editor_state(self, editor_index: int) -> dict[str, Any] | None:
        """A data editor's editing state as this client sends it (``edited_rows``...), None before any edit."""
        known = self._widgets.get(self._editor(editor_index).widget_id)
        return json.loads(known.string_value) if known is not None else None

    def editor_rows(self, editor_index: int) -> int:
        """How many rows a data editor shows (the table the server sent)."""
        import pyarrow as pa  # a dependency of streamlit; only the reads need it

        return pa.ipc.open_stream(self._editor(editor_index).payload.arrow_data.data).read_all().num_rows

    def editor_cell(self, editor_index: int, row: int, column: str) -> Any:
        """The value a data editor's cell shows: this client's edit, else the table the server sent."""
        edited = (self.editor_state(editor_index) or {"edited_rows": {}})["edited_rows"].get(str(row), {})
        if column in edited:
            return edited[column]
        node = self._editor(editor_index)
        import pyarrow as pa  # a dependency of streamlit; only the reads need it

        table = pa.ipc.open_stream(node.payload.arrow_data.data).read_all()
        return table.column(column)[row].as_py()

    def exceptions(self) -> list[str]:
        """Exception boxes on display (``st.exception`` and uncaught errors), as ``Type: message``."""
        return [f"{n.payload.type}: {n.payload.message}" for n in self.elements("exception")]

    def texts(self, root: int | None = None) -> list[str]:
        """The text of headings, markdown, captions, alerts and metrics on display, in order (for debugging)."""
        out = []
        for node in self.elements(root=root):
            payload = node.payload
            if node.kind in ("heading", "markdown", "alert"):
                out.append(payload.body)
            elif node.kind == "metric":
                out.append(f"{payload.label}: {payload.body}")
        return out

    # ------------------------------------------------------------------ internals: requests
    def _client_state(self, widget_states: bool = True) -> ClientState:
        """A ``rerun_script`` body as the frontend builds it: page, query, browser context, cache, widgets."""
        state = ClientState(page_script_hash=self.page_script_hash, query_string=self.query_string)
        state.widget_states.SetInParent()  # sent even when empty, as the browser does
        if widget_states:
            state.widget_states.widgets.extend(self._widgets.values())
        state.cached_message_hashes.extend(self._cache)
        context = state.context_info
        context.timezone = self.timezone
        context.timezone_offset = self.timezone_offset
        context.locale = self.locale
        context.url = f"{self.base_url}/{self.url_path}" + (f"?{self.query_string}" if self.query_string else "")
        context.is_embedded = False
        context.color_scheme = self.color_scheme
        return state

    def _widget_client_state(self, node: Node, state: WidgetState) -> ClientState | None:
        """Store the widget's new value; the rerun to send, scoped to the widget's fragment (None: no rerun)."""
        self._widgets[state.id] = state
        if getattr(node.payload, "ignore_rerun", False):  # on_change="ignore": the value waits for the next run
            return None
        client_state = self._client_state()
        client_state.fragment_id = node.fragment_id
        return client_state

    async def _change(self, node: Node, state: WidgetState, timeout: float) -> RunResult:
        client_state = self._widget_client_state(node, state)
        if client_state is None:
            return RunResult(0.0, None, [], [], [], [])
        return await self._request(client_state, timeout)

    async def _request(self, client_state: ClientState, timeout: float) -> RunResult:
        if self.disconnected:
            raise Disconnected(self.disconnected)
        if self._pending is not None:
            if not self._pending.late:
                raise ProtocolError("another action of this session is still waiting for its run")
            await self.wait_late(timeout)
        msg = BackMsg()
        msg.rerun_script.CopyFrom(client_state)
        pending = _Pending(time.perf_counter(), asyncio.get_running_loop().create_future())
        self._pending = pending
        try:
            await self._ws.send(msg.SerializeToString())
            result = await asyncio.wait_for(asyncio.shield(pending.future), timeout)
        except TimeoutError:
            pending.late = True
            pending.future.add_done_callback(_retrieved)  # a disconnect later must not warn "never retrieved"
            problem = f"run not finished {timeout:g} s after the request"
            self.errors.append(problem)
            raise RunTimeout(problem) from None
        except BaseException:
            self._pending = None
            raise
        self._pending = None
        return result

    def _find_widget(self, kind: str, label: str, sidebar: bool | None) -> Node:
        root = None if sidebar is None else SIDEBAR if sidebar else MAIN
        for node in self.elements(kind, root):
            if getattr(node.payload, "label", None) == label:
                return node
        raise NotShown(f"no {kind} {label!r} in the {'sidebar' if sidebar else 'page'}")

    def _editor(self, index: int) -> Node:
        editors = [n for n in self.elements("dataframe")
                   if n.payload.editing_mode != Dataframe.READ_ONLY and n.payload.id]
        if index >= len(editors):
            raise NotShown(f"no data editor #{index}: the page shows {len(editors)}")
        return editors[index]

    # ------------------------------------------------------------------ internals: messages
    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        reason = "the server closed the websocket"
        try:
            async for data in self._ws:
                received = time.perf_counter()
                if isinstance(data, str):
                    self.errors.append(f"text frame from the server: {data[:80]!r}")
                    continue
                msg = ForwardMsg()
                msg.ParseFromString(data)
                self._handle(msg, received)
        except ConnectionClosed as closed:
            reason = f"websocket closed ({closed})"
        except asyncio.CancelledError:
            reason = "closed by the client"
            raise
        except Exception as error:  # a bug here must fail the waiting action, not hang it
            reason = f"client failed to handle a message: {error!r}"
        finally:
            if self.disconnected is None:  # not our own close()
                self.disconnected = reason
                self.errors.append(f"disconnected: {reason}")
            pending = self._pending
            if pending is not None and not pending.future.done():
                pending.future.set_exception(Disconnected(self.disconnected))

    def _handle(self, msg: ForwardMsg, received: float) -> None:
        """Apply one message, in order, as the frontend does."""
        pending = self._pending
        if pending is not None and pending.first is None:
            pending.first = received
        kind = msg.WhichOneof("type")
        if kind == "ref_hash":
            cached = self._cache.get(msg.ref_hash)
            if cached is None:
                self._problem(f"reference to a message not in the cache: {msg.ref_hash}")
                return
            cached[1] = self._runs_completed
            full = ForwardMsg()
            full.CopyFrom(cached[0])
            full.metadata.CopyFrom(msg.metadata)
            msg, kind = full, full.WhichOneof("type")
        elif msg.metadata.cacheable and msg.hash:
            self._cache[msg.hash] = [msg, self._runs_completed]
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(msg, received)

    def _problem(self, text: str) -> None:
        self.errors.append(text)
        if self._pending is not None:
            self._pending.problems.append(text)

    def _on_new_session(self, msg: ForwardMsg, received: float) -> None:
        new = msg.new_session
        run = Run(msg.metadata.run.script_run_id, tuple(msg.metadata.run.fragment_ids), new.page_script_hash)
        self._run = run
        self.session_id = new.initialize.session_id or self.session_id
        self._max_cache_age = new.config.max_cached_message_age or self._max_cache_age
        if not run.fragment_ids and new.page_script_hash:
            self.page_script_hash = new.page_script_hash
        if not run.fragment_ids:  # a full run: the browser drops every fragment's timer; the run sets its own again
            self.auto_reruns.clear()
        if not self._saw_navigation:  # before st.navigation has run, this list only guesses
            self.pages = {p.url_pathname: p.page_script_hash for p in new.app_pages}
        if self._pending is not None:
            self._pending.runs.append(run)

    def _on_navigation(self, msg: ForwardMsg, received: float) -> None:
        """The page list and the page actually running; the browser's address bar follows it."""
        self._saw_navigation = True
        navigation = msg.navigation
        self.pages = {p.url_pathname: p.page_script_hash for p in navigation.app_pages}
        self.page_script_hash = navigation.page_script_hash
        for path, page_hash in self.pages.items():
            if page_hash == navigation.page_script_hash:
                self.url_path = path

    def _on_page_info_changed(self, msg: ForwardMsg, received: float) -> None:
        self.query_string = msg.page_info_changed.query_string

    def _on_page_config_changed(self, msg: ForwardMsg, received: float) -> None:
        self.title = msg.page_config_changed.title or self.title

    def _on_session_status_changed(self, msg: ForwardMsg, received: float) -> None:
        self.script_running = msg.session_status_changed.script_is_running

    def _on_page_not_found(self, msg: ForwardMsg, received: float) -> None:
        self._problem(f"page not found: {msg.page_not_found.page_name!r}")

    def _on_auto_rerun(self, msg: ForwardMsg, received: float) -> None:
        # A `run_every` fragment: the browser reruns it on a timer. Noted here; `rerun_fragment` sends such a rerun.
        self.auto_reruns[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval

    def _on_stop_auto_rerun(self, msg: ForwardMsg, received: float) -> None:
        for fragment_id in msg.stop_auto_rerun.fragment_ids:
            self.auto_reruns.pop(fragment_id, None)

    def _on_session_event(self, msg: ForwardMsg, received: float) -> None:
        event = msg.session_event
        if event.WhichOneof("type") != "script_compilation_exception":
            return
        error = event.script_compilation_exception
        text = f"{error.type}: {error.message}"
        self.errors.append(f"compile error: {text}")
        pending = self._pending
        if pending is not None and pending.compile_error_timer is not None:
            pending.exceptions.append(text)
            self._finish(pending, received)

    def _on_delta(self, msg: ForwardMsg, received: float) -> None:
        delta = self._apply(msg)
        pending = self._pending
        if delta is None or pending is None or not pending.runs:
            return
        pending.deltas.append(delta)
        if delta.kind == "exception":
            pending.exceptions.append(f"{delta.proto.exception.type}: {delta.proto.exception.message}")

    def _on_script_finished(self, msg: ForwardMsg, received: float) -> None:
        status = msg.script_finished
        run = self._run
        if run is not None:
            run.status = status
            if status in COMPLETED:
                self._clear_stale(run)
                self._drop_inactive_widgets()
                self._age_cache()
        pending = self._pending
        if pending is None or not pending.runs or status == EARLY_FOR_RERUN:
            return  # a run of no action of ours, or one that another run follows (st.rerun)
        if status == COMPILE_ERROR:  # wait briefly for the error itself, which comes next
            pending.compile_error_timer = asyncio.get_running_loop().call_later(
                COMPILE_ERROR_GRACE_S, self._finish, pending, received)
            return
        self._finish(pending, received)

    def _finish(self, pending: _Pending, received: float) -> None:
        if pending.future.done():
            return
        first_ms = None if pending.first is None else (pending.first - pending.started) * 1000
        pending.future.set_result(RunResult((received - pending.started) * 1000, first_ms, list(pending.runs),
                                            list(pending.deltas), list(pending.exceptions),
                                            list(pending.problems)))

    # ------------------------------------------------------------------ internals: the render tree
    def _apply(self, msg: ForwardMsg) -> Delta | None:
        """Write one delta at its path, as the frontend's tree does; mount a widget's value."""
        delta = msg.delta
        which = delta.WhichOneof("type")
        if which == "new_element":
            proto, is_block = delta.new_element, False
        elif which == "add_block":
            proto, is_block = delta.add_block, True
        else:
            return None  # transient (spinner) elements say nothing about the page once the run is over
        kind = proto.WhichOneof("type") or ("vertical" if is_block else "empty")
        path = tuple(msg.metadata.delta_path)
        run_id = self._run.run_id if self._run else ""
        node = Node(kind, proto, run_id, delta.fragment_id, is_block)
        parent = self._root
        for index in path[:-1]:
            child = parent.children.get(index)
            if child is None:  # a container that never arrived: hold the place (the frontend would refuse)
                child = parent.children[index] = Node("vertical", None, run_id, delta.fragment_id, True)
            elif not child.is_block:
                self._problem(f"delta under an element at {list(path)}")  # the frontend refuses it too
                return None
            parent = child
        existing = parent.children.get(path[-1])
        if is_block and existing is not None and _same_block(existing, node):
            node.children = existing.children  # the same container again keeps its content until it goes stale
        parent.children[path[-1]] = node
        if not is_block:
            self._mount(node)
        return Delta(path, delta.fragment_id, kind, is_block, proto)

    def _mount(self, node: Node) -> None:
        widget_id = node.widget_id
        if not widget_id:
            return
        known = self._widgets.get(widget_id)
        try:
            state = mounted_value(node.kind, node.payload, known)
        except LookupError:
            self.unsupported.add(node.kind)
            return
        if state is not None:
            self._widgets[widget_id] = state  # an existing key keeps its place, as in a JS Map
        elif known is not None and getattr(node.payload, "set_value", False):
            del self._widgets[widget_id]  # the server cleared it

    def _clear_stale(self, run: Run) -> None:
        """Drop what the finished run was responsible for and did not draw (the frontend's ClearStaleNodeVisitor).

        A full run owns the whole page. A fragment run owns its fragments' nodes and everything under a
        container one of them drew; the rest of the page stays as it was.
        """
        fragments = set(run.fragment_ids)

        def fresh(node: Node, owned: bool) -> dict[int, Node]:
            kept = {}
            for index, child in node.children.items():
                if child.run_id != run.run_id and (owned or child.fragment_id in fragments):
                    continue
                if child.is_block:
                    child.children = fresh(child, owned or child.fragment_id in fragments)
                kept[index] = child
            return kept

        for root in self._root.children.values():
            root.children = fresh(root, not fragments)

    def _drop_inactive_widgets(self) -> None:
        """Forget the values of widgets no longer displayed (the frontend's ``removeInactive``)."""
        active = {n.widget_id for n in self.elements()}
        self._widgets = {k: v for k, v in self._widgets.items() if k in active}

    def _age_cache(self) -> None:
        self._runs_completed += 1
        self._cache = {h: entry for h, entry in self._cache.items()
                       if self._runs_completed - entry[1] <= self._max_cache_age}


def _retrieved(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


def _same_block(existing: Node, incoming: Node) -> bool:
    """Whether a container written again at a position is the same one (it keeps its children)."""
    if not existing.is_block or existing.kind == "root":
        return False
    if existing.proto is None:  # a placeholder: the real container adopts what arrived before it
        return True
    if existing.kind != incoming.kind:
        return False
    if incoming.kind == "dialog":
        return existing.proto.id == incoming.proto.id
    return True


def run_on_its_own_loop(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` on an event loop of its own thread: the browser tests' sync Playwright keeps a loop running
    in the test thread for the whole session, and ``asyncio.run`` refuses to start inside it."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
