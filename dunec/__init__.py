"""dunec: a card language, its compiler and a game engine for Dune: Imperium."""

__version__ = "0.1.0"
