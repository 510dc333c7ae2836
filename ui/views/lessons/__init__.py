"""The lesson runner: lessons and their progress (state), the panel beside every page (panel), check notes
(notes) and the printable handout (handout)."""
