"""Where the games of a study run: in this process, in a pool of local processes,
or on a Ray cluster. A game depends only on its seed and setup, and the records
come back in seed order, so the statistics are the same wherever they ran.

Workers load the content themselves from a `source` (backend, cards folder, extra
files): compiled content holds functions that do not pickle."""
from __future__ import annotations

import os
import signal
import sys

from dunec.study.chunks import chunks, play_chunk, prefix


def _quiet_worker() -> None:
    # Ctrl-C reaches the whole process group; the parent decides what to keep.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def cores(workers: int) -> int:
    return workers if workers > 0 else (os.cpu_count() or 1)


def play_many(play, content, source, seeds, setup, workers: int = 1, progress=None, cluster=None,
              address=None) -> tuple[list, bool]:
    """(records in seed order, interrupted). Ctrl-C keeps every finished game."""
    seeds = list(seeds)
    bar = progress_bar(len(seeds)) if progress is None else progress
    try:
        if cluster == "ray":
            from dunec.study.cluster import play_on_ray

            return play_on_ray(play, source, seeds, setup, address, bar)
        if cores(workers) == 1:
            return _here(play, content, seeds, setup, bar)
        return _pool(play, source, seeds, setup, cores(workers), bar)
    finally:
        if bar is not None:
            bar.close()


def _here(play, content, seeds, setup, bar) -> tuple[list, bool]:
    records = []
    try:
        for s in seeds:
            records.append(play(content, s, setup))
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        return records, True
    return records, False


def _pool(play, source, seeds, setup, n: int, bar) -> tuple[list, bool]:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    if source is None:
        raise ValueError("playing in several processes needs the content's source (backend, cards, extra)")
    done: dict = {}
    interrupted = False
    ex = ProcessPoolExecutor(max_workers=n, initializer=_quiet_worker)
    todo = {ex.submit(play_chunk, play, source, c, setup): i for i, c in enumerate(chunks(seeds))}
    try:
        pending = set(todo)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                done[todo[f]] = f.result()
                if bar is not None:
                    bar.update(len(done[todo[f]]))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        # Running chunks are short: let them finish, drop the queued ones.
        ex.shutdown(wait=True, cancel_futures=True)
    if interrupted:
        for f, i in todo.items():
            if f.done() and not f.cancelled() and f.exception() is None:
                done[i] = f.result()
    return prefix(done), interrupted


def progress_bar(total: int):
    """A tqdm bar on a terminal when tqdm is installed (dunec[progress]); else None."""
    if not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr, leave=False)
