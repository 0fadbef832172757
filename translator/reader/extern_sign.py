"""An extern declaration whose pointer type differs from the definition's only in the sign of the integer it
points to (graph500: bfs_reference.c defines `unsigned int *rowstarts`, sssp_reference.c declares `extern int*
rowstarts;`).

C compiles each file alone and the linker binds both names to the one pointer, which the declaring file reads as
`int *`. Read as one unit, the two declarations are clang's redeclaration error. So, in the declaring file's text,
the declaration takes the definition's type and every reference becomes the cast the file meant, `((int *)rowstarts)`
(a view of the same memory: `Ptr.Reinterpret`). Only a name the file reads is rewritten: an assignment, `&`, `++`
or a macro of the file that names it leaves the error as it is. Line numbers are kept (no newline is added).
"""
from __future__ import annotations

import os
import re
from typing import Dict, List, Tuple

from .clang_setup import K, ci
from .offsets import text_index
from .rewrite import _unsaved_text

_INTEGER_KINDS = {
    ci.TypeKind.CHAR_S, ci.TypeKind.SCHAR, ci.TypeKind.CHAR_U, ci.TypeKind.UCHAR, ci.TypeKind.SHORT,
    ci.TypeKind.USHORT, ci.TypeKind.INT, ci.TypeKind.UINT, ci.TypeKind.LONG, ci.TypeKind.ULONG,
    ci.TypeKind.LONGLONG, ci.TypeKind.ULONGLONG,
}

# What after a reference makes it written (an assignment of any kind, ++, --), and before it (&, ++, --).
_WRITTEN_AFTER = re.compile(r"\s*(=(?!=)|\+\+|--|(<<|>>|[-+*/%&|^])=)")
_WRITTEN_BEFORE = re.compile(r"(?<!&)&\s*$|(\+\+|--)\s*$")


def _integer_pointee(cur: ci.Cursor):
    """The integer type `cur`, a variable, points to (one level), or None."""
    t = cur.type.get_canonical()
    if t.kind != ci.TypeKind.POINTER:
        return None
    pointee = t.get_pointee()
    return pointee if pointee.kind in _INTEGER_KINDS else None


def retype_sign_mismatched_externs(fe: "Frontend") -> None:
    """Rewrite (in `fe.unsaved`) each file's `extern T1 *x;` whose definition in another file is `T2 *x` with T2
    the integer type of T1's size and other sign, as described above. Each file is parsed alone only when the
    unit just read has a redeclaration with a different type (most programs have none)."""
    unit = getattr(fe, "tu", None)
    if unit is None or not any(d.severity >= ci.Diagnostic.Error and "with a different type" in d.spelling
                               for d in unit.diagnostics):
        return
    index = ci.Index.create()
    keys = [fe.path] + [os.path.abspath(p) for p in fe.paths[1:]]  # the names clang reads the files by
    units = {key: index.parse(key, args=fe._clang_args(), unsaved_files=list(fe.unsaved.items()),
                              options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD) for key in keys}
    definitions: Dict[str, ci.Cursor] = {}
    externs: List[Tuple[str, ci.Cursor]] = []
    for key, tu in units.items():
        for cur in tu.cursor.get_children():
            if cur.kind != K.VAR_DECL or cur.location.file is None or cur.location.file.name != key or \
                    _integer_pointee(cur) is None:
                continue
            if cur.storage_class == ci.StorageClass.EXTERN:
                externs.append((key, cur))
            elif cur.storage_class != ci.StorageClass.STATIC:
                definitions.setdefault(cur.spelling, cur)
    for key, decl in externs:
        definition = definitions.get(decl.spelling)
        if definition is None or definition.location.file.name == key:
            continue
        mine, theirs = _integer_pointee(decl), _integer_pointee(definition)
        if mine.kind == theirs.kind or mine.get_size() != theirs.get_size():
            continue
        _rewrite(fe, key, units[key], decl, definition)


def _rewrite(fe: "Frontend", key: str, tu: ci.TranslationUnit, decl: ci.Cursor, definition: ci.Cursor) -> None:
    name = decl.spelling
    text = _unsaved_text(fe, key)
    start, end = text_index(text, decl.extent.start.offset), text_index(text, decl.extent.end.offset)
    written = text[start:end]
    if not (written.startswith("extern") and written.endswith(name) and text[end:].lstrip().startswith(";")):
        return  # several declarators in one declaration, or a macro's: left as clang reads it
    usr = decl.get_usr()
    refs = []
    for top in tu.cursor.get_children():
        f = top.location.file
        if f is None or f.name != key:
            continue
        if top.kind == K.MACRO_DEFINITION:
            if any(t.spelling == name for t in list(top.get_tokens())[1:]):
                return  # the file's macro names it
            continue
        if top.kind == K.VAR_DECL and top.spelling == name:
            if top.location.offset != decl.location.offset:
                return  # declared again in the file: left as it is
            continue
        for cur in top.walk_preorder():
            if cur.kind == K.DECL_REF_EXPR and cur.referenced is not None and cur.referenced.get_usr() == usr and \
                    cur.location.file is not None and cur.location.file.name == key:
                at = text_index(text, cur.location.offset)
                if text[at:at + len(name)] != name or _WRITTEN_AFTER.match(text, at + len(name)) or \
                        _WRITTEN_BEFORE.search(text[max(0, at - 4):at]):
                    return  # written, or spelled by a macro of another name: left as it is
                refs.append(at)
    theirs = definition.type.get_canonical().spelling  # `unsigned int *`: spelled without the other file's typedefs
    mine = decl.type.spelling
    for at in sorted(set(refs), reverse=True):
        text = text[:at] + f"(({mine}){name})" + text[at + len(name):]
    text = text[:start] + f"extern {theirs}{'' if theirs.endswith('*') else ' '}{name}" + text[end:]
    fe.unsaved[key] = text
