"""Which functions of a program can recurse (issue 27).

A rank is a thread with a big stack (CloudMpi.Run's InProcRunner.RankStackSize); a recursion deeper than it would end
the whole launcher with .NET's stack overflow dump (an overflow cannot be caught). The functions on a cycle of the
call graph therefore start with a sampled RuntimeHelpers.EnsureSufficientExecutionStack(), which throws a catchable
InsufficientExecutionStackException near the end of the stack: cmpi-run then names the rank that overflowed, as
the C program's segmentation fault would end it. Calls through function pointers are not followed."""
from __future__ import annotations

from typing import Dict, List, Set

from . import ir

# Checked every 32nd call (a check on every call made fib(38) 2.5 times slower; this costs it ~40%, and less for
# functions doing more per call): 32 frames of a few hundred bytes stay well inside the 128 KiB the check keeps free.
COUNTER = "cmpiStackCheck"
FIELD = f"int {COUNTER}; // calls of the recursive functions: every 32nd checks the stack (translator/recursion.py)"
GUARD = f"if ((++{COUNTER} & 31) == 0) System.Runtime.CompilerServices.RuntimeHelpers.EnsureSufficientExecutionStack();"

_cache: Dict[int, Set[str]] = {}


def recursive_functions(tu: ir.TranslationUnit) -> Set[str]:
    key = id(tu)
    if key not in _cache:
        _cache.clear()
        _cache[key] = _on_cycles(tu)
    return _cache[key]


def _on_cycles(tu) -> Set[str]:
    names = {f.name for f in tu.functions if f.body is not None}
    calls: Dict[str, Set[str]] = {}
    for f in tu.functions:
        if f.body is None:
            continue
        out = calls.setdefault(f.name, set())
        for node in ir.nodes_of(f.body, ir.NameRef):
            if node.kind == "function" and node.name in names:
                out.add(node.name)  # a call, or the function taken as a value (it may be called back)
    # Tarjan's strongly connected components, iteratively (a program may have thousands of functions)
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    result: Set[str] = set()
    counter = 0
    for root in calls:
        if root in index:
            continue
        work = [(root, iter(sorted(calls.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(calls.get(w, ())))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1 or v in calls.get(v, ()):
                    result.update(component)
    return result
