"""The C program as frozen dataclasses: what the front end found, with locations.

Only `reader/` knows libclang; everything after it works on these nodes.
Types are structural (IntType('int')), expressions carry their C type, and
every node carries a `loc` for diagnostics.
"""
from __future__ import annotations

import dataclasses as _dataclasses
from array import array as _positions
from itertools import compress as _compress
from dataclasses import MISSING, dataclass as _dataclass, field, fields, replace as _replace
from typing import Optional, Tuple, Union

from .code_cache import CodeCache

# The methods dataclasses writes for each class, and the functions written below (__init__, children, the walks'
# pushers), compiled once per text, not at every start (code_cache.py: most of this module's import)
_CODE = CodeCache(__file__)


def dataclass(frozen: bool):
    """dataclasses.dataclass(frozen=True), with an __init__ that calls object.__setattr__ bound once, where the
    dataclass's own looks it up per field (`__dataclass_builtins_object__.__setattr__`): 0.6 us against 0.8 for a
    7-field NameRef (issue 28: a 5,000-statement program builds 170,000 nodes). Everything else is the
    dataclass's: fields(), replace(), eq, hash, repr, and FrozenInstanceError on assignment. (Storing into
    `self.__dict__` instead was 2.5x faster to build but made every later attribute read 2.5x slower: CPython
    3.11 keeps an instance's attributes inline until its __dict__ is asked for; the 21k program's conversion took
    1.2-1.4x as long.)"""
    assert frozen

    def make(cls):
        with _CODE.for_module(_dataclasses):
            cls = _dataclass(frozen=True)(cls)
        _write_fast_init(cls)
        return cls
    return make


def _write_fast_init(cls) -> None:
    params, stores, namespace = [], [], {"_set": object.__setattr__}
    for f in fields(cls):
        if f.default_factory is not MISSING or not f.init:
            return  # (no IR class has such a field: kept with dataclass's own __init__ if one ever does)
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        stores.append(f"    _set(self, {f.name!r}, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(stores or ["    pass"]) + "\n"
    _CODE.exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init


@dataclass(frozen=True)
class Loc:
    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


# ---------------------------------------------------------------- types

@dataclass(frozen=True)
class IntType:
    """An integer type by its C name: char, signed char, unsigned char, short,
    unsigned short, int, unsigned int, long, unsigned long, long long,
    unsigned long long, _Bool."""
    name: str


@dataclass(frozen=True)
class FloatType:
    name: str  # float, double, long double


@dataclass(frozen=True)
class ComplexType:
    """C99's `double complex` (`float complex` is parsed, not translated)."""
    element: FloatType


@dataclass(frozen=True)
class VoidType:
    pass


@dataclass(frozen=True)
class PointerType:
    pointee: "CType"
    const_pointee: bool = False


@dataclass(frozen=True)
class ArrayType:
    element: "CType"
    size: Optional[int]  # None for `int a[]` parameters, incomplete and variable-length arrays
    # A variable-length array's bound as written (`double m[n][n]`'s rows are n long). Not part of the
    # type's identity: two VLA rows of doubles are the same type to the converters.
    size_expr: Optional["Expr"] = field(default=None, compare=False)


@dataclass(frozen=True)
class OpaqueType:
    """A library type the runtime provides as is (MPI_Comm, MPI_Status, FILE)."""
    name: str


@dataclass(frozen=True)
class RecordType:
    """A struct or union of the program, by its C# name; its fields are in TranslationUnit.records."""
    name: str
    is_union: bool = False


@dataclass(frozen=True)
class FunctionType:
    result: "CType"
    params: Tuple["CType", ...]
    variadic: bool


CType = Union[IntType, FloatType, ComplexType, VoidType, PointerType, ArrayType, OpaqueType, RecordType, FunctionType]


# ---------------------------------------------------------------- expressions

@dataclass(frozen=True)
class Expr:
    loc: Loc
    type: CType


@dataclass(frozen=True)
class IntLit(Expr):
    value: int
    text: str  # as written, e.g. 0x1F or 10UL


@dataclass(frozen=True)
class FloatLit(Expr):
    value: float
    text: str


@dataclass(frozen=True)
class CharLit(Expr):
    value: int
    text: str  # as written, e.g. 'A' or '\n'


@dataclass(frozen=True)
class StringLit(Expr):
    value: bytes  # without the terminating NUL


@dataclass(frozen=True)
class NameRef(Expr):
    """A reference to a declared name. `kind` is local, param, global,
    function, enum_const or library (declared in a system or cmpi header)."""
    name: str
    kind: str
    header: Optional[str] = None  # for library names: the header that declares it
    decl: Optional[Loc] = None  # where the referenced variable is declared (tells shadowed names apart)
    value: Optional[int] = None  # a library header's enum constant (MPI_PROC_NULL): its value


@dataclass(frozen=True)
class MacroRef(Expr):
    """An object-like macro kept by name; `expansion` is what clang expanded."""
    name: str
    expansion: Expr


@dataclass(frozen=True)
class Call(Expr):
    callee: Expr
    args: Tuple[Expr, ...]


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # + - * / % << >> < > <= >= == != & | ^ && || ,
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True)
class Assign(Expr):
    op: str  # = += -= ...
    target: Expr
    value: Expr
    computation_type: Optional[CType] = None  # for compound assignment: the type the operation is done in


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # - + ! ~ * & pre++ pre-- post++ post--
    operand: Expr


