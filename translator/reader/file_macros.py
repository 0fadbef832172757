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

The headers' own macros are the next file's as its compile has them too (round 11, `_header_macros_for_next_file`):
a macro of a header the unit has read that the next file does not read is forgotten (`#ifdef FAST` of a.c's
config.h is no longer true in b.c), and one of a header the next file reads but the unit skips there (its guard, read
before) is that header's one definition again where something else may have changed it (seed 95 input 83: main.c's
common.h default `SCALE 2`, not b.c's alt.h `SCALE 7`).
"""
from __future__ import annotations

import os
import re
from typing import Dict, List, Optional, Set

from .rewrite import _LITERAL_OR_COMMENT, _QUOTED_INCLUDE, _unsaved_text
from .shared_guards import _GUARD_NAME, program_headers

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

    def header_text(h: str) -> str:
        if h not in header_texts:  # another input file, included (`#include "a.c"`)
            headers.append(h)
            header_texts[h] = _blank_comments(_unsaved_text(fe, h))
        return header_texts[h]

    defines: Dict[str, Set[str]] = {}  # header -> the names it #defines

    def defined_in(h: str) -> Set[str]:
        if h not in defines:
            defines[h] = set(_DEFINE.findall(header_text(h)))
        return defines[h]

    guards = _guard_names(header_texts.values())
    read_so_far: Set[str] = set()  # the headers the unit has read before the next file
    changed_by_files: Set[str] = set()  # the names files read so far changed that no header of theirs records
    for k, path in enumerate(order[:-1]):
        own_headers = program_headers(fe, [path])
        read_so_far.update(own_headers)
        defined = set(_DEFINE.findall(texts[path]))
        undefined = set(_UNDEF.findall(texts[path]))
        recorded_here = (defined | undefined) & {n for h in own_headers for n in defined_in(h)}
        changed_by_files |= (defined | undefined) - recorded_here  # (those a header records are taken back)
        for_next = _header_macros_for_next_file(fe, order[k + 1], texts[order[k + 1]], read_so_far, header_text,
                                                defined_in, guards, guards | recorded_here, changed_by_files)
        if not defined and not undefined:
            if for_next:
                fe.unsaved[path] = append_lines(_unsaved_text(fe, path), "".join(for_next))
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
        lines += for_next
        if lines:
            fe.unsaved[path] = append_lines(_unsaved_text(fe, path), "".join(lines))
    for h, names in recorded.items():
        mark = _recorded(headers.index(h))
        pushes = "".join(f"#pragma push_macro(\"{name}\")\n" for name in sorted(names))
        fe.unsaved[h] = append_lines(_unsaved_text(fe, h), f"#ifndef {mark}\n#define {mark}\n{pushes}#endif\n")


# ---------------------------------------------------------------- the headers' macros at the next file's start

_PRAGMA_ONCE = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+once\b", re.M)
_IF_NOT_DEFINED_GUARD = re.compile(r"\A\ufeff?\s*#[ \t]*if[ \t]*![ \t]*defined[ \t]*\(?[ \t]*(\w+)[ \t]*\)?[ \t]*\n"
                                   r"\s*#[ \t]*define[ \t]+\1\b")
_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(\w+)([^\n]*)", re.M)
_NOT_DEFINED = re.compile(r"![ \t]*defined[ \t]*\(?[ \t]*(\w+)[ \t]*\)?")


def _guard_of(text: str) -> Optional[str]:
    """The include guard macro of a header's (comment-blanked) text, or None."""
    m = _GUARD_NAME.match(text) or _IF_NOT_DEFINED_GUARD.match(text)
    return m.group(1) if m else None


def _guard_names(texts) -> Set[str]:
    return {g for g in map(_guard_of, texts) if g}


def _read_again(text: str) -> bool:
    """Whether a header is read in full at each #include (no guard, no `#pragma once`, which the unit also adds to
    an unguarded header of types: rewrite.include_unguarded_headers_once)."""
    return _guard_of(text) is None and not _PRAGMA_ONCE.search(text)


def _default_definition(text: str, name: str, guards: Set[str]) -> Optional[str]:
    """The one definition a header gives `name` wherever it is read first: spelt one way, under no condition but an
    include guard or the name's own `#ifndef name` (a default); None otherwise (a definition the reading file's
    configuration chooses, an `#undef`)."""
    spellings = _definitions(text, name)
    if len(spellings) != 1:
        return None
    stack: List[Optional[str]] = []  # per open conditional: the name it tests for being undefined, else None
    for m in _DIRECTIVE.finditer(_SPLICE.sub(" ", text)):
        directive, rest = m.group(1), m.group(2).strip()
        words = rest.split()
        if directive == "ifndef":
            stack.append(words[0] if words else None)
        elif directive == "if":
            t = _NOT_DEFINED.fullmatch(rest)
            stack.append(t.group(1) if t else None)
        elif directive in ("ifdef", "elif", "elifdef", "elifndef", "else"):
            if directive == "ifdef":
                stack.append(None)
            elif stack:
                stack[-1] = None  # the other branch of a test
        elif directive == "endif":
            if stack:
                stack.pop()
        elif directive == "undef" and words[:1] == [name]:
            return None
        elif directive == "define" and re.match(re.escape(name) + r"\b", rest):
            if any(test != name and test not in guards for test in stack):
                return None
    return next(iter(spellings))


