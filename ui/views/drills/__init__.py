"""The drills page: a drill as stored in the workspace, making one, checking it, and a room on it."""
