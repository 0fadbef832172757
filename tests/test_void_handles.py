"""`void *` as an opaque handle (passes/void_handles.py, CloudMpi.Libc/Handle.cs): what the port does where C
has no defined behaviour, a handle cast back to a type it does not hold. The handles' defined uses are compared
with gcc in tests/c/void_handles.c and tests/c/void_handle_options.c; the uses refused at translation (a handle
given to memcpy or MPI as memory) in tests/test_diagnostics.py."""
from __future__ import annotations

from tests.support import run

WRONG_CAST = r"""
#include <stdio.h>
typedef struct { void *value; char type; } Slot;
static double read_double(Slot *s) { return *(double *) s->value; }
int main(void)
{
    int count = 3;
    double scale = 0.5;
    Slot slots[2] = {{&scale, 'd'}, {&count, 'i'}};
    for (int i = 0; i < 2; i++)
        printf("%.2f\n", read_double(&slots[i]));
    return 0;
}
"""


def test_a_handle_cast_to_a_type_it_does_not_hold_stops_naming_the_cast(tools, tmp_path):
    """gcc's build reads the int's bytes as a double (garbage, or a fault past it); the port prints what came
    before and stops at the cast, naming its C location and both types."""
    src = tmp_path / "wrong_cast.c"
    src.write_text(WRONG_CAST)
    cs = str(tmp_path / "WrongCast.cs")
    t = tools.translate_file(str(src), cs)
    assert t.returncode == 0, t.stderr
    chk = tools.check(cs)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    r = run(tools.cmpi_run + ["-n", "1", cs])
    assert r.returncode != 0
    assert r.stdout == "0.50\n"
    assert "wrong_cast.c:4:46: a void * that holds an int * cast to double *" in r.stderr, r.stderr


LONE_BASE = r"""
#include <stdio.h>
typedef struct { double cutoff; } Base;
typedef struct { Base base; double sigma; } Lj;
static double sigma_of(Base *pot) { return ((Lj *) pot)->sigma; }
int main(void)
{
    Lj lj = {{2.5}, 1.0};
    Base lone = {3.0};
    printf("%.1f\n", sigma_of(&lj.base));
    printf("%.1f\n", sigma_of(&lone));
    return 0;
}
"""


def test_a_struct_that_is_no_first_member_cast_to_the_outer_struct_stops_naming_the_cast(tools, tmp_path):
    """`(Lj *) pot` of a Base that is an Lj's first member is that Lj; of a lone Base, C reads past it (undefined):
    the port stops at the cast (Ptr.Container)."""
    src = tmp_path / "lone_base.c"
    src.write_text(LONE_BASE)
    cs = str(tmp_path / "LoneBase.cs")
    t = tools.translate_file(str(src), cs)
    assert t.returncode == 0, t.stderr
    r = run(tools.cmpi_run + ["-n", "1", cs])
    assert r.returncode != 0
    assert r.stdout == "1.0\n"
    assert "lone_base.c:5:45: a Base * that is not that member of a Lj cast to Lj *" in r.stderr, r.stderr
