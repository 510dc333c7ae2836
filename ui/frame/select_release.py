"""A select box lets go of the keyboard once something is chosen in it, so the page's keys label again.

After a choice in a Streamlit select box the keyboard stays in it: the box is an ``<input>``, and Streamlit's
button shortcuts ignore every key typed while an input has the focus. On the judge page (and in focus mode) a
person who filters the dimension and then presses ``1`` labels nothing (the Spanish rehearsal of issue 39; before
``filter_mode=None`` the ``1`` even typed into the box's search: "0000...", "No results").

The script drawn by :func:`release_select_boxes` listens for a key pressed in a select box whose list is
closed: when the key is one of the page's single-key shortcuts, named by the page (``1``, ``0``, ``U``), the box
gives up the focus and the same key is sent again to the page, where the shortcut takes it.
Keys a select box needs (arrows, Enter, Escape, Tab, Backspace) and keys typed while a searchable box's list is open
(its search) stay with the box, so choosing by keyboard works as before. A box without search (``filter_mode=None``:
its input has ``inputmode="none"``) lets go of a page key even with its list open: a key pressed at once after a
click on an option, before the list had closed on a loaded machine, was swallowed by the list, neither stored nor
refused. It is an inline script in ``st.html``: nothing is
fetched (the payload tests forbid any request after the page's first load).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import streamlit as st

KEY = "select_release_script"  # the hidden container (its class .st-key-select_release_script)
SCRIPT = """<script>
(() => {
  if (window.__uncaseSelectRelease) return;
  window.__uncaseSelectRelease = true;
  window.addEventListener('keydown', (event) => {
    const box = event.target;
    const marker = document.querySelector('[data-release-keys]');  // only on a page that drew it, its keys
    if (!marker || !(box instanceof HTMLInputElement) || !box.closest('[data-testid="stSelectbox"]')) return;
    // An open list keeps a key for its search; a box without search (inputmode none) has no use for it, and a key
    // pressed just after a click on an option, before the list has closed, was swallowed there.
    const searching = box.getAttribute('aria-expanded') === 'true' && box.getAttribute('inputmode') !== 'none';
    if (searching || event.key.length !== 1) return;
    if (!marker.dataset.releaseKeys.includes(event.key)) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    box.blur();
    const again = new KeyboardEvent('keydown', {key: event.key, code: event.code, bubbles: true, cancelable: true});
    for (const name of ['keyCode', 'which']) Object.defineProperty(again, name, {get: () => event.keyCode});
    document.body.dispatchEvent(again);
    const up = new KeyboardEvent('keyup', {key: event.key, code: event.code, bubbles: true, cancelable: true});
    for (const name of ['keyCode', 'which']) Object.defineProperty(up, name, {get: () => event.keyCode});
    setTimeout(() => document.body.dispatchEvent(up), 0);
  }, true);
})();
</script>"""
STYLE = f"<style>.st-key-{KEY} {{ display: none; }}</style>"


def release_select_boxes(keys: str) -> None:
    """Draw the script (hidden) on a page whose ``keys`` (single characters: ``"10uU"``) label: the judge page,
    focus mode. The script stays installed across pages; a page that does not draw this has no marker, and there
    a key typed in a select box stays there (it starts the box's search)."""
    if not re.fullmatch(r"[0-9A-Za-z]+", keys):  # our own shortcut keys only: nothing else reaches the HTML
        raise ValueError(f"release_select_boxes: keys must be letters or digits, not {keys!r}")
    st.html(STYLE)
    with st.container(key=KEY):
        st.html(f'<span data-release-keys="{keys}"></span>')
        st.html(SCRIPT, unsafe_allow_javascript=True)


def single_keys(shortcuts: Iterable[str]) -> str:
    """The single-character shortcuts among ``shortcuts`` in both cases (``"U"`` is pressed as ``u``)."""
    return "".join(sorted({c for key in shortcuts if len(key) == 1 for c in (key.lower(), key.upper())}))
