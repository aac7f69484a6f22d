"""Checking a state: the invariants of every game, and a state or its frames read from outside."""
