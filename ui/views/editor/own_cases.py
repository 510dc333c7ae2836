"""A case written in the editor while its page holds a built-in scenario starts cases of the person's own.

The RAG editor and the summary editor share this. A case added to a built-in scenario was labelled as "case 2 of 2"
under the scenario's note, which is about another case; so the first case written while the page shows a built-in
scenario (stored, or the page's default) replaces it with data holding only that case, and the next cases join
that. The scenario is left as it was, loadable again from its page. Labels or texts the person changed in the
scenario would go with it, so "Create" then asks first and offers the labelled scenario as a download ("No" keeps
everything, what was typed included).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from ui.frame.data_kinds import DataKind
from ui.frame.state import forget, run_saving, t
from ui.frame.workspace import Workspace
from ui.widgets.data_source import BUILT_IN, WRITTEN, changed_items
from ui.widgets.text import literal


class OwnCases:
    """An editor's data, as far as writing a case on a built-in scenario goes. A subclass names the page's slot
    (``kind``), the name and download stem of the person's own cases (``own_source``), the page's kept case choice
    (``page_case_key``, which starts again on the first case) and how to list the data's cases (``items``)."""

    workspace: Workspace
    kind: DataKind
    own_source: str
    page_case_key: str

    @staticmethod
    def items(data: Any) -> Sequence[Any]:
        return data

    @property
    def holds_built_in(self) -> bool:
        """True while the page shows a built-in scenario (stored or its default), not cases of the person's own."""
        source = self.workspace.source(self.kind)
        return source is None or source[1] in BUILT_IN

    def built_in_changes(self) -> int:
        """Cases of the built-in scenario the person labelled or rewrote (lost when their own cases replace it)."""
        if not self.workspace.has(self.kind):
            return 0
        return changed_items(self.items(self.workspace.original(self.kind)), self.items(self.workspace.data(self.kind)))

    def start_own(self, data: Any) -> bool:
        """Store ``data`` (the first case written here) as the page's data in place of the built-in scenario; False
        when the store refused it (the scenario is then left as it was). The page opens on its first case."""
        if not run_saving(lambda: self.workspace.replace(self.kind, data, self.own_source, WRITTEN)):
            return False
        self.workspace.editors.clear()  # every label table drawn from the scenario starts again
        forget(self.page_case_key)
        return True


def create_or_ask(data: OwnCases, pressed: bool, form_key: str, question: str, create: Callable[[], None]) -> None:
    """Under a form's "Create" button: ``create()`` when pressed, unless the page's built-in scenario carries the
    person's changes; then ask (the catalogue key ``question``, given ``count``) until they answer, in later runs."""
    pending_key = f"{form_key}_replace"
    if pressed:
        if data.holds_built_in and (changes := data.built_in_changes()) > 0:
            st.session_state[pending_key] = changes
        else:
            create()
    if pending_key not in st.session_state:
        return
    st.warning(t(question, count=st.session_state[pending_key]))
    row = st.container(horizontal=True)
    row.download_button(t("common.download"), key=f"{form_key}_scenario_download",
                        data=lambda: data.kind.write(data.workspace.data(data.kind))[0].encode("utf-8"),
                        file_name=f"{data.workspace.source(data.kind)[0]}-labelled.json", mime="application/json",
                        on_click="ignore")
    yes = row.button(t("confirm.yes"), key=f"{form_key}_replace_yes", type="primary")
    no = row.button(t("confirm.no"), key=f"{form_key}_replace_no")
    if yes or no:
        st.session_state.pop(pending_key, None)
    if yes:
        create()
    elif no:
        st.rerun()


def say_created(key: str, created: str, own: str) -> None:
    """Said once after "Create": ``created`` (the catalogue key, given the case ``id``), and ``own`` when the case
    started the person's own cases. ``key`` holds ``(case id, whether it started them)``."""
    if (done := st.session_state.pop(key, None)) is not None:
        case_id, started = done
        st.success(t(created, id=literal(case_id)))
        if started:
            st.info(t(own))
