"""The step loop: the state, the engine that pops its frames, the game's procedure (setup, rounds,
turns) and the structured actions a decision offers."""
