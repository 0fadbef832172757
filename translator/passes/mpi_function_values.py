"""A local function pointer that only ever holds MPI functions, and is only called: the choice among them.

The Intel MPI Benchmarks' I/O kernels pick the collective or the independent form of a call once and call it in
their timed loop:

    int (*GEN_File_write)(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status);
    if (type == Collective) GEN_File_write = MPI_File_write_all; else GEN_File_write = MPI_File_write;
    ierr = GEN_File_write(c_info->fh, c_info->s_buffer, Locsize, c_info->etype, &stat);

cMPI's methods are generic in the buffer's element type, and an argument such as `&stat` or a buffer becomes
C#'s `out` or (array, offset) only at a call the MPI rules translate: no delegate type holds them. So such a
variable becomes an int naming which of its functions it holds (in the order the function first assigns them, from
1; 0 for none), and a call through it the choice among direct calls, each translated by its own row:

    int GEN_File_write = 0;
    if (type == Collective) GEN_File_write = 1; else GEN_File_write = 2;
    ierr = GEN_File_write == 1 ? cMPI.File_write_all(...) : cMPI.File_write(...);

The same program: only one call runs, with the same arguments evaluated once. A variable used any other way
(compared, passed on, given a function of the program's own, a parameter or a global) stays as it was.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional

from .. import ir
from .queries import unwrap

def dispatch_mpi_function_pointers(tu: ir.TranslationUnit, mpi_rows) -> ir.TranslationUnit:
    """`tu` with each such variable of each function made the choice among its MPI functions (module doc)."""
    changed = {}
    for f in tu.functions:
        if f.body is None:
            continue
        choices = _choices(f.body, mpi_rows)
        if choices:
            changed[id(f)] = replace(f, body=_Rewrite(choices).node(f.body))
    if not changed:
        return tu
    return replace(tu, functions=tuple(changed.get(id(f), f) for f in tu.functions),
                   order=tuple(changed.get(id(x), x) for x in tu.order))


def _is_function_pointer(t) -> bool:
    return isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.FunctionType)


def _mpi_function(e: ir.Expr, mpi_rows) -> Optional[ir.NameRef]:
    e = unwrap(e)
    if isinstance(e, ir.Unary) and e.op == "&":  # `&MPI_File_write`
        e = unwrap(e.operand)
    if isinstance(e, ir.NameRef) and e.kind == "library" and isinstance(e.type, ir.FunctionType) and e.name in mpi_rows:
        return e
    return None


Loc = ir.Loc


def _variable(e: ir.Expr, candidates) -> Optional[Loc]:
    e = unwrap(e)
    if isinstance(e, ir.Unary) and e.op == "*":  # `(*f)(...)`
        e = unwrap(e.operand)
    if isinstance(e, ir.NameRef) and e.kind == "local" and e.decl in candidates:
        return e.decl
    return None


def _choices(body: ir.Compound, mpi_rows) -> Dict[Loc, List[ir.NameRef]]:
    """declaration -> the MPI functions it is given, for each local function pointer only assigned them and called."""
    candidates = {d.loc: d for d in ir.nodes_of(body, ir.VarDecl)
                  if _is_function_pointer(d.type) and d.storage is None and not d.is_param}
    if not candidates:
        return {}
    functions: Dict[Loc, List[ir.NameRef]] = {k: [] for k in candidates}
    fine = set()  # the NameRefs of the candidates in a place this pass rewrites
    refused = set()

    def given(decl, value):
        fn = _mpi_function(value, mpi_rows) if value is not None else None
        if fn is None:
            refused.add(decl)
        elif fn.name not in [g.name for g in functions[decl]]:
            functions[decl].append(fn)

    for n in ir.walk_in_order(body):
        if isinstance(n, ir.VarDecl) and n.loc in candidates and n.init is not None:
            given(n.loc, n.init)
        elif isinstance(n, ir.Assign) and _variable(n.target, candidates) is not None:
            decl = _variable(n.target, candidates)
            if n.op != "=" or isinstance(unwrap(n.target), ir.Unary):
                refused.add(decl)
            given(decl, n.value)
            fine.add(id(unwrap(n.target)))
        elif isinstance(n, ir.Call) and _variable(n.callee, candidates) is not None:
            callee = unwrap(n.callee)
            fine.add(id(unwrap(callee.operand) if isinstance(callee, ir.Unary) else callee))
    for n in ir.walk(body):
        if isinstance(n, ir.NameRef) and n.kind == "local" and n.decl in candidates and id(n) not in fine:
            refused.add(n.decl)  # read as a value: compared, passed on, stored elsewhere
    return {k: v for k, v in functions.items() if v and k not in refused}


class _Rewrite:
    def __init__(self, choices: Dict[Loc, List[ir.NameRef]]):
        self.choices = choices

    def number(self, decl: Loc, value: ir.Expr, loc: Loc) -> ir.IntLit:
        fn = unwrap(value)
        if isinstance(fn, ir.Unary):
            fn = unwrap(fn.operand)
        k = [g.name for g in self.choices[decl]].index(fn.name) + 1
        return ir.IntLit(loc, _int_type(), k, str(k))

    def node(self, n):
        if isinstance(n, ir.VarDecl) and n.loc in self.choices:
            init = self.number(n.loc, n.init, n.init.loc) if n.init is not None else ir.IntLit(n.loc, _int_type(), 0, "0")
            return replace(n, type=_int_type(), init=init)
        if isinstance(n, ir.Assign) and n.op == "=" and _variable(n.target, self.choices) is not None:
            decl = _variable(n.target, self.choices)
            target = unwrap(n.target)
            return replace(n, type=_int_type(), target=replace(target, type=_int_type()),
                           value=self.number(decl, n.value, n.value.loc))
        if isinstance(n, ir.Call) and _variable(n.callee, self.choices) is not None:
            decl = _variable(n.callee, self.choices)
            callee = unwrap(n.callee)
            var = unwrap(callee.operand) if isinstance(callee, ir.Unary) else callee
            var = replace(var, type=_int_type())
            args = tuple(self.node(a) for a in n.args)
            options = self.choices[decl]
            choice: ir.Expr = ir.Call(n.loc, n.type, options[-1], args)
            for k in range(len(options) - 1, 0, -1):
                test = ir.Binary(n.loc, _int_type(), "==", var, ir.IntLit(n.loc, _int_type(), k, str(k)))
                choice = ir.Conditional(n.loc, n.type, test, ir.Call(n.loc, n.type, options[k - 1], args), choice)
            return ir.Paren(n.loc, n.type, choice)
        return ir.with_children(n, self.node)


def _int_type() -> ir.IntType:
    return ir.IntType("int")
