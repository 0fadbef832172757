"""A translation's work grows linearly with the program (issue 28: translation speed), counted, not timed.

A pass that walks a whole function once per loop (or per statement) is quadratic: a legacy code's long main or a
generated kernel suite's driver, thousands of statements in one function, then takes seconds per thousand statements
where a program of many small functions takes a tenth of that (round 19: loop views' `_unassigned_params` walked the
whole function once per loop nest, 6.2 s of a 5,000-statement function's 7 s). The IR nodes the conversion's walks
visit are counted for one long function of 1,000 and of 4,000 statements: per statement they must stay about the same.
"""
from __future__ import annotations

import os
import sys

import pytest

from tests.support import ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))
import translation  # noqa: E402  (bench/ on sys.path first)


def _nodes_walked_per_statement(make, statements: int, tmp_path, monkeypatch) -> float:
    from translator import ir
    from translator.csharp.context import Context
    from translator.csharp.decls import convert_translation_unit
    from translator.diagnostics import DiagnosticSink
    from translator.reader.frontend import Frontend
    from translator.rules import load

    text, count = make(statements)
    src = tmp_path / f"gen{statements}.c"
    src.write_text(text)
    tu = Frontend(str(src), []).parse()
    walked = [0]
    originals = {ir.walk, ir.walk_in_order}

    def counting(walk):
        def counted(node, *args, **kwargs):
            nodes = list(walk(node, *args, **kwargs))
            walked[0] += len(nodes)
            return nodes
        return counted

    # every module of the translator that holds a walk, by whatever name it imported it
    for module in [m for name, m in sys.modules.items() if name.startswith("translator") and m is not None]:
        for attr, value in list(vars(module).items()):
            if any(value is w for w in originals):
                monkeypatch.setattr(module, attr, counting(value))
    ctx = Context(tu=tu, rules=load(), class_name="App", diagnostics=DiagnosticSink())
    convert_translation_unit(ctx)
    return walked[0] / count


@pytest.mark.parametrize("make", [translation.long_function, translation.many_functions])
def test_the_conversions_walks_grow_linearly_with_the_program(make, tmp_path, monkeypatch):
    small = _nodes_walked_per_statement(make, 1000, tmp_path, monkeypatch)
    monkeypatch.undo()
    large = _nodes_walked_per_statement(make, 4000, tmp_path, monkeypatch)
    assert small > 0
    assert large / small < 1.5, f"{small:.0f} nodes walked per statement at 1,000 statements, {large:.0f} at 4,000"
