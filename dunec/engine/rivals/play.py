"""House Hagal rivals (rules 000, "Solo Mode" and "Two Player Games").

A rival is a seat in `state.players` with `rival=True`. It never has a deck or a
hand: on its agent turns it reveals House Hagal cards (hagal.py) until one names a
space it can visit, sends its agent there and gets what the card gives. It takes
part in combat, influence, alliances and control like any player.

- Solo (`state.mode == "solo"`): one person (seat 0) and two rival leaders (seat 1,
  the rival to the person's left, holds the first-player marker first; seat 2).
  Rivals gain resources, influence, VP and 1st/2nd conflict rewards, and trade
  resources for VP at once.
- Two players (`state.mode == "duo"`): two people (seats 0 and 1) and one House
  Hagal rival (seat 2, no leader). It acts right after the first player, and never
  gains resources, cards, rewards or VP.

Every decision a rival faces is settled here by a fixed rule (`choose`), so rivals
need no policy and a replay needs no recorded rival decisions. The engine calls in
through small hooks in game.py, turns.py and combat.py.
"""
from __future__ import annotations

from typing import Optional

from dunec.engine.rivals import deck as hagal, markets as rival_markets, tiles as rival_tiles, tracks as rival_tracks, \
    units as rival_units
from dunec.engine.rules import (
    agents as rules_agents,
    deploy as rules_deploy,
    leaving as rules_leaving,
    market as rules_market,
    resources as rules_resources,
    units as rules_units,
)
from dunec.engine.views.narration import log_changes, tally
from dunec.engine.loop.actions import NO
from dunec.engine.loop.actions import faction as action_faction
from dunec.engine.loop.rng import Rng
from dunec.engine.loop.setup import SetupError
from dunec.engine.loop.setup import new_game as base_new_game, remove_starters
from dunec.engine.loop.state import TROOPS_PER_PLAYER, GameState, Player
from dunec.engine.players.seats import duo_rival
from dunec.engine.loop.steps import step

# Conflict cards dealt on top of the rivals' third agents, by difficulty.
DIFFICULTIES = {"novice": 5, "veteran": 4, "expert": 3}
MENTAT_SPACE = "mentat_space"
MENTAT_COST_ABOVE_NOVICE = 5
RIVAL_GARRISON_ABOVE_NOVICE = 3
DUO_AGENTS = 3
# Instant trades of a solo rival, each for 1 VP, in the order the rules list them;
# a tile it trashes for VP (rival_tiles.vp_trades) comes right after the intrigue.
TRADES = (("intrigue", 3), ("water", 3), ("solari", 7), ("spice", 7))
# When the Imperium Row churns (docs/decisions.md, "Imperium Row churn"):
CHURN = {
    "reveal": "after each person's reveal turn, in solo games (Rise of Ix; once a round)",
    "rival": "after every rival turn that places an agent, in both modes (rules 000 as written)",
    "off": "never",
}


class RivalSetupError(SetupError):
    pass


# ---------------------------------------------------------------------- setup
def new_game(content, humans: int, seed: int, difficulty: str = "novice", leaders=None,
             rival_leaders=None, policies=None, churn: str = "reveal", epic: bool = False) -> GameState:
    """A game against House Hagal: humans=1 is solo, humans=2 the two-player game.
    `epic`: the Epic game, whose setup changes the people's, not the rivals'
    (docs/decisions.md, "The Epic game")."""
    if not isinstance(churn, str) or churn not in CHURN:
        raise RivalSetupError(f"unknown Imperium Row churn {churn!r} (choose from {', '.join(CHURN)})")
    if humans == 1:
        st = new_solo_game(content, seed, difficulty, leader=(leaders or [None])[0],
                           rival_leaders=rival_leaders, policy=(policies or ["random"])[0], epic=epic)
    elif humans == 2:
        st = new_duo_game(content, seed, leaders=leaders, policies=policies, epic=epic)
    else:
        raise RivalSetupError("House Hagal rivals play in one- and two-player games")
    st.churn = churn
    return st


