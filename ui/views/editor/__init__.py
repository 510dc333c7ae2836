"""The case editor page ("Write a case"): writing and rewriting the RAG page's cases."""
