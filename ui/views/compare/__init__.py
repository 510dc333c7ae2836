"""The compare page: two systems labelled on the same cases, compared dimension by dimension."""
