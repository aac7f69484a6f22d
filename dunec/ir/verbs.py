"""One row per verb: everything the toolchain knows about an effect word.

A row gives the verb as written, the argument forms the checker accepts and how
each lowers to an IR `Op(kind, args)`, the boxes it may stand in, its rules text
(`dunec show`, option labels), its value hint, the effect-context method both
back-ends call to play it, and whether playing it may ask a decision or run
another box. The checker's verb table (check/tables.py), its lowering
(check/effects.py), `describe.op`, `value.estimate` and the code generator's
calls are derived from these rows; adding a verb is one row here plus its
engine mechanism (docs/language.md, "Adding a verb").

A verb that lowers to two op kinds (`lose 2 spice`, `lose influence any 1`) has
a row per kind, with the same word; a row per written word shares one op kind
when the words mean the same operation (the plain gains `vp 1`, `draw 2`).
The control constructs (`pay`, `choose`, `if`, `for each`, `each opponent`) are
statements of the grammar, not verbs: they keep their structured code, and
CONTROL says which of them may ask. This module imports neither the engine nor
the code generator.
"""
from __future__ import annotations

from collections.abc import Callable

from dunec.ir.lexicon import amount, name, plural, unit_names, units, worth
from dunec.record import Frozen

# Boxes, grouped by when they run. "turn" boxes run on the owner's own turn.
ALL_BOXES = ("agent", "reveal", "acquire", "plot", "combat", "endgame", "win", "trash",
             "discard", "space", "control", "reward", "signet", "passive", "game_start",
             "high_council", "space_paid", "harvest", "once", "hagal", "deploy", "track", "round_start",
             "lose_troops", "reach", "agent_at", "opponent_agent_at")
NOT_IN_COMBAT = tuple(b for b in ALL_BOXES if b not in ("combat", "endgame", "reward", "win"))
REVEAL_LIKE = ("reveal", "combat", "hagal")
PERSUASION_BOXES = ("reveal", "space", "agent", "plot", "signet", "acquire")
PASSIVE = ("passive",)

Lower = Callable[[str, str, list], tuple]  # (word, matched form, slot values) -> the op's args


def _values(word: str, form: str, v: list) -> tuple:
    return tuple(v)


class VerbRow(Frozen):
    """One effect verb (or one op kind of a verb that lowers to several).

    word: as written in a card file; forms: the accepted argument forms
    (check/forms.py), "" takes none; text: the rules text, a fixed phrase or made
    from the op's args (None: the kind's words); worth: the value hint, a number
    or made from the op's args (for a block verb, a factor on the estimate of its
    body); asks: playing it may ask a player a decision or run another card's box
    (the engine rule behind `method`: a decision asked, a leader trigger, an
    alliance, a box run); kind: the IR op kind (the word by default); lower: card
    references (`<card>`, `<reserve>`) come to it resolved; method: the
    effect-context (Ctx) method that plays it, called with the op's args (the kind
    by default, "" for a verb the engine does not run: a rule modifier, another
    set's mechanism); block: takes a { ... } body, played for another player; needs: a checker rule a form
    must also pass, form -> rule (check/effects.py NEEDS); watches: a rule modifier
    whose first argument is a counter the rules watch, so every gain of it goes
    through the gain rule (codegen inlines only unwatched gains).
    """
    __slots__ = FIELDS = ("word", "forms", "text", "worth", "asks", "boxes", "kind", "lower", "method",
                          "block", "needs", "watches")

    def __init__(self, word: str, forms: tuple, text: str | Callable[[tuple], str] | None = None,
                 worth: float | Callable[[tuple], float] = 0.5, asks: bool = False,
                 boxes: tuple = ALL_BOXES, kind: str = "", lower: Lower = _values, method: str | None = None,
                 block: bool = False, needs: dict | None = None,
                 watches: bool = False) -> None:
        set_ = object.__setattr__
        for f, v in zip(self.FIELDS, (word, forms, text, worth, asks, boxes, kind, lower, method, block,
                                       {} if needs is None else needs, watches)):
            set_(self, f, v)

    @property
    def op(self) -> str:
        return self.kind or self.word

    @property
    def runtime(self) -> str:
        return self.op if self.method is None else self.method

    def say(self, args: tuple) -> str:
        if self.text is None:
            return self.op.replace("_", " ")
        return self.text if isinstance(self.text, str) else self.text(args)

    def value(self, args: tuple) -> float:
        return self.worth(args) if callable(self.worth) else self.worth


# ---------------------------------------------------------------- lowerings
def _gain(word: str, form: str, v: list) -> tuple:
    return (word, v[0])


def _faction_or_word(word: str, form: str, v: list) -> tuple:
    """`influence fremen 1` -> ("fremen", 1); `influence any 1` -> ("any", 1)."""
    return (v[0] if form.startswith("<") else form.split()[0], v[-1])


