"""The syntax tree of a function read in one foreign call (issue 28: translation speed).

clang.cindex asks libclang one thing per call: a cursor's children cost a Python callback each (and an equality
check with the null cursor), its extent start and end are new objects that each ask again for file, line and
column. About three quarters of a translation went there. native/cmpi_ast.c, built by scripts/setup.sh, walks a
whole subtree in C and returns a flat table (children, type, location, extent per cursor). `load(root)` lists the
cursors under a top-level declaration as `Node`s: tuples of the facts the reader asks of every node, built by C loops
from the table's columns, which answer as the clang.cindex Cursor get_children() gives and make that Cursor (from the
table's array) only for what they do not hold. The declaration's own Cursor, and the unit's top level
(`top_level`, as clang.cindex Cursors), get the facts attached:

    cur._cmpi_kids   its children (list of Node; of Cursor for the top level's, which lists no children)
    cur._cmpi_loc    (file name, line, column) of cur.location
    cur._cmpi_start  (file name, line, column) of cur.extent.start
    cur._cmpi_end    (file name, line, column) of cur.extent.end
    cur._type        its type (clang.cindex's own cache attribute for cur.type)
    cur._spelling    cur.spelling (clang.cindex's cache), None where libclang gives no string
    cur._referenced  cur.referenced (clang.cindex's cache) of a DECL_REF_EXPR, MEMBER_REF_EXPR, MACRO_INSTANTIATION
    cur._cmpi_first_token   a literal's (or sizeof's) first token, as Frontend._first_token finds it (where found so)
    cur._cmpi_equals        a VAR_DECL's (whether cur.get_tokens() has any, (line, column) of the first `=` or None)
    cur._cmpi_function_like a macro's clang_Cursor_isMacroFunctionLike, when true

A Node answers the same names (`kind`, `spelling`, `type`, `referenced` and the `_cmpi_` facts), and `type_key` (the
type's `data[0]`, by which the reader remembers its converted types) and `referenced_key()` (the bytes of the
declaration it names) without making a ctypes object.

`tokens(tu, extent, kind)` lexes a range once and keeps the tokens of one kind (the reader's operators, comments).

A file name is "" where libclang gives no file. Without the library (a checkout whose setup did not build it, a
libclang it was not built against) nothing is attached and the reader asks clang.cindex as before: the answers are
the same (tests/test_flat_ast.py compares both on every construct), only slower. CMPI_NO_FLAT_AST=1 forces that.
"""
from __future__ import annotations

import collections
import ctypes
import functools
import itertools
import operator
import os
from typing import Callable, Dict, List, Optional

from .clang_setup import ci

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY = os.path.join(_ROOT, "build", "native", "libcmpi_ast.so")


def _open_library():
    """The native walker, or None (missing, disabled, or bound to another libclang than clang.cindex's)."""
    if os.environ.get("CMPI_NO_FLAT_AST") or not os.path.exists(LIBRARY):
        return None
    try:
        lib = ctypes.CDLL(LIBRARY)
        lib.cmpi_cursor_size.restype = lib.cmpi_type_size.restype = ctypes.c_int
        if lib.cmpi_cursor_size() != ctypes.sizeof(ci.Cursor) or lib.cmpi_type_size() != ctypes.sizeof(ci.Type):
            return None
        # the library must call into the very libclang clang.cindex loaded: cursors point into its parse
        ours = ctypes.cast(lib.clang_visitChildren, ctypes.c_void_p).value
        theirs = ctypes.cast(ci.conf.lib.clang_visitChildren, ctypes.c_void_p).value
        if ours != theirs:
            return None
        lib.cmpi_flatten.argtypes = [ci.Cursor, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)]
        lib.cmpi_flatten.restype = ctypes.c_int
        lib.cmpi_export.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                    ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.cmpi_export.restype = ctypes.c_long
        lib.cmpi_tokens.argtypes = [ci.TranslationUnit, ci.SourceRange, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p),
                                    ctypes.POINTER(ctypes.c_void_p)]
        lib.cmpi_tokens.restype = ctypes.c_int
        lib.cmpi_typedefs.argtypes = [ci.Cursor, ctypes.POINTER(ctypes.c_void_p)]
        lib.cmpi_typedefs.restype = ctypes.c_int
        lib.cmpi_free.argtypes = [ctypes.c_void_p]
        lib.cmpi_free.restype = None
        return lib
    except (OSError, AttributeError):
        return None


