"""Two statements on a struct of two doubles done as one Vector128<double> operation (translator/csharp/pairs.py):
which statement pairs become one, which stay apart, and that the port prints what gcc's build prints, bit for bit,
with NaN, -0.0, infinities, subnormals and products a fused multiply-add would round otherwise
(tests/c/complex_pairs.c, also run by test_c_semantics at gcc -O1; here at -O2, where gcc pairs them itself)."""
from __future__ import annotations

import os

from tests.support import ROOT, run

PROGRAM = os.path.join(ROOT, "tests", "c", "complex_pairs.c")


def _function(cs: str, name: str) -> str:
    start = cs.index(f" {name}(")
    return cs[start:cs.index("\n    }\n", start)]


def test_complex_statement_pairs_are_vector_operations_where_the_same(tools, tmp_path):
    out = tmp_path / "ComplexPairs.cs"
    t = tools.translate_file(PROGRAM, str(out))
    assert t.returncode == 0, t.stderr
    cs = out.read_text()
    butterflies = _function(cs, "butterflies")
    # the product by the root in two locals, as one vector the two stores then reuse
    # (wr, wi) and (wi, wr) put together once: one vector and it exchanged
    assert "var wr_wi = Lanes.Pair(wr, wi);" in butterflies
    assert "var br_bi = Lanes.SubAdd(Lanes.Both(line_k.re) * wr_wi, Lanes.Both(line_k.im) * Lanes.Swap(wr_wi));" \
        in butterflies
    assert "br = Lanes.First(br_bi);" in butterflies
    assert "Lanes.Ref(ref line_k) = Lanes.Ref(ref line_k2) - br_bi;" in butterflies
    assert "Lanes.Ref(ref line_k2) = Lanes.Ref(ref line_k2) + br_bi;" in butterflies
    assert "wr = roots_k.re;" in butterflies  # (a load and a product: no lane-by-lane match, kept)
    others = _function(cs, "others")
    assert "Lanes.Ref(ref acc) = Lanes.Ref(ref acc) + (Lanes.Ref(ref @in[k]) * Lanes.Both(s));" in others  # +=
    assert "= (-Lanes.Ref(ref @in[k])) / Lanes.Both(d);" in others
    assert "acc.re = 0.0;" in others  # two constants: nothing to gain
    # the second statement reads the field the first one writes: apart
    dependent = _function(cs, "dependent")
    assert "Lanes" not in dependent
    crossed = _function(cs, "crossed")
    assert "Lanes.Swap(t0_t1) * Lanes.Both(0.5)" in crossed  # the pair read the other way round
    assert "Lanes.Swap(Lanes.Ref(ref w_k))" in crossed
    assert "Lanes.Ref(ref out_k) * Lanes.Pair(t0, t1)" in crossed  # t0 written since: its vector forgotten

    exe = str(tmp_path / "complex_pairs")
    for level in ("-O0", "-O2"):
        assert run(["gcc", level, "-o", exe, PROGRAM, "-lm"]).returncode == 0
        native = run([exe])
        r = run(tools.cmpi_run + ["-n", "1", str(out)])
        assert r.returncode == 0, r.stderr
        assert r.stdout == native.stdout, level
