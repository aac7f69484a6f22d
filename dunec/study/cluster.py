"""A study on a Ray cluster (dunec[cluster]). Each task plays a chunk of seeds in
a Ray worker, which loads the content once from the source; the chunks come
back in seed order, so the records equal those of one local process."""
from __future__ import annotations

import os


class ClusterError(Exception):
    """The cluster backend cannot run (ray missing, no cluster at the address)."""


def connect(address=None):
    try:
        import ray
    except ImportError:
        raise ClusterError("--cluster ray needs ray: pip install 'dunec[cluster]'") from None
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        try:
            # No address: a local cluster in this process, torn down at exit.
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     ignore_reinit_error=True)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise ClusterError(f"cannot reach the Ray cluster at {address}: {e}") from None
    return ray


def play_on_ray(play, source, seeds, setup, address, bar) -> tuple[list, str | None]:
    from dunec.study.chunks import chunks, play_chunk, prefix
    from dunec.study.workers import why

    if source is None:
        raise ValueError("a cluster study needs the content's source (backend, cards, extra)")
    ray = connect(address)
    remote = ray.remote(play_chunk)
    # Card paths travel as strings: a remote machine resolves them in its own checkout.
    src = (source[0], None if source[1] is None else str(source[1]), tuple(str(p) for p in source[2]))
    refs = [remote.remote(play, src, c, setup) for c in chunks(seeds)]
    index = {r: i for i, r in enumerate(refs)}
    done: dict = {}
    pending = list(refs)
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for r in ready:
                done[index[r]] = ray.get(r)
                if bar is not None:
                    bar.update(len(done[index[r]]))
    except KeyboardInterrupt as e:
        for r in pending:
            ray.cancel(r, force=True)
        return prefix(done), why(e)
    return prefix(done), None
