"""A helper with an early return called last in a loop's body is written into the loop (passes/early_returns.py),
and a for loop that continues is written with a back edge on each way round (csharp/stmts.py,
_loop_with_back_edges). tests/c/early_return_loops.c runs every path of both against gcc (test_c_semantics.py);
this checks which loops and calls take the shapes and which keep C#'s own."""
from __future__ import annotations

import os
import re

from tests.support import ROOT

PROGRAM = os.path.join(ROOT, "tests", "c", "early_return_loops.c")


def _translation(tools, tmp_path) -> str:
    out = tmp_path / "Erl.cs"
    t = tools.translate_file(PROGRAM, str(out))
    assert t.returncode == 0, t.stderr
    return out.read_text()


def test_the_helper_with_an_early_return_is_written_into_its_loop(tools, tmp_path):
    cs = _translation(tools, tmp_path)
    main = cs[cs.index(" main("):]
    assert "pull(" not in main  # its body is in the loop, its return a jump to the loop's top
    assert "double scale = 0.5 + i;" in main  # a value parameter: a local given the argument, once a call
    assert "b_at[0].fx += scale * dx / (d2 + 1.0);" in main  # on->fx: the element the call gave
    assert "closest = CMath.IfLess(d2, closest);" in main  # *closest: the caller's local itself
    # the helper stays, without the inlining mark (its one call is gone)
    assert re.search(r"\n    void pull\(ref body_t on, ref body_t from, ref double closest, ref int near, double scale\)",
                     cs)
    assert not re.search(r"AggressiveInlining\)\]\n\s*void pull\(", cs)


def test_calls_the_loop_cannot_take_stay_calls(tools, tmp_path):
    cs = _translation(tools, tmp_path)
    # &hist[k] beside &k: the helper could move k under the element; count_odd's call is not the body's last
    assert "bump(ref hist[k], ref k, 3);" in cs
    assert "count_odd(k, ref odd);" in cs
    assert "for (k = 0; k < 4; k++)" in cs and "for (k = 0; k < 5; k++)" in cs
    # a continue of the C keeps C#'s for loop (a rarely taken one would lose the JIT's bounds-check removal)
    assert "for (i = 0; i < 8; i++)" in cs and "continue;" in cs


def test_a_loop_whose_helper_returns_early_jumps_back_from_each_way_round(tools, tmp_path):
    cs = _translation(tools, tmp_path)
    block = cs[cs.index("i_next:"):cs.index("i_done:;")]
    # add_unless's two returns and the loop's end: the step and the test, each with its jump back
    assert block.count("if (i < 10) goto i_next;") == 3
    assert block.count("goto i_done;") == 2
    # its value parameters are locals; those the caller's names already spell are renamed
    assert "int i_add_unless = i;" in block and "int a = 0;" in block and "int b_add_unless = 9;" in block
    # two initializers and two steps are statements each; a declared counter keeps its scope in a block
    assert re.search(r"i = 0;\n\s*j = 20;\n\s*if \(i < j\)", cs)
    assert re.search(r"i\+\+;\n\s*j -= 2;\n\s*if \(i < j\) goto loop_next;", cs)
    assert re.search(r"\{\n\s*int m = 0;\n\s*if \(m < 6\)", cs)
    assert "i_next2:" in cs  # the loop that never runs
