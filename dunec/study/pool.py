"""Where the games of a study run: in this process, in a pool of local processes,
or on a Ray cluster. A game depends only on its seed and setup, and the records
come back in seed order, so the statistics are the same wherever they ran.

Workers load the content themselves from a `source` (backend, cards folder, extra
files): compiled content holds functions that do not pickle."""
from __future__ import annotations

import os
import signal
import sys


def cores(workers: int) -> int:
    return workers if workers > 0 else (os.cpu_count() or 1)


def play_many(play, content, source, seeds, setup, workers: int = 1, progress=None, cluster=None,
              address=None) -> tuple[list, str | None]:
    """(records in seed order, the stop): the stop is None when every game was
    played, "SIGINT" (Ctrl-C), "SIGTERM", or what became of a lost worker; the
    finished games are kept whatever the stop."""
    from dunec.study.workers import on_sigterm

    seeds = list(seeds)
    bar = progress_bar(len(seeds)) if progress is None else progress
    old = on_sigterm()
    try:
        if cluster == "ray":
            from dunec.study.cluster import play_on_ray

            return play_on_ray(play, source, seeds, setup, address, bar)
        if cores(workers) == 1:
            return _here(play, content, seeds, setup, bar)
        if source is None:
            raise ValueError("playing in several processes needs the content's source (backend, cards, extra)")
        from dunec.study.workers import play_local

        return play_local(play, source, seeds, setup, cores(workers), bar)
    finally:
        if old is not None:
            signal.signal(signal.SIGTERM, old)
        if bar is not None:
            bar.close()


def _here(play, content, seeds, setup, bar) -> tuple[list, str | None]:
    from dunec.study.workers import why

    records = []
    try:
        for s in seeds:
            records.append(play(content, s, setup))
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt as e:
        return records, why(e)
    return records, None


def progress_bar(total: int):
    """A tqdm bar on a terminal when tqdm is installed (dunec[progress]); else None."""
    if not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr, leave=False)
