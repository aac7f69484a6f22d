"""Who decides: seats, policies (the terminal person among them) and the value hints they read."""
