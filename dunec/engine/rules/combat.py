"""The Combat phase: combat intrigue rounds, rewards by place with every tie rule,
control, and troops back to supply."""
from __future__ import annotations

from dunec.engine.rivals import play as rivals
from dunec.engine.rules import (
    battle_icons as rules_battle_icons, costs as rules_costs, summons as rules_summons, units as rules_units,
)
from dunec.engine.players import seats
from dunec.engine.loop.actions import PASS
from dunec.engine.effects.context import Ctx
from dunec.engine.loop.steps import step
from dunec.engine.loop.turns import in_conflict, intrigue_options, play_intrigue, strength

PLACES = ("first", "second", "third")


@step
def intrigue_rounds(e, f):
    """In turn order, each player with units in the Conflict plays combat intrigue or
    passes; it ends when every involved player has passed in a row. The step comes
    back here after each answer."""
    order = [e.players[s] for s in f["order"]]
    passes, i = f["passes"], f["i"]
    if "chosen" in f:
        if f["chosen"][0] == "pass":
            passes += 1
        else:
            passes = 0
            e.later("intrigue_rounds", order=f["order"], passes=passes, i=i)
            play_intrigue(e, e.players[f["seat"]], f["chosen"][1], "combat")
            return
    # Who has units in the Conflict: nothing below changes it (the menus only read).
    involved = {p.seat for p in order if in_conflict(p) > 0}
    if not involved:
        return
    while True:
        if passes >= len(involved):
            return
        p = order[i % len(order)]
        i += 1
        if p.seat not in involved:
            continue
        options = intrigue_options(e, p, "combat", [])
        if not options:
            passes += 1
            continue
        options.append(PASS)
        e.ask(p, "combat", options, "intrigue_rounds", seat=p.seat,
              order=f["order"], passes=passes, i=i)
        return


def placings(players, n_players: int, e=None) -> list[tuple[object, str]]:
    """(player, reward) pairs. A place is the number of players stronger than you;
    players tied for a place take the next place's reward (a tie for third takes
    nothing). The third reward goes to a lone third only with four players, but to
    the players tied for second at any count (rules 001, 000; Uprising 003 spells
    out both). Zero strength earns nothing."""
    scored = [(s, p) for s, p in [(strength(p, e), p) for p in players] if s > 0]  # each strength once
    scored.sort(key=lambda t: -t[0])
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


@step
def resolve(e, f):
    """The Combat phase: rivals' swords, combat intrigue, rewards by place, the
    winner's intrigue, then troops home."""
    rivals.combat_draws(e)  # rivals' swords first, then the people's combat intrigue
    e.later("rewards")
    e.state.turn_kind = "combat"
    e.later("intrigue_rounds", order=[p.seat for p in e.order()], passes=0, i=0)


@step
def rewards(e, f):
    st = e.state
    e.state.turn_kind = "combat"
    order = e.order()
    for p in order:
        if p.conflict:
            if not e.quiet:
                e.log(f"  {e.pname(p)} combat strength {strength(p, e)}")
    results = placings(order, st.n_players, e)
    winner = None
    taken = []
    for p, place in results:
        if p.rival and rivals.refuses_reward(e, p, place):
            taken.append([p.seat, place, False])
            continue
        taken.append([p.seat, place, True])
        if place == "first":
            winner = p
    e.later("combat_end", winner=None if winner is None else winner.seat)
    # Units placed on the board go home, then the winner places one (rules_units).
    e.later("place_units", winner=next((p.seat for p, place in results if place == "first"), None))
    if winner is not None and winner.tiles:  # a rival's tiles too (rules 000: Detonation Devices)
        e.later("tiles_won", seat=winner.seat)
    if winner is not None and seats.uses_abilities(winner):  # rivals play no intrigue
        e.later("win_cards", seat=winner.seat, cards=None)  # the cards held once the rewards are in
    e.later("after_rewards", results=[[p.seat, place] for p, place in results])
    for seat, place, takes in reversed(taken):
        e.later("reward", seat=seat, place=place, takes=takes)


@step
def reward(e, f):
    p, place = e.players[f["seat"]], f["place"]
    conflict = e.state.conflict
    if not f["takes"]:
        if not e.quiet:
            e.log(f"  {e.pname(p)} places {place} in {e.cname(conflict)} and takes no reward")
        return
    if not e.quiet:
        e.log(f"  {e.pname(p)} takes the {place} reward of {e.cname(conflict)}")
    if rules_summons.doubles_rewards(e, p):  # a unit that `doubles` in its Conflict now (rules/summons.py)
        e.later("reward_again", seat=p.seat, place=place)
    e.run_box(conflict, place, Ctx(e, p, conflict, None, place))


