"""Which functions the port asks the JIT to inline.

gcc inlines a function that has a single call site (-finline-functions-called-once,
on from -O1): the copy is free and the call's cost goes away. The JIT does not
look at call sites and only inlines small methods (about 100 bytes of IL), so a
helper like the N-body's apply_force, called once per particle pair, stays a call
with five by-ref arguments whose targets then cannot live in registers.
The port marks such functions [MethodImpl(MethodImplOptions.AggressiveInlining)]
when they are called from exactly one place, inside a loop (elsewhere the call
is rare and the mark only noise), not recursively, never taken as a value, and
have no loop of their own (a loop amortises the call) and a modest size.
"""
from __future__ import annotations

import itertools
from collections import Counter
from typing import Set

from .. import ir

MAX_NODES = 400  # IR nodes in the body: a helper, not a whole phase of the program
MIN_NODES = 25   # below this the JIT inlines by itself (a one-line `return a > b ? a : b;`)

_LOOPS = (ir.For, ir.While, ir.DoWhile)
_CALLS_AND_LOOPS = frozenset({ir.Call, *_LOOPS})


def functions_to_inline(tu: ir.TranslationUnit) -> Set[str]:
    defined = {f.name: f for f in tu.functions if f.body is not None}
    calls: Counter = Counter()      # direct calls per function name
    references: Counter = Counter()  # every mention: calls and uses as a value (function pointers)
    caller_of = {}
    called_in_loop = set()
    for fn in defined.values():
        for node in ir.nodes_of(fn.body, ir.NameRef):
            if node.kind == "function":
                references[node.name] += 1
        for node in ir.nodes_of(fn.body, ir.Call):
            callee = _callee_function(node)
            if callee is not None:
                calls[callee] += 1
                caller_of[callee] = fn.name
        inner_loops = set()  # loops inside another loop: walked with it
        for node in ir.nodes_of(fn.body, *_LOOPS):
            if id(node) in inner_loops:
                continue
            # every call under a loop runs in it (ir.walk lists a loop before the loops inside it); one walk of the
            # loop for both (a loop of fewer than 64 nodes is walked again at each question: its walk is not kept)
            walked = list(ir.walk(node))
            # (the calls and loops picked out by C loops: issue 28, the other nodes are most of a loop's)
            for inside in itertools.compress(walked, map(_CALLS_AND_LOOPS.__contains__, map(type, walked))):
                if type(inside) is ir.Call:
                    callee = _callee_function(inside)
                    if callee is not None:
                        called_in_loop.add(callee)
                elif type(inside) in _LOOPS:
                    inner_loops.add(id(inside))
    chosen = set()
    for name, fn in defined.items():
        # a call outside any loop happens a handful of times: not worth a mark in the output
        if name == "main" or calls[name] != 1 or references[name] != 1 or caller_of[name] == name \
                or name not in called_in_loop:
            continue
        nodes = list(ir.walk(fn.body))
        if not MIN_NODES <= len(nodes) <= MAX_NODES or any(isinstance(n, (*_LOOPS, ir.Goto)) for n in nodes):
            continue
        chosen.add(name)
    return chosen


def _callee_function(call: ir.Call):
    """The name of the program's function a call calls directly, or None."""
    callee = call.callee
    while isinstance(callee, (ir.Cast, ir.Paren)):  # f decays to a function pointer
        callee = callee.operand if isinstance(callee, ir.Cast) else callee.inner
    if isinstance(callee, ir.NameRef) and callee.kind == "function":
        return callee.name
    return None