def _table(content, seed: int, people: int, epic: bool = False):
    """A three-seat base setup (conflicts, Imperium row, intrigue, starting decks),
    with the leaders still to be chosen; the seats after the first `people` become rivals."""
    all_leaders = sorted(m["id"] for m in content.of_kind("leader") if not m.get("side_of"))  # fronts only
    if not all_leaders:
        raise RivalSetupError("the cards define no leaders")
    # The seats are dealt before the leaders are chosen: their starting decks with a
    # leader that removes no starting card; a chosen leader's removal comes after (_lead).
    plain = [x for x in all_leaders if not content.defs[x].get("remove_starter")] or all_leaders
    st = base_new_game(content, 3, seed, leaders=[plain[0]] * 3, epic=epic, people=people)
    return st, Rng(state=st.rng_state), all_leaders


def _lead(content, p: Player, leader: str) -> None:
    """A person takes the leader chosen for the seat, and begins without the starting
    cards that leader removes (Staban Tuek's Diplomacy)."""
    p.leader = leader
    remove_starters(content, p)


def _rival(seat: int, leader: str, garrison: int, water: int, agents: int) -> Player:
    return Player(seat=seat, leader=leader, policy="rival", rival=True, water=water, garrison=garrison,
                  supply=TROOPS_PER_PLAYER - garrison, agents=agents, agents_left=agents)


def _seated(st: GameState, rival: Player) -> Player:
    """A rival takes the seat with what the table dealt it: its objective cards."""
    rival.objectives = st.players[rival.seat].objectives
    return rival


def _marker_to_first_player(content, st: GameState) -> None:
    """The objective card with the First Player marker (Uprising) goes to the seat the
    rival rules start with: its holder and that seat swap their objective cards, so
    the marker's holder starts, as rules 003 says (docs/decisions.md, "Uprising House
    Hagal rivals")."""
    first = st.players[st.first_player]
    holder = next((p for p in st.players
                   if any(content.defs[c].get("first_player") for c, _up in p.objectives)), None)
    if holder is not None and holder is not first:
        holder.objectives, first.objectives = first.objectives, holder.objectives


def _hagal_deck(content, st: GameState, rng: Rng, mode: str) -> None:
    deck = hagal.cards_for(content, mode)
    if not deck:
        raise RivalSetupError(f"the cards define no House Hagal cards for {mode} games")
    rng.shuffle(deck)
    st.hagal_deck, st.hagal_discard = deck, []


def new_solo_game(content, seed: int, difficulty: str = "novice", leader=None, rival_leaders=None,
                  policy: str = "random", epic: bool = False) -> GameState:
    if difficulty not in DIFFICULTIES:
        raise RivalSetupError(f"unknown difficulty {difficulty!r} (choose from {', '.join(DIFFICULTIES)})")
    st, rng, all_leaders = _table(content, seed, 1, epic)
    if leader is None:
        leader = rng.pick(all_leaders)
    if rival_leaders is None:
        pool = [x for x in rival_leader_pool(content) if x != leader]
        if len(pool) < 2:
            raise RivalSetupError("a solo game needs two rival leaders from the rules' list")
        rng.shuffle(pool)
        rival_leaders = pool[:2]
    if len(rival_leaders) != 2:
        raise RivalSetupError("a solo game has two rivals")
    above_novice = difficulty != "novice"
    human = st.players[0]
    _lead(content, human, leader)
    human.policy = policy
    garrison = RIVAL_GARRISON_ABOVE_NOVICE if above_novice else 0
    st.players[1:] = [_seated(st, _rival(seat, rival_leaders[seat - 1], garrison, water=1, agents=2))
                      for seat in (1, 2)]
    if above_novice:
        st.cost_overrides[MENTAT_SPACE] = [["res", "solari", MENTAT_COST_ABOVE_NOVICE]]
        for p in st.players[1:]:
            if st.intrigue_deck:
                p.intrigue.append(st.intrigue_deck.pop())
    else:
        human.solari += 1
        human.spice += 1
    _hagal_deck(content, st, rng, "solo")
    st.mode, st.difficulty = "solo", difficulty
    st.rival_agent_cards = DIFFICULTIES[difficulty]
    st.first_player = 1  # the rival to the person's left
    _marker_to_first_player(content, st)
    st.rng_state = rng.state
    return st