def _lose_influence(word: str, form: str, v: list) -> tuple:
    return (v[0] if "<faction>" in form else "any", v[-1])


def _deploy(word: str, form: str, v: list) -> tuple:
    if form == "any":
        return (-1, "garrison")
    if form == "recruited":
        return (-2, "garrison")
    return (v[0], "supply" if "supply" in form else "garrison")


def _retreat(word: str, form: str, v: list) -> tuple:
    return (-1 if form == "any" else v[0],)


def _units_of(word: str, form: str, v: list) -> tuple:
    """`retreat_for 3` -> ("any", 3): units of any kinds; `retreat_for troops 3` -> ("troops", 3)."""
    return ("any", v[0]) if form == "<int>" else (v[0], v[1])


def _trash(word: str, form: str, v: list) -> tuple:
    if form in ("this", "other_grafted"):
        return (form, "")
    if len(v) == 2:  # `trash card from play emperor`: a card of that faction
        return ("card", v[0], v[1])
    return ("card", v[0] if v else "")


def _trash_text(a: tuple) -> str:
    if a[0] == "this":
        return "trash this card"
    if a[0] == "other_grafted":
        return "trash the other grafted card"
    if len(a) > 2:
        return f"trash another {name(a[2])} card from your {_ZONE_WORDS.get(a[1], a[1])}"
    return f"trash a card{' from your ' + _ZONE_WORDS.get(a[1], a[1]) if a[1] else ''}"


def _acquire(word: str, form: str, v: list) -> tuple:
    return (v[0], form.endswith("top"))


def _place_piece(word: str, form: str, v: list) -> tuple:
    """`spies 1` -> ("spies", 1, ()); `spies 1 near city fremen` -> ("spies", 1, ("city", "fremen"));
    `spies 1 here shared` -> ("spies", 1, (), "here", "shared") (the words only when written)."""
    return (word, v[0], tuple(v[1:])) + tuple(w for w in ("here", "shared") if w in form.split())


def _place_piece_text(a: tuple) -> str:
    which = " or ".join(name(i) for i in a[2])
    near = f" linked to {'an' if which[:1] in 'AEIOU' else 'a'} {which} space" if a[2] else ""
    if "here" in a[3:]:
        near += " linked to the board space you sent this Agent to"
    free = "a free post" if a[1] == 1 else "free posts"
    if "shared" in a[3:]:
        free = "a post free of your own (another player's may be there)" if a[1] == 1 else \
            "posts free of your own (another player's may be there)"
    return f"place {units(a[0], a[1])} on {free}{near}"


def _buy(word: str, form: str, v: list) -> tuple:
    """`buy tech_tiles discount 1` -> ("tech_tiles", 1, ""); `... with solari` -> (.., 0, "solari")."""
    return (v[0], v[1] if "discount" in form else 0, v[1] if "with" in form else "")


# ---------------------------------------------------------------- rules text
def _many(thing: str) -> str:
    """What many of a resource or unit kind are called: `Solari`, `Dreadnoughts`."""
    return unit_names(thing)[1]


def _your_units(kind: str, n: int) -> str:
    """`3 of your units`, `3 of your troops`."""
    return f"{n} of your {'units' if kind == 'any' else _many(kind)}"


def _buy_text(a: tuple) -> str:
    text = f"acquire one of the {name(a[0])}"
    if a[1]:
        text += f" for {a[1]} less"
    if a[2]:  # the market's currency replaced: a card offering both writes a `choose`
        text += f", paying with {_many(a[2])}"
    return text


def _influence_text(a: tuple) -> str:
    where = {"any": "any Faction", "space": "that space's Faction", "all": "each Faction",
             "behind": "a Faction where an opponent has more than you",
             "secret": "each Faction you chose in secret, revealing them",
             "spied": "each Faction you are spying on"}.get(a[0], name(a[0]))
    return f"+{a[1]} Influence with {where}"


def _deploy_text(a: tuple) -> str:
    if a[0] == -2:
        return "deploy any of these recruited troops"
    n = "any number of" if a[0] < 0 else f"up to {a[0]}"
    if a[1] == "garrison":
        return f"deploy {n} troops from your garrison"
    return f"deploy {a[0]} {plural(a[0], 'troop')} from your supply"


def _gain_row(word: str, boxes: tuple) -> VerbRow:
    """A plain gain (`vp 1`): a set's counters and unit kinds lower to the same op."""
    return VerbRow(word, ("<int>",), boxes=boxes, kind="gain", lower=_gain, text=_gain_text, worth=_gain_worth)


def _gain_text(a: tuple) -> str:
    return amount(a[0], a[1])


def _gain_worth(a: tuple) -> float:
    return worth(a[0]) * a[1]


