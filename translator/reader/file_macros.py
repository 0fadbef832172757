"""A macro a file of a program defines ends with that file, as each file's own compile has it.

The files of a program are read as one unit (`-include` of the others, then the first file: a unity build), so a
`#define` in one file would still be in force in the files the unit reads after it: `#ifdef FLAG` in b.c true
because a.c defines FLAG, `#ifndef N` / `#define N 10` in b.c skipped and a.c's N used instead, a header read for
the first time after a.c seeing a.c's configuration. Each of those compiles and prints otherwise than gcc's
program, silently. So after each file the unit forgets (`#undef`) the macros the file's own text defines, before
the next file (and the headers it reads first) is read.

A name the file defines or `#undef`s that a header it reads defines is the header's again after the file: the
header may be guarded and not read again in a later file, whose own compile reads it and gets the header's
definition (a.c `#undef TWICE` / `#define TWICE(x) ...` after `#include "common.h"`; main.c, read after a.c, must
see common.h's TWICE). The header records its macros as it leaves them the first time the unit reads it
(`#pragma push_macro` after its last line), and after the file the unit takes that state back (`pop_macro`, then
`push_macro` again for the next file). clang's record of a macro's expansions forgets a definition once it is
`#undef`'ed, and a definition taken back by `pop_macro` is not recorded again (its uses in the later files would
have no definition for the reader), so where the headers spell the name's definition one way only, that spelling is
defined again after the state is taken back, if the state has the name defined. A name nothing read later mentions is left alone (forgetting it would change
nothing: most programs get no edit). A library macro a file defines again (`#define BUFSIZ 100`) is forgotten
too: the files after it then meet an undeclared name, a located error, where they would have silently used the
other file's value.
"""
from __future__ import annotations

import os
import re
from typing import Dict, List, Set

from .rewrite import _LITERAL_OR_COMMENT, _unsaved_text
from .shared_guards import program_headers

_DEFINE = re.compile(r"^\ufeff?[ \t]*#[ \t]*define[ \t]+(\w+)", re.M)
_UNDEF = re.compile(r"^\ufeff?[ \t]*#[ \t]*undef[ \t]+(\w+)", re.M)
_SPLICE = re.compile(r"\\[ \t\f\v]*\n")
_WORD = re.compile(r"\w+")


def append_lines(text: str, lines: str) -> str:
    """`text` with `lines` after it on lines of their own: after an empty line, so that a `\\` that ends the text
    (a line splice at the end of a file, which clang accepts) joins that empty line, not the first one added."""
    return text + "\n\n" + lines


def _definitions(text: str, name: str) -> Set[str]:
    """The ways `text` (comments blanked) spells the definition of the macro `name`: what follows `#define`, its
    continued lines joined, its spaces made one (as C compares two definitions)."""
    found = set()
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(" + re.escape(name) + r"\b(?:[^\n\\]|\\[^\n]|\\\n)*)", text,
                         re.M):
        found.add(re.sub(r"\s+", " ", _SPLICE.sub(" ", m.group(1))).strip())
    return found


def _blank_comments(text: str) -> str:
    """`text` with each comment a space, its string and character literals kept (a `//` in a URL is no comment)."""
    return _LITERAL_OR_COMMENT.sub(lambda m: m.group() if m.group()[0] in "\"'" else " ", text)


def _recorded(k: int) -> str:
    """The macro that says the unit has read the k-th of the program's headers and recorded its macros (a reserved
    name: no program's)."""
    return f"__cmpi_header_macros_{k}"


def forget_file_macros(fe) -> None:
    """After each file of the unit but the last, `#undef` of the macros its own text defines that a later file or
    a header of the program mentions, or the header's definition again for a name a header the file reads
    defines (module doc)."""
    order = [os.path.abspath(p) for p in fe.paths[1:]] + [fe.path]  # the order the unit reads them in
    texts = {path: _blank_comments(_unsaved_text(fe, path)) for path in order}
    headers = program_headers(fe)
    header_texts = {h: _blank_comments(_unsaved_text(fe, h)) for h in headers}
    header_words = {w for t in header_texts.values() for w in _WORD.findall(t)}
    recorded: Dict[str, Set[str]] = {}  # header -> the names it records
    for k, path in enumerate(order[:-1]):
        defined = set(_DEFINE.findall(texts[path]))
        undefined = set(_UNDEF.findall(texts[path]))
        if not defined and not undefined:
            continue
        later = set(header_words)
        for after in order[k + 1:]:
            later.update(_WORD.findall(texts[after]))
        by_header: Dict[str, List[str]] = {}  # name -> the headers the file reads that define it
        for h in program_headers(fe, [path]):
            if h not in header_texts:  # another input file, included (`#include "a.c"`)
                headers.append(h)
                header_texts[h] = _blank_comments(_unsaved_text(fe, h))
            for name in _DEFINE.findall(header_texts[h]):
                by_header.setdefault(name, []).append(h)
        lines = [f"#undef {name}\n" for name in sorted((defined - by_header.keys()) & later)]
        for name in sorted((defined | undefined) & by_header.keys() & later):
            for h in by_header[name]:
                recorded.setdefault(h, set()).add(name)
            restore = "".join(f"#ifdef {_recorded(headers.index(h))}\n#pragma pop_macro(\"{name}\")\n"
                              f"#pragma push_macro(\"{name}\")\n#else\n#undef {name}\n#endif\n"
                              for h in by_header[name])  # (the last header's record wins)
            spellings = {d for h in by_header[name] for d in _definitions(header_texts[h], name)}
            if len(spellings) == 1:
                restore += f"#ifdef {name}\n#undef {name}\n#define {spellings.pop()}\n#endif\n"
            lines.append(restore)
        if lines:
            fe.unsaved[path] = append_lines(_unsaved_text(fe, path), "".join(lines))
    for h, names in recorded.items():
        mark = _recorded(headers.index(h))
        pushes = "".join(f"#pragma push_macro(\"{name}\")\n" for name in sorted(names))
        fe.unsaved[h] = append_lines(_unsaved_text(fe, h), f"#ifndef {mark}\n#define {mark}\n{pushes}#endif\n")
