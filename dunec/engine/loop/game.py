"""The engine: the step loop, decisions and bookkeeping.

The rules are plain functions, one module per mechanism (engine/rules/, the
turns in loop/turns.py, the rivals' in engine/rivals/), each taking the engine
first; steps.py holds the registry of what the stack can run."""
from __future__ import annotations

from collections import deque

from dunec.engine.players import hints
from dunec.engine.effects import interpreter
from dunec.engine.rivals import play as rivals
from dunec.engine.rules import costs as rules_costs, resources as rules_resources
from dunec.engine.loop.actions import NO, YES, player_name
from dunec.engine.views.observe import SeatView
from dunec.engine.players.policies import RandomPolicy
from dunec.engine.loop.rng import _LIMITS, Rng
from dunec.engine.loop.state import FACTIONS, GameState, Player
from dunec.engine.effects.context import Ctx, context_of
from dunec.engine.loop.steps import STEPS, step


# The `choose` of a policy that picks by the number of options alone (`pick`).
_BY_COUNT = RandomPolicy.choose


class PolicyError(Exception):
    """A policy answered with something that is not one of the options."""


class ReplayError(PolicyError):
    """A recorded decision (a save, a replay) does not fit the game it replays;
    the message starts with `decisions[INDEX]`."""

    def __init__(self, index: int, problem: str):
        super().__init__(f"decisions[{index}]: {problem}")
        self.index = index


