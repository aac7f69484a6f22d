"""Observations made when read: the PettingZoo adapter's observation dict.

Encoding the vector of a seat (dunec.ai.features) costs more than the engine's
step itself, and a masked random player never reads it. So `observe` hands out
an `Observation`: a dict whose `action_mask` is made at once and whose
`observation` is encoded on first read. Read while the game is still where it
was observed, it is encoded from the live state; read later (a replay buffer
filled first and read after the game), from that moment's state, replayed from
the game's start with the decisions made since: the engine is deterministic, so
the replay is the same state (`History`). Replays for reads in game order go
forward from the last one, so reading a whole game's observations afterwards
replays it once.
"""
from __future__ import annotations

from dunec.ai import features

class History:
    """One game and its start, to give the state after any number of its decisions.

    The start is a copy of the game before its first decision, or, given
    `restart` (a function making the same game anew: the same seed, players and
    sets), made only when a replay first needs it: most games are never replayed,
    and a copy per game cost more than a step."""
    __slots__ = ("game", "_start", "_restart", "cursor")

    def __init__(self, game, restart=None):
        self.game = game
        self._start = game.clone() if restart is None else None  # before any decision of this game
        self._restart = restart
        self.cursor = None  # a replay of the game, some decisions in

    @property
    def start(self):
        """The game before any of its decisions."""
        if self._start is None:
            self._start = self._restart()
        return self._start

    def version(self) -> int:
        return len(self.game.state.decisions)

    def state_at(self, n: int):
        """The state after the game's first n decisions (counted as state.decisions does)."""
        live = self.game.state
        if len(live.decisions) == n:
            return live
        cursor = self.cursor
        if cursor is None or len(cursor.state.decisions) > n:
            cursor = self.cursor = self.start.clone()
        done = cursor.state.decisions
        for i in live.decisions[len(done):n]:
            cursor.apply_index(i)
        return cursor.state


def observation(history: History, seat: int, mask) -> "Observation":
    """The seat's observation now, its vector encoded on first read."""
    o = Observation(action_mask=mask)  # dict's own constructor: observe runs at every step
    o._history, o._seat, o._at = history, seat, len(history.game.state.decisions)
    return o


_KEYS = ("observation", "action_mask")
_KEYS_VIEW = dict.fromkeys(_KEYS).keys()


class Observation(dict):
    """{"observation": the seat's vector, "action_mask": ...}, made by
    `observation()`. The mask is stored at once and read by dict's own lookup
    (a masked player reads it at every step); the vector is stored when first
    read (`__missing__`), ahead of the mask. Until then every reading of the
    dict (keys, iteration, len, in, get, items, values, copy, equality, repr,
    `|`, pickling and copying) sees both keys, and a change to it stores the
    vector first. `_at` is the decision count it was observed at, None once the
    vector is stored."""
    __slots__ = ("_history", "_seat", "_at")

    def _made(self) -> None:
        if self._at is not None:
            h = self._history
            vector = features.encode(h.state_at(self._at), self._seat, h.game.content)
            rest = _plain(self)
            dict.clear(self)
            dict.__setitem__(self, "observation", vector)
            dict.update(self, rest)
            self._at = self._history = None

    def __missing__(self, key):
        if key == "observation" and self._at is not None:
            self._made()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def __contains__(self, key):
        return dict.__contains__(self, key) or (key == "observation" and self._at is not None)

    def __len__(self):
        return dict.__len__(self) + (self._at is not None)

    def __iter__(self):  # overridden, so dict(obs) and {**obs} read through keys() and obs[key]
        return iter(_KEYS) if self._at is not None else dict.__iter__(self)

    def keys(self):
        return _KEYS_VIEW if self._at is not None else dict.keys(self)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def items(self):
        self._made()
        return dict.items(self)

    def values(self):
        self._made()
        return dict.values(self)

    def __reversed__(self):
        self._made()
        return dict.__reversed__(self)

    def copy(self):
        self._made()
        return _plain(self)

    def __eq__(self, other):
        self._made()
        return dict.__eq__(self, other)

    def __ne__(self, other):
        self._made()
        return dict.__ne__(self, other)

    __hash__ = None

    def __or__(self, other):
        self._made()
        return dict.__or__(_plain(self), other)

    def __ror__(self, other):
        self._made()
        return dict.__ror__(_plain(self), other)

    def __repr__(self):
        self._made()
        return dict.__repr__(self)

    def __reduce__(self):  # pickled and copied as the plain dict it reads as
        return dict, (self.copy(),)


def _plain(o: Observation) -> dict:
    """What is stored, as a plain dict (dict.copy would read an Observation
    through its overridden iteration)."""
    return dict(dict.items(o))


def _storing_first(name):
    def method(self, *args, **kwargs):
        self._made()
        return getattr(dict, name)(self, *args, **kwargs)
    method.__name__ = name
    return method


# A change to the dict stores the vector first, so what is changed is what was read.
for _name in ("__setitem__", "__delitem__", "__ior__", "pop", "popitem", "setdefault", "update", "clear"):
    setattr(Observation, _name, _storing_first(_name))
