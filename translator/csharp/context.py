"""The state the convert_* functions share, by lifetime: the program's (Context), the function's
(FunctionContext, `ctx.fn`) and the statement's or call's (ExprContext, `ctx.expr`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Dict, FrozenSet, List, Mapping, Optional, Set, Tuple

from .. import ir
from ..diagnostics import DiagnosticSink
from ..rules import RuleTable
from ..csharp_names import member_name
from .types import INTEGER_CARRIER, cs_type, delegate_of
from .cstypes import array_of, ptr_of
from ..passes.plan import Plan
from ..passes.pointers import PTR, PointerPlan

INDENT = "    "  # one level of C# indentation



@dataclass(frozen=True)
class LoopViews:
    """Which loops of a function read which arrays through views (csharp/loops.py), decided before the function
    is emitted. Keys are ids of the function's IR nodes, which the emission then walks."""
    accesses: Mapping[int, str]  # id of an ir.Index -> its access through a view (`u_m1[i1_k]`)
    whole_arrays: Mapping[int, str]  # id of an ir.Index -> the function's view of its whole array
    before: Mapping[int, Tuple[str, ...]]  # id of an ir.For -> the lines before it (views, bounds), unindented
    # id of an ir.For -> (counter, start local or None for a constant start, comparison, limit local): bounds read
    # once before the loop
    hoisted_bounds: Mapping[int, Tuple[str, Optional[str], str, str]]
    # id of an ir.For -> (new counter, count local, the statement that leaves C's counter where C does): loops
    # counted from zero
    shifted: Mapping[int, Tuple[str, str, str]]
    after: Mapping[int, Tuple[str, ...]]  # id of an ir.For -> the lines after it (accumulators stored back), unindented
    # views of global C arrays shared by for loops inside a while or do loop outside any for loop, at its top (the
    # other nests' shared views are in `before` of their outermost for loop)
    function_lines: Tuple[str, ...]
    # id of a statement of a loop's body -> the lines before it (`ref` locals of struct elements), unindented
    before_items: Mapping[int, Tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # id of an ir.For -> the statement that stands for the whole loop (`i = Spans.Fill(...)`: loops.py, fill loops)
    fills: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))


NO_LOOP_VIEWS = LoopViews(MappingProxyType({}), MappingProxyType({}), MappingProxyType({}), MappingProxyType({}),
                          MappingProxyType({}), MappingProxyType({}), ())


@dataclass
class FunctionContext:
    """What the emission knows while it converts one function (c2rust's FuncContext): a new one for each
    function, an empty one between functions (globals, records)."""
    function: Optional[ir.Function] = None
    local_names: Dict[object, str] = field(default_factory=dict)  # decl loc -> C# name (scopes.py)
    hoisted: List[str] = field(default_factory=list)  # class members the function needs (static locals)
    # The loop-view decisions (loops.py's plan_loop_views), made for the whole function before its emission and
    # read-only while it is emitted
    loop_views: LoopViews = field(default_factory=lambda: NO_LOOP_VIEWS)
    range_labels: int = 0  # labels made for switch sections of GNU case ranges (stmts.py), numbered per function
    calls_setjmp: Optional[bool] = None  # the function calls setjmp (setjmp.py), found at its first statement
    setjmp_count: int = 0  # setjmp statements converted so far (setjmp.py), numbering their locals
    setjmp_values: Dict[int, str] = field(default_factory=dict)  # id(setjmp call) -> the local holding its value
    setjmp_statements: Set[int] = field(default_factory=set)  # id() of the statements already put in their try
    # a `continue` of the loop being written with back edges (stmts.py, _loop_with_back_edges): its lines, the
    # step, the test and the jumps; and the names its labels must avoid (the function's names, found once)
    continue_as: Optional[List[str]] = None
    label_names: Optional[Set[str]] = None
    lane_names: Optional[Set[str]] = None  # names taken in the function, for pairs.py's vectors (found at its first)


def names_of_function(fn: FunctionContext, *also: type) -> Set[str]:
    """The names a name the port makes up in the function must avoid: its locals' C# names, every name its C body
    reads or declares (and the nodes of the `also` classes: labels), and its parameters. A new set each call."""
    taken = set(fn.local_names.values())
    if fn.function is not None:
        taken |= {n.name for n in ir.nodes_of(fn.function.body, ir.NameRef, ir.VarDecl, *also)}
        taken |= {p.name for p in fn.function.params}
    return taken


def first_free_name(taken: Set[str], stem: str) -> str:
    """The first of `stem`, `stem2`, `stem3`... not in `taken`, added to it."""
    name, k = stem, 1
    while name in taken:
        k += 1
        name = f"{stem}{k}"
    taken.add(name)
    return name


