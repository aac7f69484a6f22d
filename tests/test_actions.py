"""Structured actions: every option is a plain tuple naming ids, policies and
rivals read those fields, and display labels are made only when shown."""
from __future__ import annotations

import pytest

from dunec.engine.loop import actions
from dunec.engine.players.policies import GreedyPolicy, RandomPolicy
from dunec.engine.runs.runner import play_game

# The kinds an action may have, and which of its fields name definitions.
KINDS = {"play", "once", "place", "pass_turn", "reveal", "end_turn", "stop_buying", "buy", "trash",
         "trash_nothing", "discard", "acquire", "acquire_nothing", "retrieve", "draw_top", "trash_top",
         "set_aside", "block", "move", "first", "deploy", "retreat", "option", "yes", "no", "opponent",
         "recall", "lose_intrigue", "influence", "lose_influence", "secret", "ally", "pass"}
MODES = [(4, ["random"] * 4), (3, ["greedy", "random", "greedy"]), (2, ["random"] * 2), (1, ["greedy"])]


class Recording:
    """Wraps a policy and keeps every decision it was offered."""

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen
        self.follows_replay = True

    def choose(self, engine, player, kind, options, hints):
        values = hints()
        self.seen.append((engine.state, engine.content, kind, list(options), values))
        return self.inner.choose(engine, player, kind, options, lambda: values)


def _make(seen):
    def make(name, seed, seat):
        inner = RandomPolicy(seed, seat) if name == "random" else GreedyPolicy(seed, seat)
        return Recording(inner, seen)
    return make


@pytest.mark.parametrize("people,policies", MODES)
def test_every_option_is_a_plain_tuple_naming_real_ids(content, people, policies):
    seen: list = []
    for seed in (1, 2):
        play_game(content, people, seed, policies, quiet=True, make_policy=_make(seen))
    assert seen
    kinds = set()
    for state, cont, kind, options, values in seen:
        assert all(type(a) is tuple and a[0] in KINDS for a in options), (kind, options)
        assert values is None or (len(values) == len(options) and all(isinstance(v, float | int) for v in values))
        for a in options:
            kinds.add(a[0])
            assert all(i in cont.defs for i in actions.idents(a)), a
            assert actions.label(state, cont, a)  # every action can be shown
    assert {"place", "reveal", "buy", "deploy"} <= kinds


def test_a_game_never_makes_a_label_or_parses_one(content, monkeypatch):
    """Policies (random and greedy), rivals and the engine run whole games with
    label() unavailable: display text is made only for a person or a test."""
    def refuse(*a):
        raise AssertionError("a label was made while the game merely ran")
    import sys
    for mod in [m for name, m in sys.modules.items() if name.startswith("dunec.")]:
        for attr, value in list(vars(mod).items()):
            if value is actions.label or value is actions.labels:
                monkeypatch.setattr(mod, attr, refuse)
    for people, policies in MODES:
        assert play_game(content, people, 3, policies, quiet=True).finished


def test_hints_are_computed_only_when_a_policy_asks(content, monkeypatch):
    asked = []

    class NoHints:
        follows_replay = True

        def __init__(self, seed, seat):
            self.inner = RandomPolicy(seed, seat)

        def choose(self, engine, player, kind, options, hints):
            asked.append(hints)
            return self.inner.choose(engine, player, kind, options, hints)

    from dunec.engine.players import hints
    from dunec.engine.rules import cards as rules_cards
    calls = []
    real = rules_cards.trash_hint
    monkeypatch.setattr(rules_cards, "trash_hint", lambda e, c: calls.append(c) or real(e, c))
    real_space = hints.space_hint
    monkeypatch.setattr(hints, "space_hint", lambda *a: calls.append(a) or real_space(*a))
    play_game(content, 4, 5, ["random"] * 4, quiet=True, make_policy=lambda n, s, seat: NoHints(s, seat))
    assert asked and all(callable(h) for h in asked)
    assert not calls  # random players never ask, so no trash or space hint was ever computed


def test_labels_read_as_before(compiled):
    from dunec.engine.loop.setup import new_game
    st = new_game(compiled, 3, 1)
    assert actions.label(st, compiled, ("place", "dr_yueh", "arrakeen")) == "Dr. Yueh -> Arrakeen"
    assert actions.label(st, compiled, ("buy", "stilgar", 5)) == "buy Stilgar (5)"
    assert actions.label(st, compiled, ("influence", "guild", 1)) == "+1 Influence with Spacing Guild"
    assert actions.label(st, compiled, ("ally", "emperor", 1)).startswith("give the Emperor alliance to P2 (")
    assert actions.label(st, compiled, ("deploy", 2)) == "deploy 2"
    with pytest.raises(ValueError, match="unknown action"):
        actions.label(st, compiled, ("fly", 1))
