"""Loading content for either back-end: compiled from generated/ (or compiled in
memory for other cards), interpreted straight from the checked model. It sits
above both the engine's interpreter and codegen, so neither imports the other."""
from __future__ import annotations

from dunec.check.model import Model
from dunec.ir.lexicon import worthed
from dunec.ir.meta import Content, declared_worths, meta_of, required_first, track_steps, vocab_of
from dunec.ir.ops import segments


def from_model(model: Model) -> Content:
    """The interpreted back-end: effects walk the IR."""
    from dunec.engine.effects import interpreter

    defs, effects, programs = {}, {}, {}

    def add(key, ops) -> None:
        if interpreter.asks(ops):  # as the compiled back-end splits it (ops.segments)
            programs[key] = tuple(interpreter.box_runner(part) if kind == "run" else part
                                  for kind, part in segments(ops))
        else:
            effects[key] = interpreter.box_runner(ops)
    worths = declared_worths(model)
    for ident in sorted(model.defs):
        d = model.defs[ident]
        with worthed(worths):
            defs[ident] = meta_of(d)
        for box, ops in d.boxes.items():
            if box != "passive":
                add((ident, box), ops)
        if "requires" in d.fields:
            effects[(ident, "requires")] = interpreter.cond_runner(d.fields["requires"])
    for track, box, ops in track_steps(model):
        add((track, box), ops)
    return Content(defs, effects, "interpreted", vocab_of(model), programs=programs)


def load(backend: str = "compiled", cards=None, extra=()) -> Content:
    """Content for a back-end: compiled from generated/, interpreted from the cards.
    `extra` card files are checked together with the cards and join them (an
    author's new cards, played at once without a build)."""
    if backend == "compiled" and cards is None and not extra:
        from dunec.generated import registry  # type: ignore[attr-defined]
        from dunec.ir.ops import program_of

        return Content(dict(registry.DEFS), dict(registry.EFFECTS), "compiled", dict(registry.VOCAB),
                       programs={k: program_of(v) for k, v in registry.PROGRAMS.items()})
    model = check_cards(cards, extra)
    if backend == "compiled":
        from dunec.codegen.emit import compile_in_memory

        content = compile_in_memory(model)
    else:
        content = from_model(model)
    content.needs = sets_needed(model, shown_files(extra))
    return content


def shown_files(extra) -> set:
    """The paths, as the checker shows them, of the card files of `--with` paths."""
    from pathlib import Path

    from dunec.frontend import card_files, display_path

    return {display_path(p, None) for p in card_files(map(Path, extra))}


def sets_needed(model: Model, files) -> tuple:
    """The sets the definitions of these (author's) files belong to: a game must
    play them, or those definitions are silently left out of it."""
    return tuple(sorted({d.set for d in model.defs.values() if d.file in files and d.set in model.sets}))


def with_required(vocab: dict, sets) -> tuple:
    """The sets and every set they require (vocab: Content.vocab), each after the
    sets it requires: what a game of `sets` plays."""
    return required_first(vocab, sets)


def check_cards(cards=None, extra=()) -> Model:
    """The checked model of a card folder (default: the bundled cards) plus extra
    files; ContentError with the rendered diagnostics if anything is wrong."""
    from pathlib import Path

    from dunec.frontend import compile_paths
    from dunec.paths import cards_dir

    base = Path(cards) if cards else cards_dir()
    model, diags = compile_paths([base, *map(Path, extra)], root=None if extra else base.parent)
    if diags.errors:
        raise ContentError(diags.render())
    return model


class ContentError(Exception):
    """The cards did not check; the message is the rendered diagnostics."""
