"""Resources, influence and alliances, units: the rule primitives that move counts
(a set's tracks are engine/rules/tracks.py).

Functions of the engine (first argument `e`); effect code reaches them through
the effect context."""
from __future__ import annotations

from dunec.engine.rules import (
    agents as rules_agents,
    cards as rules_cards,
    holding as rules_holding,
    leaving as rules_leaving,
    pieces as rules_pieces,
    summons as rules_summons,
    tiles as rules_tiles,
    units as rules_units,
)
from dunec.engine.players import seats
from dunec.engine.loop.state import FACTIONS, Player
from dunec.engine.loop.steps import step
from dunec.ir.describe import NAMES


FOUR_BONUS = {"emperor": ("troops", 2), "guild": ("solari", 3), "bene_gesserit": ("intrigue", 1),
              "fremen": ("water", 1)}
MAX_INFLUENCE = 6
COMBAT_GARRISON_LIMIT = 2  # troops from the garrison on top of those recruited this turn


def gain(e, p: Player, res: str, n: int) -> None:
    """n of a resource, a counter or a unit kind; a leader's `extra_gain` adds its
    extra to each gain of the counter on its own turn (Yuna Moritani's Solari)."""
    add(e, p, res, n)
    if e.extra_gains and n > 0:
        more = e.extra_gains.get(p.seat)
        if more and res in more and e.state.turn_seat == p.seat:
            add(e, p, res, more[res])


def extra_gains(content, players) -> dict:
    """seat -> {counter: extra} for each player whose leader's `extra_gain` modifiers
    give more of a counter on its own turn; the gain rule applies them
    (rules_resources.gain), and effect code never inlines a gain of such a counter
    (codegen's `inlined`)."""
    out: dict = {}
    for p in players:
        for m in content.defs[p.leader].get("modifiers", ()) if p.leader else ():
            if m[0] == "extra_gain":
                more = out.setdefault(p.seat, {})
                more[m[1]] = more.get(m[1], 0) + m[2]
    return out


def watched_gains(content) -> frozenset:
    """The counters a condition `gained_this_turn` of the game's content reads
    (meta_of's `reads_gains`): every gain of one goes through `add`, which tallies
    it (effect code never inlines such a gain, codegen's `inlined`); none in most games.
    Worked out once per content (every game's engine asks)."""
    table = content._by_kind.get("watched_gains")
    if table is None:
        table = content._by_kind["watched_gains"] = frozenset(
            r for d in content.defs.values() for r in d.get("reads_gains", ()))
    return table


def tally(e, p: Player, res: str, n: int) -> None:
    """A gain of a watched counter, counted for this turn (`gained_this_turn`)."""
    if n > 0 and res in e.watched_gains:
        p.gained[res] = p.gained.get(res, 0) + n


def add(e, p: Player, res: str, n: int) -> None:
    if p.rival and res != "troops" and res not in p.units and seats.duo_rival(e, p):
        return  # the two-player rival never gains resources, cards or VP; units it does (HAGAL.md 2.4)
    if e.watched_gains:
        tally(e, p, res, n)
    if res == "troops":
        if n > p.supply and p.counters:
            rules_holding.make_room(e, p, "troops", n)  # a specimen back to the supply first
        k = min(n, p.supply)
        p.supply -= k
        p.garrison += k
        p.recruited += k
    elif res == "vp":
        add_vp(e, p, "cards", n)
    elif res == "intrigue":
        for _ in range(n):
            card = rules_cards.draw_intrigue(e)
            if card is None:
                break
            p.intrigue.append(card)
    elif res == "draw":
        rules_cards.draw(e, p, n)
    elif res in p.counters:
        rules_holding.gain(e, p, res, n)
    elif res in p.units:
        if rules_summons.flagged(e, res, rules_summons.SUMMONED):
            rules_summons.summon(e, p, res, n)  # straight into the Conflict, never the garrison
            return
        u = p.units[res]
        if n > u["supply"] and p.counters:
            rules_holding.make_room(e, p, res, n)
        k = min(n, u["supply"])  # a declared unit kind respects its supply
        u["supply"] -= k
        u["garrison"] += k
        rules_units.recruited(p, res, k)
    else:
        setattr(p, res, getattr(p, res) + n)


