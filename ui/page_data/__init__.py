"""The data a page keeps in the person's workspace, read by its own view and by the pages that build on it.

The RAG cases a page labels (``rag_cases``), a stored pair of datasets (``stored_pair``: the agreement page's two
annotators, the compare page's two systems), and the agreement and compare pages' own models. The lesson runner
reads a page's state from here, and the compare, drills and editor pages label RAG cases through ``RagView``,
so no view imports another domain's view for them (tests/test_imports.py). Layering: ``ui.frame`` and
``ui.widgets`` below, ``ui.views`` above.
"""
