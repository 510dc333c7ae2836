"""UNCASE Evaluation Playground core: pure, tested evaluation logic.

No Streamlit, no plotting, no network and no global mutable state: every function
takes its inputs explicitly and returns small frozen results.
"""

__version__ = "0.1.0"