def _header_macros_for_next_file(fe, path: str, text: str, read_so_far: Set[str], header_text, defined_in,
                                 guards: Set[str], skip: Set[str], changed_by_files: Set[str]) -> List[str]:
    """Lines after a file that give the next file (`path`, its comment-blanked `text`) the program headers' macros
    its own compile has when it starts: the unit still holds those of the headers it has read, which a file that
    does not read them must not see (`#ifdef FAST` true in b.c because a.c read config.h; `#ifndef BLOCK`'s default
    skipped in main.c because b.c's header defined BLOCK: fuzz_multifile seed 95 input 83). For each such macro the
    next file or a header it reads mentions: forgotten (`#undef`) where no header the next file reads defines it, or
    where each that does is read in full there (its first reading in the unit, or a header without a guard); defined
    again as the header has it where the one header of the next file that defines it is one the unit read before
    (its guard skips it now) and defines it one way, unconditionally or as a default (`#ifndef BLOCK` / `#define
    BLOCK 64`), if anything else the unit read defines it (another header, a file's own text: else it is the
    header's already); else left as it is. `skip`: include guards, and the names the file itself changed that its
    headers define (the header's record above takes those back)."""
    reads = program_headers(fe, [path])
    if any(_hidden_includes(fe, t) for t in [text] + [header_text(h) for h in reads]):
        return []  # a header the quoted #includes do not show may define them: left as they are
    fresh = _read_in_full(fe, path, read_so_far, header_text)
    mentioned = set(_WORD.findall(text))
    for h in reads:
        mentioned.update(_WORD.findall(header_text(h)))
    in_force = {name for h in read_so_far for name in defined_in(h)}
    lines = []
    for name in sorted((in_force & mentioned) - skip):
        definers = [h for h in reads if name in defined_in(h)]
        skipped = [h for h in definers if h not in fresh]
        if not skipped:
            lines.append(f"#undef {name}\n")
        elif len(definers) == 1 and (name in changed_by_files or
                                     any(name in defined_in(h) for h in read_so_far if h != definers[0])):
            definition = _default_definition(header_text(skipped[0]), name, guards)
            if definition is not None:
                lines.append(f"#undef {name}\n#define {definition}\n")
    return lines


def _read_in_full(fe, path: str, read_so_far: Set[str], header_text) -> Set[str]:
    """The program headers the unit reads in full in the file `path`: those it includes that the unit has not read
    yet or that have no guard, reached through headers read in full (an unguarded npbparams.h that only a guarded
    ft.h includes is skipped with ft.h)."""
    fresh: Set[str] = set()
    pending = [os.path.abspath(path)]
    seen = set(pending)
    while pending:
        including = pending.pop()
        for h in _direct_headers(fe, including):
            if h in seen:
                continue
            seen.add(h)
            if h not in read_so_far or _read_again(header_text(h)):
                fresh.add(h)
                pending.append(h)
    return fresh


def _direct_headers(fe, path: str) -> List[str]:
    """The program headers `path` names in its own quoted #includes (as shared_guards.program_headers finds them,
    one level)."""
    text = _unsaved_text(fe, fe.path if path == os.path.abspath(fe.path) else path)
    found = []
    for name in _QUOTED_INCLUDE.findall(text):
        for d in [os.path.dirname(path)] + [u.rstrip(os.sep) for u in fe.user_dirs]:
            header = os.path.abspath(os.path.join(d, name))
            if os.path.isfile(header):
                found.append(header)
                break
    return found


_ANY_INCLUDE = re.compile(r"^\ufeff?[ \t]*#[ \t]*include(?:_next)?\b[ \t]*(.*)", re.M)


def _hidden_includes(fe, text: str) -> bool:
    """Whether a text #includes what program_headers does not follow: a computed name (`#include HEADER`), or a
    `<name>` that is a file of the program's own -I directories."""
    for m in _ANY_INCLUDE.finditer(text):
        target = m.group(1).strip()
        if target.startswith('"'):
            continue
        if not target.startswith("<"):
            return True
        name = target[1:].split(">")[0]
        if any(os.path.isfile(os.path.join(d, name)) for d in fe.user_dirs):
            return True
    return False
