"""A macro a file of a program defines ends with that file, as each file's own compile has it.

The files of a program are read as one unit (`-include` of the others, then the first file: a unity build), so a
`#define` in one file would still be in force in the files the unit reads after it: `#ifdef FLAG` in b.c true
because a.c defines FLAG, `#ifndef N` / `#define N 10` in b.c skipped and a.c's N used instead, a header read for
the first time after a.c seeing a.c's configuration. Each of those compiles and prints otherwise than gcc's
program, silently. So after each file the unit forgets (`#undef`) the macros the file's own text defines, before
the next file (and the headers it reads first) is read.

Left defined: a name a header the file reads defines too (the header may be guarded and not read again, so its
definition must stay for the files after), and a name nothing read later mentions (forgetting it would change
nothing: most programs get no edit). A library macro a file defines again (`#define BUFSIZ 100`) is forgotten
too: the files after it then meet an undeclared name, a located error, where they would have silently used the
other file's value.
"""
from __future__ import annotations

import os
import re
from typing import List

from .rewrite import _QUOTED_INCLUDE, _unsaved_text
from .shared_guards import program_headers

_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)", re.M)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_WORD = re.compile(r"\w+")


def append_lines(text: str, lines: str) -> str:
    """`text` with `lines` after it on lines of their own: after an empty line, so that a `\\` that ends the text
    (a line splice at the end of a file, which clang accepts) joins that empty line, not the first one added."""
    return text + "\n\n" + lines


def forget_file_macros(fe) -> None:
    """After each file of the unit but the last, `#undef` of the macros its own text defines that a later file or
    a header of the program mentions and no header the file reads defines (module doc)."""
    order = [os.path.abspath(p) for p in fe.paths[1:]] + [fe.path]  # the order the unit reads them in
    texts = {path: _COMMENT.sub(" ", _unsaved_text(fe, path)) for path in order}
    header_words = {w for h in program_headers(fe) for w in _WORD.findall(_COMMENT.sub(" ", _unsaved_text(fe, h)))}
    for k, path in enumerate(order[:-1]):
        own = set(_DEFINE.findall(texts[path]))
        if not own:
            continue
        own -= {name for h in program_headers(fe, [path]) for name in _DEFINE.findall(_unsaved_text(fe, h))}
        later = set(header_words)
        for after in order[k + 1:]:
            later.update(_WORD.findall(texts[after]))
        leaving: List[str] = sorted(own & later)
        if leaving:
            fe.unsaved[path] = append_lines(_unsaved_text(fe, path), "".join(f"#undef {name}\n" for name in leaving))