class Engine:
    """A game in play: the state, the content it plays, the seats' policies and the
    RNG, with the step loop (advance, answer, drive) and the helpers every rule
    uses (ask, later, log, run_box). The rules themselves are functions in the
    rules_*.py, turns.py, combat.py and rivals.py modules, one topic each."""
    def __init__(self, content, state: GameState, policies=None, replay=()):
        self.content = content
        self.defs = content.defs
        self.state = state
        self.players: list[Player] = state.players  # the seats never change in a game
        # The seats twice over: the seats in order from any seat are a slice (order, opponents).
        self._ring = [self.players[i % state.n_players] for i in range(2 * state.n_players)]
        # push(frame): later() for the steps every turn pushes, the frame written as a
        # dict literal by the caller (a list's append, not a Python call).
        self.push = state.stack.append
        # box name -> the ids with that box (Content.box_owners): has_box, read inline
        # where a rule asks it on every agent turn.
        self.boxed = content.box_owners()
        # The context the agent menu reads space requirements with, its fields set
        # there for each menu (turns.agent_options): not one made per menu.
        self.probe = Ctx(self, None)
        self._views: dict = {}  # seat -> its SeatView (a live view: made once)
        self.policies = policies if policies is not None else [None] * len(state.players)
        self.rng = Rng(state=state.rng_state)
        self.replay = deque(replay)
        self.quiet = False
        # Optional hook called after every decision (invariant checks). A decision asked
        # in the middle of a rule step (whom a falling holder gives an alliance to) is
        # checked once the step has finished, never half done: see `finished_step`.
        self.after_turn = None
        self.echo = None  # optional: print each log line as it happens (a person is playing)
        # The definition (or declared name) whose box is asking, while a program's op that
        # may ask runs (interpreter.ops): a decision's `about` when its rule names none.
        self.asking_for = None
        self.frame: dict = {}
        # Optional hook (engine, player) when a reveal turn's boxes have run: the cards
        # the player sent agents with this round and revealed are all in play then
        # (a study counts how often a seat played some cards: runner.game_record).
        self.on_reveal = None
        self._trash_hints: dict = {}
        # seat -> {counter: extra} for leaders with more of a counter on their own turn
        # (`extra_gain`), applied by the gain rule (rules_resources.gain); {} in most games.
        self.extra_gains = rules_resources.extra_gains(content, state.players)
        # The counters whose gains are tallied for the turn (`gained_this_turn`); empty in most games.
        self.watched_gains = rules_resources.watched_gains(content)

    # ------------------------------------------------------------------ bookkeeping
    def log(self, msg: str) -> None:
        if not self.quiet:
            self.state.log.append(msg)
            if self.echo is not None and not self.replay:
                self.echo(msg)

    def pname(self, p: Player) -> str:
        return player_name(self.defs, p)

    def cname(self, ident: str) -> str:
        return self.defs[ident]["name"]

    def sync(self) -> None:
        self.state.rng_state = self.rng.state

    def order(self) -> list[Player]:
        st = self.state
        if st.mode == "duo":
            return rivals.order(self)  # the rival acts right after the first player
        return self._ring[st.first_player:st.first_player + st.n_players]

    def opponents(self, p: Player) -> list[Player]:
        return self._ring[p.seat + 1:p.seat + self.state.n_players]

    # ------------------------------------------------------------------ frames and decisions
    def about_now(self):
        """What a decision asked now is about: the box running (a program's op or an
        effect that ends on a rule that asks), else what the step running was about,
        else the box the step runs a part of (`ref`), else the card the step runs
        for (a cost being paid)."""
        if self.asking_for is not None:
            return self.asking_for
        f = self.frame
        about = f.get("about") or f.get("card")
        if about is None and "ref" in f:
            about = f["ref"][0]
        return about

    def later(self, do: str, **loc) -> None:
        """Push a step to run once everything pushed after it has run: the rest of
        a rule that comes after something which may ask (flow.py)."""
        loc["do"] = do  # the keyword dict is the frame: one dict, not two
        about = self.asking_for
        if about is None and self.frame:  # about_now() without its call where no frame is set (drive)
            about = self.about_now()
        if about is not None:  # the rest of a box's rule: what it asks is about that box's owner
            loc["about"] = about
        self.push(loc)

    def ask(self, p: Player, kind: str, options, do: str, hint=None, about=None, words=None, **loc) -> None:
        """Ask p to pick one of the options; the step `do` then runs with the
        frame's `answer` (the option's index) and `chosen` (the option). A single
        option is taken at once and a rival answers by its fixed rules: neither is
        recorded. Otherwise the game pauses on the pending decision. `hint` is the
        datum hints.py needs beyond the state (a yes/no's value, a choice's hints).
        `about` is the id of what the decision is about (the card offering a
        payment, the space to defend), read by observers; `words` a card's own
        text for the question (a string) or for its options (a list by option
        number), read only when the decision is shown (actions.label)."""
        n = len(options)
        if n == 0:
            raise PolicyError(f"no options for {kind}")
        frame = loc
        frame["do"] = do
        self.push(frame)
        if about is None:
            about = self.asking_for
            if about is None and self.frame:  # as in later(): drive() never sets the frame
                about = self.about_now()
        if about is not None:
            frame["about"] = about
        if n == 1:
            frame["answer"], frame["chosen"] = 0, options[0]
            return
        if p.rival:  # rivals decide by fixed rules: no policy, nothing recorded
            i = rivals.choose(self, p, kind, options, lambda: hints.of(self, p, kind, options, hint))
            frame["answer"], frame["chosen"] = i, options[i]
            return
        pending = {"seat": p.seat, "kind": kind, "options": list(options), "hint": hint}
        if about is not None:
            pending["about"] = about
        if words is not None:
            pending["words"] = words
        self.state.pending = pending

    def advance(self) -> None:
        """Run steps until a decision is pending or the game is over."""
        st = self.state
        stack = st.stack
        steps = STEPS
        while st.pending is None and stack:
            f = stack.pop()
            self.frame = f  # a decision its step asks again is about what the first was (Engine.ask)
            steps[f["do"]](self, f)
        self.frame = {}
        self.state.rng_state = self.rng.state

    def answer(self, i: int) -> None:
        """Record the pending decision's answer and run on to the next one.
        An index that is not one of the options is refused and changes nothing."""
        st = self.state
        d = st.pending
        if d is None:
            raise PolicyError("no decision is pending")
        n = len(d["options"])
        if type(i) is not int or not 0 <= i < n:
            raise PolicyError(f"{d['kind']}: {i!r} is not one of {n} options")
        self._record(d, i)
        self.advance()

    def _record(self, d: dict, i: int) -> None:
        """Write the checked answer `i` of the pending decision `d` into its frame."""
        st = self.state
        frame = st.stack[-1]
        frame["answer"], frame["chosen"] = i, d["options"][i]
        st.pending = None
        st.decisions.append(i)
        if self.after_turn is not None and not any(f.get("unfinished") for f in st.stack):
            self.after_turn(self)

    def pending_hints(self):
        """The pending decision's value hints (hints.py)."""
        d = self.state.pending
        return hints.of(self, self.players[d["seat"]], d["kind"], d["options"], d["hint"])

    def drive(self) -> None:
        """Play on until the stack is empty, answering every decision from the
        replay list first, then from the seats' policies."""
        # advance() and answer() in one loop: this runs every step of a game.
        st = self.state
        stack, steps, rng, decisions = st.stack, STEPS, self.rng, st.decisions
        # The seats whose policy reads only the number of options (policies.RandomPolicy),
        # looked up once: no step swaps a policy.
        by_count = [getattr(type(policy), "choose", None) is _BY_COUNT for policy in self.policies]
        while True:
            while st.pending is None:
                try:  # no test of the stack per step: the pop of an empty one is the game's end
                    f = stack.pop()
                except IndexError:
                    break
                steps[f["do"]](self, f)
            # The state's copy of the RNG is synced wherever anything but a step may read
            # it next (the caller, a policy, a hook): steps draw from self.rng and never
            # read st.rng_state (only setup does), so the inline path below skips it.
            d = st.pending
            if d is None:
                st.rng_state = rng.state
                return
            seat = d["seat"]
            if self.replay or self.after_turn is not None or not by_count[seat]:
                st.rng_state = rng.state
                self._record(d, self._policy_answer())  # checked there: answer()'s checks are not repeated
                continue
            # A random player's answer and its _record, inline: nearly every decision
            # of a random game comes here. The plain draw (RandomPolicy.pick on all
            # but an agent turn) is RandomPolicy.below's first try; anything else
            # (a turn, no value made ahead, a rejected value) is the policy's own pick.
            options = d["options"]
            n = len(options)
            policy = self.policies[seat]
            ahead = policy.ahead
            if d["kind"] != "turn" and ahead and n < 256 and ahead[-1] < _LIMITS[n]:
                i = ahead.pop() % n
            else:
                i = policy.pick(d["kind"], n, self.players[seat])
            frame = stack[-1]
            frame["answer"], frame["chosen"] = i, options[i]
            st.pending = None
            decisions.append(i)

    def _policy_answer(self) -> int:
        d = self.state.pending
        p = self.players[d["seat"]]
        if self.replay:
            return self._replayed(d, p)
        policy = self.policies[p.seat]
        if type(policy).choose is _BY_COUNT:
            # A policy that reads only the number of options (policies.RandomPolicy)
            # is asked for its index alone: no view, no copy of the options.
            return policy.pick(d["kind"], len(d["options"]), p)
        i = policy.choose(self._view(policy, p), p, d["kind"], list(d["options"]), self.pending_hints)
        if not isinstance(i, int) or not 0 <= i < len(d["options"]):
            raise PolicyError(f"{d['kind']}: {i!r} is not one of {len(d['options'])} options")
        return i

    def _replayed(self, d: dict, p: Player) -> int:
        """The next recorded decision, checked against the pending one."""
        kind, actions = d["kind"], d["options"]
        n = len(actions)
        i = self.replay.popleft()
        if type(i) is not int or not 0 <= i < n:
            at = len(self.state.decisions)
            raise ReplayError(at, f"{i!r} is not a legal choice (options 0–{n - 1}) at decision {at + 1}, "
                                  f"a `{kind}` decision of {self.pname(p)}")
        policy = self.policies[p.seat]
        if getattr(policy, "follows_replay", False):
            # Keep a seeded policy's own RNG in step, so a resumed game goes on
            # exactly as the uninterrupted one would have.
            policy.choose(self._view(policy, p), p, kind, list(actions), self.pending_hints)
        return i

    def _view(self, policy, p: Player):
        """What the policy sees: the seat's view of the game (observe.SeatView), or
        the engine itself for a policy that declares `sees_everything`."""
        if getattr(policy, "sees_everything", False):
            return self
        view = self._views.get(p.seat)
        if view is None:
            view = self._views[p.seat] = SeatView(self, p.seat)
        return view

    def finished_step(self) -> None:
        """The end of a rule step that asked a decision before it had finished (its
        frame was marked `unfinished`): the invariant hook runs now instead."""
        if self.after_turn is not None and not any(f.get("unfinished") for f in self.state.stack):
            self.after_turn(self)

    def choose_options(self, ctx, n: int, labels, hints_, costs, factions, then: dict) -> None:
        """Pick n different options of a `choose`; an option that starts with a cost
        is offered only when the player can pay it. `labels` are the card's own words
        for its options; `factions` the faction each option is influence with, if it
        is. The step `then` runs with `picked`, the chosen option numbers."""
        p = ctx.player
        ok = [i for i in range(len(labels)) if costs[i] is None or rules_costs.can_pay(self, p, costs[i], ctx.card)]
        then["picked"] = []
        # The first pick is asked here, not from a frame of its own: that frame would be
        # popped next, and choose_pick reads nothing but its own fields (the decision
        # names its `about`; it is the picks' answers that come back to a frame).
        choose_pick(self, {"seat": p.seat, "picks": min(n, len(ok)), "ok": ok, "labels": list(labels),
                           "hints": list(hints_) if hints_ else None,
                           "factions": list(factions or (None,) * len(labels)), "then": then})

    def context(self, player, card=None, space=None, box="", owner=None, forced=False) -> Ctx:
        """An effect context for a box run by a rule (context.py)."""
        return Ctx(self, player, card, space, box, owner, forced)

    def context_of(self, data: dict) -> Ctx:
        return context_of(self, data)

    def run_box(self, ident: str, box: str, ctx) -> None:
        """Run one box of a definition for ctx (in tail position: what follows it
        in the caller's rule is already on the stack). A box that cannot ask runs
        now; one that may ask runs from frames (interpreter.py)."""
        key = (ident, box)
        if key in self.content.programs:
            interpreter.start(self, ident, box, ctx.data())
            return
        fn = self.content.effects.get(key)
        if fn is not None:
            self._run_effect(fn, ctx, ident)

    def has_box(self, ident: str, box: str) -> bool:
        return ident in self.boxed.get(box, ())

    def run_boxes(self, boxes) -> None:
        """Run boxes one after another (tail position): (ident, box, player, card,
        space) each. Those that cannot ask run at once; from the first that may,
        it and the rest wait on the stack in order."""
        programs, effects = self.content.programs, self.content.effects
        outer = self.asking_for
        try:
            for k, (ident, box, p, card, space) in enumerate(boxes):
                key = (ident, box)
                if key in programs:
                    self.asking_for = outer
                    for later in reversed(boxes[k + 1:]):
                        self.box_later(later[0], later[1], later[2], later[3], later[4])
                    interpreter.start(self, ident, box, Ctx(self, p, card, space, box).data())
                    return
                fn = effects.get(key)
                if fn is not None:
                    # _run_effect for each box, its `asking_for` put back once at the end:
                    # nothing between two boxes reads it.
                    self.asking_for = ident
                    fn(Ctx(self, p, card, space, box))
        finally:
            self.asking_for = outer

    def _run_effect(self, fn, ctx, ident: str) -> None:
        """A box that runs straight through; a rule it ends on may still ask (in tail
        position), and that decision is about the box's owner."""
        outer, self.asking_for = self.asking_for, ident
        try:
            fn(ctx)
        finally:
            self.asking_for = outer

    def box_later(self, ident: str, box: str, p: Player, card=None, space=None) -> None:
        """Run the box for p after everything pushed from now on (a frame); its
        context counts the troops recruited before it from when it runs."""
        if ident in self.boxed.get(box, ()):  # has_box, inline: a box or two are left for every agent turn
            self.state.stack.append({"do": "box", "ident": ident, "box": box, "ctx": {
                "seat": p.seat, "owner": p.seat, "card": card, "space": space, "box": box, "forced": False}})

    def yes_no(self, p: Player, kind: str, label: str, hint: float, do: str, about=None, **loc) -> None:
        """A yes/no question; `do` runs with `answer` 0 for yes. `label` is the
        question's words (shown, never part of the option)."""
        self.ask(p, kind, [YES, NO], do, hint, about, label, **loc)

    def pick_opponent(self, p: Player, label: str, do: str, about=None, **loc) -> bool:
        """Ask p to pick an opponent; `do` runs with `chosen` = ("opponent", seat).
        False when p has no opponent (nothing is asked)."""
        opps = self.opponents(p)
        if not opps:
            return False
        self.ask(p, "opponent", [("opponent", o.seat) for o in opps], do, None, about, label, **loc)
        return True

    # ------------------------------------------------------------------ the game
    def log_summary(self) -> None:
        if self.quiet:
            return
        for p in self.order():
            inf = " ".join(f"{f[:3]}{p.influence[f]}" for f in FACTIONS)
            self.log(f"  end of round {self.state.round}: {self.pname(p)} {p.vp} VP | {p.solari} Solari "
                     f"{p.spice} spice {p.water} water | garrison {p.garrison} | influence {inf} | "
                     f"{len(p.intrigue)} intrigue")

    def play(self) -> GameState:
        """Play from wherever the state is to the end, asking the policies."""
        st = self.state
        if not st.stack and st.pending is None:
            if st.phase == "setup":
                flow.start(self)
            elif st.phase == "rounds":  # a state set up by hand between rounds
                self.later("round_begins")
        self.drive()
        return self.state


