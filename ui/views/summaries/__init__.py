"""The summary page's view: its label tables and results (``view``) and its focus mode (``focus``)."""
