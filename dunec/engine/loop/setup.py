"""Game setup for the base game (rules 001, "For setup")."""
from __future__ import annotations

from dataclasses import fields

from dunec.check.tables import starting_deck
from dunec.ir.meta import Content
from dunec.engine.rules import market as rules_market, tracks as rules_tracks
from dunec.engine.loop.rng import Rng
from dunec.engine.loop.state import GameState, Player

CONFLICT_LAYERS = ((3, 4), (2, 5), (1, 1))  # (level, how many) from the bottom up
HAND_SIZE = 5
ROW_SIZE = 5


class SetupError(Exception):
    pass


# The engine's own fields of a player (troops: garrison, conflict and supply).
_OWN = frozenset(f.name for f in fields(Player)) | {"troops"}


def give_sets(content: Content, state: GameState) -> None:
    """Each player's holdings of the names the game's sets declare beyond the
    engine's own fields (the base game's solari, spice, water and troops): counters
    at 0, each unit kind all in its supply, each track's token at its start, a
    track's first-to-reach boxes on their steps (decisions.md)."""
    counters = [c for c in content.declared("counter") if c not in _OWN]
    units = [(u, d) for u, d in content.declared("unit").items() if u not in _OWN]
    for p in state.players:
        p.counters = {c: 0 for c in counters}
        p.units = {u: {"strength": d["strength"], "supply": d["supply"], "garrison": 0, "conflict": 0}
                   for u, d in units}
    rules_tracks.give(content, state)
    rules_market.deal(content, state)


def new_game(content: Content, n_players: int, seed: int, leaders=None, policies=None) -> GameState:
    if not 1 <= n_players <= 4:
        raise SetupError("a base game seats 1 to 4 players")
    rng = Rng(seed)
    # Conflict deck: 4 level III at the bottom, 5 level II, 1 level I on top.
    deck: list[str] = []
    for level, take in CONFLICT_LAYERS:
        pool = list(content.copies_of("conflict", level))
        rng.shuffle(pool)
        if len(pool) < take:
            raise SetupError(f"the conflict deck needs {take} level {level} conflicts, the cards have {len(pool)}")
        deck.extend(pool[:take])
    imperium = list(content.copies_of("card"))
    rng.shuffle(imperium)
    intrigue = list(content.copies_of("intrigue"))
    rng.shuffle(intrigue)
    reserve = {m["id"]: m["copies"] for m in content.of_kind("reserve")}
    starting = starting_deck(content.of_kind("deck"))
    if starting is None:
        raise SetupError("the cards define no `deck starting`")
    start_cards = [c for c, n in starting["cards"] for _ in range(n)]
    all_leaders = sorted(m["id"] for m in content.of_kind("leader"))
    if leaders is None:
        if len(all_leaders) < n_players:
            raise SetupError(f"{n_players} players need {n_players} leaders, the cards have {len(all_leaders)}")
        pool = list(all_leaders)
        rng.shuffle(pool)
        leaders = pool[:n_players]
    players = []
    for seat in range(n_players):
        p = Player(seat=seat, leader=leaders[seat], policy=(policies or ["random"] * n_players)[seat])
        p.deck = list(start_cards)
        rng.shuffle(p.deck)
        if n_players == 4:
            p.vp = 1
            p.vp_ledger = {"start": 1}
        players.append(p)
    state = GameState(seed=seed, n_players=n_players, rng_state=0, players=players)
    state.conflict_deck = deck
    state.imperium_deck = imperium
    state.imperium_row = [state.imperium_deck.pop() for _ in range(min(ROW_SIZE, len(state.imperium_deck)))]
    state.intrigue_deck = intrigue
    state.reserve = reserve
    state.maker_spice = {m["id"]: 0 for m in content.of_kind("space") if m.get("maker")}
    state.first_player = rng.below(n_players)
    state.rng_state = rng.state
    return state