@step
def box(e, f):
    ident, name, data = f["ident"], f["box"], f["ctx"]
    if (ident, name) in e.content.programs:
        # run_box(..., context_of(e, data)) without making the context: the frame's data
        # is what its ctx.data() would give, the troops counted from now.
        if "before" not in data:
            data["before"] = e.players[data["seat"]].recruited
        interpreter.start(e, ident, name, data)
        return
    fn = e.content.effects.get((ident, name))  # run_box's other half: the programs are looked up above
    if fn is not None:
        outer, e.asking_for = e.asking_for, ident  # _run_effect, inline (a box or two for every agent turn)
        try:
            fn(context_of(e, data))
        finally:
            e.asking_for = outer


@step
def choose_pick(e, f):
    """One pick of a `choose`; it comes back here with each answer until the
    picks are made, then the frame `then` runs with `picked`."""
    then = f["then"]
    if "chosen" in f:
        then["picked"].append(f["chosen"][2])
    if len(then["picked"]) >= f["picks"]:
        e.state.stack.append(then)
        return
    picked = then["picked"]
    idx = [i for i in f["ok"] if i not in picked]
    labels, factions = f["labels"], f["factions"]
    hints_ = f["hints"]
    owner = then["ref"][0]  # the definition whose `choose` this is
    e.ask(e.players[f["seat"]], "choose", [("option", owner, i, factions[i]) for i in idx], "choose_pick",
          [hints_[i] for i in idx] if hints_ else None, owner, labels, seat=f["seat"], picks=f["picks"], ok=f["ok"],
          labels=labels, hints=hints_, factions=factions, then=then)


# The modules whose steps a game runs (imported last: they use the engine's helpers by name only).
from dunec.engine.rules import combat  #noqa: E402,F401
from dunec.engine.loop import flow