def lose(e, p: Player, res: str, n: int, ctx=None) -> None:
    if res in ("solari", "spice", "water"):
        setattr(p, res, max(0, getattr(p, res) - n))
    elif res in p.counters:
        rules_holding.spend(e, p, res, n)
    elif res == "vp":
        add_vp(e, p, "cards", -min(n, max(0, p.vp_ledger.get("cards", 0))))
    elif res == "garrison":
        k = min(n, p.garrison)
        p.garrison -= k
        p.supply += k
    elif res == "deployed":
        k = min(n, p.conflict)
        p.conflict -= k
        p.supply += k
    elif res == "intrigue":
        lose_intrigue(e, p, min(n, len(p.intrigue)))


def lose_intrigue(e, p: Player, left: int) -> None:
    if left > 0:
        e.ask(p, "lose_intrigue", [("lose_intrigue", c) for c in p.intrigue], "intrigue_lost", seat=p.seat,
                 left=left - 1)


def harvest(e, p: Player, space, base: bool = True) -> None:
    """Take a maker space's spice: what the space gives (unless not `base`: a card
    that writes it, `bonus_spice`) and its bonus spice (a House Hagal card's harvest;
    the bonus leaves the space either way)."""
    sp = e.defs.get(space) if space else None
    if sp is None or not sp.get("maker"):
        return
    bonus = e.state.maker_spice.get(space, 0)
    e.state.maker_spice[space] = 0
    n = (sp.get("harvest", 0) if base else 0) + bonus
    if base or n:
        gain(e, p, "spice", n)


def double_harvest(e, p: Player, space) -> None:
    sp = e.defs.get(space) if space else None
    if sp is not None and sp.get("harvest"):
        gain(e, p, "spice", sp["harvest"])


def add_vp(e, p: Player, source: str, n: int) -> None:
    if n and not (p.rival and seats.duo_rival(e, p)):
        p.vp += n
        p.vp_ledger[source] = p.vp_ledger.get(source, 0) + n

# ------------------------------------------------------------------ influence


def gain_influence(e, p: Player, faction: str, n: int, ctx=None) -> None:
    if faction == "all":
        influence_each(e, p, FACTIONS, n)
        return
    if faction == "secret":
        reveal_secret_factions(e, p, n)
        return
    if faction == "spied":  # each faction the player is spying on (rules_pieces)
        influence_each(e, p, rules_pieces.spied_factions(e, p), n)
        return
    if faction == "space":
        sp = e.defs.get(ctx.space) if ctx is not None and ctx.space else None
        faction = sp.get("faction") if sp else None
        if faction is None:
            return
    if faction in ("any", "behind"):
        pool = FACTIONS if faction == "any" else tuple(
            f for f in FACTIONS if any(o.influence[f] > p.influence[f] for o in e.opponents(p)))
        if not pool:
            return
        e.ask(p, "influence", [("influence", f, n) for f in pool], "influence_chosen", seat=p.seat)
        return
    change_influence(e, p, faction, n)


def influence_each(e, p: Player, factions, n: int) -> None:
    """n influence with each faction in turn (each step may settle an alliance)."""
    for f in reversed(factions[1:]):
        e.later("influence_change", seat=p.seat, f=f, n=n)
    if factions:
        change_influence(e, p, factions[0], n)


def factions_visited(e, p: Player, which: str) -> list[str]:
    """The factions of the board spaces holding your agents (`all`) or that this
    turn's agent went to (`one`), in track order."""
    if which == "all":
        st = e.state
        spaces = [s for s, who in st.occupied.items() if who == p.seat] + \
                 [s for s, who in st.infiltrators if who == p.seat]
    else:
        spaces = p.visited
    have = {e.defs[s].get("faction") for s in spaces if s in e.defs}
    return [f for f in FACTIONS if f in have]


def influence_visited(e, ctx, which: str, n: int) -> None:
    p = ctx.player
    factions = factions_visited(e, p, which)
    if which == "all":
        influence_each(e, p, factions, n)
    elif factions:
        e.ask(p, "influence", [("influence", f, n) for f in factions], "influence_chosen", seat=p.seat)


def choose_secret_factions(e, p: Player, n: int) -> None:
    """Pick n different factions in secret: the log and the other seats see only
    that a choice was made."""
    secret_pick(e, p, list(FACTIONS), [], min(n, len(FACTIONS)))


