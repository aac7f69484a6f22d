"""A small seeded RNG whose whole state is one integer, so it lives in the game
state and serialises to JSON. Same seed, same numbers, on every Python."""
from __future__ import annotations

import struct

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
# The rejection limit of below(n) for the small n of menus and decks, worked out
# once: the same values as computing it per draw, two big-integer operations fewer.
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(256))


def limit(n: int) -> int:
    """below(n)'s rejection limit: a raw draw at or above it is drawn again, so
    that every result in [0, n) is equally likely."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    return _LIMITS[n] if n < 256 else _SPAN - _SPAN % n


# ---------------------------------------------------------------------- k draws at once
# splitmix64's k next draws are independent of each other given the state (the
# i-th mixes state + i * golden), so they are computed side by side: each draw in
# its own 128-bit lane of one big integer, every lane's product fitting its lane.
# A dozen big-integer operations then make k draws, where one draw costs as many
# on 64-bit integers: about three times faster from 9 draws up (a deck, the
# random players' draws made ahead).
_LANES: dict = {}  # k -> (ones, mask, steps, unpack), made once per k


def _lanes(k: int) -> tuple:
    lanes = _LANES.get(k)
    if lanes is None:
        ones = sum(1 << (128 * i) for i in range(k))  # a 1 in each lane
        steps = sum(((i + 1) * _GOLDEN) << (128 * i) for i in range(k))  # lane i: the draw i + 1 steps on
        lanes = _LANES[k] = (ones, ones * _MASK, steps, struct.Struct(f">{2 * k}Q").unpack)
    return lanes


def _draws(state: int, k: int) -> list:
    """The k raw draws that follow `state`, the first LAST: big-endian bytes put
    the last lane first (each lane's high half is zero, skipped)."""
    ones, mask, steps, unpack = _lanes(k)
    s = (state * ones + steps) & mask
    z = ((s ^ (s >> 30)) & mask) * _MIX1 & mask
    z = ((z ^ (z >> 27)) & mask) * _MIX2 & mask
    x = (z ^ (z >> 31)) & mask
    return unpack(x.to_bytes(16 * k, "big"))[1::2]


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, state: int | None = None):
        self.state = (state if state is not None else (seed * _GOLDEN + 0x632BE59BD9B4E019)) & _MASK

    def next64(self) -> int:
        # splitmix64
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
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
        if k <= 0:
            return []
        out = list(_draws(self.state, k))
        self.state = (self.state + k * _GOLDEN) & _MASK
        return out

    def shuffle(self, items: list) -> None:
        """Fisher-Yates on below(i + 1): one draw per card, made all at once. A
        draw below(n) would reject is at least 2**64 - n: when none of them comes
        near that (all but once in 2**50 shuffles), no draw is rejected and each is
        used as it comes; else the shuffle draws one by one (_shuffle_drawing)."""
        n = len(items)
        if n < 2:
            return
        xs = _draws(self.state, n - 1)
        if max(xs) >= _SPAN - n:
            self._shuffle_drawing(items)
            return
        for x in reversed(xs):  # the first draw (the last lane) for the last card
            j = x % n
            n -= 1
            items[n], items[j] = items[j], items[n]
        self.state = (self.state + (len(items) - 1) * _GOLDEN) & _MASK

    def _shuffle_drawing(self, items: list) -> None:
        """The shuffle drawing below(i + 1) for each card in turn, rejections
        included (below's draw inlined)."""
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
