"""A small seeded RNG whose whole state is one integer, so it lives in the game
state and serialises to JSON. Same seed, same numbers, on every Python."""
from __future__ import annotations

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
# The rejection limit of below(n) for the small n of menus and decks, worked out
# once: the same values as computing it per draw, two big-integer operations fewer.
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(256))


def limit(n: int) -> int:
    """below(n)'s rejection limit: a raw draw at or above it is drawn again, so
    that every result in [0, n) is equally likely."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    return _LIMITS[n] if n < 256 else _SPAN - _SPAN % n


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, state: int | None = None):
        self.state = (state if state is not None else (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)) & _MASK

    def next64(self) -> int:
        # splitmix64
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        # next64 inlined: the rules draw for decks, dice and rivals' picks.
        top = _LIMITS[n] if 0 < n < 256 else limit(n)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < top:
                self.state = state
                return x % n

    def ahead(self, k: int) -> list:
        """The next k raw 64-bit draws (below()'s x before its rejection test), the
        first LAST so that list.pop() takes them in order; the state moves past them.
        below(n) on these values, rejecting as it does, gives below's own results
        (policies.RandomPolicy draws this way: one call for many decisions)."""
        state, mask = self.state, _MASK
        out = [0] * k
        for i in range(k - 1, -1, -1):
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            out[i] = z ^ (z >> 31)
        self.state = state
        return out

    def shuffle(self, items: list) -> None:
        """Fisher-Yates on below(i + 1), with below's draw inlined (a shuffle of a
        deck is one draw per card)."""
        state = self.state
        mask, limits = _MASK, _LIMITS  # locals: read a few times per card
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            top = limits[n] if n < 256 else limit(n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & mask
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                x = z ^ (z >> 31)
                if x < top:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def pick(self, items):
        return items[self.below(len(items))]