@dataclass(frozen=True)
class Cast(Expr):
    operand: Expr
    implicit: bool
    # a cast between tables of rows of different element types that passes/row_tables.py made typed (`(double **) a`
    # of a table the callers give as `int **`): the runtime checks it where it runs (no reader sets it)
    checked: bool = False


@dataclass(frozen=True)
class Index(Expr):
    base: Expr
    index: Expr


@dataclass(frozen=True)
class Member(Expr):
    base: Expr
    name: str
    arrow: bool


@dataclass(frozen=True)
class Conditional(Expr):
    cond: Expr
    then: Expr
    otherwise: Expr


@dataclass(frozen=True)
class Paren(Expr):
    inner: Expr


@dataclass(frozen=True)
class SizeOf(Expr):
    of_type: Optional[CType]
    of_expr: Optional[Expr]
    value: Optional[int]


@dataclass(frozen=True)
class InitList(Expr):
    items: Tuple[Expr, ...]
    # For each item, the field name (structs) or index (arrays) a designator names, else None.
    designators: Tuple[Optional[object], ...] = ()


@dataclass(frozen=True)
class ImplicitZero(Expr):
    """A value clang filled in (an omitted initializer): zero of its type."""


@dataclass(frozen=True)
class CompoundLiteral(Expr):
    init: Expr


@dataclass(frozen=True)
class StmtExpr(Expr):
    """GNU's statement expression `({ decls; stmts; value; })`: the value of its last expression statement
    (passes/stmt_exprs.py moves it out of its expression before conversion)."""
    body: "Compound"


@dataclass(frozen=True)
class VaArg(Expr):
    """va_arg(ap, T): the next variable argument, read as this expression's type."""
    ap: Expr


@dataclass(frozen=True)
class FuncName(Expr):
    """__func__ / __FUNCTION__ inside a function."""


# ---------------------------------------------------------------- statements

@dataclass(frozen=True)
class Stmt:
    loc: Loc


@dataclass(frozen=True)
class VarDecl(Stmt):
    name: str
    type: CType
    init: Optional[Expr]
    storage: Optional[str]  # static, extern or None
    size_exprs: Tuple[Expr, ...] = ()  # array bounds as written (may be macro refs)
    is_param: bool = False
    is_volatile: bool = False  # a volatile scalar: never folded to a constant (passes/constants.py)


@dataclass(frozen=True)
class DeclStmt(Stmt):
    decls: Tuple[VarDecl, ...]


@dataclass(frozen=True)
class ExprStmt(Stmt):
    expr: Expr


@dataclass(frozen=True)
class Compound(Stmt):
    items: Tuple[Stmt, ...]
    end: Optional[Loc] = None


@dataclass(frozen=True)
class If(Stmt):
    cond: Expr
    then: Stmt
    otherwise: Optional[Stmt]


@dataclass(frozen=True)
class While(Stmt):
    cond: Expr
    body: Stmt


@dataclass(frozen=True)
class DoWhile(Stmt):
    body: Stmt
    cond: Expr


@dataclass(frozen=True)
class For(Stmt):
    init: Optional[Stmt]
    cond: Optional[Expr]
    step: Optional[Expr]
    body: Stmt


