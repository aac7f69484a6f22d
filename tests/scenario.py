"""A small harness for rules and card scenario tests (XMage/fireplace style):
build a game, put the pieces where the test wants them, play exactly one thing
with scripted answers, and assert the state.

    g = Scenario(content, players=3)
    g.p(0).hand = ["dr_yueh"]
    g.agent(0, "dr_yueh", "arrakeen")            # plays the agent turn
    assert g.p(0).hand == [...]

Scripted answers are matched against option labels by prefix, or given as
indices. A decision the script does not answer fails the test, naming it.
"""
from __future__ import annotations

from dunec.cardtest import fresh_game
from dunec.engine.effects.context import Ctx
from dunec.engine.loop import turns


class Scenario:
    def __init__(self, content, players: int = 4, seed: int = 0, leaders=None, clear: bool = True):
        self.content = content
        self.state, self.scripts, self.engine = fresh_game(content, players, seed, leaders, clear)

    def p(self, seat: int):
        return self.state.players[seat]

    def answer(self, seat: int, *answers) -> "Scenario":
        self.scripts[seat].answers.extend(answers)
        return self

    def asked(self, seat: int):
        return self.scripts[seat].asked

    def done(self) -> None:
        for i, s in enumerate(self.scripts):
            assert not s.answers, f"P{i + 1} has unused scripted answers: {s.answers}"

    # --- playing one thing
    def agent(self, seat: int, card: str, space: str) -> None:
        p = self.p(seat)
        if card not in p.hand:
            p.hand.append(card)
        turns.agent_turn(self.engine, p, card, space)
        self.engine.drive()

    def turn(self, seat: int) -> None:
        """One whole turn as the round plays it: plots, then the agent, reveal or pass
        the script picks, and the end of the turn."""
        turns.take_turn(self.engine, self.p(seat))
        self.engine.drive()

    def reveal(self, seat: int) -> None:
        turns.reveal_turn(self.engine, self.p(seat))
        self.engine.drive()

    def box(self, seat: int, ident: str, box: str, forced: bool = False, space=None) -> None:
        """Run one box of a definition for a player (the card is put in play first
        for card boxes, as it would be)."""
        p = self.p(seat)
        m = self.content.defs[ident]
        if m.get("like", m["kind"]) in ("card", "starter", "reserve") and box in ("agent", "reveal"):
            (p.played if box == "agent" else p.revealed).append(ident)
        if box == "reveal":
            self.state.turn_kind = "reveal"
        self.engine.run_box(ident, box, Ctx(self.engine, p, card=ident, space=space, box=box, forced=forced))
        self.engine.drive()

    def intrigue(self, seat: int, ident: str, box: str) -> None:
        p = self.p(seat)
        p.intrigue.append(ident)
        turns.play_intrigue(self.engine, p, ident, box)
        self.engine.drive()

    def combat(self) -> None:
        self.engine.later("resolve")
        self.engine.drive()


def settle(engine, rule=None, *args) -> None:
    """Call a rule from outside the game loop (it may leave steps and a decision on
    the state's stack), then play the stack to its end with the seats' policies."""
    if rule is not None:
        rule(*args)
    engine.drive()


def run_step(engine, name: str, **frame) -> None:
    """Run one of the engine's steps (steps.py) to its end, as the round would."""
    engine.later(name, **frame)
    engine.drive()