_lib = None
_lib_opened = False


def available() -> bool:
    global _lib, _lib_opened
    if not _lib_opened:
        _lib, _lib_opened = _open_library(), True
    return _lib is not None


# cmpi_export's flags per node (native/cmpi_ast.c)
_SPELLED, _FIRST_TOKEN, _REFERENCED, _NOT_NULL, _FUNCTION_LIKE, _HAS_TOKENS, _HAS_EQUALS, _DECLARATION = \
    1, 2, 4, 8, 16, 32, 64, 128


def _export(root: ci.Cursor, levels: int):
    """The native walker's table of the cursors `levels` deep under `root` (0: all), as arrays Python owns (each
    Cursor and Type made from them is a view into them, which keeps them alive): (count, cursors, types, referenced,
    ints, files, strings); None without the library or when the walk fails."""
    if not available():
        return None
    table = ctypes.c_void_p()
    count = _lib.cmpi_flatten(root, levels, ctypes.byref(table))
    if count < 0:
        return None
    cursors, types, referenced = (ci.Cursor * count)(), (ci.Type * count)(), (ci.Cursor * count)()
    ints, files = (ctypes.c_uint * (12 * count))(), (ctypes.c_void_p * (3 * count))()
    text = ctypes.c_void_p()
    try:
        size = _lib.cmpi_export(table, count, cursors, types, ints, files, referenced, ctypes.byref(text))
    finally:
        _lib.cmpi_free(table)
    if size < 0:
        return None
    try:
        # decoded whole, then split: the same strings as decoding each (a NUL is one byte of no UTF-8 sequence)
        strings = ctypes.string_at(text.value, size).decode("utf-8", "surrogateescape").split("\0")
    finally:
        _lib.cmpi_free(text)
    return count, cursors, types, referenced, ints, files, strings


def _table(root: ci.Cursor, levels: int, file_name: Callable[[int], str]) -> Optional[List[ci.Cursor]]:
    """The cursors `levels` deep under `root` (0: all), root first, with the facts above attached (the last level's
    without `_cmpi_kids`: not listed); None without the library."""
    exported = _export(root, levels)
    if exported is None:
        return None
    count, cursors, types, referenced, ints, files, strings = exported
    tu = root._tu
    # Each column listed alone from a strided view of the array (memoryview's tolist, one C loop each): listing all
    # 15 numbers a cursor and slicing the lists made every number a Python int and copied it again (issue 28)
    numbers = memoryview(ints).cast("B").cast("I")
    handle_view = memoryview(files).cast("B").cast("P")  # (a null handle is 0 here, where the array gives None)
    handles = [handle_view[k::3].tolist() for k in range(3)]  # the location's, the extent's start's and end's
    known: Dict[int, str] = {h: file_name(h) if h else "" for h in set().union(*handles)}
    name = known.__getitem__
    flags = numbers[10::12].tolist()
    locs = list(zip(map(name, handles[0]), numbers[2::12].tolist(), numbers[3::12].tolist()))
    starts = list(zip(map(name, handles[1]), numbers[4::12].tolist(), numbers[5::12].tolist()))
    ends = list(zip(map(name, handles[2]), numbers[6::12].tolist(), numbers[7::12].tolist()))
    spellings = [s if f & _SPELLED else None for s, f in zip(strings[0::2], flags)]  # NULL: cindex's None
    nodes: List[ci.Cursor] = list(cursors)
    nodes[0] = root
    for i, (c, t, first, n, spelling) in enumerate(zip(nodes, types, numbers[0::12].tolist(),
                                                         numbers[1::12].tolist(), spellings)):
        c._tu = t._tu = tu
        c._type = t
        if first != 0xFFFFFFFF:
            c._cmpi_kids = nodes[first:first + n]
        c._cmpi_loc = locs[i]
        c._cmpi_start = starts[i]
        c._cmpi_end = ends[i]
        c._spelling = spelling  # clang.cindex's own cache of cur.spelling
    for i, f in enumerate(flags):
        if f > _SPELLED:  # the rarer facts
            c = nodes[i]
            if f & _FIRST_TOKEN:
                c._cmpi_first_token = strings[2 * i + 1]
            if f & _REFERENCED:  # clang.cindex's cache of cur.referenced: None for the null cursor
                ref = None
                if f & _NOT_NULL:
                    ref = referenced[i]
                    ref._tu = tu
                c._referenced = ref
            if f & _FUNCTION_LIKE:
                c._cmpi_function_like = True
            if f & _DECLARATION:  # a variable declaration: whether its extent has tokens, where its first `=` is
                c._cmpi_equals = (bool(f & _HAS_TOKENS),
                                  (numbers[12 * i + 8], numbers[12 * i + 9]) if f & _HAS_EQUALS else None)
    return nodes