@dataclass(frozen=True)
class Switch(Stmt):
    cond: Expr
    body: Stmt


@dataclass(frozen=True)
class Case(Stmt):
    value: Expr
    body: Stmt
    high: Optional[Expr] = None  # GNU `case lo ... high:`: every value from `value` to `high`, both included


@dataclass(frozen=True)
class Default(Stmt):
    body: Stmt


@dataclass(frozen=True)
class Break(Stmt):
    pass


@dataclass(frozen=True)
class Continue(Stmt):
    # a helper's early `return;` written into the loop that called it (passes/early_returns.py): the loop is then
    # written with a back edge on each way round (csharp/stmts.py)
    from_return: bool = False


@dataclass(frozen=True)
class Return(Stmt):
    value: Optional[Expr]


@dataclass(frozen=True)
class Goto(Stmt):
    label: str


@dataclass(frozen=True)
class Label(Stmt):
    name: str
    body: Stmt


@dataclass(frozen=True)
class NullStmt(Stmt):
    pass


# ---------------------------------------------------------------- top level

@dataclass(frozen=True)
class Function:
    loc: Loc
    name: str
    type: FunctionType
    params: Tuple[VarDecl, ...]
    body: Optional[Compound]
    is_static: bool
    comment: Optional[str] = None


@dataclass(frozen=True)
class Field:
    loc: Loc
    name: str
    type: "CType"
    bits: Optional[int] = None  # a bit-field's width (C# keeps it in a property that truncates, decls.py)
    bit_offset: Optional[int] = None  # where clang lays the field out, in bits from the record's start


@dataclass(frozen=True)
class RecordDecl:
    """A struct or union definition; `name` is the C# name (tag, typedef name, or a made-up one)."""
    loc: Loc
    name: str
    fields: Tuple[Field, ...]
    is_union: bool = False
    size: int = 0  # sizeof, as clang lays the record out
    align: int = 0  # _Alignof, as clang lays the record out


@dataclass(frozen=True)
class EnumDecl:
    loc: Loc
    name: Optional[str]
    constants: Tuple[Tuple[str, int], ...]
    # the enum's integer type when a constant is beyond int's range (a GNU extension: `= 4294967295u` makes it
    # unsigned int, a larger one long): its variables and those constants have it; None: int, as C says
    wide: Optional[CType] = None


@dataclass(frozen=True)
class MacroConst:
    """`#define NAME <constant expression>` kept as a named C# constant."""
    loc: Loc
    name: str
    tokens: Tuple[str, ...]
    type: CType


@dataclass(frozen=True)
class Comment:
    loc: Loc
    end_line: int
    text: str


@dataclass(frozen=True)
class TranslationUnit:
    path: str
    globals: Tuple[VarDecl, ...]
    functions: Tuple[Function, ...]
    macros: Tuple[MacroConst, ...]
    comments: Tuple[Comment, ...]
    order: Tuple[object, ...] = field(default=())  # globals, functions, records, enums in source order
    records: Tuple[RecordDecl, ...] = ()
    enums: Tuple[EnumDecl, ...] = ()
    files: Tuple[str, ...] = ()  # the user's files in the order clang read them (for sorting members)
    macro_bodies: Tuple[Tuple[str, Tuple[str, ...]], ...] = ()  # the program's object-like macros: name, tokens
    library_records: Tuple[RecordDecl, ...] = ()  # the runtime's C library structs (struct tm, struct option)
    # the blank lines of each of the user's files, as written (file, line numbers): the port keeps them between
    # statements and declarations
    blank_lines: Tuple[Tuple[str, Tuple[int, ...]], ...] = ()
    # GNU `__attribute__((constructor))` functions in the order gcc runs them before main, and `destructor` ones in
    # the order main registers them with atexit (the reverse of the order they run in at exit)
    startup: Tuple[str, ...] = ()
    shutdown: Tuple[str, ...] = ()


_CHILD_FIELDS: dict = {}
_NODE_TYPES = (Expr, Stmt)
# Field types that never hold an expression or a statement: children() does not look into them
_LEAF_FIELD_TYPES = frozenset({"str", "int", "bool", "float", "bytes", "Loc", "CType", "Optional[str]",
                               "Optional[int]", "Optional[Loc]", "Optional[CType]"})