def secret_pick(e, p: Player, left: list, chosen: list, picks: int) -> None:
    if picks > 0:
        e.ask(p, "secret", [("secret", f) for f in left], "secret_picked", seat=p.seat, left=left,
                 taken=chosen, picks=picks - 1)
        return
    p.secret = [f for f in FACTIONS if f in chosen]
    if not e.quiet:
        e.log(f"  {e.pname(p)} chooses {_count(len(chosen))} faction{'s' if len(chosen) != 1 else ''} in secret")


def reveal_secret_factions(e, p: Player, n: int) -> None:
    """Reveal the factions chosen in secret and gain n influence with each; the
    choice is spent."""
    chosen, p.secret = p.secret, []
    if chosen:
        e.log(f"  {e.pname(p)} reveals the factions chosen in secret: "
                 + ", ".join(NAMES[f] for f in chosen))
    influence_each(e, p, chosen, n)


def lose_influence(e, p: Player, faction: str, n: int) -> None:
    if faction == "any":
        have = [f for f in FACTIONS if p.influence[f] >= 1]
        if not have:
            return
        e.ask(p, "lose_influence", [("lose_influence", f, n) for f in have], "influence_chosen",
                 seat=p.seat)
        return
    change_influence(e, p, faction, -n)


def lose_influence_different(e, p: Player, n: int, taken=()) -> None:
    """The cost `influence different N`: 1 influence with each of N different factions
    of the player's choice (Opportunism), one faction asked at a time."""
    have = [f for f in FACTIONS if p.influence[f] >= 1 and f not in taken]
    if n <= 0 or not have:
        return
    e.ask(p, "lose_influence", [("lose_influence", f, 1) for f in have], "influence_different_chosen",
          seat=p.seat, n=n - 1, taken=list(taken))


def change_influence(e, p: Player, f: str, delta: int) -> None:
    before = p.influence[f]
    after = max(0, min(MAX_INFLUENCE, before + delta))
    if after == before:
        return
    p.influence[f] = after
    if not e.quiet:
        e.log(f"  {e.pname(p)} {NAMES[f]} influence {before} -> {after}")
    if before < 2 <= after:
        add_vp(e, p, "influence", 1)
        if f in p.snoopers:  # runs after the alliance is settled (rules/snoopers.py)
            e.later("snooper_recall", seat=p.seat, f=f)
    elif after < 2 <= before:
        add_vp(e, p, "influence", -1)
    if before < 4 <= after and seats.uses_abilities(p):
        # Rivals never take the 4-influence bonus (FAQ). Reaching 4 again after
        # dropping below it pays the bonus again (Uprising 003; the base rules are silent).
        p.four_bonus.append(f)
        res, k = FOUR_BONUS[f]
        gain(e, p, res, k)
    reach = e.defs[p.leader].get("reach") if p.leader else None
    if reach is not None and reach[0] == f and before < reach[1] <= after:
        # `on reach FACTION N` (rules 003 "Leader clarifications": moving past N counts,
        # and again after dropping below): runs once the alliance is settled.
        e.later("leader_trigger", seat=p.seat, box="reach")
    settle_alliance(e, f, p)


def settle_alliance(e, f: str, mover: Player) -> None:
    """Alliance token: first to 4 takes it; it passes to whoever rises higher;
    a holder who falls is replaced by the highest player at 4+ (FAQ)."""
    holder = e.state.alliances[f]
    h = e.players[holder] if holder is not None else None
    best = 0  # the highest influence (never below 0): a loop, not max() of a generator
    for q in e.players:  # (every faction space's influence comes here)
        if q.influence[f] > best:
            best = q.influence[f]
    if h is not None and h.influence[f] >= 4 and h.influence[f] >= best:
        return
    candidates = [q for q in e.players if q.influence[f] == best] if best >= 4 else []
    new = None
    if mover in candidates:
        new = mover
    elif len(candidates) == 1 or (candidates and h is None):
        new = sorted(candidates, key=lambda q: (q.seat - (holder or 0)) % e.state.n_players)[0]
    elif candidates:
        # The falling holder chooses among the players tied for the highest (FAQ). Until
        # the token has moved, the holder holds it below others: an unfinished step.
        e.ask(h, "alliance", [("ally", f, q.seat) for q in candidates], "alliance_given", f=f,
                 holder=h.seat, unfinished=True)
        return
    _give_alliance(e, f, h, new)


