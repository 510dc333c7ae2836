"""The playground as ``python3 dev.py run`` serves it: ``streamlit run serve.py`` (app.py and pages/ as usual).

Streamlit runs a file holding ``st.App`` as that app; ``on_script_error`` shows a person who hits a bug a short
message with an id and puts the traceback in the log under the same id (see ``ui/errors.py``).
"""

import streamlit as st

from ui.errors import report_error

app = st.App("app.py", on_script_error=report_error)
