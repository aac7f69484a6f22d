"""Resources, influence and alliances, units: the rule primitives that move counts.

Mixed into the Engine; effect code reaches them through the effect context."""
from __future__ import annotations

from dunec.engine import rivals
from dunec.engine.state import FACTIONS, Player
from dunec.ir.describe import NAMES


FOUR_BONUS = {"emperor": ("troops", 2), "guild": ("solari", 3), "bene_gesserit": ("intrigue", 1),
              "fremen": ("water", 1)}
MAX_INFLUENCE = 6
COMBAT_GARRISON_LIMIT = 2  # troops from the garrison on top of those recruited this turn


class ResourceRules:
    """Gains and losses, the influence tracks and their alliances, deploy and retreat."""

    def gain(self, p: Player, res: str, n: int) -> None:
        if p.rival and res != "troops" and rivals.duo_rival(self, p):
            return  # the two-player rival never gains resources, cards or VP
        if res == "troops":
            k = min(n, p.supply)
            p.supply -= k
            p.garrison += k
            p.recruited += k
        elif res == "vp":
            self.add_vp(p, "cards", n)
        elif res == "intrigue":
            for _ in range(n):
                card = self.draw_intrigue()
                if card is None:
                    break
                p.intrigue.append(card)
        elif res == "draw":
            self.draw(p, n)
        elif res in p.counters:
            p.counters[res] += n
        elif res in p.units:
            u = p.units[res]
            k = min(n, u["supply"])  # a declared unit kind respects its supply
            u["supply"] -= k
            u["garrison"] += k
        else:
            setattr(p, res, getattr(p, res) + n)

    def lose(self, p: Player, res: str, n: int, ctx=None) -> None:
        if res in ("solari", "spice", "water"):
            setattr(p, res, max(0, getattr(p, res) - n))
        elif res in p.counters:
            p.counters[res] = max(0, p.counters[res] - n)
        elif res == "vp":
            self.add_vp(p, "cards", -min(n, max(0, p.vp_ledger.get("cards", 0))))
        elif res == "garrison":
            k = min(n, p.garrison)
            p.garrison -= k
            p.supply += k
        elif res == "deployed":
            k = min(n, p.conflict)
            p.conflict -= k
            p.supply += k
        elif res == "intrigue":
            for _ in range(min(n, len(p.intrigue))):
                i = self.decide(p, "lose_intrigue", [("lose_intrigue", c) for c in p.intrigue])
                self.state.intrigue_discard.append(p.intrigue.pop(i))

    def add_vp(self, p: Player, source: str, n: int) -> None:
        if n and not (p.rival and rivals.duo_rival(self, p)):
            p.vp += n
            p.vp_ledger[source] = p.vp_ledger.get(source, 0) + n

    # ------------------------------------------------------------------ influence
    def gain_influence(self, p: Player, faction: str, n: int, ctx=None) -> None:
        if faction == "all":
            for f in FACTIONS:
                self.change_influence(p, f, n)
            return
        if faction == "secret":
            self.reveal_secret_factions(p, n)
            return
        if faction == "space":
            sp = self.defs.get(ctx.space) if ctx is not None and ctx.space else None
            faction = sp.get("faction") if sp else None
            if faction is None:
                return
        if faction in ("any", "behind"):
            pool = FACTIONS if faction == "any" else tuple(
                f for f in FACTIONS if any(o.influence[f] > p.influence[f] for o in self.opponents(p)))
            if not pool:
                return
            faction = pool[self.decide(p, "influence", [("influence", f, n) for f in pool],
                                       lambda: [2.0 + (1.5 if p.influence[f] in (1, 3) else 0) - 0.1 * i
                                                - (2.5 if p.influence[f] >= MAX_INFLUENCE else 0)
                                                for i, f in enumerate(pool)])]
        self.change_influence(p, faction, n)

    def choose_secret_factions(self, p: Player, n: int) -> None:
        """Pick n different factions in secret: the log and the other seats see only
        that a choice was made."""
        left = list(FACTIONS)
        chosen = []
        for _ in range(min(n, len(left))):
            i = self.decide(p, "secret", [("secret", f) for f in left],
                            lambda: [-float(p.influence[f]) for f in left])
            chosen.append(left.pop(i))
        p.secret = [f for f in FACTIONS if f in chosen]
        self.log(f"  {self.pname(p)} chooses {_count(len(chosen))} faction{'s' if len(chosen) != 1 else ''} in secret")

    def reveal_secret_factions(self, p: Player, n: int) -> None:
        """Reveal the factions chosen in secret and gain n influence with each; the
        choice is spent."""
        chosen, p.secret = p.secret, []
        if chosen:
            self.log(f"  {self.pname(p)} reveals the factions chosen in secret: "
                     + ", ".join(NAMES[f] for f in chosen))
        for f in chosen:
            self.change_influence(p, f, n)

    def lose_influence(self, p: Player, faction: str, n: int) -> None:
        if faction == "any":
            have = [f for f in FACTIONS if p.influence[f] >= 1]
            if not have:
                return
            faction = have[self.decide(p, "lose_influence", [("lose_influence", f, n) for f in have],
                                       lambda: [-float(p.influence[f]) for f in have])]
        self.change_influence(p, faction, -n)

    def change_influence(self, p: Player, f: str, delta: int) -> None:
        before = p.influence[f]
        after = max(0, min(MAX_INFLUENCE, before + delta))
        if after == before:
            return
        p.influence[f] = after
        if not self.quiet:
            self.log(f"  {self.pname(p)} {NAMES[f]} influence {before} -> {after}")
        if before < 2 <= after:
            self.add_vp(p, "influence", 1)
        elif after < 2 <= before:
            self.add_vp(p, "influence", -1)
        if before < 4 <= after and not p.rival:
            # Rivals never take the 4-influence bonus (FAQ). Reaching 4 again after
            # dropping below it pays the bonus again (Uprising 003; the base rules are silent).
            p.four_bonus.append(f)
            res, k = FOUR_BONUS[f]
            self.gain(p, res, k)
        self.settle_alliance(f, p)

    def settle_alliance(self, f: str, mover: Player) -> None:
        """Alliance token: first to 4 takes it; it passes to whoever rises higher;
        a holder who falls is replaced by the highest player at 4+ (FAQ)."""
        holder = self.state.alliances[f]
        h = self.players[holder] if holder is not None else None
        best = max((q.influence[f] for q in self.players), default=0)
        if h is not None and h.influence[f] >= 4 and h.influence[f] >= best:
            return
        candidates = [q for q in self.players if q.influence[f] >= 4 and q.influence[f] == best]
        new = None
        if mover in candidates:
            new = mover
        elif len(candidates) == 1 or (candidates and h is None):
            new = sorted(candidates, key=lambda q: (q.seat - (holder or 0)) % self.state.n_players)[0]
        elif candidates:
            # The falling holder chooses among the players tied for the highest (FAQ). Until
            # the token has moved, the holder holds it below others: one unfinished step.
            with self.step():
                new = candidates[self.decide(h, "alliance", [("ally", f, q.seat) for q in candidates],
                                             lambda: [-q.vp for q in candidates])]
                self._give_alliance(f, h, new)
            return
        self._give_alliance(f, h, new)

    def _give_alliance(self, f: str, h, new) -> None:
        if new is h:
            return
        if h is not None:
            self.add_vp(h, "alliance", -1)
            self.log(f"  {self.pname(h)} loses the {NAMES[f]} alliance")
        self.state.alliances[f] = new.seat if new is not None else None
        if new is not None:
            self.add_vp(new, "alliance", 1)
            self.log(f"  {self.pname(new)} takes the {NAMES[f]} alliance")

    # ------------------------------------------------------------------ units
    def deploy(self, p: Player, n: int, source: str, recruited_before: int = 0) -> None:
        if source == "supply":
            k = min(n, p.supply)
            p.supply -= k
            p.conflict += k
            self.deployed(p, k)
            return
        if n == -2:  # the troops this box recruited
            most = min(p.recruited - recruited_before, p.garrison)
        else:
            most = p.garrison if n < 0 else min(n, p.garrison)
        if most <= 0:
            return
        k = self.decide(p, "deploy", [("deploy", i) for i in range(most + 1)],
                        lambda: [float(i) for i in range(most + 1)])
        self.send_troops(p, k)

    def combat_space_deploy_most(self, p: Player) -> int:
        """After an agent goes to a combat space, players and rivals alike may deploy
        the troops recruited this turn and up to 2 more from the garrison (rules 001, 000)."""
        return min(p.garrison, p.recruited + COMBAT_GARRISON_LIMIT)

    def send_troops(self, p: Player, k: int) -> None:
        """k troops from the garrison to the Conflict."""
        p.garrison -= k
        p.conflict += k
        self.deployed(p, k)

    def deployed(self, p: Player, k: int) -> None:
        """k troops went to the Conflict: count them for this turn and run the
        leader's `on deploy` trigger."""
        if k > 0:
            p.deployed_turn += k
            for u in p.units.values():  # declared units go with the troops (decisions.md)
                u["conflict"] += u["garrison"]
                u["garrison"] = 0
            self.leader_trigger(p, "deploy")

    # ------------------------------------------------------------------ tracks
    def advance(self, ctx, track: str, n: int) -> None:
        """Up n steps, not past the top; the step reached gives its reward."""
        p = ctx.player
        top = self.content.declared("track")[track]["steps"]
        at = min(top, p.tracks[track] + n)
        if at == p.tracks[track]:
            return
        p.tracks[track] = at
        self.log(f"  {self.pname(p)} advances to step {at} of the {track.replace('_', ' ')}")
        self.track_reward(ctx, track, at)

    def cash_out(self, ctx, track: str) -> None:
        """Every step's reward from the position down to 1, then back to the bottom (rules 000)."""
        p = ctx.player
        at, p.tracks[track] = p.tracks[track], 0
        if at:
            self.log(f"  {self.pname(p)} cashes out the {track.replace('_', ' ')} from step {at}")
        for step in range(at, 0, -1):
            self.track_reward(ctx, track, step)

    def track_reward(self, ctx, track: str, step: int) -> None:
        fn = self.content.effect(track, f"step {step}")
        if fn is not None:
            fn(ctx)

    def retreat(self, p: Player, n: int) -> None:
        most = p.conflict if n < 0 else min(n, p.conflict)
        if most <= 0:
            return
        k = self.decide(p, "retreat", [("retreat", i) for i in range(most + 1)],
                        lambda: [-float(i) for i in range(most + 1)])
        p.conflict -= k
        p.garrison += k


def _count(n: int) -> str:
    return ("no", "one", "two", "three", "four")[n] if 0 <= n <= 4 else str(n)
