"""The RAG diagnosis page: its cards, tables and texts (view) and one case's labels in the workspace (workspace)."""
