"""Games as plain data: save files, and positions to start a game from."""