def rival_leader_pool(content) -> list[str]:
    """The leaders the rules list for solo rivals (`rival N` on a leader: its place
    in the list), of the game's sets, in list order."""
    marked = [m for m in content.of_kind("leader") if m.get("rival")]
    return [m["id"] for m in sorted(marked, key=lambda m: (m["rival"], m["id"]))]


def new_duo_game(content, seed: int, leaders=None, policies=None, epic: bool = False) -> GameState:
    st, rng, all_leaders = _table(content, seed, 2, epic)
    if leaders is None:
        pool = list(all_leaders)
        rng.shuffle(pool)
        leaders = pool[:2]
    if len(leaders) != 2:
        raise RivalSetupError("a two-player game seats two people")
    policies = list(policies or ["random", "random"])
    for seat in (0, 1):
        _lead(content, st.players[seat], leaders[seat])
        st.players[seat].policy = policies[seat]
    # Decided: the rival starts with an empty garrison (base rules), and no water (it never uses resources).
    st.players[2] = _seated(st, _rival(2, "", garrison=0, water=0, agents=DUO_AGENTS))
    _hagal_deck(content, st, rng, "duo")
    st.mode = "duo"
    st.first_player = rng.below(2)
    _marker_to_first_player(content, st)
    st.rng_state = rng.state
    return st


def seat_policies(st: GameState, make, names, seed: int) -> list:
    """Policies by seat: the named ones for the people in seat order, None for rivals."""
    names = list(names)
    out = []
    for p in st.players:
        out.append(None if p.rival else make(names.pop(0), seed, p.seat))
    return out


# ---------------------------------------------------------------------- who is who
def order(e) -> list[Player]:
    """Two players: the first player, then the rival, then the other person."""
    st = e.state
    first = e.players[st.first_player]
    return [first] + [p for p in e.players if p.rival] + [p for p in e.players if not p.rival and p is not first]


def next_first_player(e) -> int:
    """The first-player marker passes to the next seat; with two players it passes
    between the two people only."""
    st = e.state
    seats = [p.seat for p in e.players if not (st.mode == "duo" and p.rival)]
    return seats[(seats.index(st.first_player) + 1) % len(seats)] if st.first_player in seats else seats[0]


def space_costs(e, sp: dict) -> tuple:
    """A space's cost in this game (above Novice the Mentat costs 5 Solari)."""
    over = e.state.cost_overrides.get(sp["id"])
    if over is None:
        return sp.get("cost", ())
    return tuple(tuple(c) for c in over)


# ---------------------------------------------------------------------- decisions
def _by_mechanism(e, p: Player, kind: str, options: list) -> Optional[int]:
    """A rival's answer to a decision of a set's markets, tracks or units; None when
    the decision is none of them."""
    if kind == "buy" and any(a[0] == "buy" and a[1] in e.content.declared("market") for a in options):
        return rival_markets.buy(e, p, options)
    if kind == "move" and any(a[0] in ("advance", "cash_out") for a in options):
        return rival_tracks.move(e, p, options)
    if kind == "place_unit":
        return rival_units.place_unit(e, p, options)
    if kind == "place_piece":
        preferred = hagal.preferred(e, options)
        return preferred if preferred is not None else hagal.faction_post(e, p, options)
    if kind == "deploy" and all(a[0] == "deploy" for a in options):
        return rival_units.deploy_most(options)
    if kind == "choose":
        bought = rival_markets.buy_or_else(e, p, options)
        return bought if bought is not None else rival_units.unit_or_else(e, p, options)
    return None


def choose(e, p: Player, kind: str, options: list, hints) -> int:
    """A rival's answer to any decision, by fixed rules:
    - an optional payment or the defensive troop: always yes (when it can pay);
    - influence with a faction of its choice: the faction where it has least
      (ties: the first in track order, Emperor, Spacing Guild, Bene Gesserit, Fremen);
    - anything else: the option the engine values most (ties: the first)."""
    if len(options) == 2 and options[1] == NO:
        return 0
    by_mechanism = _by_mechanism(e, p, kind, options)
    if by_mechanism is not None:
        return by_mechanism
    if kind in ("influence", "choose"):
        factions = [action_faction(a) for a in options]
        if all(f is not None for f in factions):
            return min(range(len(options)), key=lambda i: (p.influence[factions[i]], i))
    values = hints()
    if values:
        return max(range(len(options)), key=lambda i: (values[i], -i))
    return 0


