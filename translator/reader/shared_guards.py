"""Headers of a program that share one include guard, read as each file's own compile reads them.

The files of a program are read as one unit (`-include` of each, then the first file: a unity build), so a guard
macro one file's headers define is still defined when the next file starts. For a guard that protects one header
that is what C gives: the header's declarations are in the unit already. Two headers guarded by the same name are
alternatives instead (the Intel MPI Benchmarks' IMB_settings.h and IMB_settings_io.h, both `_SETTINGS_H`): each
file reads the first of them it includes and skips the others, so IMB_init.c takes IMB_settings.h's constants and
IMB_init_file.c, compiled alone, IMB_settings_io.h's, where the unit read the first file's header for all files
(`FILENAME` undeclared). So each file is first parsed alone (only when the program has such a guard) to learn
which of the headers its own compile reads (through its other headers too: IMB_declare.h picks one by `-DMPIIO`),
and after every file the unit forgets the guard and every macro the headers define (`#undef`) and reads the
headers the next file reads, before that file's first line (a guarded header that includes one, read once by the
unit, would not include it again). A typedef several of the headers define (IMB's `assign_type`: float in
IMB_settings.h, int in IMB_settings_io.h) is one type in the unit, and the structs and prototypes of the headers
read once (IMB_comm_info.h's `assign_type *s_data`) are declared with it, where C gives each file its own: the
unit takes the one the main file's compile reads (the others' typedefs get names nothing uses), and a file that
reads another one and names the type itself is a located error (it would get the other type). Headers that define
a struct, union, enum or a static would be read twice by the unit: they keep their guards. Edits keep every
line's number; what a file's headers declare before the shared one is read after it (a shared header that needs
them is not seen so).
"""
from __future__ import annotations

import os
import re
from collections import Counter
from typing import Dict, List

from .. import ir
from ..diagnostics import TranslationError
from .clang_setup import K, ci
from .rewrite import BLOCK_COMMENT, _QUOTED_INCLUDE, _STATIC_DEFINITION, _TYPE_DEFINITION, _unsaved_text


# `#ifndef NAME` then `#define NAME` first in the file (comments and blank lines before them)
_GUARD_NAME = re.compile(r"\A\ufeff?(?:\s|" + BLOCK_COMMENT + r"|//[^\n]*\n)*#[ \t]*ifndef[ \t]+(\w+)[ \t]*(?://[^\n]*|"
                         + BLOCK_COMMENT + r")?\r?\n(?:\s|" + BLOCK_COMMENT + r"|//[^\n]*\n)*#[ \t]*define[ \t]+\1\b")
# (\r?: a header with CRLF line ends, read as it is: rewrite._unsaved_text)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_DEFINE = re.compile(r"^\ufeff?[ \t]*#[ \t]*define[ \t]+(\w+)", re.M)
_TYPEDEF = re.compile(r"^([ \t]*typedef[ \t]+[^;{}()]*?[\s*])(\w+)([ \t]*;)", re.M)


def program_headers(fe: "Frontend", roots=None) -> List[str]:
    """The program's own headers that `roots` (default: every file of the unit) reach by quoted #includes, through
    their headers too, by absolute path."""
    pending = [os.path.abspath(p) for p in (fe.paths if roots is None else roots)]
    seen = set(pending)
    found = []
    while pending:
        path = pending.pop()
        text = _unsaved_text(fe, fe.path if path == os.path.abspath(fe.path) else path)
        for name in _QUOTED_INCLUDE.findall(text):
            for d in [os.path.dirname(path)] + [u.rstrip(os.sep) for u in fe.user_dirs]:
                header = os.path.abspath(os.path.join(d, name))
                if os.path.isfile(header):
                    break
            else:
                continue
            if header not in seen:
                seen.add(header)
                pending.append(header)
                found.append(header)
    return found


def _shared_guards(fe: "Frontend", headers: List[str]) -> Dict[str, List[str]]:
    """Guard name -> the headers (two or more, by their real files) it guards."""
    by_guard: Dict[str, Dict[str, str]] = {}
    for header in headers:
        m = _GUARD_NAME.match(_unsaved_text(fe, header))
        if m:
            by_guard.setdefault(m.group(1), {}).setdefault(os.path.realpath(header), header)
    return {g: sorted(h.values()) for g, h in by_guard.items() if len(h) > 1}


def _rename_typedefs(fe: "Frontend", headers: List[str], unit_header: str) -> bool:
    """The typedefs several of the headers define keep the unit header's meaning: the others' get names of their
    own, which nothing uses. Whether there were any."""
    # by name, not by text: a header may define a name twice under #ifdef's (IMB's `typedef int assign_type;` under
    # BUFFERS_INT, `typedef float assign_type;` under BUFFERS_FLOAT), which only the preprocessor chooses between
    typedefs: Dict[str, set] = {}  # name -> the headers that define it
    for h in headers:
        for m in _TYPEDEF.finditer(_unsaved_text(fe, h)):
            typedefs.setdefault(m.group(2), set()).add(h)
    shared = {n for n, where in typedefs.items() if len(where) > 1}
    for h in headers:
        if h == unit_header:
            continue
        stem = re.sub(r"\W", "_", os.path.basename(h))
        fe.unsaved[h] = _TYPEDEF.sub(lambda m: m.group(1) + (f"{m.group(2)}__{stem}" if m.group(2) in shared
                                                             else m.group(2)) + m.group(3), _unsaved_text(fe, h))
    return bool(shared)


