"""The Combat phase: combat intrigue rounds, rewards by place with every tie rule,
control, and troops back to supply."""
from __future__ import annotations

from dunec.engine import rivals
from dunec.engine.actions import PASS
from dunec.engine.context import Ctx
from dunec.engine.turns import _intrigue_options, in_conflict, play_intrigue, strength

PLACES = ("first", "second", "third")


def intrigue_rounds(e) -> None:
    """In turn order, each player with units in the Conflict plays combat intrigue or
    passes; it ends when every involved player has passed in a row."""
    order = e.order()
    e.state.turn_kind = "combat"
    passes = 0
    i = 0
    while True:
        involved = [p for p in order if in_conflict(p) > 0]
        if not involved or passes >= len(involved):
            break
        p = order[i % len(order)]
        i += 1
        if in_conflict(p) <= 0:
            continue
        cards = _intrigue_options(e, p, "combat")
        if not cards:
            passes += 1
            continue
        k = e.decide(p, "combat", [("play", c) for c in cards] + [PASS],
                     lambda: [e.defs[c]["values"].get("combat", 0.0) for c in cards] + [0.5])
        if k == len(cards):
            passes += 1
        else:
            passes = 0
            play_intrigue(e, p, cards[k], "combat")


def placings(players, n_players: int) -> list[tuple[object, str]]:
    """(player, reward) pairs. A place is the number of players stronger than you;
    players tied for a place take the next place's reward (a tie for third takes
    nothing). The third reward goes to a lone third only with four players, but to
    the players tied for second at any count (rules 001, 000; Uprising 003 spells
    out both). Zero strength earns nothing."""
    scored = sorted(((strength(p), p) for p in players if strength(p) > 0), key=lambda t: -t[0])
    out = []
    place = 0
    i = 0
    while i < len(scored):
        s = scored[i][0]
        group = [p for v, p in scored if v == s]
        tied = len(group) > 1
        reward = place + (1 if tied else 0)
        if reward < len(PLACES) and (reward < 2 or n_players >= 4 or (tied and place == 1)):
            out.extend((p, PLACES[reward]) for p in group)
        place += len(group)
        i += len(group)
    return out


def resolve(e) -> None:
    st = e.state
    conflict = st.conflict
    rivals.combat_draws(e)  # rivals' swords first, then the people's combat intrigue
    intrigue_rounds(e)
    e.state.turn_kind = "combat"
    for p in e.order():
        if p.conflict:
            e.log(f"  {e.pname(p)} combat strength {strength(p)}")
    results = placings(e.order(), st.n_players)
    winner = None
    for p, place in results:
        if p.rival and rivals.refuses_reward(e, p, place):
            e.log(f"  {e.pname(p)} places {place} in {e.cname(conflict)} and takes no reward")
            continue
        e.log(f"  {e.pname(p)} takes the {place} reward of {e.cname(conflict)}")
        fn = e.content.effect(conflict, place)
        if fn is not None:
            fn(Ctx(e, p, card=conflict, box=place))
        if place == "first":
            winner = p
    rivals.after_rewards(e, results)
    if winner is not None and not winner.rival:
        for card in [c for c in dict.fromkeys(winner.intrigue) if "win" in e.defs[c]["boxes"]]:
            forced = e.defs[card]["forced"].get("win")
            if forced is not None and not e.can_pay(winner, forced):
                continue
            if e.yes_no(winner, "win", f"play {e.cname(card)}", e.defs[card]["values"].get("win", 0.0)):
                play_intrigue(e, winner, card, "win")
    for p in e.players:
        p.supply += p.conflict
        p.conflict = 0
        for u in p.units.values():  # a declared unit kind survives combat (decisions.md)
            u["garrison"] += u["conflict"]
            u["conflict"] = 0
        p.swords = 0
        p.deployed_turn = 0  # deployments during the Combat phase counted as one turn
    st.conflicts_done.append(conflict)
    st.conflict = None
    e.state.turn_kind = ""