CARD_BOXES = ("agent", "reveal", "plot", "signet")
TRASH_BOXES = ("agent", "reveal", "plot", "combat", "space", "reward", "signet", "acquire", "track")
_ZONE_WORDS = {"discard": "discard pile", "play": "cards in play"}

ROWS: tuple[VerbRow, ...] = (
    # plain gains: `vp 1` (a set's counters and units are gains too: `spice 2`)
    _gain_row("persuasion", PERSUASION_BOXES),
    _gain_row("swords", REVEAL_LIKE),
    _gain_row("vp", ALL_BOXES),
    _gain_row("intrigue", tuple(b for b in ALL_BOXES if b not in ("combat", "endgame"))),
    _gain_row("draw", NOT_IN_COMBAT + ("win",)),
    VerbRow("lose", ("<losable> <int>",), asks=True,
            text=lambda a: f"lose {units(a[0], a[1])}", worth=lambda a: -worth(a[0]) * a[1] * 0.8),
    VerbRow("lose", ("influence <faction> <int>", "influence any <int>"), kind="lose_influence", asks=True,
            lower=_lose_influence, worth=lambda a: -2.6 * a[1],
            text=lambda a: f"lose {a[1]} Influence with {'a Faction' if a[0] == 'any' else name(a[0])}"),
    VerbRow("influence", ("<faction> <int>", "any <int>", "space <int>", "all <int>", "behind <int>",
                          "secret <int>", "spied <int>"),
            boxes=tuple(b for b in ALL_BOXES if b not in ("combat",)), asks=True, lower=_faction_or_word,
            text=_influence_text, needs={"space <int>": "agent_box"},
            worth=lambda a: 2.6 * a[1] * (4 if a[0] == "all" else 2 if a[0] in ("secret", "spied") else 1)),
    # units
    VerbRow("deploy", ("<int>", "any", "<int> from supply", "recruited"),
            boxes=("agent", "reveal", "plot", "combat", "signet", "space", "control", "hagal"), asks=True,
            lower=_deploy, text=_deploy_text,
            worth=lambda a: 1.2 * (2 if a[0] < 0 else a[0]) if a[1] == "garrison" else 2.5 * a[0]),
    VerbRow("retreat", ("<int>", "any"), boxes=("reveal", "plot", "combat"), asks=True, lower=_retreat,
            text=lambda a: "retreat any number of troops" if a[0] < 0 else f"retreat up to {a[0]} troops",
            worth=0.3),
    # cards
    VerbRow("trash", ("this", "card", "card from <zone>", "card from <zone> <faction>", "other_grafted"),
            boxes=TRASH_BOXES, asks=True,
            lower=_trash,
            needs={"this": "card_definition", "other_grafted": "grafted_agent_box"},
            text=_trash_text,
            worth=lambda a: 0.8 if a[0] == "card" else -0.5),
    # `trash intrigue N`: N of your Intrigue cards, your choice, leave the game (the
    # player's trash pile; rules/intrigue.py)
    VerbRow("trash", ("intrigue <int>",), kind="trash_intrigue", boxes=TRASH_BOXES, asks=True,
            text=lambda a: f"trash {a[0]} of your Intrigue cards" if a[0] > 1 else "trash one of your Intrigue cards",
            worth=lambda a: -1.2 * a[0]),
    # `trash card from hand { ... }`: the body runs after a card is trashed, about that
    # card (`trashed_cost`: Princess Irulan's "if it has a cost of 1+"); nothing trashed,
    # no body.
    VerbRow("trash", ("card", "card from <zone>"), kind="trash_for", block=True, method="trash_for",
            boxes=("agent", "reveal", "plot", "combat", "space", "reward", "signet", "acquire", "track"), asks=True,
            lower=_trash, text=lambda a: _trash_text(a) + "; if you do", worth=1.0),
    VerbRow("discard", ("<int>",), boxes=CARD_BOXES, asks=True,
            text=lambda a: f"discard {a[0]} {plural(a[0], 'card')}", worth=lambda a: -1.5 * a[0]),
    # `discard N { ... }`: the body runs after the discards, reading the cards discarded
    # (the condition `discarded FACTION`: Guild Envoy's "if you discarded a Spacing Guild card")
    VerbRow("discard", ("<int>",), kind="discard_then", block=True, method="discard_then", boxes=CARD_BOXES,
            asks=True, text=lambda a: f"discard {a[0]} {plural(a[0], 'card')}, then", worth=0.8),
    # `combat`: a combat intrigue card acquires too (Uprising's Devour, Impress: docs/decisions.md)
    VerbRow("acquire", ("cost <= <int>", "cost <= <int> top"), boxes=CARD_BOXES + ("combat",), asks=True,
            lower=_acquire,
            text=lambda a: f"acquire a card costing {a[0]} or less{' onto your deck' if a[1] else ''}",
            worth=lambda a: 0.9 * a[0]),
    # "put that card in your hand" (Tleilaxu Master with the second genetic marker)
    VerbRow("acquire", ("cost <= <int> hand",), kind="acquire_to_hand", boxes=CARD_BOXES + ("combat",), asks=True,
            text=lambda a: f"acquire a card costing {a[0]} or less into your hand", worth=lambda a: 1.1 * a[0]),
    # "acquire a card to your hand using Solari instead of Persuasion" (Price is No Object):
    # a card of the Imperium Row or a reserve pile, its price paid with the counter
    VerbRow("acquire", ("with <counter>", "with <counter> hand"), kind="acquire_with", boxes=CARD_BOXES + ("combat",),
            asks=True, lower=lambda word, form, v: (v[0], form.endswith("hand")), worth=3.0,
            text=lambda a: f"you may acquire a card{' into your hand' if a[1] else ''}, paying its cost with "
                           f"{_many(a[0])} instead of Persuasion"),
    # "acquire a card that costs 1" (Princess Irulan): exactly that printed cost.
    VerbRow("acquire", ("cost == <int>",), kind="acquire_exact", boxes=CARD_BOXES + ("combat",), asks=True,
            text=lambda a: f"acquire a card costing {a[0]}", worth=lambda a: 0.9 * max(a[0], 1)),
    VerbRow("gain_card", ("<reserve>",), boxes=NOT_IN_COMBAT, asks=True,
            text=lambda a: f"gain a {name(a[0])} card", worth=1.5),
    VerbRow("steal", ("intrigue <int>",), boxes=NOT_IN_COMBAT, kind="steal_intrigue",
            text=lambda a: f"take {a[0]} random Intrigue card(s)", worth=1.5),
    VerbRow("shuffle_discard", ("",), boxes=("plot", "agent", "reveal"),
            text="shuffle your discard pile into your deck"),
    # agents and seats
    VerbRow("retrieve", ("<faction> from discard",), boxes=CARD_BOXES, asks=True, worth=1.6,
            text=lambda a: f"put a {name(a[0])} card from your discard pile into your hand"),
    # "Return this card from play to your hand" (Stillsuit Manufacturer)
    VerbRow("return_to_hand", ("this",), boxes=("agent",), worth=2.0, needs={"this": "card_definition"},
            text="return this card from play to your hand"),
    VerbRow("draw_or_trash_top", ("",), boxes=CARD_BOXES, asks=True, worth=1.6,
            text="look at the top card of your deck: draw it or trash it"),
    # Long Live the Fighters: "if your deck has three or more cards, look at the top three:
    # draw one, discard one, trash one" (the others than the two chosen are discarded)
    VerbRow("sort_top", ("<int>",), boxes=CARD_BOXES, asks=True, worth=lambda a: 0.8 + 0.4 * a[0],
            text=lambda a: f"if your deck has {a[0]} or more cards, look at the top {a[0]}: draw one, trash one, "
                           f"discard the {'other' if a[0] == 3 else 'others'}"),
    VerbRow("discount", ("<card> <int>",), boxes=("reveal", "plot", "agent"),
            text=lambda a: f"{name(a[0]).title()} costs {a[1]} less this turn", worth=lambda a: 0.6 * a[1]),
    VerbRow("acquire_to_top", ("",), boxes=("plot", "agent", "reveal"),
            text="you may put cards you acquire this round on top of your deck"),
    # remove all cards from the Imperium Row (to the trash), then deal a new Row of 5
    VerbRow("new_row", ("",), boxes=NOT_IN_COMBAT, worth=1.0,
            text="remove all cards from the Imperium Row, then deal a new Imperium Row"),
    VerbRow("manipulate", ("",), boxes=("signet", "plot", "agent"), asks=True, worth=2.0,
            text="remove a card from the Imperium Row: during your Reveal turn this round only you may "
                 "acquire it, for 1 Persuasion less"),
    # Graft (engine/rules/graft.py): what a card's agent box does with the other grafted card
    VerbRow("copy_agent_box", ("other_grafted",), boxes=("agent",), asks=True, worth=1.5,
            lower=lambda word, form, v: (form,), needs={"other_grafted": "grafted_agent_box"},
            text="this card has the same Agent box as the other grafted card"),
    VerbRow("return_at_reveal", ("other_grafted",), boxes=("agent",), worth=1.0,
            lower=lambda word, form, v: (form,), needs={"other_grafted": "grafted_agent_box"},
            text="at the start of your Reveal turn, return the other grafted card from play to your hand"),
    # this turn only: rules that bend for the player's agent
    VerbRow("extra_icon", ("<icon>",), boxes=("plot",),
            text=lambda a: f"the card you play this turn also has the {name(a[0])} icon"),
    VerbRow("infiltrate", ("",), boxes=("plot",), text="enemy agents don't block your agent this turn"),
    # a turn rule (Shaddam Corrino IV's Emperor of the Known Universe): the player deploys
    # no unit to the Conflict for the rest of this turn (rules/deploy.py offer_deploy)
    VerbRow("no_deploy", ("",), boxes=("plot", "agent", "signet", "reveal"),
            text="you may not deploy units to the Conflict this turn", worth=-1.0),
    # the entries of a free market completed at the space are set aside for this player alone,
    # taken through the market's verb in place of a face-up one (Shaddam's Sardaukar
    # Commander; rules/contracts.py reserve)
    VerbRow("reserve", ("<market> <space>",), boxes=("game_start",), worth=1.0,
            text=lambda a: f"the {name(a[0])} for {name(a[1])} are set aside for you alone"),
    VerbRow("pass_turn", ("",), boxes=("plot",), text="you may pass this turn"),
    VerbRow("block_space", ("",), boxes=("agent", "plot"), asks=True, worth=2.0,
            text="block a board space for your opponents this round"),
    # the combat icon (Immortality): this agent turn ends as at a combat space
    VerbRow("combat_space", ("",), boxes=("agent",), worth=1.5,
            text="you may deploy troops this turn as though your agent went to a combat space"),
    # "you may deploy any troops you recruit this turn to the Conflict" (Sardaukar Coordination)
    VerbRow("deploy_recruits", ("",), boxes=("agent",), worth=1.0,
            text="you may deploy any troops you recruit this turn to the Conflict"),
    VerbRow("double_harvest", ("",), boxes=("agent",), worth=2.0,
            text="harvest the space's spice again (not the bonus)"),
    # a House Hagal card at a maker space: the space's spice and its bonus spice
    VerbRow("harvest", ("",), boxes=("hagal",), worth=4.0, text="the maker space's spice and its bonus spice"),
    # a House Hagal card that writes the spice it takes (Uprising's rival deck): the bonus only
    VerbRow("bonus_spice", ("",), boxes=("hagal",), worth=1.0, text="the maker space's bonus spice"),
    VerbRow("recall", ("agent",), boxes=("plot", "agent", "reveal", "signet", "space"), asks=True, worth=3.0,
            text="recall one of your agents"),
    # "recall the Agent you sent this turn" (Twisted Mentat): the agent of this box's space
    VerbRow("recall", ("agent here",), kind="recall_here", boxes=("plot", "agent", "reveal", "signet", "space"),
            worth=3.0,
            needs={"agent here": "sent_agent"},
            text="recall the agent you sent this turn"),
    # "recall one of your other Agents" (a CHOAM contract's reward): never the agent this
    # box's space holds
    VerbRow("recall", ("agent other",), kind="recall_other", boxes=("plot", "agent", "reveal", "signet", "space"),
            asks=True, worth=3.0, text="recall one of your other agents"),
    VerbRow("mentat", ("",), boxes=("plot", "space", "reward", "agent", "signet"), worth=3.0,
            text="take the Mentat"),
    VerbRow("swordmaster", ("",), boxes=("space", "plot", "agent", "reveal", "reward"), worth=14.0,
            text="gain your Swordmaster"),
    # the seat's leader trigger (`on high_council`) may ask
    VerbRow("high_council", ("",), boxes=("space", "plot", "agent", "reveal", "reward"), asks=True, worth=11.0,
            text="take a High Council seat"),
    VerbRow("control", ("<location>",), boxes=("reward",), worth=4.0, text=lambda a: f"{name(a[0])} Control"),
    # a hidden choice: N different factions chosen in secret, revealed by `influence secret N`
    VerbRow("secret_factions", ("<int>",), boxes=("game_start",), asks=True,
            text=lambda a: f"choose {a[0]} different {plural(a[0], 'Faction')} in secret"),
    # a two-sided leader (`side ID "Title" { }`): turned over, its other face's boxes and
    # modifiers from now on (rules/agents.py flip_leader); only in such a leader (E0477)
    VerbRow("flip_leader", ("",), boxes=NOT_IN_COMBAT, worth=1.0, needs={"": "two_sided_leader"},
            text="flip your leader over"),
    # the space the agent was sent to this turn: its effect again, not its influence
    # (Reverend Mother Jessica); where that space is known (E0479)
    VerbRow("repeat_space", ("",), boxes=NOT_IN_COMBAT, asks=True, worth=2.0, needs={"": "sent_space"},
            text="the effect of the board space your agent was sent to, again (not its influence)"),
    VerbRow("signet", ("",), boxes=("agent", "hagal"), asks=True, worth=1.5, needs={"": "card_or_hagal"},
            text="use your leader's signet ring"),
    # scopes: the body is played by an opponent the player picks
    # an optional block: the player is asked whether to play it ("you may ...")
    VerbRow("may", ("",), block=True, boxes=NOT_IN_COMBAT + ("combat",), asks=True, worth=0.5, method="may",
            text="you may"),
    VerbRow("opponent", ("",), block=True, boxes=NOT_IN_COMBAT + ("combat",), asks=True, worth=-1.0,
            method="pick_opponent", text="an opponent of your choice"),
    # rule modifiers (leader passives): read by the engine's rules, never played
    VerbRow("space_cost", ("<icon> <payable> <int>",), boxes=PASSIVE, method="",
            text=lambda a: f"{name(a[0])} spaces cost {abs(a[2])} {a[1]} {'less' if a[2] < 0 else 'more'}"),
    VerbRow("ignore_block", ("<icon>",), boxes=PASSIVE, method="",
            text=lambda a: f"enemy agents don't block you at {name(a[0])} spaces"),
    VerbRow("see_top_card", ("",), boxes=PASSIVE, method="",
            text="you may look at the top card of your deck at any time"),
    # tracks a set declares: one step up (not past the top), or back to the bottom
    # collecting the reward of that step and of every step below (a step's reward may ask).
    # A track step is worth its rewards only when cashed; the op does not carry them.
    # `advance`: N moves, each paying the step or cell reached (a graph's player picks
    # between two links); it may stand in a combat box (rules/tracks.py).
    VerbRow("advance", ("<track> <int>",), boxes=NOT_IN_COMBAT + ("combat", "endgame"), asks=True,
            worth=lambda a: 1.0 * a[1],
            text=lambda a: f"advance on the {name(a[0])}" if a[1] == 1 else
            f"advance {a[1]} times on the {name(a[0])}"),
    VerbRow("cash_out", ("<track>",), boxes=NOT_IN_COMBAT, asks=True, worth=2.0,
            text=lambda a: f"cash out the {name(a[0])}: its rewards up to your step, then back to the bottom"),
    # Rise of Ix: its content is data (cards/ix); a row with method "" is a verb the
    # engine does not play yet. Units are engine/rules/units.py, the freighter (`move`)
    # the track mechanism (rules/tracks.py), each other card verb the module of
    # engine/rules/ named for its mechanism.
    VerbRow("buy", ("<market>", "<market> discount <int>", "<market> with <counter>"), boxes=NOT_IN_COMBAT,
            asks=True, lower=_buy, text=_buy_text, worth=lambda a: 4.0 + 0.8 * a[1]),
    # a House Hagal card of Immortality: the card in one slot of a slot market leaves the game
    VerbRow("trash_slot", ("<market> <int>",), boxes=NOT_IN_COMBAT, worth=0.0,
            text=lambda a: f"trash the card in slot {a[1]} of the {name(a[0])} (the slot is refilled)"),
    VerbRow("move", ("<track> <int>",), boxes=NOT_IN_COMBAT + ("reward",), asks=True, worth=lambda a: 1.5 * a[1],
            text=lambda a: f"{a[1]} {plural(a[1], 'move')} on the {name(a[0])} (each: one step up, "
                                         f"or back to the bottom collecting the rewards up to your step)"),
    VerbRow("deploy_units", ("<int>",), boxes=("agent", "reveal", "plot", "combat", "signet", "space"), asks=True,
            worth=lambda a: 1.5 * a[0], method="deploy_units",
            text=lambda a: f"deploy up to {a[0]} {plural(a[0], 'unit')} of any kind from your garrison"),
    VerbRow("retreat_unit", ("<unit> <int>", "any <int>"), boxes=("agent", "reveal", "plot", "combat"), asks=True,
            worth=-0.5, method="retreat_unit", lower=_faction_or_word,
            text=lambda a: f"retreat {units(a[0], a[1]) if a[0] != 'any' else f'{a[1]} ' + plural(a[1], 'unit')} "
                           f"from the Conflict to the garrison"),
    VerbRow("retreat_for", ("<int>", "<unit> <int>"), block=True, boxes=("reveal", "plot", "combat"), asks=True,
            worth=0.8, method="retreat_for", lower=_units_of,
            text=lambda a: f"you may retreat {_your_units(a[0], a[1])} from the Conflict to your garrison for"),
    VerbRow("return_for", ("<unit> <int>",), block=True, boxes=("win", "combat", "reward"), asks=True, worth=0.8,
            method="return_for",
            text=lambda a: f"you may return {units(a[0], a[1])} from the Conflict to your supply "
                           f"(not placed on the board) for"),
    VerbRow("swap_intrigue", ("<int>", "any"), boxes=NOT_IN_COMBAT, asks=True, worth=1.0, lower=lambda w, f, v: (-1 if f == "any" else v[0],),
            text=lambda a: f"put {'any number of' if a[0] < 0 else a[0]} of your Intrigue cards on the bottom of "
                           f"the Intrigue deck, then draw as many"),
    VerbRow("pick_intrigue", ("<int>",), boxes=NOT_IN_COMBAT, asks=True, worth=2.5, text=lambda a: f"look at the top {a[0]} Intrigue cards: keep 1, put the others back on top"),
    VerbRow("influence_visited", ("all <int>", "one <int>"), boxes=NOT_IN_COMBAT, asks=True,
            lower=lambda w, f, v: (f.split()[0], v[0]), worth=lambda a: 2.6 * a[1] * (2 if a[0] == "all" else 1),
            text=lambda a: f"+{a[1]} Influence with " + (
                "each Faction that has one of your Agents on its board spaces" if a[0] == "all" else
                "a Faction whose board space you sent an Agent to this turn")),
    VerbRow("cheaper_space", ("<space> <counter> <int>",), boxes=("agent",), worth=lambda a: 0.8 * a[2],
            text=lambda a: f"sending an Agent to {name(a[0])} with this card costs "
                                         f"{units(a[1], a[2])} less"),
    VerbRow("extra_turn", ("",), boxes=("agent",), worth=3.0, text="you may take another turn right after this one"),
    VerbRow("set_aside", ("",), block=True, boxes=("round_start",), asks=True, worth=1.0, method="set_aside", text="set aside a card from your hand until your first turn of the round is over; when you send an Agent "
                 "with it this round"),
    # a rule for the rest of the round (engine/rules/watchers.py): the block runs whenever
    # the event happens to the player (Uprising's Call to Arms)
    VerbRow("this_round", ("acquire",), block=True, boxes=("agent", "reveal", "plot", "signet"), asks=True,
            worth=1.0, method="this_round", lower=lambda w, f, v: (f,),
            text=lambda a: f"this round, whenever you {a[0]} a card"),
    VerbRow("snooper_influence", ("<int>",), boxes=NOT_IN_COMBAT, asks=True, worth=lambda a: 2.6 * a[0],
            text=lambda a: f"+{a[0]} Influence with a Faction where you have a Snooper token"),
    # A set's board-held flag (engine/rules/flags.py): `clear FLAG` lowers it for the
    # rest of the game (Uprising's Shield Wall: "remove the Shield Wall").
    VerbRow("clear", ("<flag>",), boxes=tuple(b for b in ALL_BOXES if b != "passive"), worth=0.5,
            text=lambda a: f"remove the {name(a[0])}"),
    # rule modifiers first printed by Rise of Ix: open to every set, read by the engine's rules
    VerbRow("win_ties", ("",), boxes=PASSIVE, method="",
            text="you win ties at the end of the game"),
    # `acquire_on_top MARKET`: only the cards of the kind that market sells (a track's
    # `from COLUMN` box: Immortality's Tleilaxu cards once the first genetic marker is reached).
    VerbRow("acquire_on_top", ("", "<market>"), boxes=PASSIVE, method="",
            text=lambda a: "you may put the cards you acquire on top of your deck" if not a else
            f"you may put the cards you acquire from the {name(a[0])} on top of your deck"),
    VerbRow("track_extra", ("<track> <unit> <int>",), boxes=PASSIVE, method="",
            text=lambda a: f"whenever you gain {_many(a[1])} from the {name(a[0])}, gain "
                           f"{a[2]} more; you may deploy any of them to the Conflict"),
    VerbRow("unit_strength", ("<unit> <int>",), boxes=PASSIVE, method="",
            text=lambda a: f"your {_many(a[0])} have strength {a[1]}"),
    VerbRow("extra_gain", ("<counter> <int>",), boxes=PASSIVE, method="", watches=True,
            text=lambda a: f"whenever you gain {_many(a[0])} on your turn, gain {a[1]} more"),
    VerbRow("snoop", ("",), boxes=PASSIVE, method="",
            text="Snooper tokens: one on each Faction's Influence track at game start; the first time you reach 2 "
                 "Influence with that Faction, recall it: the first recalled lets you discard a card for 1 spice, the "
                 "second gives the Faction's 4-Influence bonus, the third +1 Influence with it, the fourth both"),
)