# ---------------------------------------------------------------------- agent turns
def find(e, p: Player, every=None, failed=(), tries=None) -> None:
    """Reveal House Hagal cards until one names a space the rival can visit, then
    place there (`place`); when no card of the deck can send it anywhere, it is
    done for the round. A card that sends no agent gives its gain first (a box that
    runs before the search goes on: the search waits on the stack)."""
    st = e.state
    who = e.pname(p)
    if every is None:
        every = sorted({c for c in st.hagal_deck + st.hagal_discard if not e.defs[c].get("reshuffle")})
        tries = 10 * (len(st.hagal_deck) + len(st.hagal_discard)) + 1
    failed = list(failed)
    while tries > 0:
        tries -= 1
        if not set(every) - set(failed):
            break
        card = hagal.reveal(e)
        if card is None:
            break
        m = e.defs[card]
        if m.get("reshuffle"):
            e.log(f"  {who} reveals {m['name']}")
            hagal.reshuffle(e, "the Reshuffle card")
            continue
        if not m.get("spaces"):
            # A card that sends no agent: the rival takes its gain and reveals again.
            e.log(f"  {who} reveals {m['name']} (no agent)")
            if card not in failed:
                failed.append(card)
            e.later("rival_find", seat=p.seat, every=every, failed=failed, tries=tries)
            _gain(e, p, card, None)
            return
        space, why = hagal.target(e, p, m)
        if space is not None:
            place(e, p, card, space)
            return
        if card not in failed:
            failed.append(card)
        e.log(f"  {who} reveals {m['name']}: {why}; next card")
    e.log(f"  {who} finds no space it can visit and places no more agents this round")
    p.revealed_turn = True


@step
def rival_find(e, f):
    find(e, e.players[f["seat"]], f["every"], f["failed"], f["tries"])


def _gain(e, p: Player, card: str, space) -> None:
    """What the card gives; the log's indented line says what the rival gained and
    spent, as it does for a person's turn (the signet ring says its own part)."""
    e.later("rival_gained", seat=p.seat, before=None if e.quiet else tally(p))
    e.run_box(card, "hagal", e.context(p, card=card, space=space, box="hagal"))


@step
def rival_gained(e, f):
    p = e.players[f["seat"]]
    if duo_rival(e, p):
        refuse_gains(e, p)
    if f["before"] is not None:
        log_changes(e, p, f["before"])
    # A tile it acquired with the card that recruits for free is used at once (Training Drones).
    rival_tiles.use_recruit_tiles(e, p, combat=False)


def refuse_gains(e, p: Player) -> None:
    """The two-player rival keeps no resources, and no Intrigue card: one a card gave
    it (Uprising's Assembly Hall) or it took from a person (Secrets) is discarded."""
    p.solari = p.spice = p.water = p.persuasion = 0
    for card in p.intrigue:
        rules_leaving.discarded(e, p, card)
    del p.intrigue[:]


def take_turn(e, p: Player) -> None:
    """One rival turn: an agent placed by a House Hagal card, or nothing left to do
    this round (it is then marked done, like a player who has revealed)."""
    st = e.state
    if p.agents_left <= 0 or (st.mode == "duo" and e.players[st.first_player].revealed_turn):
        p.revealed_turn = True
        return
    find(e, p)


def place(e, p: Player, card: str, space: str) -> None:
    """The agent goes where the card says: the control bonus, the card's gain, the
    trades, then troops on a combat card (the official order)."""
    m, sp = e.defs[card], e.defs[space]
    p.agents_left -= 1
    if space in e.state.occupied:  # hagal.can_visit let it in with a tile it flips
        tile = rival_tiles.infiltrator(e, p)
        p.flipped.append(tile)
        if not e.quiet:
            e.log(f"  {e.pname(p)} flips its tile {e.cname(tile)} to share {sp['name']}")
    rules_agents.place_agent(e, space, p.seat)
    p.recruited = 0
    rules_units.new_turn_deployments(p)
    p.recruited_units = {}
    e.state.turn_kind = "agent"
    if not e.quiet:
        e.log(f"  {e.pname(p)} reveals House Hagal card {m['name']} and sends an agent to {sp['name']}")
    # A card that deploys does so at a combat space (a card with two spaces may send
    # its agent to one that is not: Uprising's Deliver Supplies / Heighliner).
    e.later("rival_turn_done", seat=p.seat, deploys=bool(m.get("deploys") and sp.get("combat")))
    e.later("rival_gain", seat=p.seat, card=card, space=space)
    if rival_tiles.recruit_tile(e, p, combat=False) is not None:
        e.later("rival_recruit_tiles", seat=p.seat, combat=False)
    rules_agents.opponent_agent(e, p, space)  # a leader's trigger on another player's agent
    rules_agents.control_bonus(e, space)


