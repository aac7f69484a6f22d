"""A scenario harness for House Hagal rivals (no tests here).

    g = RivalGame(content, "solo", difficulty="veteran")
    g.stack("hagal_conspire")          # the next card the rivals reveal
    g.rival_turn(1)                    # P2, the rival to your left, takes one turn
    assert changes(g, before) == {1: {"emperor": 1, ...}}

People sit at the seats that are not rivals and answer from scripts, as in
tests/scenario.py; rivals decide by their own rules. `snap` and `changes` from
test_cards_support work on a RivalGame too.
"""
from __future__ import annotations

from dunec.engine.checks import invariants
from dunec.engine.rivals import play as rivals
from dunec.engine.loop import turns
from dunec.engine.loop.game import Engine
from dunec.engine.players.policies import ScriptedPolicy
from dunec.cardtest import reveal_conflict

SOLO_RIVALS = ("count_ilban_richese", "earl_memnon_thorvald")


class RivalGame:
    def __init__(self, content, mode: str = "solo", difficulty: str = "veteran", seed: int = 0,
                 leader: str = "paul_atreides", rival_leaders=SOLO_RIVALS,
                 leaders=("paul_atreides", "helena_richese"), clear: bool = True):
        self.content = content
        if mode == "solo":
            self.state = rivals.new_solo_game(content, seed, difficulty, leader=leader,
                                              rival_leaders=list(rival_leaders))
        else:
            self.state = rivals.new_duo_game(content, seed, leaders=list(leaders))
        self.scripts = {p.seat: ScriptedPolicy([]) for p in self.state.players if not p.rival}
        self.engine = Engine(content, self.state, [self.scripts.get(p.seat) for p in self.state.players])
        self.state.round = 1
        if clear:
            for p in self.state.players:
                p.deck, p.hand = [], []
            reveal_conflict(self.state, "skirmish_b")

    # --- seats
    def p(self, seat: int):
        return self.state.players[seat]

    @property
    def rivals(self):
        return [p for p in self.state.players if p.rival]

    def answer(self, seat: int, *answers) -> "RivalGame":
        self.scripts[seat].answers.extend(answers)
        return self

    def done(self) -> None:
        for seat, s in self.scripts.items():
            assert not s.answers, f"P{seat + 1} has unused scripted answers: {s.answers}"

    def finish(self) -> None:
        self.done()
        invariants.check(self.engine)

    # --- the House Hagal deck
    def stack(self, *cards: str) -> None:
        """Put these cards on top of the House Hagal deck, the first named revealed
        first (each taken from the deck or the revealed pile, so none is made up)."""
        st = self.state
        for c in cards:
            if c in st.hagal_deck:
                st.hagal_deck.remove(c)
            else:
                st.hagal_discard.remove(c)
        st.hagal_deck.extend(reversed(cards))

    def top(self, n: int = 1) -> list[str]:
        return list(reversed(self.state.hagal_deck[-n:]))

    # --- playing one thing
    def rival_turn(self, seat: int) -> None:
        rivals.take_turn(self.engine, self.p(seat))
        self.engine.drive()

    def turn_log(self, seat: int, *cards: str) -> list[str]:
        """Stack the cards, let the rival take one turn, and return what it logged."""
        self.stack(*cards)
        n = len(self.state.log)
        self.rival_turn(seat)
        return self.log_since(n)

    def agent(self, seat: int, card: str, space: str) -> None:
        p = self.p(seat)
        if card not in p.hand:
            p.hand.append(card)
        turns.agent_turn(self.engine, p, card, space)
        self.engine.drive()

    def combat(self) -> None:
        self.engine.later("resolve")
        self.engine.drive()

    def log_since(self, n: int) -> list[str]:
        return self.state.log[n:]
