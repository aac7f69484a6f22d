"""Deploying units of every kind from the garrison to the Conflict: after a combat
space (players and rivals), and `deploy_units N` (rules 000, "Recruiting Combat
Units"; docs/decisions.md, "Rise of Ix rules: units"). The units' holdings and the
rules that read them are rules_units.py.

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.rules import agents as rules_agents, resources as rules_resources
from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.ir.lexicon import units as unit_words


def offer_deploy(e, p: Player, extra: int, then: str, combat_space: bool) -> None:
    """Deploy from the garrison: each declared kind in turn, then troops, up to
    `extra` units in all besides, after a combat space, the units recruited this
    turn (rules 000). Each kind is a `deploy` question with options
    ("deploy", n, kind); the troops are the base game's ("deploy", n), answered by
    the step `then`."""
    _next_kind(e, p, list(p.units), extra, then, combat_space)


def _next_kind(e, p: Player, kinds: list, extra: int, then: str, free_units: bool) -> None:
    while kinds:
        kind, kinds = kinds[0], kinds[1:]
        free = p.recruited_units.get(kind, 0) if free_units else 0
        most = min(p.units[kind]["garrison"], free + extra)
        if most > 0:
            e.ask(p, "deploy", [("deploy", i, kind) for i in range(most + 1)], "units_deployed", seat=p.seat,
                  unit=kind, kinds=kinds, extra=extra, then=then, free_units=free_units)
            return
    # Players and rivals share the troop rule of a combat space (rules_resources).
    most = rules_resources.combat_space_deploy_most(e, p, extra) if free_units else min(p.garrison, extra)
    if most > 0:
        e.ask(p, "deploy", [("deploy", i) for i in range(most + 1)], then, seat=p.seat)


def as_combat_space(e, p: Player) -> None:
    """The combat icon (`combat_space`, an agent box): the player's agent turn ends
    as after a combat space, whatever space the agent went to: the troops
    recruited this turn and up to two from the garrison may be deployed (rules 002,
    "New Icons"). Marked on the turn's closing step, so it lasts this turn only."""
    for f in reversed(e.state.stack):
        if f.get("do") == "agent_done" and f.get("seat") == p.seat:
            f["combat"] = True
            return


def recruits_deployable(e, p: Player) -> None:
    """`deploy_recruits` (an agent box): at the end of this agent turn the player may
    deploy the troops (and units) recruited this turn, wherever the agent went
    (Sardaukar Coordination); after a combat space they may be deployed anyway, with
    up to two from the garrison. Marked on the turn's closing step, as the combat icon."""
    for f in reversed(e.state.stack):
        if f.get("do") == "agent_done" and f.get("seat") == p.seat:
            f["recruits"] = True
            return


def send_units(e, p: Player, kind: str, n: int) -> None:
    """n units of a declared kind from the garrison to the Conflict (tail position:
    the leader's `on deploy` trigger may ask)."""
    if n <= 0:
        return
    u = p.units[kind]
    u["garrison"] -= n
    u["conflict"] += n
    u["deployed"] = u.get("deployed", 0) + n  # counted by kind too (rules_units.deployed)
    p.deployed_turn += n
    if not e.quiet:
        e.log(f"  {e.pname(p)} deploys {unit_words(kind, n)}")
    rules_agents.leader_trigger(e, p, "deploy")


def deploy_most(e, p: Player, extra: int) -> int:
    """A rival at a combat space deploys every unit it may, its declared kinds first
    (rules 000: rivals deploy dreadnoughts whenever they can); the troops it may
    deploy after them are returned for the caller to send."""
    for kind, u in p.units.items():
        free = p.recruited_units.get(kind, 0)
        n = min(u["garrison"], free + extra)
        extra -= max(0, n - free)
        send_units(e, p, kind, n)
    return rules_resources.combat_space_deploy_most(e, p, extra)


def deploy_units(e, p: Player, n: int) -> None:
    """`deploy_units N`: up to N units of any kinds from the garrison (Second Wave)."""
    offer_deploy(e, p, n, "troops_sent", False)




@step
def units_deployed(e, f):
    p, kind, n = e.players[f["seat"]], f["unit"], f["answer"]
    free = p.recruited_units.get(kind, 0) if f["free_units"] else 0
    e.later("units_next", seat=p.seat, kinds=f["kinds"], extra=f["extra"] - max(0, n - free), then=f["then"],
            free_units=f["free_units"])
    send_units(e, p, kind, n)

@step
def units_next(e, f):
    _next_kind(e, e.players[f["seat"]], f["kinds"], f["extra"], f["then"], f["free_units"])
