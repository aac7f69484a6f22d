"""Files dunec keeps in the user's cache folder (paths.cache_dir): results it can
always make again, each stamped with the code that makes them, so that an edit to
the parser or checker (in a checkout) makes every one stale. A missing, stale,
unreadable or unwritable file is no cache, never a different result.
"""
from __future__ import annotations

import contextlib
import functools
import os
import sys
from pathlib import Path

try:  # the C pickler alone: importing pickle.py too costs ~2 ms of every cold check
    from _pickle import dump, dumps, load, loads
except ImportError:  # an interpreter without it
    from pickle import dump, dumps, load, loads

from dunec import __version__
from dunec.paths import cache_dir, grammar_file

CACHE_FILE = "bundled-parses.pickle"  # the bundled cards a check reads for their names
SETS_FILE = "bundled-sets.pickle"  # the bundled set declarations every check reads
CONTEXT_FILE = "bundled-context.pickle"  # the bundled cards checked as context (check/context.py)
_FORMAT = 1
PROTOCOL = 5  # pickle.HIGHEST_PROTOCOL since Python 3.8
# The code the kept results come from: the parser, the checker, the verb rows it
# reads and the records they are made of.
_CODE_DIRS = ("syntax", "check", "ir")
_CODE_FILES = ("record.py",)


@functools.lru_cache(maxsize=1)
def code_stamp() -> tuple:
    """What the kept results depend on besides the card files (read once a process:
    the code does not change under a running check)."""
    package = Path(__file__).resolve().parent
    files = [grammar_file()] + [f for d in _CODE_DIRS for f in sorted((package / d).glob("*.py"))] \
        + [package / f for f in _CODE_FILES]
    stamp = []
    for f in files:
        with contextlib.suppress(OSError):
            st = f.stat()
            stamp.append((f.name, st.st_size, st.st_mtime_ns))
    return (_FORMAT, __version__, tuple(sys.version_info[:3]), tuple(stamp))


def read_kept(name: str, folder: Path | None = None):
    """What `keep` wrote to the cache file `name` with the same code, else None."""
    try:
        with open((folder or cache_dir()) / name, "rb") as f:
            stamp, kept = load(f)
    except Exception:  # noqa: BLE001 - any unreadable cache is no cache
        return None
    return kept if stamp == code_stamp() else None


def keep(name: str, value, folder: Path | None = None) -> None:
    """Write `value` to the cache file `name`, stamped, atomically; a folder that
    cannot be written is left as it is."""
    tmp = None
    try:
        folder = folder or cache_dir()
        tmp = folder / f".{name}.{os.getpid()}.tmp"
        folder.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            dump((code_stamp(), value), f, PROTOCOL)
        os.replace(tmp, folder / name)
    except (OSError, RuntimeError):  # RuntimeError: no home folder to find
        if tmp is not None:
            with contextlib.suppress(OSError):
                tmp.unlink()
