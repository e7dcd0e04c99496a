"""Readers: one small module per input format.  Each returns plain data and never raises on bad
content (damage becomes warnings naming file and line); only ``OSError`` on unreadable files."""