@step
def rival_gain(e, f):
    _gain(e, e.players[f["seat"]], f["card"], f["space"])


@step
def rival_turn_done(e, f):
    p = e.players[f["seat"]]
    trade(e, p, own_turn=True)  # the official order: the trades first, then the troops on a combat card
    if f["deploys"] and rival_tiles.recruit_tile(e, p, combat=True) is not None:
        # A tile that recruits for a price (Flagship) first, its troops deployed with the others.
        e.later("rival_deploy", seat=p.seat, deploys=True)
        rival_tiles.use_recruit_tiles(e, p, combat=True)
        return
    rival_deploy(e, f)


@step
def rival_deploy(e, f):
    st = e.state
    p = e.players[f["seat"]]
    if f["deploys"]:
        # A rival always deploys as many as a player may, its declared unit kinds first.
        k = rules_deploy.deploy_most(e, p, rules_resources.COMBAT_GARRISON_LIMIT)
        if k and not e.quiet:
            e.log(f"  {e.pname(p)} deploys {k} troop{'s' if k != 1 else ''} (now {p.conflict + k} in the Conflict)")
        rules_resources.send_troops(e, p, k)
    e.state.turn_kind = ""
    if st.churn == "rival":
        churn(e)
    if p.agents_left <= 0:
        p.revealed_turn = True
    if e.after_turn is not None:
        e.after_turn(e)


def after_turn(e) -> None:
    """After anyone's turn: solo rivals trade what they gained on it at once."""
    if e.state.mode == "solo":
        rules_market.prune(e)
        for p in e.players:
            if p.rival:
                trade(e, p)


def trade(e, p: Player, own_turn: bool = False) -> None:
    """A solo rival trades 3 intrigue cards, 3 water or 7 Solari for 1 VP as soon as
    it has them; 7 spice only while the current Conflict is a level III card; on its
    own turn, a tile it trashes for VP (Spy Satellites) right after the intrigue."""
    st = e.state
    if not p.rival or st.mode != "solo":
        return
    level3 = st.conflict is not None and e.defs[st.conflict].get("level") == 3
    while True:
        for res, n in TRADES:
            have = len(p.intrigue) if res == "intrigue" else getattr(p, res)
            if have >= n and (res != "spice" or level3):
                break
            tiles = rival_tiles.vp_trades(e, p) if res == "intrigue" and own_turn else ()
            if tiles:
                res, n = "tile", tiles[0]
                break
        else:
            return
        if res == "tile":
            what = rival_tiles.trade_tile(e, p, n)
            if not e.quiet:
                e.log(f"  {e.pname(p)} trades {what} for VP ({p.vp} VP)")
            continue
        if res == "intrigue":
            # Intrigue cards have no discard trigger (the intrigue schema has none):
            # no box runs, so the trade loop goes on at once.
            for card in p.intrigue[:n]:
                rules_leaving.discarded(e, p, card)
            del p.intrigue[:n]
            what = f"{n} intrigue cards"
        else:
            setattr(p, res, getattr(p, res) - n)
            what = f"{n} {'Solari' if res == 'solari' else res}"
        rules_resources.add_vp(e, p, "trades", 1)
        if not e.quiet:
            e.log(f"  {e.pname(p)} trades {what} for 1 VP ({p.vp} VP)")


def after_reveal(e, p: Player) -> None:
    """The official churn: at the end of each person's reveal turn in a solo game,
    standing in for the rival leaders' own purchases."""
    if e.state.mode == "solo" and e.state.churn == "reveal" and not p.rival:
        churn(e)


