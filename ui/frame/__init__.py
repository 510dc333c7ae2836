"""The frame every page runs in: session state and the person's workspace, the page registry and navigation,
the page frame (language, sidebar, lesson slots, the saved line), the access gate, memory housekeeping, crash
reports, uploads and their limits. Nothing here draws a page's own content; ``ui.widgets`` and ``ui.views`` build
on it, never the other way round.
"""
