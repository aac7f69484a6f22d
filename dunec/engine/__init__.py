"""Stage 5: the game engine, one folder per role (docs/architecture.md, "The engine's
folders"): loop, effects, rules, rivals, players, views, checks, records, runs."""
