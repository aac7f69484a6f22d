"""Whole games: one seeded game, many for statistics, replays, and card balance from them."""
