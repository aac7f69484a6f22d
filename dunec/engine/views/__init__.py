"""What a seat sees and reads: the observation, the table, `info`, the log's words."""
