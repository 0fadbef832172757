"""The rules' TOML files read through a cache (issue 28: start-up).

tomllib is pure Python: parsing rules/mpi.toml and libc.toml took about a tenth of the start-up of a small
translation, every run, for files that change only with the translator. The parsed tables (dicts, lists, strings,
numbers and booleans: what marshal writes) are kept in `$XDG_CACHE_HOME/cmpi/toml/` (else `~/.cache/cmpi/toml/`,
where cmpi-run keeps its builds), one file per content: the key is the SHA-256 of the TOML's bytes (and Python's
version), so an edited file is parsed again, never read stale. A cache that cannot be read or written (a read-only
home, a damaged file) is no error: the TOML is parsed as before. Writing a file prunes the directory to its newest
files (cache_pruning.py).
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys


def cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cmpi", "toml")


def load(path: str) -> dict:
    """tomllib.load of `path`, from the cache when this content was parsed before."""
    with open(path, "rb") as f:
        raw = f.read()
    key = hashlib.sha256(raw + b"\0python %d.%d" % sys.version_info[:2]).hexdigest()
    cached = os.path.join(cache_dir(), key + ".marshal")
    try:
        with open(cached, "rb") as f:
            # read whole, then decoded: marshal.load(f) asks the file for each object's bytes, 2-3 ms against 0.3 for
            # the rules' tables
            data = marshal.loads(f.read())
        if isinstance(data, dict):
            return data
    except (OSError, EOFError, ValueError, TypeError):
        pass
    import tomllib  # (here: its import costs more than reading the cache)
    data = tomllib.loads(raw.decode("utf-8"))
    _store(cached, data)
    return data


def _store(cached: str, data: dict) -> None:
    """Write the cache file whole (a concurrent reader sees all of it or none)."""
    from .atomic_file import replace_atomically
    try:
        blob = marshal.dumps(data)  # ValueError for what marshal cannot write (a TOML date): then no cache
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        replace_atomically(cached, lambda f: f.write(blob))
        from .cache_pruning import prune
        prune(os.path.dirname(cached))
    except (OSError, ValueError):
        pass
