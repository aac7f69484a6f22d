"""A comparison's seat rule: only the author's seat acquires the author's new
cards. Every other seat's policy sees the options without those that name one of
them (when any other option is left), so a card's effect shows in the author's
seat instead of being spread over the table. Games without the file are untouched."""
from __future__ import annotations

from dunec.engine.players.policies import make


def _names(action, reserved) -> bool:
    return any(isinstance(x, str) and x in reserved for x in action)


class Reserved:
    def __init__(self, inner, reserved: frozenset):
        self.inner = inner
        self.reserved = reserved

    def __getattr__(self, name):  # follows_replay, sees_everything, name: those of the policy it wraps
        return getattr(self.inner, name)

    def choose(self, engine, player, kind, actions, hints):
        keep = [i for i, a in enumerate(actions) if not _names(a, self.reserved)]
        if len(keep) in (0, len(actions)):
            return self.inner.choose(engine, player, kind, actions, hints)
        j = self.inner.choose(engine, player, kind, [actions[i] for i in keep],
                              lambda: [hints()[i] for i in keep])
        return keep[j]


def reserving(reserved, owner: int, build=make):
    """make_policy for runner.play_game: seat `owner` plays as usual, others reserve.
    `build(name, seed, seat)` makes the policies being wrapped."""
    reserved = frozenset(reserved)

    def make_policy(name, seed, seat):
        inner = build(name, seed, seat)
        return inner if seat == owner or not reserved else Reserved(inner, reserved)
    return make_policy