def _child_fields(cls) -> tuple:
    return tuple(f.name for f in fields(cls) if f.name not in ("loc", "type") and str(f.type) not in _LEAF_FIELD_TYPES)


# The node classes with no expression or statement inside (a name, a literal, `break`): a walker need not ask for
# their children
LEAF_CLASSES = frozenset(cls for base in _NODE_TYPES for cls in base.__subclasses__() if not _child_fields(cls))


def _tuple_field(cls, name: str) -> bool:
    """Whether the field is declared a tuple: its value is tested for a tuple first, else for a node first. Both
    tests stay in the code either way (a value of the other kind is still found): the order only saves a call of
    isinstance per field in the usual case."""
    return str(next(f.type for f in fields(cls) if f.name == name)).startswith("Tuple")


def _field_tests(cls, single: str, several: str, reverse: bool = False) -> list:
    """Lines that hand each field's nodes to `single` (one node) and `several` (a list of nodes), in field order
    (or reversed, with each tuple's nodes reversed too)."""
    lines = []
    names = _child_fields(cls)
    for name in (reversed(names) if reverse else names):
        items = "reversed(v)" if reverse else "v"
        node_test = [f"    {'if' if not _tuple_field(cls, name) else 'elif'} isinstance(v, NODE_TYPES):",
                     f"        {single}(v)"]
        tuple_test = [f"    {'if' if _tuple_field(cls, name) else 'elif'} isinstance(v, tuple):",
                      f"        {several}([x for x in {items} if isinstance(x, NODE_TYPES)])"]
        lines.append(f"    v = node.{name}")
        lines += tuple_test + node_test if _tuple_field(cls, name) else node_test + tuple_test
    return lines


def _children_function(cls):
    """children() for one class, written out field by field: the loop over field names and getattr() were a tenth of
    a translation's CPU (issue 28), children() being called a million times for 5,000 C statements."""
    lines = ["def children_of(node):", "    out = []", "    add = out.append", "    add_all = out.extend"]
    lines += _field_tests(cls, "add", "add_all")
    lines.append("    return out")
    namespace = {"NODE_TYPES": _NODE_TYPES}
    _CODE.exec("\n".join(lines), namespace)
    _CHILD_FIELDS[cls] = function = namespace["children_of"]
    return function


def children(node):
    """The expressions and statements directly inside a node, in field order.

    The fields that can hold them are found once per class: the analyses walk every node of programs with
    hundreds of thousands of them, a dozen times over.
    """
    function = _CHILD_FIELDS.get(type(node))
    if function is None:
        function = _children_function(type(node))
    return function(node)


class _Pushers(dict):
    """class -> a function that puts a node's children on a walk's stack (`pending.extend(children(node))`, or with
    `reverse`, `pending.extend(reversed(children(node)))`) without building the list of children; None for a class
    without child fields (a name, a literal, `break`). Written once per class, as children() is: the walks call
    them for every node they visit (issue 28)."""

    def __init__(self, reverse: bool):
        super().__init__()
        self.reverse = reverse

    def __missing__(self, cls):
        if not _child_fields(cls):
            self[cls] = None
            return None
        lines = ["def push(node, pending):", "    add = pending.append", "    add_all = pending.extend"]
        lines += _field_tests(cls, "add", "add_all", self.reverse)
        namespace = {"NODE_TYPES": _NODE_TYPES}
        _CODE.exec("\n".join(lines), namespace)
        self[cls] = function = namespace["push"]
        return function


_PUSH = _Pushers(reverse=False)
_PUSH_IN_ORDER = _Pushers(reverse=True)


