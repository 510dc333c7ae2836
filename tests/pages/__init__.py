"""Test package (a regular package, so no installed top-level `tests` package can shadow it)."""