def _refuse_own_uses(fe: "Frontend", reads: Dict[str, List[str]], unit_header: Dict[str, str]) -> None:
    """A file that reads a header whose typedef the unit takes from another, and names that type in its own text,
    would get the other type: a located error."""
    for path, headers in reads.items():
        for h in headers:
            if h not in unit_header:
                continue
            stem = re.sub(r"\W", "_", os.path.basename(h))
            renamed = {m.group(2)[:-len(stem) - 2] for m in _TYPEDEF.finditer(_unsaved_text(fe, h))
                       if m.group(2).endswith("__" + stem)}
            # comments blanked (their newlines kept): a name there is no use
            text = _COMMENT.sub(lambda c: re.sub(r"[^\n]", " ", c.group(0)), _unsaved_text(fe, path))
            for name in sorted(renamed):
                m = re.search(r"\b" + re.escape(name) + r"\b", text)
                if m:
                    line = text.count("\n", 0, m.start()) + 1
                    raise TranslationError(
                        ir.Loc(path, line, m.start() - text.rfind("\n", 0, m.start())),
                        f"'{name}' is {os.path.basename(h)}'s type in this file and "
                        f"{os.path.basename(unit_header[h])}'s in the program's other files (the two headers share "
                        "one include guard): cmpi reads the files as one unit, with one type of that name",
                        "unsupported-construct")


def _headers_each_file_reads(fe: "Frontend", shared: Dict[str, List[str]]) -> Dict[str, List[str]]:
    """File (as the unit reads it) -> the header of each shared guard its own compile reads: the one whose
    `#define GUARD` clang's preprocessor saw when the file was parsed alone (a skipped body records no macro)."""
    index = ci.Index.create()
    header_of = {(g, os.path.realpath(h)): h for g, headers in shared.items() for h in headers}
    reads: Dict[str, List[str]] = {}
    for key in [fe.path] + [os.path.abspath(p) for p in fe.paths[1:]]:
        tu = index.parse(key, args=fe._clang_args(), unsaved_files=list(fe.unsaved.items()),
                         options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD |
                         ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
        mine = reads.setdefault(key, [])
        for cur in tu.cursor.get_children():
            f = cur.location.file
            if cur.kind == K.MACRO_DEFINITION and cur.spelling in shared and f is not None:
                h = header_of.get((cur.spelling, os.path.realpath(f.name)))
                if h is not None and h not in mine:
                    mine.append(h)
    return reads


def separate_shared_guards(fe: "Frontend") -> None:
    """Make each file of the unit read the headers of a shared guard as its own compile does (module doc)."""
    if len(fe.paths) < 2:
        return
    every = program_headers(fe)
    shared = {g: hs for g, hs in _shared_guards(fe, every).items()
              if not any(_TYPE_DEFINITION.search(t) or _STATIC_DEFINITION.search(t)
                         for t in (_unsaved_text(fe, h) for h in hs))}  # read again, they would be defined twice
    if not shared:
        return
    reads = _headers_each_file_reads(fe, shared)
    in_groups = {h for headers in shared.values() for h in headers}
    # a macro some other file or header of the program defines too stays: it may not be defined again
    elsewhere = {name for f in [os.path.abspath(p) for p in fe.paths] + every if f not in in_groups
                 for name in _DEFINE.findall(_unsaved_text(fe, fe.path if f == os.path.abspath(fe.path) else f))}
    forget: List[str] = []
    unit_header: Dict[str, str] = {}  # a header whose typedefs the unit takes from another -> that one
    for guard, headers in sorted(shared.items()):
        # the unit's types are those the main file reads (or, if it reads none of them, most files)
        counted = Counter(h for hs in reads.values() for h in hs if h in headers)
        mine = [h for h in reads.get(fe.path, []) if h in headers]
        unit = mine[0] if mine else (counted.most_common(1)[0][0] if counted else headers[0])
        if _rename_typedefs(fe, headers, unit):
            unit_header.update({h: unit for h in headers if h != unit})
        names = {guard}
        for h in headers:
            names.update(n for n in _DEFINE.findall(_unsaved_text(fe, h)) if n not in elsewhere)
        forget += sorted(names)
    undefs = "".join(f"#undef {name}\n" for name in dict.fromkeys(forget))
    _refuse_own_uses(fe, reads, unit_header)

    def prelude(path: str) -> str:
        """Before a file: forget the guards and their macros, then read the headers its compile reads (after the
        unit's own header of a group whose typedefs that one defines for the unit, its macros forgotten again)."""
        text = undefs
        for h in reads.get(path, []):
            if h in unit_header:
                text += f'#include "{unit_header[h]}"\n' + undefs
            text += f'#include "{h}"\n'
        return text

    # the unit reads paths[1:] (-include), then the first file: each file's prelude is appended to the file read
    # before it (its own #include of those headers is then skipped, as gcc skips the second), the first's is a
    # file of its own that frontend._parse_once -includes first
    order = [os.path.abspath(p) for p in fe.paths[1:]] + [fe.path]
    if any(h in unit_header for h in reads.get(order[0], [])):
        fe.unit_prelude = os.path.join(os.path.dirname(os.path.abspath(fe.path)), ".cmpi-unit-prelude.h")
        fe.unsaved[fe.unit_prelude] = prelude(order[0])
    for before, after in zip(order, order[1:]):
        text = _unsaved_text(fe, before)
        fe.unsaved[before] = text + ("" if text.endswith("\n") else "\n") + prelude(after)
