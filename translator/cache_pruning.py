"""The translator's caches keep a bounded number of files (issue 28's start-up caches: toml_cache.py, code_cache.py).

Each cache file is named by the content it was made from, so every edit of the rules' TOML or of ir.py (a
developer's checkout, an upgrade) leaves a new file beside the old ones, which nothing reads again: a code cache
file is ~450 KB. When a file is written, the oldest of its directory's files beyond the newest `keep` are removed.
A file that is still in use and is removed is only made again at its next use (one compilation), never read stale,
so the count need not be exact: concurrent writers may both prune, a file may vanish between listing and removing.
"""
from __future__ import annotations

import os

KEEP = 16  # newest files kept per cache directory: a few checkouts' worth of rules and IR versions


def prune(directory: str, suffix: str = ".marshal", keep: int = KEEP) -> None:
    """Remove the oldest `suffix` files of `directory` (by modification time) beyond the newest `keep`; errors are
    ignored (a cache that cannot be pruned is only bigger)."""
    try:
        entries = [e for e in os.scandir(directory) if e.name.endswith(suffix) and e.is_file(follow_symlinks=False)]
        if len(entries) <= keep:
            return
        dated = []
        for entry in entries:
            try:
                dated.append((entry.stat(follow_symlinks=False).st_mtime, entry.path))
            except OSError:
                continue
        dated.sort(reverse=True)
        for _, path in dated[keep:]:
            try:
                os.unlink(path)
            except OSError:
                pass
    except OSError:
        pass