# A set's pieces (`piece spies "Spy" { supply 3; on post }`, rules/pieces.py): the piece's
# name is the verb, as a unit kind's is (`spies 1`, `spies 1 near city`): one piece from
# the supply onto a free location of the piece's kind (a decision), linked to a space of
# one of those agent icons when `near`, to the space this box's agent went to when `here`
# (an agent box only: Double Agent), free of the player's own pieces only when `shared`
# (beside another player's: Double Agent, Distraction); none in the supply: one of the
# player's own is recalled first. Its row is no written word (words() leaves it out): the
# checker lowers a declared piece's statements through it.
PIECE = "<piece>"
_PIECE_WHERE = ("",) + tuple(" near" + " <icon>" * n for n in range(1, 5)) + (" here",)
PIECE_ROW = VerbRow(PIECE, tuple(f"<int>{w}{s}" for w in _PIECE_WHERE for s in ("", " shared")),
                    boxes=tuple(b for b in ALL_BOXES if b != "passive"), kind="place_piece", asks=True,
                    lower=_place_piece, text=_place_piece_text, worth=lambda a: 1.5 * a[1],
                    needs={"<int> here": "piece_here", "<int> here shared": "piece_here"})
# `spies 1 { ... }`: the body runs after each piece is placed, about the location it went
# to (`placed ICON`, `placed faction`: Staban Tuek's "if placed on green").
PIECE_BLOCK_ROW = VerbRow(PIECE, PIECE_ROW.forms, boxes=PIECE_ROW.boxes, kind="place_piece_for", asks=True,
                          block=True, method="place_piece_for", lower=_place_piece,
                          text=lambda a: _place_piece_text(a) + "; where placed", worth=1.0,
                          needs=PIECE_ROW.needs)
