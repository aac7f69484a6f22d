"""A study's local worker processes, kept on a short leash by the parent.

Each worker has its own pipe: the parent hands it one chunk at a time and waits
on the pipes and the processes' sentinels together, so a finished chunk, a
worker that died and Ctrl-C are each seen at once. Nothing is shared between
workers (no common queue or lock a dying worker could leave held), and every way
out of `play_local` ends the workers before it returns: none is left playing
on, holding the caller's pipes."""
from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
from multiprocessing.connection import wait

from dunec.study.chunks import chunks, play_chunk, prefix

STOPS = {signal.SIGINT, signal.SIGTERM}


class Terminated(KeyboardInterrupt):
    """SIGTERM in the parent: stop as Ctrl-C does (every `except KeyboardInterrupt`
    that keeps the games so far keeps them here too), then exit 143."""


class WorkerLost(Exception):
    """A worker process ended without handing back its chunk (killed, out of memory)."""


def why(e: KeyboardInterrupt) -> str:
    """The stop a study reports for an interrupt: "SIGTERM" or "SIGINT"."""
    return "SIGTERM" if isinstance(e, Terminated) else "SIGINT"


def _terminated(signum, frame):
    raise Terminated


def on_sigterm():
    """SIGTERM raises Terminated in this (main) thread; returns the handler it
    replaced, or None when this is not the main thread (signals are not ours)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _terminated)


def _serve(conn, parent_end, play, source, setup, ppid: int) -> None:
    # Signals were blocked when this process was made: a Ctrl-C to the whole process
    # group is the parent's to act on, and SIGTERM (the parent's stop) kills at once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
    parent_end.close()  # so that the parent's end closing is seen here as EOF

    def orphaned() -> bool:  # the parent died without ending us
        return os.getppid() != ppid

    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None or orphaned():
            return
        i, seeds = task
        try:
            reply = (i, play_chunk(play, source, seeds, setup, go_on=lambda: not orphaned()), None)
        except Exception as e:  # a bug in a game: the parent raises it, with its type
            reply = (i, None, e)
        if orphaned():
            return
        try:
            conn.send(reply)
        except (TypeError, AttributeError, ValueError, pickle.PicklingError) as e:  # a reply that does not pickle
            what = reply[2] if reply[2] is not None else e
            conn.send((i, None, RuntimeError(f"{type(what).__name__}: {what}")))
        except (BrokenPipeError, OSError):
            return


class _Worker:
    def __init__(self, ctx, play, source, setup):
        self.conn, child_end = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child_end, self.conn, play, source, setup, os.getpid()),
                                daemon=True)
        self.proc.start()
        child_end.close()
        self.chunk = None  # the index of the chunk it plays, None when idle

    def lost(self) -> WorkerLost:
        self.proc.join(5)
        code = self.proc.exitcode
        if code is not None and code < 0:
            how = f"was killed by {signal.Signals(-code).name}"
        else:
            how = "ended" if code is None else f"exited with code {code}"
        return WorkerLost(f"worker process {self.proc.pid} {how} while playing seeds of chunk {self.chunk}")


def play_local(play, source, seeds, setup, n: int, bar) -> tuple[list, str | None]:
    """(records of the unbroken run of finished chunks, the stop: None, "SIGINT",
    "SIGTERM" or what became of a lost worker). A bug in a game is raised."""
    parts = chunks(list(seeds))
    done: dict = {}
    workers: list[_Worker] = []
    ctx = multiprocessing.get_context()
    stop = None
    try:
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        try:
            # A worker is made with the stops blocked, so it cannot be interrupted
            # before it ignores Ctrl-C (a worker dying then left the pool unusable).
            workers = [_Worker(ctx, play, source, setup) for _ in range(min(n, len(parts)))]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a stop that came meanwhile is raised here
        _run(workers, parts, done, bar)
    except KeyboardInterrupt as e:
        stop = why(e)
    except WorkerLost as e:
        stop = str(e)
    finally:
        _end(workers)
    return prefix(done), stop


def _run(workers, parts, done: dict, bar) -> None:
    todo = iter(enumerate(parts))

    def give(w) -> None:
        nxt = next(todo, None)
        try:
            w.conn.send(nxt)  # None: no more work, the worker returns
        except OSError:  # BrokenPipeError: it died idle
            if nxt is not None:
                w.chunk = nxt[0]
                raise w.lost() from None
        w.chunk = None if nxt is None else nxt[0]

    for w in workers:
        give(w)
    while any(w.chunk is not None for w in workers):
        busy = [w for w in workers if w.chunk is not None]
        ready = set(wait([w.conn for w in busy] + [w.proc.sentinel for w in busy]))
        for w in busy:
            if w.conn in ready or w.conn.poll():
                try:
                    i, records, error = w.conn.recv()
                except (EOFError, OSError):
                    raise w.lost() from None
                if error is not None:
                    raise error
                done[i] = records
                if bar is not None:
                    bar.update(len(records))
                give(w)
            elif w.proc.sentinel in ready:
                raise w.lost()


def _end(workers) -> None:
    """Every worker ends before the study returns: those still playing are
    stopped (their unfinished chunk is not kept), the idle ones have returned.
    A second Ctrl-C meanwhile is not heard: the study is stopping already, and
    raised here it would lose the games kept."""
    import threading

    quiet = threading.current_thread() is threading.main_thread()
    old = [signal.signal(s, signal.SIG_IGN) for s in (signal.SIGINT, signal.SIGTERM)] if quiet else []
    try:
        _stop_all(workers)
    finally:
        for s, h in zip((signal.SIGINT, signal.SIGTERM), old):
            signal.signal(s, h)


def _stop_all(workers) -> None:
    for w in workers:
        if w.proc.is_alive():
            w.proc.terminate()
    for w in workers:
        w.proc.join(10)
        if w.proc.is_alive():
            w.proc.kill()
            w.proc.join()
        w.conn.close()
