"""Uploaded bytes are let go of as soon as they have been read: the page keeps what it parsed, never the file.

Streamlit 1.67 holds an uploaded file's bytes three times over: in its uploaded-file manager, in the
``UploadedFile`` it keeps as the widget's value in the session state, and in the deep copy of that object the
widget returns. The first two stay until the session shuts down. A closed tab's session is kept for a
reconnect; it is dropped after ``server.disconnectedSessionTTL`` only when another session's connect or
disconnect next touches the session store, and shut down (freeing its uploads) only when Python's garbage
collector gets to it: on a quiet server, minutes or never (``bench/bench_upload_memory.py`` measures it).
:func:`release` removes the file from the manager (what the upload box's own remove button asks the server
to do) and empties both ``UploadedFile`` objects.

The box still shows the file's name after that; the widget then returns None, and the session state holds
Streamlit's ``DeletedFile`` marker with the same ``file_id``, which :func:`file_in_box` reads.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.uploaded_file_manager import UploadedFile


def release(key: str, upload: UploadedFile) -> None:
    """Free the bytes of ``upload``, the value of the upload box ``key``; read them before, never after."""
    ctx = get_script_run_ctx()
    if ctx is not None:
        ctx.uploaded_file_mgr.remove_file(ctx.session_id, upload.file_id)
    # Emptied rather than closed: AppTest reads the kept one again to re-send the file on its next run.
    for copy in (upload, st.session_state.get(key)):
        if isinstance(copy, UploadedFile) and copy.file_id == upload.file_id:
            copy.seek(0)
            copy.truncate(0)


def file_in_box(key: str) -> str | None:
    """The ``file_id`` of the file the upload box ``key`` shows, read or not; None when the box is empty."""
    return getattr(st.session_state.get(key), "file_id", None)
