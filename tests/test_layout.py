"""The output's layout follows the C's: blank lines between statements and declarations where the C has them
(translator/reader records them, translator/csharp/stmts.py and decls.py write them), and only there."""
from __future__ import annotations

SOURCE = r"""#include <stdio.h>

#define N 4
#define M 5

#define SCALE 2
static int total;
static int count;

static int twice(int x) { int y = x; y += x; return y; }

int main(void)
{

    int i, a[N];

    /* fill */
    for (i = 0; i < N; i++) {

        a[i] = twice(i) * SCALE;
    }
    total = 0; count = 0;

    for (i = 0; i < N; i++)
        total += a[i];
    /* no blank above me */
    count = N;
    printf("%d %d %d\n", total, count, M);

    return 0;
}
"""


def test_blank_lines_of_the_c_are_kept_and_no_others(tools, tmp_path):
    src, out = tmp_path / "layout.c", tmp_path / "Layout.cs"
    src.write_text(SOURCE)
    r = tools.translate_file(str(src), str(out))
    assert r.returncode == 0, r.stderr
    cs = out.read_text()
    body = cs[cs.index("    public int main("):cs.index("    public static int Main(")]
    lines = [line.strip() for line in body.splitlines()]
    # the blank line just inside `{` and the one opening the loop's block are not kept: a block never starts so
    assert lines[:3] == ["public int main()", "{", "int i = 0;"]
    loop = lines.index("for (i = 0; i < N; i++)")
    assert lines[loop - 3:loop] == ["int[] a = new int[N];", "", "/* fill */"], lines  # the blank above the comment
    assert lines[loop + 1:loop + 3] == ["{", "a[i] = twice(i) * SCALE;"]
    # `total = 0; count = 0;` on one line: no blank line between them; one above the second loop
    first = lines.index("total = 0;")
    assert lines[first + 1] == "count = 0;" and lines[first + 2] == ""
    assert lines[first + 3] == "for (i = 0; i < N; i++)"
    comment = lines.index("/* no blank above me */")
    assert lines[comment - 1] == "}" and lines[comment + 1] == "count = N;"
    assert lines[lines.index("return 0;") - 1] == ""
    # a one-line function: its statements stay together
    twice = cs[cs.index("    int twice("):cs.index("    public int main(")]
    assert "" not in [line.strip() for line in twice.strip().splitlines()]
    # fields together as in the C: N and M, then SCALE, total and count, apart where the C has a blank line
    head = [line.strip() for line in cs[cs.index("{") + 1:cs.index("    int twice(")].splitlines()]
    constants = [line for line in head if line]
    assert constants[:5] == ["const int N = 4;", "const int M = 5;", "const int SCALE = 2;", "int total = 0;",
                             "int count = 0;"], head
    n = head.index("const int N = 4;")
    assert head[n + 1] == "const int M = 5;" and head[n + 2] == "" and head[n + 3] == "const int SCALE = 2;"
    assert head[n + 4] == "int total = 0;" and head[n + 5] == "int count = 0;"