def _numbers(array, code: str) -> List[int]:
    """A ctypes array of numbers as a list, read in one C loop (memoryview's tolist): iterating the array makes a
    Python call per element, and the table has 15 per cursor (a third of the reading's list building, issue 28)."""
    return memoryview(array).cast("B").cast(code).tolist()


class Node(tuple):
    """A cursor of a function's tree as the native walker listed it: a tuple of the facts the reader asks of every
    node, built from the table's columns by C loops (no Python code per node, no ctypes object, no attribute
    dictionary: issue 28, where building a clang.cindex Cursor and Type per node and setting their facts was a third
    of the reading). The fields answer as clang.cindex would; anything else (`get_tokens()`, `is_definition()`,
    `storage_class`, ...) is asked of the clang.cindex Cursor the table holds at the node's index, made when asked,
    and ctypes takes a Node wherever libclang takes a cursor (`_as_parameter_`)."""
    __slots__ = ()

    kind = property(operator.itemgetter(0))  # CursorKind
    spelling = property(operator.itemgetter(1))  # None where libclang gives no string, as clang.cindex
    _cmpi_loc = property(operator.itemgetter(2))  # (file name or "", line, column) of the location
    _cmpi_start = property(operator.itemgetter(3))  # ... of the extent's start
    _cmpi_end = property(operator.itemgetter(4))  # ... of the extent's end
    type_key = property(operator.itemgetter(5))  # the type's QualType pointer (Type.data[0]; 0 for none)
    # [6] the node's index in its tree, [7] the tree (_Tree), [8] the reader's place of the location (what `load`'s
    # `places` made of [2]; None without one), [9] the children (list of Node: the reader's Frontend.kids)

    @property
    def cursor(self) -> ci.Cursor:
        tree = self[7]
        c = tree.cursors[self[6]]
        c._tu = tree.tu
        return c

    @property
    def _as_parameter_(self) -> ci.Cursor:
        return self.cursor

    def __getattr__(self, name):
        return getattr(self.cursor, name)

    @property
    def type(self) -> ci.Type:
        tree = self[7]
        t = tree.types[self[6]]
        t._tu = tree.tu
        return t

    _type = type  # (clang.cindex's cache attribute, as a Cursor of the table had it)

    @property
    def referenced(self) -> Optional[ci.Cursor]:
        tree, i = self[7], self[6]
        listed = tree.referenced_listed.get(i)
        if listed is None:  # not a reference kind: libclang is asked, as clang.cindex does
            return self.cursor.referenced
        if not listed:
            return None
        ref = tree.referenced[i]
        ref._tu = tree.tu
        return ref

    _referenced = referenced  # (clang.cindex's cache attribute, as a Cursor of the table had it)

    def referenced_key(self) -> Optional[bytes]:
        """bytes(self.referenced) without making the Cursor, for a reference kind (None for the null cursor)."""
        tree, i = self[7], self[6]
        if not tree.referenced_listed.get(i):
            ref = self.referenced
            return bytes(ref) if ref is not None else None
        return tree.referenced_bytes[_CURSOR_SIZE * i:_CURSOR_SIZE * (i + 1)]

    @property
    def _cmpi_kids(self) -> Optional[list]:
        kids = self[7].kids
        return kids[self[6]] if kids is not None else None  # (None once released: clang.cindex's children then)

    @property
    def _cmpi_first_token(self) -> Optional[str]:
        return self[7].first_tokens.get(self[6])

    @property
    def _cmpi_equals(self):
        return self[7].equals.get(self[6])

    @property
    def _cmpi_function_like(self) -> bool:
        return self[6] in self[7].function_like