def churn(e) -> None:
    """Imperium Row churn (see CHURN for when): roll two dice; for each value 1-5 the
    card in that position from the left is trashed (a 6 does nothing, a double counts
    once). Emptied slots are refilled in place from the Imperium deck."""
    st = e.state
    dice = (e.rng.below(6) + 1, e.rng.below(6) + 1)
    positions = sorted({d for d in dice if d != 6 and d <= len(st.imperium_row)})
    gone = []
    for pos in positions:
        gone.append(st.imperium_row[pos - 1])
        st.imperium_trash.append(st.imperium_row[pos - 1])
        st.imperium_row[pos - 1] = st.imperium_deck.pop() if st.imperium_deck else None
    st.imperium_row = [c for c in st.imperium_row if c is not None]
    what = ", ".join(e.cname(c) for c in gone) if gone else "nothing"
    e.log(f"  Imperium Row churn: dice {dice[0]} and {dice[1]}; trashed {what}")


# ---------------------------------------------------------------------- rounds and combat
def game_start(e) -> None:
    """Say who sits where (the log of a game against rivals starts with it); a
    solo game's markets are pruned for the rivals once they are dealt."""
    st = e.state
    rules_market.prune(e)
    if st.mode == "solo":
        you, left, right = st.players
        e.log(f"Solo game, {st.difficulty}: you are {e.pname(you)}; rivals {e.pname(left)} (to your left, "
              f"first player) and {e.pname(right)}; House Hagal deck of {len(st.hagal_deck)} cards; "
              f"the rivals' third agents are under {st.rival_agent_cards} conflict cards")
    elif st.mode == "duo":
        people = " and ".join(e.pname(p) for p in st.players if not p.rival)
        hagal_seats = ", ".join(f"P{p.seat + 1}" for p in st.players if p.rival)
        e.log(f"Two-player game: {people}; {hagal_seats} is the House Hagal rival, which acts right after "
              f"the first player and scores nothing; House Hagal deck of {len(st.hagal_deck)} cards")


def round_start(e) -> None:
    """Solo, once the round's conflict is revealed: the conflict card that uncovers the
    rivals' third agents gives them to the rivals, and a level III conflict lets a
    rival trade its spice at once."""
    st = e.state
    if st.mode == "duo":
        e.log("  turn order: " + ", ".join(e.pname(p) for p in e.order()))
    if st.mode != "solo":
        return
    if st.rival_agent_cards > 0:
        st.rival_agent_cards -= 1
        if st.rival_agent_cards == 0:
            for p in e.players:
                if p.rival:
                    rules_agents.gain_swordmaster(e, p, announce=False)
            e.log("  the rivals' third agents are uncovered: each rival now has 3 agents")
    after_turn(e)


def combat_draws(e) -> None:
    """Each rival with a unit in the Conflict, in turn order, draws one House Hagal
    card and adds the swords on its bottom row. A rival with no unit draws nothing:
    its strength would be 0 whatever it drew, and a draw would only use up the deck."""
    for p in e.order():
        if not p.rival or p.conflict <= 0:
            continue
        card = hagal.combat_card(e, e.pname(p))
        if card is None:
            continue
        m = e.defs[card]
        p.swords += m.get("swords", 0)
        if not e.quiet:
            e.log(f"  {e.pname(p)} draws House Hagal card {m['name']}: +{m.get('swords', 0)} swords")


def refuses_reward(e, p: Player, place: str) -> bool:
    """Rivals never take a 3rd-place reward; the two-player rival takes none."""
    return p.rival and (e.state.mode == "duo" or place == "third")


def after_rewards(e, results) -> None:
    """The two-player rival that wins a Conflict for a location removes the control
    marker a person has there; solo rivals trade what the rewards gave them."""
    st = e.state
    for p, place in results:
        if place == "first" and duo_rival(e, p):
            loc = e.defs[st.conflict].get("controls") if st.conflict else None
            if loc is not None and loc in st.control:
                held = e.players[st.control.pop(loc)]
                if not e.quiet:
                    e.log(f"  {e.pname(p)} wins {loc}: {e.pname(held)}'s control marker is removed")
    after_turn(e)
