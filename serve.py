"""The playground as ``python3 dev.py run`` serves it: ``streamlit run serve.py`` (app.py and the pages its
st.navigation declares).

Streamlit runs a file holding ``st.App`` as that app; ``on_script_error`` shows a person who hits a bug a short
message with an id and puts the traceback in the log under the same id (see ``ui/frame/errors.py``);
``UploadGuard`` refuses uploads from sessions that have not passed the access gate, or hold too much already
(see ``ui/frame/upload_guard.py``).
"""

import streamlit as st
from starlette.middleware import Middleware

from ui.frame.errors import report_error
from ui.frame.upload_guard import UploadGuard

app = st.App("app.py", on_script_error=report_error, middleware=[Middleware(UploadGuard)])
