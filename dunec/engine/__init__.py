"""Stage 5: the game engine (state, phases, combat, effect context, policies)."""
