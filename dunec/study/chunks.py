"""A study's unit of work: a chunk of seeds played by one worker, which loads the
content once from its source, and the run of finished chunks an interrupted
study keeps. Shared by the process pool and the cluster backend."""
from __future__ import annotations

CHUNK = 8  # games per task: small enough for a live bar and a quick Ctrl-C, big enough to amortise
_loaded: dict = {}  # source -> content, once per worker process


def _content(source):
    if source not in _loaded:
        from dunec.content import load

        backend, cards, extra = source
        _loaded[source] = load(backend, cards, list(extra))
    return _loaded[source]


def play_chunk(play, source, seeds, setup, go_on=None) -> list:
    """`play(content, seed, setup)` is a module-level function (it pickles by name);
    the pool never imports the runner that calls it. `go_on()` is asked before
    each game: a worker whose parent is gone stops after the game it plays."""
    content = _content(source)
    out = []
    for s in seeds:
        if go_on is not None and not go_on():
            break
        out.append(play(content, s, setup))
    return out


def chunks(seeds) -> list:
    return [seeds[i:i + CHUNK] for i in range(0, len(seeds), CHUNK)]


def prefix(done: dict) -> list:
    """The records of the chunks 0, 1, 2, ... that finished, up to the first gap:
    an interrupted study reports an unbroken run of seeds."""
    out = []
    i = 0
    while i in done:
        out += done[i]
        i += 1
    return out