ROWS = ROWS + (PIECE_ROW, PIECE_BLOCK_ROW)

# A set's `free` market (`market contract "CHOAM contracts" { free; sells contract; slots 2;
# when_empty { solari 2 } }`, rules/contracts.py): the market's name is the verb, as a
# piece's is (`contract 1`): N times, the player takes one of its face-up entries without
# a price (a decision), the slot refilled from its deck; with nothing left to take, the
# market's `when_empty` box is played instead. Its row is no written word: the checker
# lowers a declared free market's statements through it.
TAKE = "<free market>"
TAKE_ROW = VerbRow(TAKE, ("<int>",), boxes=tuple(b for b in ALL_BOXES if b != "passive"), kind="take",
                   asks=True, lower=lambda word, form, v: (word, v[0]), worth=lambda a: 2.0 * a[1],
                   text=lambda a: f"take {'a' if a[1] == 1 else a[1]} {name(a[0])}{'' if a[1] == 1 else 's'}")
ROWS = ROWS + (TAKE_ROW,)

# The rules of the control constructs: whether one may ask by itself (`pay?` asks
# whether to pay, `choose` which option); their bodies are looked at by `asks`.
CONTROL = {"pay": True, "choose": True, "if": False, "foreach": False, "each_opponent": False}


def _by_kind() -> dict[str, VerbRow]:
    out: dict[str, VerbRow] = {}
    for r in ROWS:
        out.setdefault(r.op, r)
    return out


