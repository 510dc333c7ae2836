"""The judge and hand labels page: the built-in judge set and unit order (data) and its interval drawings (view)."""
