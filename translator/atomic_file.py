"""A file written whole or not at all: a temporary file in the target's directory, renamed over the target, so a
concurrent reader (another cmpi-translate, a build reading the output) sees the old content or the new, never part."""
from __future__ import annotations

import os
from typing import IO, Callable, Optional


def replace_atomically(target: str, write: Callable[[IO[bytes]], object], *, prefix: str = "",
                       mode: Optional[int] = None) -> None:
    """Write `target` through `write(file)`; OSError when it cannot be done, with no temporary file left behind."""
    import tempfile  # here: a translation that writes nothing through this does not pay for the import
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
