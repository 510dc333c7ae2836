"""A room member's page learns of the room's changes without a script run per look.

A member's page must notice within seconds when the facilitator reveals, freezes or starts a lesson. A timer fragment
did that by running the page's script every 5 s (about 5 ms of server CPU each time: Streamlit's own work for a run,
then one indexed read), for every member, labelling or not. Now the page carries a small component
(``st.components.v2``: JavaScript in the page itself, no iframe) that asks the server for the room's change number
over plain HTTP every :data:`LOOK_EVERY_S` seconds (``ui/views/room/head_route.py``: one indexed read, kept a second
per room and process and made by one request at a time, so a class of 300 costs one read a second), and only when the
number differs from the one the page was drawn at does it trigger a run, of the fragment that holds it, which reads
the number again and runs the whole page. ``bench/bench_server_cost.py --room`` measures both.

The route is plain HTTP, outside the Streamlit session where the access gate runs (``ui/frame/access.py``), so it
cannot ask the gate. It answers only the (room, workspace token) pairs whose watcher a page of this process has drawn
(:data:`WATCHERS`): a page draws it only past the gate, with the member's workspace open, and the page's own fetch,
kept on this process by the proxy's cookie, asks with that token in a header. Anything else is refused from memory,
without a store read: when a stranger's pair was looked up in the store at every request, a flood of them slowed a
labelling participant tenfold on PostgreSQL (``bench/bench_attacks.py --only room-head-flood``). A room's code alone
tells nothing, so the route is no way round the join page's limits on guessing codes. A page that asks before it is
drawn again after a server restart is refused until its reconnected session draws the watcher; it keeps looking.

Served without ``serve.py`` (``streamlit run app.py``, as most browser tests do) there is no route (the server
answers its page for any address): the page then triggers the fragment at each tick, as its timer did before. A page
whose JavaScript cannot run at all still learns of the change: the fragment keeps a slow timer (:data:`BACKSTOP`)
that looks as before."""

from __future__ import annotations

import threading
from collections import OrderedDict

import streamlit as st

LOOK_EVERY_S = 5  # how often a member's page asks for the room's change number
BACKSTOP = "30s"  # the fragment's own timer, for a page whose JavaScript cannot reach the route
ROUTE_PATH = "api/uncase/room-head"  # relative: the page's address gives the server's base path
TOKEN_HEADER = "X-Uncase-Workspace"
HEAD_KEPT_S = 1.0  # a room's change number is read at most once a second per process
MEMBERS_KEPT = 20_000  # (room, token) pairs watched by this process's pages (a class of 300 in many rooms)

_WATCH_JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  const host = parentElement;
  if (host.__uncaseRoomWatch) clearInterval(host.__uncaseRoomWatch);
  const url = new URL(data.path, window.location.href);
  url.searchParams.set("room", data.room);
  let told = false;
  const look = async () => {
    if (told) return;
    try {
      const answer = await fetch(url, { headers: { [data.header]: data.token }, cache: "no-store",
                                        credentials: "same-origin" });
      const json = (answer.headers.get("content-type") || "").startsWith("application/json");
      if (answer.status === 404 || (answer.ok && !json)) {
        // No such route: a server started without serve.py (`streamlit run app.py` answers its page for any
        // address). Run the fragment at each tick, as its timer did before; it reads the number itself.
        setTriggerValue("changed", -1);
        return;
      }
      if (!answer.ok) return;
      const { head } = await answer.json();
      if (head !== data.seen && !told) {
        told = true;
        clearInterval(host.__uncaseRoomWatch);
        setTriggerValue("changed", head);
      }
    } catch (error) {
      // The server is restarting or the network is down: look again at the next tick.
    }
  };
  host.__uncaseRoomWatch = setInterval(look, data.every * 1000);
  return () => clearInterval(host.__uncaseRoomWatch);
}
"""

_watch_component = st.components.v2.component("uncase_room_watch", js=_WATCH_JS)


class Watchers:
    """The (room, workspace token) pairs this process's pages watch, the most recently drawn :data:`MEMBERS_KEPT`."""

    def __init__(self, kept: int = MEMBERS_KEPT) -> None:
        self._kept = kept
        self._lock = threading.Lock()
        self._pairs: OrderedDict[tuple[str, str], None] = OrderedDict()

    def add(self, code: str, token: str) -> None:
        with self._lock:
            self._pairs[(code, token)] = None
            self._pairs.move_to_end((code, token))
            while len(self._pairs) > self._kept:
                self._pairs.popitem(last=False)

    def __contains__(self, pair: object) -> bool:
        with self._lock:
            return pair in self._pairs


WATCHERS = Watchers()  # the process's: the pages add to it, serve.py's route reads it


def watch_room(code: str, token: str, seen: int, key: str, watchers: Watchers = WATCHERS) -> None:
    """Mount the watcher in the running fragment: when the room's change number is no longer ``seen``, the
    fragment runs again (its own code then reads the number and runs the page). From now on the route answers this
    page's looks (``watchers``)."""
    watchers.add(code, token)
    _watch_component(key=key, data={"room": code, "token": token, "seen": seen, "every": LOOK_EVERY_S,
                                    "path": ROUTE_PATH, "header": TOKEN_HEADER},
                     on_changed_change=lambda: None, width="stretch", height="content")