class _Tree:
    """What a function's Nodes share: the table's ctypes arrays (the clang.cindex objects made from them when asked),
    the children lists by index, and the rarer facts by index."""
    __slots__ = ("tu", "cursors", "types", "referenced", "referenced_bytes", "referenced_listed", "kids",
                 "first_tokens", "equals", "function_like")


_CURSOR_SIZE = ctypes.sizeof(ci.Cursor)
_make_node = functools.partial(tuple.__new__, Node)  # Node(fields) called from C (map), no Python frame per node


def _tree(root: ci.Cursor, file_name: Callable[[int], str], places: Optional[Callable[[list], list]] = None) -> bool:
    """Read root's whole tree into Nodes (root itself stays the clang.cindex Cursor, given the same facts as
    `_table` gives); False without the library. `places(locations)` gives the reader's object for each location
    (Node[8]), in one call for the whole tree: the reader asks every node its place."""
    exported = _export(root, 0)
    if exported is None:
        return False
    count, cursors, types, referenced, ints, files, strings = exported
    kind_ids = memoryview(cursors).cast("B").cast("i")[0::_CURSOR_SIZE // 4].tolist()
    try:
        kinds_of = {k: ci.CursorKind.from_id(k) for k in set(kind_ids)}
    except ValueError:
        return _table(root, 0, file_name) is not None  # a kind clang.cindex does not know: its error when asked
    tu = root._tu
    tree = _Tree()
    tree.tu, tree.cursors, tree.types, tree.referenced = tu, cursors, types, referenced
    numbers = memoryview(ints).cast("B").cast("I")
    handle_view = memoryview(files).cast("B").cast("P")
    handles = [handle_view[k::3].tolist() for k in range(3)]
    known: Dict[int, str] = {h: file_name(h) if h else "" for h in set().union(*handles)}
    name = known.__getitem__
    flags = numbers[10::12].tolist()
    strings_spelled = strings[0::2]
    if min(flags, default=_SPELLED) & _SPELLED:
        spellings = strings_spelled
    else:
        spellings = [s if f & _SPELLED else None for s, f in zip(strings_spelled, flags)]
    locs = list(zip(map(name, handles[0]), numbers[2::12].tolist(), numbers[3::12].tolist()))
    starts = zip(map(name, handles[1]), numbers[4::12].tolist(), numbers[5::12].tolist())
    ends = zip(map(name, handles[2]), numbers[6::12].tolist(), numbers[7::12].tolist())
    type_keys = memoryview(types).cast("B").cast("Q")[1::ctypes.sizeof(ci.Type) // 8].tolist()  # data[0]
    # each node's list of children, made empty before the Nodes that hold them and filled after (C loops: `map`)
    kids = list(map(list, itertools.repeat((), count)))
    nodes: list = list(map(_make_node, zip(map(kinds_of.__getitem__, kind_ids), spellings, locs, starts, ends,
                                           type_keys, range(count), itertools.repeat(tree, count),
                                           places(locs) if places is not None else itertools.repeat(None, count),
                                           kids)))
    first = numbers[0::12].tolist()
    collections.deque(map(list.extend, kids, map(nodes.__getitem__, map(slice, first, map(
        operator.add, first, numbers[1::12].tolist())))), maxlen=0)
    tree.kids = kids
    tree.first_tokens, tree.equals, tree.referenced_listed, tree.function_like = {}, {}, {}, set()
    for i in [i for i, f in enumerate(flags) if f > _SPELLED]:  # the rarer facts
        f = flags[i]
        if f & _FIRST_TOKEN:
            tree.first_tokens[i] = strings[2 * i + 1]
        if f & _REFERENCED:
            tree.referenced_listed[i] = bool(f & _NOT_NULL)
        if f & _FUNCTION_LIKE:
            tree.function_like.add(i)
        if f & _DECLARATION:
            tree.equals[i] = (bool(f & _HAS_TOKENS), (numbers[12 * i + 8], numbers[12 * i + 9]) if f & _HAS_EQUALS
                              else None)
    tree.referenced_bytes = bytes(referenced) if tree.referenced_listed else b""
    # the root is the reader's clang.cindex Cursor: its facts attached as _table attaches them
    root0 = nodes[0]
    root._type = root0.type
    root._cmpi_kids = tree.kids[0]
    root._cmpi_loc, root._cmpi_start, root._cmpi_end = root0[2], root0[3], root0[4]
    root._spelling = root0[1]
    if 0 in tree.equals:
        root._cmpi_equals = tree.equals[0]
    if 0 in tree.function_like:
        root._cmpi_function_like = True
    if 0 in tree.referenced_listed:
        root._referenced = root0.referenced
    root._cmpi_tree = tree
    return True


def load(root: ci.Cursor, file_name: Callable[[int], str], places: Optional[Callable[[list], list]] = None) -> bool:
    """Attach the facts above to `root` and list every cursor under it as a Node (the same answers); `file_name(handle)`
    names a libclang file (the reader remembers names per handle), `places(locations)` the reader's object of each
    node's location (Node[8]). False (nothing attached) without the library."""
    if getattr(root, "_cmpi_kids", None) is not None:
        return True
    if os.environ.get("CMPI_CURSOR_TABLE"):  # (the Cursor objects of rounds 4-8, kept for comparison)
        return _table(root, 0, file_name) is not None
    return _tree(root, file_name, places)


def top_level(tu: ci.TranslationUnit, file_name: Callable[[int], str]) -> List[ci.Cursor]:
    """list(tu.cursor.get_children()): the unit's top-level cursors (the headers' thousands of declarations and
    macros among them) in one foreign call, with their facts (not their children: `load` reads a declaration's
    tree when the reader enters it); without the library, clang.cindex's own listing."""
    root = tu.cursor
    nodes = _table(root, 1, file_name)
    if nodes is None:
        return list(root.get_children())
    return nodes[1:]


def is_macro_function_like(definition: ci.Cursor) -> bool:
    """clang_Cursor_isMacroFunctionLike of a macro definition, answered from the table when it was listed there."""
    if getattr(definition, "_cmpi_loc", None) is not None:
        return getattr(definition, "_cmpi_function_like", False)
    return bool(ci.conf.lib.clang_Cursor_isMacroFunctionLike(definition))


def typedefs(root: ci.Cursor) -> Optional[List[ci.Cursor]]:
    """The TYPEDEF_DECL cursors under `root` in preorder, found in C without entering expressions, macros, #includes,
    parameters or prototypes (where no typedef can be); None without the library."""
    if not available():
        return None
    found = ctypes.c_void_p()
    count = _lib.cmpi_typedefs(root, ctypes.byref(found))
    if count < 0:
        return None
    try:
        cursors = list((ci.Cursor * count).from_buffer_copy(ctypes.string_at(found.value, count * ctypes.sizeof(ci.Cursor)))) \
            if count else []
    finally:
        _lib.cmpi_free(found)
    for c in cursors:
        c._tu = root._tu
    return cursors


def release(root: ci.Cursor) -> None:
    """Drop the table of `root`'s tree once its declaration is read: the cursors under it are then freed (a program
    of 100k statements would otherwise keep a Cursor and three tuples per node of every function). Only the root's
    link is cut: nothing else refers to the others (no cycles), and one still held elsewhere answers as before."""
    root.__dict__.pop("_cmpi_kids", None)
    tree = root.__dict__.pop("_cmpi_tree", None)
    if tree is not None:
        tree.kids = None  # each Node refers to the tree, which listed them: the cycle is cut here


def tokens(tu: ci.TranslationUnit, extent: ci.SourceRange, kind: ci.TokenKind) -> Optional[List[tuple]]:
    """The tokens of one kind in a range, each (line, column, end line, end column, spelling) as clang.cindex's
    token.location, token.extent.end and token.spelling give them; None without the library."""
    if not available():
        return None
    numbers, text = ctypes.c_void_p(), ctypes.c_void_p()
    count = _lib.cmpi_tokens(tu, extent, kind.value, ctypes.byref(numbers), ctypes.byref(text))
    if count < 0:
        return None
    try:
        v = _numbers((ctypes.c_uint * (5 * count)).from_address(numbers.value), "I") if count else []
        lengths = v[4::5]
        raw = ctypes.string_at(text.value, sum(lengths)) if count else b""
    finally:
        _lib.cmpi_free(numbers)
        _lib.cmpi_free(text)
    spellings, at = [], 0
    for n in lengths:
        spellings.append(raw[at:at + n].decode("utf-8", "surrogateescape"))  # as clang_setup.py decodes strings
        at += n
    return list(zip(v[0::5], v[1::5], v[2::5], v[3::5], spellings))
