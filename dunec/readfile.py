"""Reading a file a person named, safely: only a regular file, and only so much
of it. A named pipe would wait forever for a writer, a device such as /dev/zero
never ends, and a mistaken path (a log, an image, a disk) would fill memory."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def read_regular(p: Path, limit: int, what: str) -> bytes:
    """The bytes of the regular file `p`, at most `limit` of them; `what` names the
    kind of file in the message ("a card file"). Raises OSError with a message for
    a person. The file is opened without blocking and checked before anything is read."""
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a folder, device or pipe)")
        data = f.read(limit + 1)
    if len(data) > limit:
        mib, rest = divmod(limit, 1024 * 1024)
        shown = f"{limit:,} bytes" if rest else f"{mib} MiB"
        raise OSError(errno.EFBIG, f"larger than {shown}, the most {what} may hold")
    return data
