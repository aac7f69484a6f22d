"""Same-shaped card scenarios as data: one `Box` row per card box and situation.

Most card tests are one shape: set up a game, run one box of a definition for
seat 0 (`run_box`) or play an intrigue card's box (`run_intrigue`), and assert
the whole change it caused. A row states only what differs
between them; `run_box` plays the shape with every assertion the tests made
(`changes()` for all seats, the questions asked, the zones' contents after, and
`finish()`'s unused-answer and invariant checks). Tests of any other shape stay
functions next to their table.

The rows are the ids' mention in a test (the decorator of the table's test),
which is what tests/test_cards_meta.py counts as a scenario test.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Optional

from test_cards_support import changes, deploy, finish, new, set_influence, snap


@dataclass(frozen=True)
class Box:
    name: str  # the scenario, as `-k` selects it
    ident: str
    box: str
    delta: dict  # seat -> {key: change}: everything that moved, for every seat
    players: Optional[int] = None
    # Set up in this order: influence moves through the engine (VP, alliances), then
    # plain fields are set, then troops are deployed (from the garrison first).
    influence: dict = field(default_factory=dict)  # seat -> {faction: level}
    given: dict = field(default_factory=dict)  # seat -> {player field: value}
    deploy: dict = field(default_factory=dict)  # seat -> troops put in the Conflict
    answers: dict = field(default_factory=dict)  # seat -> scripted answers
    asked: dict = field(default_factory=dict)  # seat -> exactly the decisions it was asked
    after: dict = field(default_factory=dict)  # seat -> {zone: contents after the box}


def run_box(content, row: Box) -> None:
    """Run the row's box for seat 0, as `Scenario.box` does."""
    _play(content, row, lambda g: g.box(0, row.ident, row.box))


def run_intrigue(content, row: Box) -> None:
    """Play the row's intrigue card box for seat 0 as the engine plays it
    (`Scenario.intrigue`: printed cost forced); the card ends in the intrigue discard."""
    def play(g):
        g.intrigue(0, row.ident, row.box)
        assert g.state.intrigue_discard[-1] == row.ident
    _play(content, row, play)


def _play(content, row: Box, play) -> None:
    g = new(content) if row.players is None else new(content, players=row.players)
    for seat, levels in row.influence.items():
        set_influence(g, seat, **levels)
    for seat, values in row.given.items():
        for key, value in values.items():
            # Rows are shared by both back-ends' runs: the engine must not move their lists.
            setattr(g.p(seat), key, copy.deepcopy(value))
    for seat, n in row.deploy.items():
        deploy(g, seat, n)
    before = snap(g)
    for seat, answers in row.answers.items():
        g.answer(seat, *answers)
    play(g)
    assert changes(g, before) == row.delta
    for seat, asked in row.asked.items():
        assert g.asked(seat) == asked, seat
    for seat, zones in row.after.items():
        for zone, cards in zones.items():
            assert getattr(g.p(seat), zone) == cards, (seat, zone)
    finish(g)
