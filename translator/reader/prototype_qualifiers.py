"""Declarations of one function, in different files, that differ only in the const or volatile of what a parameter
or the result points to (SciNet's hydro: ppm.h declares `outputppm_mpiio(..., const char *filename, ...)`, ppm.c,
which does not include ppm.h, defines it with `char *filename`).

C compiles each file alone and the linker binds every call to the one definition: the qualifiers of one file's
prototype never meet the other file's. Read as one unit, the two declarations are clang's "conflicting types". The
port's types drop const and volatile (csharp/types.py), so the reader blanks those keywords, in the text of every
declaration of the function (a header's prototype, a file's own, the definition), in the parameters (and the result)
whose qualifiers disagree: the declarations then agree, and a call passing a `const char *` to the now plain `char *`
is clang's discards-qualifiers warning, which C takes too. A qualifier a typedef or a macro spells is not in the
text: the error is then left as it is. Offsets and line numbers are kept (each keyword becomes as many spaces).
"""
from __future__ import annotations

import os
import re
from typing import Dict, List, Set, Tuple

from .clang_setup import K, ci
from .offsets import text_index
from .rewrite import _unsaved_text

_QUALIFIERS = ("const", "volatile")
_QUALIFIER_WORDS = re.compile(r"\b(?:const|volatile|restrict)\b")


def _unqualified(spelling: str) -> str:
    return " ".join(_QUALIFIER_WORDS.sub(" ", spelling).split())


def _signature(cur: ci.Cursor) -> Tuple[str, List[str]]:
    """The result's and each parameter's canonical spelling, qualifiers kept."""
    t = cur.type.get_canonical()
    return t.get_result().spelling, [a.spelling for a in t.argument_types()]


def _conflicting_names(fe: "Frontend") -> Set[str]:
    unit = getattr(fe, "tu", None)
    if unit is None:
        return set()
    return {m.group(1) for d in unit.diagnostics if d.severity >= ci.Diagnostic.Error
            for m in [re.match(r"conflicting types for '(\w+)'", d.spelling)] if m}


def _text_key(fe: "Frontend", name: str) -> str:
    """The name fe.unsaved knows the file by (a header may be spelled otherwise by another parse)."""
    real = os.path.realpath(name)
    return next((k for k in fe.unsaved if os.path.realpath(k) == real), name)


def unify_qualifier_conflicts(fe: "Frontend") -> None:
    """Blank (in `fe.unsaved`) the disagreeing qualifiers of each function the unit just read calls conflicting,
    as described above. Each file is parsed alone only when the unit has such an error (most programs have none)."""
    names = _conflicting_names(fe)
    if not names:
        return
    index = ci.Index.create()
    keys = [fe.path] + [os.path.abspath(p) for p in fe.paths[1:]]  # the names clang reads the files by
    declarations: Dict[str, Dict[Tuple[str, int], ci.Cursor]] = {}  # name -> (file, offset) -> a declaration
    for key in keys:
        tu = index.parse(key, args=fe._clang_args(), unsaved_files=list(fe.unsaved.items()),
                         options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
        for cur in tu.cursor.get_children():
            f = cur.location.file
            if cur.kind == K.FUNCTION_DECL and cur.spelling in names and f is not None and fe._is_user_path(f.name):
                declarations.setdefault(cur.spelling, {}).setdefault(
                    (os.path.realpath(f.name), cur.location.offset), cur)
    edits: Dict[str, Set[int]] = {}  # file -> byte offsets of the keywords to blank
    for decls in declarations.values():
        cursors = list(decls.values())
        signatures = [_signature(c) for c in cursors]
        results = {r for r, _ in signatures}
        params = {len(p) for _, p in signatures}
        if len(params) != 1 or len({_unqualified(r) for r in results}) != 1 or \
                any(len({_unqualified(p[i]) for _, p in signatures}) != 1 for i in range(params.pop())):
            continue  # they differ in more than qualifiers: a conflict C has too
        differing = [i for i in range(len(signatures[0][1])) if len({p[i] for _, p in signatures}) > 1]
        for cur in cursors:
            places = [a for i, a in enumerate(c for c in cur.get_children() if c.kind == K.PARM_DECL)
                      if i in differing]
            tokens = [t for a in places for t in a.get_tokens()]
            if len(results) > 1:  # the result's qualifiers: the tokens before the function's name
                tokens += [t for t in cur.get_tokens() if t.extent.start.offset < cur.location.offset]
            for t in tokens:
                if t.kind == ci.TokenKind.KEYWORD and t.spelling in _QUALIFIERS and t.location.file is not None:
                    edits.setdefault(t.location.file.name, set()).add(t.extent.start.offset)
    for name, offsets in edits.items():
        key = _text_key(fe, name)
        text = _unsaved_text(fe, key)
        for offset in offsets:
            at = text_index(text, offset)
            word = text[at:at + 8]
            length = next((len(q) for q in _QUALIFIERS if word.startswith(q)), 0)
            if length:
                text = text[:at] + " " * length + text[at + length:]
        fe.unsaved[key] = text
