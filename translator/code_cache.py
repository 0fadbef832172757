"""Python code the translator writes at run time, compiled once per text (issue 28: start-up).

The IR's classes (ir.py) are frozen dataclasses: `dataclasses` writes each class's __init__, __repr__, __eq__,
__hash__, __setattr__ and __delattr__ as source text and compiles it with `exec`, and ir.py writes each class's
`children` and walk pushers the same way: about 450 small compilations, the largest part of importing the IR, which
every cmpi-translate pays before it reads a line of C. Compiling a text always gives the same code, so the code
objects are kept (marshal, which writes code objects as .pyc files do) in `$XDG_CACHE_HOME/cmpi/code/` (else
`~/.cache/cmpi/code/`), one file per content of the module that writes the texts and Python's version; within it
each code object is found by its whole source text, so a text that changes (another Python's dataclasses, an edited
class) is compiled again, never read stale. A cache that cannot be read or written is no error: the texts are
compiled as before. Writing a file prunes the directory to its newest files (cache_pruning.py): every edit of ir.py
leaves one of ~450 KB.
"""
from __future__ import annotations

import builtins
import contextlib
import hashlib
import marshal
import os
import sys
from types import CodeType
from typing import Dict


def _cache_dir() -> str:
    from .toml_cache import cache_dir
    return os.path.join(os.path.dirname(cache_dir()), "code")


class CodeCache:
    """Source text -> code object, read from one cache file and written back whole when a text was compiled here."""

    def __init__(self, module_file: str):
        try:
            with open(module_file, "rb") as f:
                raw = f.read()
        except OSError:
            raw = module_file.encode("utf-8", "surrogateescape")
        key = hashlib.sha256(raw + b"\0python " + sys.version.encode()).hexdigest()
        self.path = os.path.join(_cache_dir(), key + ".marshal")
        self.codes: Dict[str, object] = {}
        self.compiled = False  # a text compiled here: the file is written again (save)
        try:
            with open(self.path, "rb") as f:
                codes = marshal.loads(f.read())  # (marshal.load(f) reads the file a piece per object: 10x slower)
            if isinstance(codes, dict) and all(c.__class__ is CodeType for c in codes.values()):
                self.codes = codes
        except (OSError, EOFError, ValueError, TypeError):
            pass

    def code(self, source: str):
        """compile(source) as exec(source) compiles it (file name "<string>")."""
        code = self.codes.get(source)
        if code is None:
            code = self.codes[source] = compile(source, "<string>", "exec")
            self.compiled = True
        return code

    def exec(self, source, globals: dict, locals=None) -> None:
        """builtins.exec in the namespace given, with a text's code from the cache (anything but a text is executed
        as given)."""
        if source.__class__ is str:
            source = self.code(source)
        builtins.exec(source, globals, locals)

    @contextlib.contextmanager
    def for_module(self, module):
        """While inside, `module`'s own calls of exec (dataclasses' _create_fn) take their code from the cache: the
        module's global `exec` is found before the builtin. Without such calls (another Python's dataclasses)
        nothing changes but the speed."""
        missing = object()
        own = vars(module).get("exec", missing)
        module.exec = self.exec
        try:
            yield
        finally:
            if own is missing:
                del module.exec
            else:
                module.exec = own

    def save(self) -> None:
        """Write the cache file whole (a concurrent reader sees all of it or none) when a text was compiled."""
        if not self.compiled:
            return
        from .atomic_file import replace_atomically
        try:
            blob = marshal.dumps(self.codes)
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            replace_atomically(self.path, lambda f: f.write(blob))
            self.compiled = False
            from .cache_pruning import prune
            prune(os.path.dirname(self.path))
        except (OSError, ValueError):
            pass
