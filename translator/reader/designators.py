"""Initializer lists with designators of more than one step or GNU ranges (once "a nested designator is not
supported yet"):

    struct box b = { .lo.x = 1, .hi = { .y = 4 }, .tag[2] = 9 };     (C99 6.7.9: a designator list)
    struct pt ps[3] = { [1].y = 6, [2] = { 1, 2 } };
    int m[2][3] = { [1][2] = 5 };
    int a[10] = { [0 ... 3] = 7, [8 ... 9] = 2 };                      (GNU: a range of indices)

Each is read into the one-step designators the converter knows (csharp/inits.py): `.lo.x = 1` is `.lo = { .x = 1 }`,
and items that designate parts of one subobject are merged into one list, in list order, a later initializer of a
subobject overriding an earlier one (C11 6.7.9p19). A range gives each of its indices the value (gcc evaluates it
once: a value with side effects over a range is refused). What C continues after a nested designator with (a
positional item initializes the next member of the innermost subobject, 6.7.9p17) is refused with a located error
rather than guessed, as is a designator into a subobject an earlier item gave whole as an expression.
"""
from __future__ import annotations

from typing import List, Optional, Tuple

from .. import ir
from .clang_setup import K, ci, evaluate_int
from .rewrite import token_spelling

MAX_RANGE = 1 << 16  # indices one GNU range may cover (a larger one is refused: the flat C# initializer lists them)


class _Level:
    """The items of one brace level being built: (designator or None, value or _Level), in order."""

    def __init__(self, loc: ir.Loc, ctype: ir.CType):
        self.loc, self.ctype = loc, ctype
        self.items: List[list] = []
        self.nested_last = False

    def find(self, d) -> Optional[list]:
        return next((it for it in self.items if it[0] is not None and it[0] == d), None)

    def to_ir(self) -> ir.InitList:
        items = tuple(v.to_ir() if isinstance(v, _Level) else v for _, v in self.items)
        designators = tuple(d for d, _ in self.items)
        return ir.InitList(self.loc, self.ctype, items, designators if any(d is not None for d in designators) else ())


def _has_effects(e: ir.Expr) -> bool:
    from .gnu_conditional import _has_effects as effects
    return effects(e)


def _steps(fe, item: ci.Cursor, parts: List[ci.Cursor]):
    """The designator steps of one designated item: ("field", name, field type), ("index", i) or ("range", lo, hi),
    read from its tokens (a range's two bounds are two children, as `[1][2]`'s two indices are)."""
    tokens = [token_spelling(t) for t in item.get_tokens()]  # `.x` spliced over two lines too
    if not tokens:
        raise fe.unsupported(item, "a designator inside a macro expansion")
    steps, k, p = [], 0, 0
    while k < len(tokens) and tokens[k] in (".", "["):
        if tokens[k] == ".":
            if p >= len(parts) or parts[p].kind != K.MEMBER_REF:
                raise fe.unsupported(item, "this designator")
            steps.append(("field", parts[p].spelling, fe.ctype(parts[p].type, parts[p])))
            p, k = p + 1, k + 2
            continue
        depth, end = 0, k
        while end < len(tokens):
            depth += tokens[end] in ("[", "(") or -(tokens[end] in ("]", ")"))
            if depth == 0:
                break
            end += 1
        bounds = 2 if "..." in tokens[k:end] else 1
        values = [evaluate_int(parts[p + j]) if p + j < len(parts) else None for j in range(bounds)]
        if any(v is None for v in values):
            raise fe.unsupported(item, "this designator")
        steps.append(("index", values[0]) if bounds == 1 else ("range", values[0], values[1]))
        p, k = p + bounds, end + 1
    if p != len(parts):
        raise fe.unsupported(item, "this designator")
    return steps


def _sub_type(level: _Level, step) -> ir.CType:
    if step[0] == "field":
        return step[2]
    return level.ctype.element if isinstance(level.ctype, ir.ArrayType) else level.ctype


def _add(fe, item: ci.Cursor, level: _Level, steps, value: ir.Expr) -> None:
    step, rest = steps[0], steps[1:]
    if step[0] == "range":
        lo, hi = step[1], step[2]
        if hi - lo >= MAX_RANGE:
            raise fe.unsupported(item, f"a designator range of more than {MAX_RANGE} elements")
        if hi > lo and _has_effects(value):
            raise fe.unsupported(item, "a designator range whose value has side effects (gcc evaluates it once)")
        for i in range(lo, hi + 1):
            _add(fe, item, level, [("index", i)] + list(rest), value)
        return
    d = step[1]
    existing = level.find(d)
    if not rest:
        if existing is not None:
            existing[1] = value  # a later initializer of the same subobject overrides (C11 6.7.9p19)
        else:
            level.items.append([d, value])
        return
    if existing is None:
        sub = _Level(value.loc, _sub_type(level, step))
        level.items.append([d, sub])
    elif isinstance(existing[1], _Level):
        sub = existing[1]
    elif isinstance(existing[1], ir.InitList) and all(x is not None for x in existing[1].designators) and \
            existing[1].items:
        sub = _Level(existing[1].loc, existing[1].type)  # `.hi = { .y = 4 }, .hi.x = 7`: one list
        sub.items = [[x, v] for x, v in zip(existing[1].designators, existing[1].items)]
        existing[1] = sub
    else:
        raise fe.unsupported(item, "a designator into a subobject an earlier initializer gave whole")
    _add(fe, item, sub, rest, value)


def read_designated_list(fe, cur: ci.Cursor, kids: List[ci.Cursor]) -> ir.InitList:
    """An INIT_LIST_EXPR whose designators have several steps or ranges, as one-step designators."""
    level = _Level(fe.loc(cur), fe.ctype(cur.type, cur))
    for k in kids:
        sub = fe.kids(k)
        if k.kind == K.UNEXPOSED_EXPR and k.type.kind == ci.TypeKind.VOID and len(sub) >= 2:
            steps = _steps(fe, k, sub[:-1])
            _add(fe, k, level, steps, fe.expr(sub[-1]))
            level.nested_last = len(steps) > 1
        else:
            if level.nested_last:
                # C continues inside the innermost subobject the designator named (6.7.9p17)
                raise fe.unsupported(k, "an initializer without a designator after a nested designator")
            level.items.append([None, fe.expr(k)])
    return level.to_ir()
