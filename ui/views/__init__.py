"""What each page domain draws, one module or folder per domain (rag, conversations, summaries, rubrics, datasets,
thresholds, planner, agreement, room, judge, lessons): the page scripts under ``app_pages/`` read widgets, call the
core and hand the results to these drawing helpers. A view may use ``ui.frame`` and ``ui.widgets`` and another
domain's view, never a page script.
"""
