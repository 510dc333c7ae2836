"""Reusable pieces of a page, each knowing no page: card rows and sizes, label tables and their stored edits, charts
and the SVG drawings of proportions and intervals, the data-source block (built-in, upload, stored), markdown-safe
text, and the one reset-and-confirm block. They may read the session's language and workspace (``ui.frame``).
"""
