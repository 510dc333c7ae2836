"""The workshop room: rooms, members and the class view (rooms), and lessons run in a room (lessons)."""