@dataclass
class ExprContext:
    """What the emission knows about the statement or call it is converting (c2rust's ExprContext)."""
    # The expression an expression statement discards: its value is not needed (an MPI call needs no
    # error-code view, an assignment to a bit-field no re-truncated result).
    discarded: Optional[ir.Expr] = None
    mpi_staged: Optional[List[str]] = None  # staged copies the MPI call being converted writes back (mpi.py)
    mpi_call: Optional[str] = None  # the MPI function whose arguments are being converted (mpi.py)
    # a loop's condition that only reads (stmts.py): its volatile globals are read anew at each test
    volatile_reads: bool = False


@dataclass
class Context:
    """The program's translation state (c2rust's Translation), with the function being converted (`fn`) and
    the statement or call (`expr`)."""
    tu: ir.TranslationUnit
    rules: RuleTable
    class_name: str
    diagnostics: DiagnosticSink
    comments: List[ir.Comment] = field(default_factory=list)
    emitted_comments: Set[int] = field(default_factory=set)
    macro_names: Set[str] = field(default_factory=set)
    program: Optional[Plan] = None  # the passes' frozen plan of the whole program (passes/plan.py)
    constructor_lines: List[str] = field(default_factory=list)  # field initializers that name members (rank_state.py)
    # globals named by the constructor's initializers so far: one of them initialized later is a forward reference
    constructor_named: Set[str] = field(default_factory=set)
    current_file: Optional[str] = None  # the file of the declaration being converted
    _blank_lines: Optional[Dict[str, FrozenSet[int]]] = None  # file -> its blank lines (blank_before)
    warned_once: Set[Tuple[str, str]] = field(default_factory=set)  # (warning, subject) said at its first place only
    mpi_buffer_count: int = 0  # Ptr buffers given to MPI calls so far: numbers their cmpiAt/cmpiStaged locals
    _member_names: Optional[FrozenSet[str]] = None  # the unit's globals, functions, enum constants (static_local_name)
    _volatile_globals: Optional[FrozenSet[str]] = None  # (volatile_globals)
    fn: FunctionContext = field(default_factory=FunctionContext)
    expr: ExprContext = field(default_factory=ExprContext)

    @property
    def volatile_globals(self) -> FrozenSet[str]:
        """The names of the globals C declares volatile (`volatile int count;`)."""
        if self._volatile_globals is None:
            self._volatile_globals = frozenset(g.name for g in self.tu.globals if g.is_volatile)
        return self._volatile_globals

    @property
    def plan(self) -> Optional[PointerPlan]:
        """The pointers of the program's plan: which are arrays, which variables are boxed (passes/pointers.py)."""
        return self.program.pointers if self.program is not None else None

    @property
    def static_globals(self) -> FrozenSet[str]:
        """C globals that stay static: never written (passes/constants.py)."""
        return self.program.static_globals if self.program is not None else frozenset()

    def local_name(self, c_name: str, decl_loc) -> str:
        """A local's C# name: renamed where C# forbids C's shadowing, else the C name."""
        renamed = self.fn.local_names.get(decl_loc)
        return self.name(renamed) if renamed else self.name(c_name)

    def var_key(self, name: str, is_global: bool = False):
        return ("var", "" if is_global or self.fn.function is None else self.fn.function.name, name)

    def slot_type(self, key, ctype, loc) -> str:
        """The C# type of a declared variable, parameter or result (pointers per the plan)."""
        if isinstance(ctype, ir.PointerType) and self.plan is not None:
            if isinstance(ctype.pointee, ir.VoidType) and key is not None and self.plan.carries_integer(key):
                return INTEGER_CARRIER  # `(void *)i` in, `(long)arg` out (passes/void_integers.py)
            if isinstance(ctype.pointee, ir.FunctionType) and (_has_void_pointer(ctype.pointee) or
                                                               _unprototyped(ctype.pointee)):
                delegate = self.function_delegate(key, ctype.pointee, loc)
                if delegate is not None:
                    return delegate
            if key in self.plan.generic_buffers:
                element = ptr_of(self.plan.generic_buffers[key])  # a generic method's buffer (generic_buffers.py)
                if isinstance(ctype.pointee, ir.PointerType):
                    # an optional `char **` out-parameter (generic_buffers.py): a pointer to the caller's pointer
                    return ptr_of(element) if self.plan.rep(key) == PTR else array_of(element)
                return element
            if isinstance(ctype.pointee, ir.VoidType) and self.plan.void_type(key) is not None:
                return cs_type(ir.PointerType(self.plan.void_type(key)), loc, "ptr")
            return cs_type(ctype, loc, self.plan.rep(key))
        return cs_type(ctype, loc)

    def function_delegate(self, key, ftype: ir.FunctionType, loc) -> Optional[str]:
        """The delegate type of a function-pointer slot whose C type has `void *` parameters, from a function
        stored in it (pointers.PointerPlan.function_source): `Func<Ptr<int>, Ptr<int>, int>` for a comparator."""
        source = self.plan.function_source(key) if key is not None else None
        fn = next((f for f in self.tu.functions if f.name == source), None) if source else None
        if fn is None or len(fn.params) != len(ftype.params) and not _unprototyped(ftype):
            return None
        params = [self.slot_type(("var", fn.name, p.name), p.type, loc) for p in fn.params]
        void = isinstance(fn.type.result, ir.VoidType)
        return delegate_of(params, None if void else self.slot_type(("ret", fn.name, ""), fn.type.result, loc))

    def is_boxed(self, key) -> bool:
        return self.plan is not None and self.plan.is_boxed(key)

    def static_local_name(self, c_name: str) -> str:
        """The field a function's static local becomes: `f_x`, with an _ more while the program has a global,
        function or enum constant of that name (scripts/fuzz_probe.py: `int probe_x;` beside probe's `static int x`,
        CS0102)."""
        if not self.fn.function:
            return c_name
        if self._member_names is None:
            self._member_names = frozenset([g.name for g in self.tu.globals] + [f.name for f in self.tu.functions] +
                                           [n for e in self.tu.enums for n, _ in e.constants])
        name = f"{self.fn.function.name}_{c_name}"
        while name in self._member_names:
            name += "_"
        return name

    def name(self, c_name: str) -> str:
        """A C identifier as a C# identifier (C# keywords get an @; a name the generated code uses for a type, `double
        Ptr` or `int Math`, an _)."""
        return member_name(c_name)

    # ----------------------------------------------------------- layout

    def blank_before(self, loc: Optional[ir.Loc]) -> bool:
        """Whether the C has a blank line just above `loc`'s line (the port keeps the C's blank lines)."""
        if loc is None:
            return False
        if self._blank_lines is None:
            self._blank_lines = {name: frozenset(lines) for name, lines in self.tu.blank_lines}
        return loc.line - 1 in self._blank_lines.get(loc.file, ())

    # ----------------------------------------------------------- comments

    def comments_before(self, line: int, lo_line: int = 0) -> List[ir.Comment]:
        """Comments not yet emitted that end before `line` (and start after lo_line), in the current file."""
        pending = self._pending()
        if pending is not None:  # the same answer from the comments between the two lines (pending_comments.py)
            out = []
            for i in list(pending.between(self.current_file, lo_line, line)):
                c = self.comments[i]
                if c.end_line < line:
                    self._emit(pending, i)
                    out.append(c)
            return out
        out = []
        for i, c in enumerate(self.comments):
            if i in self.emitted_comments:
                continue
            if self.current_file is not None and c.loc.file != self.current_file:
                continue
            if lo_line <= c.loc.line and c.end_line < line:
                self.emitted_comments.add(i)
                out.append(c)
        return out

    def trailing_comment(self, line: int, after_col: int) -> Optional[ir.Comment]:
        pending = self._pending()
        if pending is not None:
            for i in pending.between(self.current_file, line, line + 1):
                c = self.comments[i]
                if c.loc.col > after_col:
                    self._emit(pending, i)
                    return c
            return None
        for i, c in enumerate(self.comments):
            if self.current_file is not None and c.loc.file != self.current_file:
                continue
            if i not in self.emitted_comments and c.loc.line == line and c.loc.col > after_col:
                self.emitted_comments.add(i)
                return c
        return None

    def _pending(self):
        """The index of the comments not yet emitted (made on first use, again if the list was replaced), or None
        where it cannot answer as the scan does."""
        from .pending_comments import PendingComments
        index = self.__dict__.get("_pending_comments")
        if index is None or index.comments is not self.comments or index.count != len(self.comments):
            if self.emitted_comments:
                return None  # (a list given after comments were emitted: the scan)
            index = self.__dict__["_pending_comments"] = PendingComments(self.comments)
        return index if index.usable else None

    def _emit(self, pending, i: int) -> None:
        self.emitted_comments.add(i)
        pending.emitted(i)


def render_comment(c: ir.Comment, indent: str) -> List[str]:
    # C ends a comment's line at a newline only: str.splitlines() also split at a form feed or U+2028, and the rest
    # of a `//` comment became C# code
    lines = c.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(lines) == 1:
        return [indent + lines[0]]
    out = [indent + lines[0]]
    for ln in lines[1:]:
        if c.text.startswith("//"):
            # `// ... \` continues the comment on the next line in C (translation phase 2): a comment there too
            out.append(indent + "// " + ln.strip())
        else:
            out.append(indent + " " + ln.strip() if ln.strip().startswith("*") else indent + ln.strip())
    return out


def _unprototyped(f: ir.FunctionType) -> bool:
    """`int (*f)()` (K&R: no parameter types; also `(void)`, whose functions take none): the delegate takes the
    parameters of the functions stored in it (`apply(add1, v)`, `(*f)(v)`), where `Func<int>` took none (CS1593)."""
    return not f.params and not f.variadic


def _has_void_pointer(f: ir.FunctionType) -> bool:
    return any(isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.VoidType) for t in (*f.params, f.result))
