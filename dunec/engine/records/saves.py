"""Save files: a game's whole setup and every decision, enough to continue it
exactly (`dunec play --resume FILE`).

A save is self-contained for what a person adds to a game: the text of every
`--with` card file is in it. The base cards (bundled, or a `--cards` folder) are
recorded by path and fingerprint, and a resume refuses cards that changed.

Every field is checked by a small explicit validator, so a bad save is refused
with what is wrong and where (`save.json: seed: expected an integer, got "x"`).
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from dunec.engine.rivals.play import CHURN

FORMAT = "dunec save"
VERSION = 2
PEOPLE = (1, 2, 3, 4)
DIFFICULTIES = ("novice", "veteran", "expert")
BACKENDS = ("compiled", "interpreted")


class SaveError(ValueError):
    """A save file that cannot be resumed; the message says where and why."""


# ---------------------------------------------------------------------- the cards
def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror or type(e).__name__}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not UTF-8 text") from None


def fingerprint(folder: Path) -> str:
    """SHA-256 of a card folder: every .dune file's path (relative to the cards
    root, so moving the folder does not matter) and text."""
    from dunec.build import cards_root
    from dunec.frontend import card_files

    root = cards_root(folder)
    h = hashlib.sha256()
    for p in card_files([folder]):
        try:
            shown = p.resolve().relative_to(root).as_posix()
        except ValueError:  # a link out of the folder
            shown = p.as_posix()
        h.update(shown.encode() + b"\0" + _read(p).encode() + b"\0")
    return h.hexdigest()


def with_sources(paths) -> list[dict]:
    """The `--with` card files as they are checked: path as shown, and text."""
    from dunec.frontend import card_files, display_path

    return [{"path": display_path(p, None), "text": _read(p)} for p in card_files(paths)]


def load_content(backend: str, cards: Path | None, extra: list[dict]):
    """The game's content: the base cards plus the recorded `--with` sources.
    Returns (content, model_or_None); ContentError if the cards do not check."""
    from dunec.content import ContentError, from_model, load, sets_needed
    from dunec.frontend import card_files, compile_sources, display_path
    from dunec.paths import cards_dir

    if not extra:
        return load(backend, cards), None
    base = Path(cards) if cards else cards_dir()
    sources = [(display_path(p, None), _read(p)) for p in card_files([base])]
    model, diags = compile_sources(sources + [(s["path"], s["text"]) for s in extra])
    if diags.errors:
        raise ContentError(diags.render())
    if backend == "compiled":
        from dunec.codegen.emit import compile_in_memory

        content = compile_in_memory(model)
    else:
        content = from_model(model)
    content.needs = sets_needed(model, {s["path"] for s in extra})
    return content, model


def card_record(cards: Path | None) -> dict:
    from dunec.paths import cards_dir

    return {"path": str(Path(cards).resolve()) if cards else None, "sha256": fingerprint(Path(cards or cards_dir()))}


def check_cards_unchanged(where: str, record: dict) -> Path | None:
    """The `--cards` folder of a save (None: the bundled cards), if its cards are
    the ones the game was saved with."""
    from dunec.paths import cards_dir

    path = Path(record["path"]) if record["path"] else None
    what = f"the cards folder {path}" if path else "the bundled cards (was dunec updated?)"
    if path is not None and not path.is_dir():
        raise SaveError(f"{where}: cards.path: the cards folder {path} is missing")
    if fingerprint(path or cards_dir()) != record["sha256"]:
        raise SaveError(f"{where}: cards.sha256: {what} changed since the game was saved; "
                        f"it would not continue the same game")
    return path


# ---------------------------------------------------------------------- writing
def save_game(path: str | Path, setup: dict, decisions: list) -> Path:
    """Write atomically (temp file + rename). OSError/ValueError are the caller's."""
    path = Path(path)
    data = {"format": FORMAT, "version": VERSION, **setup, "decisions": list(decisions)}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


# ---------------------------------------------------------------------- reading
# A save of a long game with every decision is well under 1 MiB; the cap keeps a
# mistaken path (a device, a disk image) from filling memory.
MAX_SAVE_BYTES = 64 * 1024 * 1024
def load_game(path: str | Path) -> dict:
    """Read and validate a save file; SaveError says what is wrong and where."""
    from dunec.readfile import read_regular

    name = str(path)
    try:
        text = read_regular(Path(path), MAX_SAVE_BYTES, "a save file").decode("utf-8")
    except OSError as e:
        raise SaveError(f"cannot read {name}: {e.strerror or type(e).__name__}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a dunec save file (not UTF-8 text)") from None
    try:
        data = json.loads(text)
    except ValueError as e:  # JSONDecodeError, and integers too long to read
        raise SaveError(f"{name} is not a dunec save file (not JSON: {e})") from None
    validate(data, name)
    return data