# The walks of big subtrees, remembered: a dozen passes each walk every function body once (issue 28: a fifth of a
# translation's CPU), and a frozen tree's walk never changes. Keyed by identity (and the order), with the node itself kept so the id
# cannot be reused; bounded by the references held (oldest dropped first), whatever the program's size or nesting.
_WALKS: dict = {}
_WALK_MIN_NODES = 64  # smaller walks cost less than remembering them
_WALK_CACHE_LIMIT = 2_000_000  # node references (16 MB), and subtree entries (below)
_walk_cache_size = 0
# The subtrees of the remembered walks: a walk is depth first, so each subtree's own walk is a contiguous part of it
# (the loop conversions walk each loop's body, its statements and its indexes, inside a body already walked: 14,000
# walks for the 5k program, 15 % of its conversion; issue 28). (id(node), in_order) -> (the walk's list, start, end)
# for each subtree of _SUBTREE_MIN_NODES nodes or more under a remembered walk; dropped with that walk (_SUBTREE_KEYS).
_SUBTREES: dict = {}
# Smaller subtrees are walked again when asked (a few nodes): listing every subtree of two nodes or more made the 21k
# program's peak 313 MB against 285, listing those of eight or more 276
_SUBTREE_MIN_NODES = 8
_SUBTREE_KEYS: dict = {}  # a remembered walk's key -> the keys of its subtrees in _SUBTREES


def walk(node):
    """Every expression and statement under node (node included), depth first (each node's children right to
    left)."""
    return _remembered_walk(node, False)


def walk_in_order(node):
    """Every expression and statement under node (node included), depth first, children left to right: source
    order (the loops' views are found in it)."""
    return _remembered_walk(node, True)


def _remembered_walk(node, in_order: bool):
    if node.__class__ in LEAF_CLASSES:
        return iter((node,))
    key = (id(node), in_order)
    known = _WALKS.get(key)
    if known is not None and known[0] is node:
        return iter(known[1])
    part = _SUBTREES.get(key)
    if part is not None and part[0][part[1]] is node:  # (its walk holds the node: the id is still the node's)
        out = part[0][part[1]:part[2]]
        if len(out) >= _WALK_MIN_NODES:
            if known is not None:
                _forget_walk(key)
            _remember(key, node, out, ())  # as its own walk, as a walk of its own would be (nodes_of's index)
        return iter(out)
    out = []
    add = out.append
    counts = []  # how many children each node of the walk has (its subtrees follow it)
    count = counts.append
    pending = [node]
    take = pending.pop
    pushers = _PUSH_IN_ORDER if in_order else _PUSH
    while pending:
        n = take()
        add(n)
        push = pushers[type(n)]
        if push is not None:
            before = len(pending)
            push(n, pending)
            count(len(pending) - before)
        else:
            count(0)
    if len(out) >= _WALK_MIN_NODES:
        if known is not None:
            _forget_walk(key)
        _remember(key, node, out, counts)
    return iter(out)


def _remember(key, node, out: list, counts) -> None:
    """Remember a walk, and where each of its subtrees is in it (`counts`: the children of each node, in the walk's
    order; empty for none)."""
    global _walk_cache_size
    _WALKS[key] = (node, out)
    _walk_cache_size += len(out)
    if counts:
        in_order = key[1]
        # each node's subtree size, from the last node back: a node's children are the subtrees just after it, so
        # the sizes of its subtrees are the last ones found
        sizes = []
        parts = []
        for i in range(len(out) - 1, 0, -1):
            k = counts[i]
            if k:
                size = 1 + sum(sizes[-k:])
                del sizes[-k:]
                if size >= _SUBTREE_MIN_NODES:
                    parts.append(((id(out[i]), in_order), (out, i, i + size)))
            else:
                size = 1
            sizes.append(size)
        _SUBTREES.update(parts)
        _SUBTREE_KEYS[key] = [k for k, _ in parts]
        _walk_cache_size += len(parts)
    while _walk_cache_size > _WALK_CACHE_LIMIT:
        _forget_walk(next(iter(_WALKS)))


def _forget_walk(key) -> None:
    """Drops a remembered walk, its subtrees' places in it, and its index by class (nodes_of): an index is never kept
    longer than its walk, so the indexes hold at most as many positions (8 bytes each, no references) as the walks
    hold references."""
    global _walk_cache_size
    out = _WALKS.pop(key)[1]
    _walk_cache_size -= len(out)
    for k in _SUBTREE_KEYS.pop(key, ()):
        part = _SUBTREES.get(k)
        if part is not None and part[0] is out:  # (a later walk may have given the subtree's place in it)
            del _SUBTREES[k]
        _walk_cache_size -= 1
    if not key[1]:
        _INDEXES.pop(key[0], None)


