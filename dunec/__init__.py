"""dunec: a card language, its compiler and a game engine for Dune: Imperium."""

__version__ = "0.1.0"


def __getattr__(name):
    # `Game` loads the engine: only when asked for, so `dunec check` stays light.
    if name == "Game":
        from dunec.api import Game

        return Game
    raise AttributeError(f"module 'dunec' has no attribute {name!r}")
