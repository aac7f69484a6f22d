"""One open document checked together with the bundled card files."""
from __future__ import annotations

import functools
from pathlib import Path
from urllib.parse import unquote, urlparse

from dunec.check.diagnostics import Diagnostics
from dunec.check.vocab import Vocabulary
from dunec.frontend import bundled_sets, card_files, compile_sources, place_in_cards, read_card_file
from dunec.paths import cards_dir


def uri_path(uri: str) -> str:
    """The file path of a `file:` URI; other URIs stand for themselves."""
    u = urlparse(uri)
    # resolved like the bundled paths, so an open bundled file replaces its copy on disk
    return Path(unquote(u.path)).resolve().as_posix() if u.scheme == "file" else uri


def path_uri(path: str) -> str:
    return Path(path).resolve().as_uri() if not path.startswith(("untitled:", "file:")) else path


@functools.lru_cache(maxsize=1)
def bundled_sources() -> tuple:
    """(path, text) of every bundled card file, read once per server."""
    return tuple((p.resolve().as_posix(), read_card_file(p).decode("utf-8")) for p in card_files([cards_dir()]))


@functools.lru_cache(maxsize=1)
def bundled_places() -> dict:
    """Each bundled file's path -> its place in the cards folder (`base/imperium.dune`)."""
    real = cards_dir().resolve()
    return {p: place_in_cards(Path(p), real) for p, _ in bundled_sources()}


@functools.lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    return Vocabulary(bundled_sets(), Diagnostics())


def check(path: str, text: str):
    """(model, diagnostics) of the document at `path` with the bundled cards; a
    bundled file being edited is replaced by its open text, and so is the bundled
    file at the document's place below a `cards/` folder (a checkout's or a
    copy's `cards/base/imperium.dune`, as `dunec check` does)."""
    place = place_in_cards(Path(path)) if not path.startswith(("untitled:", "file:")) else None
    places = bundled_places()
    sources = [(p, t) for p, t in bundled_sources()
               if p != path and (place is None or places[p] != place)] + [(path, text)]
    return compile_sources(sources)