def with_children(node, rewrite):
    """`node` with each expression or statement directly inside it (a field, or a tuple field's items) replaced by
    `rewrite(child)`; the same object when every child came back unchanged (by identity), so a pass that rewrites a
    tree copies only the paths to what it changed."""
    changes = {}
    for f in fields(node):
        v = getattr(node, f.name)
        if isinstance(v, _NODE_TYPES):
            w = rewrite(v)
            if w is not v:
                changes[f.name] = w
        elif isinstance(v, tuple) and any(isinstance(x, _NODE_TYPES) for x in v):
            w = tuple(rewrite(x) if isinstance(x, _NODE_TYPES) else x for x in v)
            if any(a is not b for a, b in zip(w, v)):
                changes[f.name] = w
    return _replace(node, **changes) if changes else node

# The remembered walks indexed by class, built on the first question (issue 28): most analyses ask one subtree for
# the nodes of one or two classes (every call of a body, every name, every return), and each filtered the whole walk
# with isinstance, a dozen times per body. The index lists, per class, the positions of its nodes in the walk: a
# pass then visits only what it asks for, in the walk's order. Kept with the walk, dropped with it.
_INDEXES: dict = {}  # id(node) -> (node, {class: [positions in the walk]})


def nodes_of(node, *classes) -> list:
    """The nodes under node (node included) whose class is one of `classes`, in ir.walk's order: the same as
    `[n for n in walk(node) if isinstance(n, classes)]` (the IR's node classes have no subclasses, so a node's class
    is the class isinstance finds; an abstract class such as Expr is refused)."""
    for cls in classes:
        if cls not in _CONCRETE_CLASSES:
            _check_concrete_class(cls)
    walked = _remembered_walk(node, False)
    known = _WALKS.get((id(node), False))
    if known is None or known[0] is not node:  # a small subtree: its walk is not remembered, nor indexed
        walked = list(walked)  # (filtered by C loops: each node's class looked up in `classes`)
        return list(_compress(walked, map(classes.__contains__, map(type, walked))))
    order = known[1]
    indexed = _INDEXES.get(id(node))
    if indexed is None or indexed[0] is not node:
        index: dict = {}
        for position, n in enumerate(order):
            at = index.get(type(n))
            if at is None:
                index[type(n)] = at = _positions("l")
            at.append(position)
        _INDEXES[id(node)] = indexed = (node, index)
    index = indexed[1]
    if len(classes) == 1:
        positions = index.get(classes[0], ())
    else:
        positions = sorted(p for cls in classes for p in index.get(cls, ()))
    return list(map(order.__getitem__, positions))


_CONCRETE_CLASSES: set = set()


def _check_concrete_class(cls) -> None:
    if not isinstance(cls, type) or cls.__subclasses__():
        raise TypeError(f"nodes_of asks for classes without subclasses, not {cls!r}")
    _CONCRETE_CLASSES.add(cls)


def dump(node, indent: int = 0) -> str:
    """A readable tree of an IR node, for debugging (`cmpi-translate --dump-ir`)."""
    pad = "  " * indent
    if isinstance(node, tuple):
        return "\n".join(dump(n, indent) for n in node)
    if not hasattr(node, "__dataclass_fields__"):
        return pad + repr(node)
    lines = [pad + type(node).__name__]
    for name in node.__dataclass_fields__:
        value = getattr(node, name)
        if name == "loc":
            continue
        if hasattr(value, "__dataclass_fields__") and not isinstance(value, (IntType, FloatType, PointerType, ArrayType, OpaqueType, VoidType, RecordType)):
            lines.append(f"{pad}  {name}:")
            lines.append(dump(value, indent + 2))
        elif isinstance(value, tuple) and value and hasattr(value[0], "__dataclass_fields__"):
            lines.append(f"{pad}  {name}:")
            lines.append(dump(value, indent + 2))
        else:
            lines.append(f"{pad}  {name}: {value!r}")
    return "\n".join(lines)


def _write_walk_functions() -> None:
    """children() and both walks' pushers of every class, written at import (from the code cache: a few microseconds
    each), so that the cache file is whole after the first import and every later one reads it alone."""
    for cls in [c for c in globals().values() if isinstance(c, type) and c.__module__ == __name__ and
                _dataclasses.is_dataclass(c)]:
        _children_function(cls)
        _PUSH[cls]
        _PUSH_IN_ORDER[cls]
    _CODE.save()


_write_walk_functions()