# op kind -> its row (the first, for a kind several words write: the plain gains)
OPS: dict[str, VerbRow] = _by_kind()
# (word, form) -> the row that lowers it
# (a word with a plain row and a block row for one form, `trash card`: the plain one)
LOWERING: dict[tuple[str, str], VerbRow] = {(r.word, f): r for r in sorted(ROWS, key=lambda r: not r.block)
                                            for f in r.forms}
# (word, form) -> the row that lowers it written with a body (`trash card { ... }`)
BLOCK_LOWERING: dict[tuple[str, str], VerbRow] = {(r.word, f): r for r in ROWS if r.block for f in r.forms}
# A set's counters and unit kinds are gains like `vp`: their statements lower through this row.
GAIN = OPS["gain"]
GAINABLE = tuple(r.word for r in ROWS if r.op == "gain")
# op kind -> the effect-context method both back-ends call with the op's args
# (a block verb's body is run by structured code: not a plain call)
CALLS: dict[str, str] = {r.op: r.runtime for r in ROWS if r.runtime and not r.block}
# Rule modifiers whose counter the rules watch (`watches`).
WATCHING = frozenset(r.op for r in ROWS if r.watches)
# Rule modifiers: passive-box verbs the engine reads, never plays.
MODIFIERS = tuple(r.word for r in ROWS if r.boxes == PASSIVE)


def words() -> dict[str, list[VerbRow]]:
    """The rows of each written verb, in table order."""
    out: dict[str, list[VerbRow]] = {}
    for r in ROWS:
        if r.word not in (PIECE, TAKE):  # a set's piece or free market: its declared name is the word
            out.setdefault(r.word, []).append(r)
    return out


def row_for(word: str, form: str, body: bool = False):
    """The row a checked statement lowers through: a core verb's, else a plain gain's;
    written with a body, its block row (None: that form takes no body)."""
    if body:
        return BLOCK_LOWERING.get((word, form))
    return LOWERING.get((word, form), GAIN)


def asks(ops) -> bool:
    """Whether playing these ops (a box) may ask a decision or run another box,
    looking into every body and alternative."""
    for o in ops:
        row = OPS.get(o.kind)
        own = row.asks if row is not None else CONTROL[o.kind]
        if own or asks(o.body) or any(asks(alt) for alt in o.alts):
            return True
    return False
