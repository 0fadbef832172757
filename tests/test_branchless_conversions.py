"""Shapes the translator gives C's floating conditionals and conversions to integers so the JIT emits gcc's one
instruction (compute15, bench/README.md "Round 15"): `x > y ? x : y` as CMath.IfGreater (maxsd) where the JIT
branched, `(int)d` as ConvertToIntegerNative (cvttsd2si) where C#'s saturating `(int)d` takes six. What the programs
print is compared with gcc's by tests/test_c_semantics.py (tests/c/floating_select.c, float_to_int_conversions.c)."""
from __future__ import annotations

import os
import re

from tests.support import ROOT


def _translated(tools, tmp_path, name):
    src = os.path.join(ROOT, "tests", "c", f"{name}.c")
    out = tmp_path / "Program.cs"
    t = tools.translate_file(src, str(out))
    assert t.returncode == 0, t.stderr
    return out.read_text()


def test_strict_floating_conditionals_are_one_max_or_min(tools, tmp_path):
    cs = _translated(tools, tmp_path, "floating_select")
    assert "return CMath.IfGreater(a, b);" in cs  # larger()
    assert "return CMath.IfLess(a, b);" in cs  # smaller_f(), floats
    assert "CMath.IfLess(x, y)" in cs  # MIN(x, y)
    assert "CMath.IfGreater(y, x)" in cs  # x < y ? y : x
    assert "CMath.IfLess(y, x)" in cs  # x > y ? y : x
    assert "CMath.IfGreater(v[i], v_span[j])" in cs  # elements: read once instead of twice
    assert "CMath.IfGreater(fx, fy)" in cs and "CMath.IfLess(fy, fx)" in cs
    assert "CMath.IfGreater(top, a - b)" in cs  # C computes a - b twice, to the same value
    assert re.search(r"x >= y \? x : y", cs)  # ties and NaNs give the other operand than maxsd: kept


def test_run_time_conversions_to_int_and_long_are_the_processors(tools, tmp_path):
    cs = _translated(tools, tmp_path, "float_to_int_conversions")
    assert "double.ConvertToIntegerNative<int>(d)" in cs
    assert "double.ConvertToIntegerNative<long>(d)" in cs
    assert "float.ConvertToIntegerNative<int>(f)" in cs
    assert "float.ConvertToIntegerNative<long>(f)" in cs  # the implicit `long implicit_long = f;` too
    assert "double.ConvertToIntegerNative<int>(x / width)" in cs


def test_running_maximum_statements_into_locals_are_one_max_or_min(tools, tmp_path):
    cs = _translated(tools, tmp_path, "floating_select_statements")
    assert "a = CMath.IfGreater(x, a);" in cs  # if (x > a) a = x;
    assert "b = CMath.IfGreater(x, b);" in cs  # if (b < x) b = x;
    assert "c = CMath.IfLess(x, c);" in cs and "d = CMath.IfLess(x, d);" in cs
    assert "fa = CMath.IfGreater(fx, fa);" in cs and "fb = CMath.IfLess(fx, fb);" in cs
    assert "top = CMath.IfGreater(v[i], top);" in cs and "bottom = CMath.IfLess(v[i], bottom);" in cs
    assert re.search(r"if \(v\[i\] >= mid\)", cs)  # >=: kept
    # memory is written only when the comparison holds, as gcc keeps it: a pointer's target, an element, a global
    assert re.search(r"if \(d < dmin\)", cs)
    assert re.search(r"if \(v\[i\] > tops_0\)", cs) and re.search(r"if \(v\[i\] < lowest_seen\)", cs)
