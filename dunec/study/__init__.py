"""Studies of many games: where they run (pool, cluster) and what they report."""