def _give_alliance(e, f: str, h, new) -> None:
    if new is h:
        return
    if h is not None:
        add_vp(e, h, "alliance", -1)
        if not e.quiet:
            e.log(f"  {e.pname(h)} loses the {NAMES[f]} alliance")
    e.state.alliances[f] = new.seat if new is not None else None
    if new is not None:
        add_vp(e, new, "alliance", 1)
        if not e.quiet:
            e.log(f"  {e.pname(new)} takes the {NAMES[f]} alliance")

# ------------------------------------------------------------------ units


def deploy(e, p: Player, n: int, source: str, recruited_before: int = 0) -> None:
    if source == "supply":
        if n > p.supply and p.counters:
            rules_holding.make_room(e, p, "troops", n)
        k = min(n, p.supply)
        p.supply -= k
        p.conflict += k
        deployed(e, p, k)
        return
    if n == -2:  # the troops this box recruited
        most = min(p.recruited - recruited_before, p.garrison)
    else:
        most = p.garrison if n < 0 else min(n, p.garrison)
    if most <= 0:
        return
    e.ask(p, "deploy", [("deploy", i) for i in range(most + 1)], "troops_sent", seat=p.seat)


def combat_space_deploy_most(e, p: Player, extra: int = COMBAT_GARRISON_LIMIT) -> int:
    """After an agent goes to a combat space, players and rivals alike may deploy
    the troops recruited this turn and up to 2 more from the garrison (rules 001, 000);
    `extra`: what is left of those 2 after units of a set's kinds went first (rules_units)."""
    return min(p.garrison, p.recruited + extra)


def send_troops(e, p: Player, k: int) -> None:
    """k troops from the garrison to the Conflict."""
    p.garrison -= k
    p.conflict += k
    deployed(e, p, k)


def deployed(e, p: Player, k: int) -> None:
    """k troops went to the Conflict: count them for this turn and run the
    leader's `on deploy` trigger."""
    if k > 0:
        p.deployed_turn += k
        rules_agents.leader_trigger(e, p, "deploy")

def retreat(e, p: Player, n: int) -> None:
    most = p.conflict if n < 0 else min(n, p.conflict)
    if most <= 0:
        return
    e.ask(p, "retreat", [("retreat", i) for i in range(most + 1)], "retreated", seat=p.seat)


def _count(n: int) -> str:
    return ("no", "one", "two", "three", "four")[n] if 0 <= n <= 4 else str(n)


# ---------------------------------------------------------------------- the steps after an answer


@step
def intrigue_lost(e, f):
    p = e.players[f["seat"]]
    card = p.intrigue.pop(f["answer"])
    e.later("intrigue_lose_more", seat=p.seat, left=f["left"])
    rules_leaving.discarded(e, p, card)


@step
def intrigue_lose_more(e, f):
    lose_intrigue(e, e.players[f["seat"]], f["left"])


@step
def influence_chosen(e, f):
    a = f["chosen"]
    change_influence(e, e.players[f["seat"]], a[1], a[2] if a[0] == "influence" else -a[2])


@step
def influence_different_chosen(e, f):
    p, faction = e.players[f["seat"]], f["chosen"][1]
    if f["n"]:  # the next faction is asked once this one's change (and its Alliance) is settled
        e.later("influence_different_more", seat=p.seat, n=f["n"], taken=f["taken"] + [faction])
    change_influence(e, p, faction, -1)


@step
def influence_different_more(e, f):
    lose_influence_different(e, e.players[f["seat"]], f["n"], f["taken"])


@step
def influence_change(e, f):
    change_influence(e, e.players[f["seat"]], f["f"], f["n"])


@step
def secret_picked(e, f):
    left = list(f["left"])
    chosen = list(f["taken"]) + [left.pop(f["answer"])]
    secret_pick(e, e.players[f["seat"]], left, chosen, f["picks"])


@step
def alliance_given(e, f):
    _give_alliance(e, f["f"], e.players[f["holder"]], e.players[f["chosen"][2]])
    e.finished_step()


@step
def troops_sent(e, f):
    send_troops(e, e.players[f["seat"]], f["answer"])


@step
def retreated(e, f):
    p, k = e.players[f["seat"]], f["answer"]
    p.conflict -= k
    p.garrison += k