@step
def reward_again(e, f):
    """A doubled reward (rules 003, "Sandworm Reward Doubling"): the reward box once
    more, so each gain is gained twice, each choice made twice (2 Influence: the same
    Faction or two) and each cost offered twice; control, a marker, is taken once."""
    p, place = e.players[f["seat"]], f["place"]
    conflict = e.state.conflict
    if not e.quiet:
        e.log(f"  {e.pname(p)} takes the {place} reward of {e.cname(conflict)} again: it is doubled")
    e.run_box(conflict, place, Ctx(e, p, conflict, None, place))


@step
def after_rewards(e, f):
    rivals.after_rewards(e, [(e.players[s], place) for s, place in f["results"]])


@step
def win_cards(e, f):
    """The winner may play each intrigue card that triggers on a win, in turn."""
    p = e.players[f["seat"]]
    cards = f["cards"]
    if cards is None:
        cards = [c for c in dict.fromkeys(p.intrigue) if "win" in e.defs[c]["boxes"]]
    if "chosen" in f:
        card = cards[0]
        cards = cards[1:]
        if cards:
            e.later("win_cards", seat=p.seat, cards=cards)
        if f["answer"] == 0:
            play_intrigue(e, p, card, "win")
        return
    while cards:
        card = cards[0]
        forced = e.defs[card]["forced"].get("win")
        if forced is None or rules_costs.can_pay(e, p, forced):
            e.yes_no(p, "win", f"play {e.cname(card)}", e.defs[card]["values"].get("win", 0.0), "win_cards",
                     card, seat=p.seat, cards=cards)
            return
        cards = cards[1:]


@step
def lost_cards(e, f):
    """A player who lost troops at the end of the Conflict may play each intrigue card
    whose `on lose_troops N` box asks at most that many troops, in turn (as `win_cards`)."""
    p = e.players[f["seat"]]
    cards = f["cards"]
    if cards is None:
        cards = [c for c in dict.fromkeys(p.intrigue)
                 if "lose_troops" in e.defs[c]["boxes"] and f["lost"] >= e.defs[c].get("lose_troops", 1)]
    if "chosen" in f:
        card = cards[0]
        cards = cards[1:]
        if cards:
            e.later("lost_cards", seat=p.seat, lost=f["lost"], cards=cards)
        if f["answer"] == 0:
            play_intrigue(e, p, card, "lose_troops")
        return
    while cards:
        card = cards[0]
        forced = e.defs[card]["forced"].get("lose_troops")
        if forced is None or rules_costs.can_pay(e, p, forced):
            e.yes_no(p, "lose_troops", f"play {e.cname(card)}", e.defs[card]["values"].get("lose_troops", 0.0),
                     "lost_cards", card, seat=p.seat, lost=f["lost"], cards=cards)
            return
        cards = cards[1:]


@step
def combat_end(e, f):
    st = e.state
    # Troops lost at the end of the Conflict: those there go back to the supply. Only
    # troops count (a declared unit kind goes back to the garrison: decisions.md).
    lost = [(p.seat, p.conflict) for p in e.order() if p.conflict > 0 and seats.uses_abilities(p)]
    if lost and "lose_troops" in e.boxed:
        for seat, n in reversed(lost):  # in turn order, once every troop is back
            if any("lose_troops" in e.defs[c]["boxes"] for c in e.players[seat].intrigue):
                e.later("lost_cards", seat=seat, lost=n, cards=None)
    for p in e.players:
        p.supply += p.conflict
        p.conflict = 0
        for k, u in p.units.items():  # a declared unit kind survives combat (decisions.md)
            # a summoned one goes back to its supply, the bank (rules/summons.py)
            u["garrison" if rules_summons.leaves_for_garrison(e, k) else "supply"] += u["conflict"]
            u["conflict"] = 0
        p.swords = 0
        rules_units.new_turn_deployments(p)  # deployments during the Combat phase counted as one turn
    # The winner takes the conflict card into their supply (a card carrying a tag:
    # rules/battle_icons.py); the others go to the done pile.
    won = f.get("winner")
    if won is None or not rules_battle_icons.take_conflict(e, e.players[won], st.conflict):
        st.conflicts_done.append(st.conflict)
    st.conflict = None
    e.state.turn_kind = ""
