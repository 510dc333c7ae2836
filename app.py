"""The entry script: declares every page once (``st.navigation`` over the registry in ``ui/frame/navigation.py``),
runs the page frame (access gate, workspace, language, sidebar, lesson panel slots) and then the chosen page, a few
full runs at a time (``ui/frame/admission.py``)."""

import streamlit as st

from ui.frame.admission import full_run_slot
from ui.frame.navigation import PAGES, TAB_ICON, entry_for
from ui.frame.page import navigation_titles, setup_page
from ui.i18n import translate

_titles = navigation_titles()
_page = st.navigation([st.Page(entry.script, title=translate(_titles, entry.title_key), icon=TAB_ICON,
                               url_path=entry.url_path or None, default=entry.is_home) for entry in PAGES],
                      position="hidden")
with full_run_slot():  # a few full runs at a time: a room's join storm must not starve the short runs
    setup_page(entry_for(_page.url_path))
    _page.run()
