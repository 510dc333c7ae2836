"""Giving the keyboard back to a page's key shortcuts after a choice in a box.

Streamlit's buttons with a ``shortcut`` ignore the keys while a text box, a list or a radio has the keyboard, and a
select box keeps it after a choice: on the judge page, 1 and 0 then went to the box instead of labelling (issue
39). :func:`release_keyboard` puts a small ``st.components.v2`` script in the page (no iframe) that, once a choice
is made in a select box by clicking an option (the same one too), takes the keyboard from the box."""

from __future__ import annotations

import streamlit as st

_RELEASE_JS = """
export default function (component) {
  const host = component.parentElement;
  const release = () => {
    const active = document.activeElement;
    if (active && active.closest && active.closest('[data-testid="stSelectbox"]')) active.blur();
  };
  // A choice made by clicking an option (the same one included, which runs nothing): once the box has taken it, the
  // keyboard goes back to the page. Someone choosing by keyboard keeps it (they move on with Tab). Only while this
  // page holds the component.
  const onChoice = (event) => {
    if (!host.isConnected) return;
    if (event.target && event.target.closest && event.target.closest('[role="option"]')) setTimeout(release, 0);
  };
  if (!host.__uncaseRelease) {
    host.__uncaseRelease = onChoice;
    document.addEventListener("click", onChoice, true);
  }
  return () => {
    document.removeEventListener("click", host.__uncaseRelease, true);
    host.__uncaseRelease = null;
  };
}
"""
_release_component = st.components.v2.component("uncase_release_keyboard", js=_RELEASE_JS)


def release_keyboard(key: str, after: object) -> None:
    """After the choice ``after`` (drawn again whenever it changes), a select box no longer keeps the keyboard."""
    _release_component(data={"after": repr(after)}, key=key, height=0)