def validate(data, name: str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        if isinstance(data, dict) and "dunec_save" in data:
            raise SaveError(f"{name}: written by an older dunec (save format 1), which did not record the "
                            f"cards played; it cannot be resumed safely. Start a new game.")
        raise SaveError(f"{name} is not a dunec save file (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if version != VERSION or type(version) is not int:
        raise SaveError(f"{name}: version: save format {_show(version)} is not one this dunec reads "
                        f"(it reads version {VERSION})")
    for key in SCHEMA:
        if key not in data:
            raise SaveError(f"{name}: missing key `{key}`")
    for key in data:
        if key not in SCHEMA and key not in OPTIONAL and key not in ("format", "version"):
            raise SaveError(f"{name}: unknown key `{key}`")
    for key, check in [*SCHEMA.items(), *((k, c) for k, c in OPTIONAL.items() if k in data)]:
        problem = check(data[key], data)
        if problem:
            where, what = problem if isinstance(problem, tuple) else (key, problem)
            raise SaveError(f"{name}: {where}: {what}")


def _show(v) -> str:
    text = json.dumps(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(v) -> bool:
    return type(v) is int


def _seed(v, data):
    return None if _int(v) else f"expected an integer, got {_show(v)}"


def _one_of(choices):
    def check(v, data):
        if v not in choices or type(v) is not type(choices[0]):
            return f"expected one of {', '.join(map(str, choices))}, got {_show(v)}"
    return check


def _policies(v, data):
    from dunec.engine.players.policies import PLAY_POLICIES, playable

    if not isinstance(v, list):
        return f"expected a list of policies, got {_show(v)}"
    people = data.get("people")
    if people in PEOPLE and _int(people) and len(v) != people:
        return f"{len(v)} policies for {people} {'person' if people == 1 else 'people'}"
    for i, s in enumerate(v):
        if not isinstance(s, str) or not playable(s):
            return f"policies[{i}]", f"expected one of {', '.join(PLAY_POLICIES)} or search[:N], got {_show(s)}"


def _cards(v, data):
    if not isinstance(v, dict) or set(v) != {"path", "sha256"}:
        return f"expected {{\"path\": folder or null, \"sha256\": fingerprint}}, got {_show(v)}"
    if v["path"] is not None and (not isinstance(v["path"], str) or not v["path"] or "\0" in v["path"]):
        return "cards.path", f"expected a folder or null, got {_show(v['path'])}"
    if not isinstance(v["sha256"], str) or not re.fullmatch(r"[0-9a-f]{64}", v["sha256"]):
        return "cards.sha256", f"expected 64 hex digits, got {_show(v['sha256'])}"


def _with(v, data):
    if not isinstance(v, list):
        return f"expected a list of card files, got {_show(v)}"
    for i, f in enumerate(v):
        if not isinstance(f, dict) or set(f) != {"path", "text"}:
            return f"with[{i}]", f"expected {{\"path\": ..., \"text\": ...}}, got {_show(f)}"
        if not isinstance(f["path"], str) or not f["path"] or not isinstance(f["text"], str):
            return f"with[{i}]", "path and text must be strings"


def _decisions(v, data):
    if not isinstance(v, list):
        return f"expected a list of option numbers, got {_show(v)}"
    for i, d in enumerate(v):
        if not _int(d) or d < 0:
            return f"decisions[{i}]", f"expected an option number (0 or more), got {_show(d)}"


SCHEMA = {
    "seed": _seed,
    "people": _one_of(PEOPLE),
    "difficulty": _one_of(DIFFICULTIES),
    "churn": _one_of(tuple(CHURN)),
    "policies": _policies,
    "backend": _one_of(BACKENDS),
    "cards": _cards,
    "with": _with,
    "decisions": _decisions,
}


def _sets(v, data):
    if not isinstance(v, list) or not v or not all(isinstance(s, str) and s for s in v):
        return f"expected a list of set ids, got {_show(v)}"


def _bool(v, data):
    if type(v) is not bool:
        return f"expected true or false, got {_show(v)}"


# Keys a save made before they existed lacks: `sets` (default: base), `epic`
# (default: false, the standard game).
OPTIONAL = {"sets": _sets, "epic": _bool}
