"""Focus mode's keypad: the unit on screen and the keys that label it, owned by the page itself.

Streamlit's shortcut buttons could not say which unit a press was made on (docs/focus-mode.md has the mechanism):
a button's press is a boolean trigger, and its callback runs with the arguments registered by whichever run drew
the button last, so a key pressed while a run was in progress landed on the unit that run drew (or, folded with
another press into one run, on the same unit as that press), and two presses of one key in one run were one.

This keypad is a small ``st.components.v2`` component (JavaScript in the page, no iframe, nothing fetched). It
draws the position line, the unit (its question, text and small print, its current label) and the buttons, and
it listens to the keys. Every press, a key or a tap, becomes a record naming the unit shown at that moment (the
case, the unit's id and the label field), the action, the server session the unit was shown by and a sequence
number; the page keeps the records not yet acknowledged as the component's *state* (a list), sent whole with each
press. A state value is not a trigger: when presses arrive faster than runs end and Streamlit folds their requests
into one, the newest list holds every press, and ``ui.widgets.focus_presses`` applies them in order, each to the
unit it names.

Between a press and the run that answers it the keypad moves on by itself, within what it knows: after a yes or
a no, to the next unit of the case when that unit is judged against the same thing with the same guideline (the
column beside the keypad, which Streamlit draws, is then already right). Any other move (to another label, another
case, an undo) waits for the server's answer; a press made meanwhile is refused on screen ("Not taken ..."), never
queued on a unit the person cannot see. A press the server does not acknowledge stays marked "saving"; a page that
reconnects to a new server session drops the presses the old one never confirmed (not applied late) and says
how many may not have been saved: the old server may have stored some before it died, and the card shows what
is stored. A press made once the page was connected again, before the new session had drawn the keypad, is kept
and sent again when that session's keypad arrives: its first sending asked for a run of a fragment the new session
did not know yet, which Streamlit drops.

Everything the component shows is plain text put in with ``textContent`` (never parsed as HTML), so a unit's text
can hold anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

PAD_NAME = "uncase_focus_pad"
MAX_PENDING = 60  # presses a page keeps waiting for the server before it refuses more (the server is gone)
# Screens with no keyboard to press a key hint with: narrow ones (where Streamlit stacks columns), and those whose
# main pointer is a finger. The server cannot tell (a phone asking for the desktop site sends a desktop's headers).
KEY_HINT_SCREENS = "(max-width: 640px), (pointer: coarse) and (hover: none)"

_PAD_CSS = """
.uncase-pad { font-family: var(--st-font, "Source Sans Pro", sans-serif); color: var(--st-text-color, #31333f);
  display: flex; flex-direction: column; gap: 0.75rem; }
.uncase-pad p { margin: 0; }
.uncase-pad .pad-line { font-size: var(--st-base-font-size, 1rem); }
.uncase-pad .pad-box { border-radius: var(--st-base-radius, 0.5rem); padding: 0.75rem 1rem; }
.uncase-pad .pad-box:empty { display: none; }
.uncase-pad .pad-notes { background: var(--st-blue-background-color, #1c83e11a);
  color: var(--st-blue-text-color, #004280); }
.uncase-pad .pad-notes p + p { margin-top: 0.35rem; }
.uncase-pad .pad-notes .pad-refused { color: var(--st-red-text-color, #7d353b); font-weight: 600; }
.uncase-pad .pad-done { background: var(--st-green-background-color, #21c3541a);
  color: var(--st-green-text-color, #177233); }
.uncase-pad .pad-card { border: 1px solid var(--st-border-color, #31333f33);
  border-radius: var(--st-base-radius, 0.5rem); padding: 1rem; display: flex; flex-direction: column;
  gap: 0.6rem; }
.uncase-pad .pad-card.pad-waiting { opacity: 0.6; }
.uncase-pad .pad-ask { font-weight: 600; }
.uncase-pad .pad-text p { font-size: var(--st-heading-font-size-5, 1.125rem);
  font-weight: var(--st-heading-font-weight-5, 600); line-height: 1.4; overflow-wrap: anywhere; }
.uncase-pad .pad-text p + p { margin-top: 0.6rem; }
.uncase-pad .pad-small { font-size: 0.875rem; color: #60626f;
  overflow-wrap: anywhere; }
.uncase-pad .pad-keys { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.uncase-pad button { font: inherit; font-size: var(--st-base-font-size, 1rem); min-height: 2.75rem;
  min-width: 4.5rem; padding: 0.4rem 0.9rem; border-radius: var(--st-button-radius, 0.5rem);
  border: 1px solid var(--st-border-color, #31333f33); background: var(--st-background-color, #fff);
  color: inherit; cursor: pointer; display: inline-flex; align-items: center; justify-content: center;
  gap: 0.5rem; }
.uncase-pad button.pad-primary { background: var(--st-primary-color, #ff4b4b); color: #fff;
  border-color: var(--st-primary-color, #ff4b4b); }
.uncase-pad button:disabled { opacity: 0.45; cursor: not-allowed; }
.uncase-pad button:focus-visible { outline: 2px solid var(--st-primary-color, #ff4b4b); outline-offset: 2px; }
.uncase-pad kbd { font: inherit; font-size: 0.8rem; opacity: 0.75; }
.uncase-pad.pad-phone kbd, .uncase-pad.pad-phone .pad-help { display: none; }
@media KEY_HINT_SCREENS { .uncase-pad kbd, .uncase-pad .pad-help { display: none; } }
.uncase-pad .pad-help { font-size: 0.875rem; color: #60626f; }
.uncase-pad .pad-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
""".replace("KEY_HINT_SCREENS", KEY_HINT_SCREENS)

_PAD_JS = """
const LABELS = { yes: true, no: false, clear: null };
const KEYS = { "1": "yes", "0": "no", Backspace: "clear", ArrowLeft: "back", ArrowRight: "next", u: "undo",
               U: "undo" };
const LOCKABLE = new Set(["yes", "no", "clear", "undo"]);
const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

function make(parent, tag, className) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  parent.appendChild(node);
  return node;
}

function paragraphs(node, texts, className) {
  node.replaceChildren();
  for (const text of texts) make(node, "p", className).textContent = text;
}

function newTab() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function count(pad, value) {
  const digits = String(Math.abs(value));
  const grouped = Math.abs(value) >= pad.data.group_from
    ? digits.replace(/\\B(?=(\\d{3})+(?!\\d))/g, pad.data.group) : digits;
  return (value < 0 ? "-" : "") + grouped;
}

function applied(pad) {
  return (pad.data.applied || {})[pad.tab] || 0;
}

function waitingPresses(pad) {
  return pad.queue.filter((press) => press.seq > applied(pad));
}

function indexOf(items, unit, field) {
  return items.findIndex((item) => item.unit === unit && item.field === field);
}

// What the page shows: the server's labels and place, then each press not yet acknowledged, as the server will
// apply it. A move the page cannot make by itself (another label's column, another case, an undo) waits.
function view(pad) {
  const data = pad.data, items = data.items;
  const values = items.map((item) => item.value);
  const saving = new Set();
  let at = data.at, waiting = false;
  for (const press of waitingPresses(pad)) {
    const i = press.case === data.case ? indexOf(items, press.unit, press.field) : -1;
    if (i < 0) { waiting = true; continue; }
    at = i;
    if (press.action in LABELS) {
      values[i] = LABELS[press.action];
      saving.add(i);
      if (press.action === "clear") continue;
    }
    if (press.action === "undo") { waiting = true; continue; }
    const j = press.action === "back" ? i - 1 : i + 1;
    if (j >= 0 && j < items.length && items[j].context === items[i].context) at = j;
    else if ((j < 0 && !data.more_before) || (j >= items.length && !data.more_after)) at = i;  // the ends stay
    else waiting = true;
  }
  let labelled = data.labelled;
  items.forEach((item, i) => {
    labelled += (values[i] !== null ? 1 : 0) - (item.value !== null ? 1 : 0);
  });
  return { at, values, saving, waiting, labelled };
}

function say(pad, text) {
  pad.live.textContent = "";
  pad.live.textContent = text;
}

function refuse(pad, text) {
  pad.refused += 1;
  pad.host.querySelector(".uncase-pad").dataset.refused = String(pad.refused);
  pad.note = text;
  render(pad);
  say(pad, text);
}

function press(pad, action) {
  const data = pad.data, texts = data.texts, shown = view(pad);
  if (data.locked && LOCKABLE.has(action)) return refuse(pad, texts.locked);
  if (shown.waiting) return refuse(pad, texts.wait);
  const item = data.items[shown.at];
  if (!item && action !== "back" && action !== "next") return refuse(pad, texts.nothing_here);
  const waiting = waitingPresses(pad);
  if (waiting.length >= data.max_pending) return refuse(pad, texts.too_many);
  pad.seq += 1;
  pad.queue = waiting;
  pad.queue.push({ tab: pad.tab, seq: pad.seq, session: data.session, action, case: data.case,
                   unit: item ? item.unit : null, field: item ? item.field : null,
                   shown: item ? shown.values[shown.at] : null, reconnected: !!pad.outage && online() });
  pad.note = "";
  pad.lost = "";
  pad.send("presses", pad.queue.map((entry) => ({ ...entry })));
  const value = item && action in LABELS ? texts.values[String(LABELS[action])] : null;
  pad.pressed = value === null ? "" : texts.pressed.replace("{name}", item.name).replace("{value}", value);
  pad.said = false;
  if (value !== null) pad.figuresBefore = data.figures;  // said again once the server's answer has moved them
  render(pad);
  if (pad.pressed && !pad.said) say(pad, pad.pressed);  // the same unit still on screen: the label alone
}

// Streamlit's own record of its connection, on the app's root element ("CONNECTED", "PINGING_SERVER", ...).
function connectionState() {
  const app = document.querySelector('[data-testid="stApp"]');
  return app ? app.dataset.testConnectionState : undefined;
}

// Connected, or connecting to a server that has answered its ping (the page looks back: its outage dialog is gone).
function online() {
  const state = connectionState();
  return state === undefined || state === "CONNECTED" || state === "CONNECTING";
}

function typing(event) {
  for (const node of event.composedPath ? event.composedPath() : [event.target]) {
    if (node && node.tagName && (TYPING.has(node.tagName) || node.isContentEditable)) return true;
  }
  return false;
}

function onKey(pad, event) {
  if (!pad.host.isConnected) {
    document.removeEventListener("keydown", pad.listener);
    return;
  }
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  const action = KEYS[event.key];
  if (!action || typing(event)) return;
  event.preventDefault();
  if (event.repeat && action in LABELS) return;  // a held key labels once
  press(pad, action);
}

function build(pad) {
  const root = make(pad.host, "div", "uncase-pad");
  root.dataset.tab = pad.tab;
  pad.line = make(root, "p", "pad-line");
  pad.notes = make(root, "div", "pad-box pad-notes");
  pad.done = make(root, "div", "pad-box pad-done");
  pad.card = make(root, "div", "pad-card");
  pad.ask = make(pad.card, "p", "pad-ask");
  pad.text = make(pad.card, "div", "pad-text");
  pad.small = make(pad.card, "div", "pad-small");
  pad.now = make(pad.card, "p", "pad-small pad-now");
  pad.keys = make(root, "div", "pad-keys");
  pad.keys.setAttribute("role", "group");
  pad.buttons = {};
  for (const action of ["yes", "no", "clear", "back", "next", "undo"]) {
    const button = make(pad.keys, "button", action === "yes" ? "pad-primary" : "");
    button.type = "button";
    button.dataset.action = action;
    make(button, "span", "pad-word");
    const key = make(button, "kbd", "");
    key.setAttribute("aria-hidden", "true");
    button.addEventListener("click", () => press(pad, action));
    pad.buttons[action] = button;
  }
  pad.help = make(root, "p", "pad-help");
  pad.live = make(root, "div", "pad-live");
  pad.live.setAttribute("aria-live", "polite");
  pad.live.setAttribute("role", "status");
}

function render(pad) {
  const data = pad.data, texts = data.texts, shown = view(pad);
  const root = pad.host.querySelector(".uncase-pad");
  root.classList.toggle("pad-phone", !!data.phone);
  root.lang = data.lang;
  root.dataset.pending = String(waitingPresses(pad).length);
  root.dataset.waiting = shown.waiting ? "1" : "0";
  const item = data.items[shown.at];
  const notes = [...data.notes];
  if (pad.lost) notes.push(pad.lost);
  if (!item) notes.push(texts.nothing_here);
  paragraphs(pad.notes, notes, "");
  if (pad.note) make(pad.notes, "p", "pad-refused").textContent = pad.note;
  pad.done.textContent = item && shown.labelled === data.total ? texts.all_set : "";
  pad.card.hidden = !item;
  pad.line.hidden = !item;
  pad.card.classList.toggle("pad-waiting", shown.waiting);
  if (item) {
    pad.line.textContent = item.line.replace("{labelled}", count(pad, shown.labelled));
    // Another unit on screen after a label (the keypad moved on, or the server's answer did): the live region says
    // the label just set, then where the person is now, so a screen reader hears both. Only after a label: the
    // region never holds the position line alone (the line itself is on the page, and is read there).
    const unit = JSON.stringify([data.case, item.unit, item.field]);
    if (pad.unit !== undefined && pad.unit !== unit && pad.pressed) {
      say(pad, pad.pressed + ". " + pad.line.textContent);
      pad.said = true;
      pad.pressed = "";
    }
    pad.unit = unit;
    pad.card.dataset.unit = item.unit;
    pad.card.dataset.field = item.field;
    pad.card.dataset.case = String(data.case);
    pad.ask.textContent = item.ask;
    paragraphs(pad.text, item.text.split(/\\n\\s*\\n/).map((part) => part.trim()).filter(Boolean), "");
    paragraphs(pad.small, item.notes, "");
    const value = shown.values[shown.at];
    pad.now.textContent = texts.now[String(value)] + (shown.saving.has(shown.at) ? " · " + texts.saving : "")
      + (shown.waiting ? " · " + texts.on_its_way : "");
  }
  pad.keys.setAttribute("aria-label", texts.group);
  for (const [action, button] of Object.entries(pad.buttons)) {
    button.hidden = !item && action !== "back" && action !== "next";
    button.disabled = !!data.locked && LOCKABLE.has(action);
    button.querySelector(".pad-word").textContent = texts.buttons[action];
    button.querySelector("kbd").textContent = texts.keys[action];
    button.setAttribute("aria-keyshortcuts", data.phone ? "" : texts.aria_keys[action]);
  }
  pad.help.textContent = data.locked ? texts.locked : texts.help;
  pad.help.style.display = data.locked ? "block" : "";
}

export default function (component) {
  const { data, setStateValue, parentElement } = component;
  let pad = parentElement.__uncasePad;
  if (!pad) {
    pad = parentElement.__uncasePad = { host: parentElement, tab: newTab(), seq: 0, queue: [], refused: 0,
                                         note: "", lost: "", session: data.session };
    pad.data = data;
    build(pad);
    pad.listener = (event) => onKey(pad, event);
    document.addEventListener("keydown", pad.listener);
  }
  if (!pad.watch) {
    // A press made once the page is connected again after losing its server, before the new server session has
    // drawn this keypad, still names the old session: marked, the new session knows it is no late press.
    const app = document.querySelector('[data-testid="stApp"]');
    pad.watch = new MutationObserver(() => { if (!online()) pad.outage = true; });
    if (app) pad.watch.observe(app, { attributes: true, attributeFilter: ["data-test-connection-state"] });
  }
  if (!online()) pad.outage = true;
  let carried = false;
  if (data.session !== pad.session) {
    // A new server session (the server restarted): presses the old one had not applied are not applied now, but
    // for those made on this connection, which the new one applies.
    const unconfirmed = pad.queue.filter((entry) => entry.seq > ((pad.data.applied || {})[pad.tab] || 0));
    const lost = unconfirmed.filter((entry) => !entry.reconnected).length;
    pad.lost = lost === 1 ? data.texts.lost_one : lost ? data.texts.lost.replace("{count}", count(pad, lost)) : "";
    pad.queue = unconfirmed.filter((entry) => entry.reconnected);
    carried = pad.queue.length > 0;
    pad.session = data.session;
    pad.outage = false;
  }
  // The case's figures after a label, once the server's answer carries them and no press is still on its way: said
  // after what the region already says (the label and the position), so a screen reader hears the cards' news.
  const figuresMoved = pad.figuresBefore !== undefined && data.figures && data.figures !== pad.figuresBefore;
  pad.data = data;
  pad.send = setStateValue;
  pad.queue = waitingPresses(pad);
  if ((carried || pad.carried) && !pad.queue.length) {
    // All applied: the list the browser keeps for the keypad is emptied, so that a later restart, whose first run
    // reads that list, never takes them for presses to apply.
    pad.carried = false;
    pad.send("presses", []);
  } else if (carried) {
    pad.carried = true;
  }
  if (pad.carried && pad.queue.length && pad.resentWith !== data) {
    // A press made on the page that looked back, before the new session had drawn this keypad, went out as a run of
    // the keypad's fragment, which a session that has not drawn that fragment yet drops ("The fragment ... does not
    // exist anymore"): the press stayed in the list, unapplied, until some later press or restart sent it again.
    // This session has drawn the keypad now (its data is here), so the list is sent again and applied at once; a
    // press already applied is skipped by its number, so a second sending costs one run and changes nothing.
    pad.resentWith = data;
    pad.send("presses", pad.queue.map((entry) => ({ ...entry })));
  }
  render(pad);
  if (figuresMoved && !pad.queue.length) {
    say(pad, (pad.live.textContent ? pad.live.textContent + " " : "") + data.figures);
    pad.figuresBefore = undefined;
  }
}
"""

_pad_component = st.components.v2.component(PAD_NAME, js=_PAD_JS, css=_PAD_CSS, isolate_styles=False)


def pad_state(key: str) -> Any:
    """The presses the browser sent for the keypad under ``key`` (its state), or None before there are any."""
    try:
        state = st.session_state[key]
    except (KeyError, AttributeError):
        return None
    except Exception:  # a value Streamlit cannot present before the widget is registered in this session
        return None
    return state.get("presses") if isinstance(state, Mapping) else None


def draw_pad(key: str, data: Mapping[str, Any], on_presses: Callable[[], None]) -> None:
    """The keypad under ``key`` (its place never moves: the page redraws it, it is not mounted again), given
    ``data`` (:func:`ui.widgets.focus.pad_data`); ``on_presses()`` runs before the run that a press starts."""
    _pad_component(key=key, data=dict(data), default={"presses": []}, on_presses_change=on_presses,
                   width="stretch", height="content")
