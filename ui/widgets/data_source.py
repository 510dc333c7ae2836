"""Where a page's data comes from: a built-in scenario or an upload, asked before labels are replaced.

One sidebar block for every page that loads data. Loading over labelled data asks first
("no" keeps the labels); what is loaded is stored in the workspace at once, so a reload
or a restarted server brings back the same data (never the built-in default while the
upload box still shows a file name). An upload that cannot be read leaves the page's data
as it was and says why, naming the file, for as long as that file is in the box; the error
itself is kept, so the message follows the language when the person switches it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from ui.frame.data_kinds import DataKind
from ui.frame.input_errors import error_text
from ui.frame.limits import LIMITS, as_page_refusal, check_count, check_size, read_limit
from ui.frame.state import current_workspace, kept, language, run_saving, t
from ui.frame.uploads import file_in_box, release
from ui.widgets.layout import whole_choice
from ui.widgets.text import literal
from uncase_core.errors import InputError
from uncase_core.shared.limits import ReadLimit


@dataclass(frozen=True)
class Loaded:
    """Data a person asked for, before it replaces what the page holds."""

    data: Any
    source: str  # scenario id, "all", "builtin" or the file name
    source_kind: str  # "scenario", "all", "builtin" or "upload"
    meta: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Source:
    """How one page loads data (see :func:`data_source`)."""

    kind: DataKind
    prefix: str  # widget keys start with it
    limit: str  # the page's entry in ui.frame.limits.LIMITS
    load: Callable[[str], Loaded]  # a choice (scenario id) -> its data in the current language
    choices: Sequence[str] = ()  # built-in choices; one choice and no list: a single button
    choice_label: Callable[[str], str] = str
    choice_title: str = ""  # catalogue key of the choice box
    load_button: str = "rag.load_scenario"  # catalogue key
    # An upload's bytes and name -> what it loads as, reading no more than the limit allows (ui.frame.limits).
    read_upload: Callable[[bytes, str, ReadLimit], Loaded] | None = None
    upload_label: str = ""  # catalogue keys
    upload_help: str = ""
    upload_types: tuple[str, ...] = ("json", "jsonl")
    count: Callable[[Any], int] = len  # items, to refuse more than the page handles live
    changes: Callable[[Any, Any], int] = lambda original, current: 0  # labelled items that would be lost
    # The command a refusal of a file above the page's limit names (default: the page's, ui.frame.limits).
    too_large_command: Callable[[bytes, str], str] | None = None
    # Drawn under the upload box: questions a file waits on before it loads (None), then what it loads as.
    pending: Callable[[], Loaded | None] | None = None
    # While an upload is the page's data: the line at the top of the block naming it ({name}), and the choice box's
    # title then (catalogue keys; "": the block says nothing more and the box keeps its title). Without them the
    # block would go on naming the built-in choice the box shows, as if it were what the page holds.
    upload_shown: str = ""
    choice_title_upload: str = ""


def read_new_upload(key: str, limit: str, label: str, help: str, types: Sequence[str],
                    read: Callable[[bytes, str, ReadLimit], Loaded | None], count: Callable[[Any], int] = len,
                    too_large_command: Callable[[bytes, str], str] | None = None) -> Loaded | None:
    """Draw an upload box; a file not read before in this session is read (once) and returned.

    ``read(data, name, limit)`` reads no more than ``limit`` (:func:`ui.frame.limits.read_limit`: the items the page
    handles live), so a small file of very many rows is refused before its rows are built; it may return None for a
    file that waits on a question before it loads (see ``Source.pending``).

    A file that cannot be read is refused with a message naming it, shown for as long as that
    file is in the box; what the page holds is left as it was. Either way the file's bytes are
    then freed on the server: the box still shows its name, the widget returns None.
    """
    # Streamlit's box says "Drag and drop", "Upload" and "... per file" in English whatever the language (its
    # frontend has no setting for it): the label gives the size limit and the help says what the box says.
    cap = LIMITS[limit].upload_mb
    upload = st.file_uploader(f"{label} {t('data.upload_limit', mb=cap)}", type=list(types), key=key,
                              help=f"{help} {t('data.upload_box_note')}".strip(), max_upload_size=cap)
    seen_key, error_key = f"{key}_seen", f"{key}_error"
    loaded = None
    if upload is not None and st.session_state.get(seen_key) != upload.file_id:
        st.session_state[seen_key] = upload.file_id
        data = upload.getvalue()
        try:
            too_large = too_large_command is not None and len(data) > LIMITS[limit].upload_bytes
            check_size(limit, data, upload.name, too_large_command(data, upload.name) if too_large else None)
            loaded = read(data, upload.name, read_limit(limit))
            if loaded is not None:
                check_count(limit, count(loaded.data), upload.name)
        except InputError as refused:
            error = as_page_refusal(limit, refused, upload.name,
                                    too_large_command(data, upload.name) if too_large_command else None)
            # The error, not its text, so it is said anew in the language of each run; a fresh copy, as the raised
            # one's traceback would keep the reader's frames (and the uploaded bytes) alive while it is shown.
            st.session_state[error_key] = (upload.file_id, error.located(error.source))
            loaded = None
        else:
            st.session_state.pop(error_key, None)
        finally:
            release(key, upload)  # what was read is kept; the file's bytes are not (see ui/frame/uploads.py)
    error = st.session_state.get(error_key)
    # The message belongs to the file it is about: once that file leaves the box (removed, or replaced by one the
    # box itself refused), it goes too.
    if error is not None and file_in_box(key) != error[0]:
        st.session_state.pop(error_key)
        error = None
    if error is not None:
        st.error(t("common.upload_failed", message=error_text(error[1], language())))
    return loaded


def stored_upload(kind: DataKind, key: str, limit: str, label: str, help: str, types: Sequence[str],
                  read: Callable[[bytes, str, ReadLimit], Loaded], count: Callable[[Any], int] = len,
                  remove_label: str = "data.remove_upload") -> None:
    """An upload the page reads but nobody labels (a second version, a pair of files): stored in the workspace as
    soon as it reads, so it is still there after a reload, until the person removes it."""
    workspace = current_workspace()
    loaded = read_new_upload(key, limit, t(label), t(help), types, read, count)
    if loaded is not None:
        run_saving(lambda: workspace.replace(kind, loaded.data, loaded.source, loaded.source_kind, loaded.meta))
    stored = workspace.source(kind)
    if stored is not None:
        st.caption(t("data.stored_upload", name=literal(stored[0])))
        if st.button(t(remove_label), key=f"{key}_remove", width="stretch"):
            run_saving(lambda: workspace.remove(kind))
            st.rerun()


def stored_upload_data(kind: DataKind) -> tuple[Any, str] | None:
    """``(data, file name)`` of a stored upload, or None when there is none (or it was removed)."""
    workspace = current_workspace()
    stored = workspace.source(kind)
    return None if stored is None else (workspace.data(kind), stored[0])


def changed_items(original: Sequence[Any], current: Sequence[Any]) -> int:
    """How many items (cases, conversations) differ from the version that was loaded."""
    if len(original) != len(current):
        return max(len(original), len(current))
    return sum(1 for before, now in zip(original, current, strict=True) if before != now)


def confirm_replace(key: str, changes: int, candidate: Loaded | None, written: bool = False) -> Loaded | None:
    """The data to switch to in this run; while labels (``written``: cases written in the editor) would be lost, ask
    first (yes/no) and wait."""
    pending_key = f"{key}_pending"
    if candidate is not None:
        if changes == 0:
            st.session_state.pop(pending_key, None)
            return candidate
        st.session_state[pending_key] = (candidate, changes)
    pending = st.session_state.get(pending_key)
    if pending is None:
        return None
    loaded, count = pending
    box = st.empty()
    with box.container():
        if written:
            st.warning(t("confirm.replace_written", count=count))
        else:
            st.warning(t("confirm.replace_upload", name=literal(loaded.source), count=count)
                       if loaded.source_kind == "upload" else t("confirm.replace", count=count))
        yes, no = st.columns(2)
        said_yes = yes.button(t("confirm.yes"), key=f"{key}_yes", type="primary")
        said_no = no.button(t("confirm.no"), key=f"{key}_no")
    if said_yes or said_no:
        del st.session_state[pending_key]
        box.empty()  # the question is answered: it leaves the sidebar in this run
    return loaded if said_yes else None


def data_source(source: Source, default: Callable[[], Loaded]) -> Loaded | None:
    """Draw the data block in the sidebar (call inside ``with st.sidebar``) and store what the person loads.

    ``default()`` is what the page shows while nothing is stored. Returns what was loaded in
    this run (for a note such as "imported from RAGAS"), or None.
    """
    workspace = current_workspace()
    requested = None
    stored = workspace.source(source.kind)
    upload_shown = stored is not None and stored[1] == "upload"
    if upload_shown and source.upload_shown and source.choices:  # beside a choice box that shows a built-in one
        st.caption(t(source.upload_shown, name=literal(stored[0])))
    if source.choices:
        if len(source.choices) > 1:
            title = source.choice_title_upload if upload_shown and source.choice_title_upload else source.choice_title
            choice = kept(st.selectbox, f"{source.prefix}_scenario_choice", _initial_choice(source, workspace),
                          t(title), options=list(source.choices), format_func=source.choice_label)
            whole_choice(source.choice_label(choice))
        else:
            choice = source.choices[0]
        if st.button(t(source.load_button), key=f"{source.prefix}_load", width="stretch"):
            requested = source.load(choice)
    if source.read_upload is not None:
        requested = read_new_upload(f"{source.prefix}_upload", source.limit, t(source.upload_label),
                                    t(source.upload_help), source.upload_types, source.read_upload,
                                    source.count, source.too_large_command) or requested
        if source.pending is not None:
            requested = source.pending() or requested
    current = workspace.data(source.kind) if workspace.has(source.kind) else default().data
    original = workspace.original(source.kind) if workspace.has(source.kind) else current
    stored = workspace.source(source.kind)
    written = stored is not None and stored[1] == WRITTEN
    chosen = confirm_replace(f"{source.prefix}_replace",
                             source.count(current) if written else source.changes(original, current), requested,
                             written)
    if chosen is not None and run_saving(lambda: workspace.replace(
            source.kind, chosen.data, chosen.source, chosen.source_kind,
            {**chosen.meta, **({"language": language()} if chosen.source_kind in BUILT_IN else {})})):
        return chosen
    return None


BUILT_IN = ("scenario", "all", "builtin")  # data the playground has in both languages
WRITTEN = "editor"  # cases the person wrote in the case editor: every one of them is their work, labelled or not


def follow_language(source: Source) -> None:
    """Built-in data follows the person's language: after a switch, the same scenario in the new language, with
    every label and revision the person made kept (nothing changes when they do not fit the other version)."""
    workspace = current_workspace()
    stored = workspace.source(source.kind)
    lang = language()
    if stored is None or stored[1] not in BUILT_IN or workspace.meta(source.kind).get("language") == lang:
        return
    tried = st.session_state.setdefault("language_followed", set())
    mark = (source.kind.name, workspace.loaded_at(source.kind), workspace.revision, lang)
    if mark in tried:
        return
    tried.add(mark)
    try:
        loaded = source.load(stored[0])
    except (KeyError, LookupError, InputError):  # a scenario this version no longer has
        return
    if loaded.data != workspace.original(source.kind):
        run_saving(lambda: workspace.translate(source.kind, loaded.data, lang))


def _initial_choice(source: Source, workspace: Any) -> str:
    stored = workspace.source(source.kind)
    return stored[0] if stored is not None and stored[0] in source.choices else source.choices[0]


def stored_or_default(source: Source, default: Callable[[], Loaded]) -> tuple[Any, Any, str, str]:
    """``(data, original, source, source_kind)``: the stored data, or the default while nothing is stored."""
    workspace = current_workspace()
    if workspace.has(source.kind):
        name, kind = workspace.source(source.kind)  # type: ignore[misc]
        return workspace.data(source.kind), workspace.original(source.kind), name, kind
    loaded = default()
    return loaded.data, loaded.data, loaded.source, loaded.source_kind
