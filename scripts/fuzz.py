#!/usr/bin/env python3
"""`make fuzz N=... SEED=...`: the translator against mutated and hostile C (issue 27).

Seeded and reproducible: input i of a run is made by random.Random(f"{seed}:{i}") alone, so `--only i` remakes it.
Inputs are the project's own C programs (tests/c, tests/mpi, corpus) mutated one to three times (lines deleted,
duplicated or swapped, tokens replaced by hostile ones, identifiers renamed after C# keywords or runtime types,
types changed, raw bytes put in literals and comments, deep nesting wrapped around an expression, the file
truncated), and programs of hostile constructs (deep nesting, macro bombs, special include files, non-UTF-8 bytes,
MPI handles misused, constants beyond their types, ...). Each is translated with a per-input time bound; each
exit-0 translation is compiled by `cmpi-run --check` (in batches: one Roslyn start-up for many files).

Outcomes: located-error (exit 1 or 2 with a file:line:col or a named -W diagnostic), ok-compiles, ok-fails-compile,
internal-error (exit 3, or a Python traceback), crash (killed by a signal, any other status), timeout. The inputs of
the last four (the defects) are saved under build/fuzz/<outcome>/ with the translator's messages.
"""
from __future__ import annotations

import argparse
import collections
import functools
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # fuzz_multifile, also when loaded by file name
from fuzz_multifile import Program, multi_file_program, project_programs, write_program  # noqa: E402
os.environ.setdefault("CMPI_TRANSLATE_CHECK", "0")  # what needs compiling is compiled here, not twice

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRANSLATE = os.path.join(ROOT, ".venv", "bin", "cmpi-translate")
CMPI_RUN = os.environ.get("CMPI_RUN", os.path.join(ROOT, ".venv", "bin", "cmpi-run"))  # the C# check's runtime
PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
WORKER = os.path.join(ROOT, "scripts", "fuzz_worker.py")
# A warm translation is killed past --timeout seconds of CPU time, or this many times that in wall time
WALL_FACTOR = 30
DEFECTS = ("internal-error", "crash", "timeout", "ok-fails-compile")
OUTCOMES = ("located-error", "ok-compiles") + DEFECTS
_LOCATED = re.compile(r"^(?:\S+:\d+:\d+: (?:error|warning)|cmpi-translate: error: ).*$", re.M)
_DIAG_FILE = re.compile(r"^(.+?\.cs):\d+:\d+: (error|warning): (.*)$", re.M)


# `xfail:` in a program's first comment (tests/test_c_semantics.py), `xfail-translate:` in a tests/mpi header: a
# program the project knows does not work yet
_XFAIL_MARK = re.compile(rb"\A\s*/\*.*?\bxfail(?:-translate)?:.*?\*/", re.S)


def seeds():
    """The project's C programs to mutate. A known failure (a strict xfail) is none: one that exits 0 with C# that
    does not compile would make every mutant that leaves its cause alone a defect of the fuzz (seed 3: nine mutants
    of void_field_buffers.c), and the xfail's own test already tracks it."""
    files = sorted(glob.glob(os.path.join(ROOT, "tests", "c", "*.c")) +
                   glob.glob(os.path.join(ROOT, "tests", "mpi", "*", "*.c")) +
                   glob.glob(os.path.join(ROOT, "corpus", "*", "*.c")) +
                   glob.glob(os.path.join(ROOT, "tests", "golden", "*", "*.c")))
    out = []
    for f in files:
        with open(f, "rb") as fh:
            data = fh.read()
        if len(data) < 200_000 and not _XFAIL_MARK.match(data):
            out.append((os.path.relpath(f, ROOT), data))
    return out


# ---------------------------------------------------------------- hostile constructs

def _main(body: str, head: str = "") -> bytes:
    return ("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <mpi.h>\n" + head +
            "int main(int argc, char **argv) {\n  int x = 1, y = 0, i = 0; double d = 1.5; int *p = &x; char s[32];\n"
            "  MPI_Init(&argc, &argv);\n" + body + "\n  printf(\"%d %d %g %d\\n\", x, y, d, i);\n"
            "  MPI_Finalize();\n  return 0;\n}\n").encode()


def hostile(rng: random.Random):
    """One program of a hostile construct, and its name."""
    k = rng.choice([3, 10, 50, 250, 300, 500, 1000, 2000, 5000])
    kinds = {
        "sum": lambda: _main(f"  y = 0{'+1' * k};"),
        "ifs": lambda: _main("  " + "if (x) " * min(k, 1200) + "y++;"),
        "braces": lambda: _main("  " + "if (x) {\n" * min(k, 300) + "y++;\n" + "}\n" * min(k, 300)),
        "ternary": lambda: _main("  y = " + "x ? " * k + "1" + " : 0" * k + ";"),
        "deref": lambda: _main("  y = " + "*&" * k + "x;"),
        "casts": lambda: _main("  y = " + rng.choice(["(int)", "(long)", "(char)", "(unsigned)", "(double)"]) * k + "x;"),
        "minus": lambda: _main("  y = " + rng.choice(["- ", "~", "!", "+"]) * k + "x;"),
        "parens": lambda: _main("  y = " + "(" * min(k, 300) + "x" + ")" * min(k, 300) + ";"),
        "assign": lambda: _main("  " + "y = " * k + "x;"),
        "latin1": lambda: _main(f"  /* caf\xe9 */ printf(\"caf\xe9 \\xe9 %c\\n\", '\xe9'); strcpy(s, \"\xff\xfe\");"
                                f" puts(s);").replace(b"\xc3\xa9", b"\xe9").replace(b"\xc3\xbf\xc3\xbe", b"\xff\xfe"),
        "bytes": lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))),
        "garbage": lambda: _main("".join(rng.choice("{}()[];,+-*/%<>=!&|^~?:'\"\\#xyz0123 \n") for _ in range(200))),
        "empty": lambda: b"",
        "nomain": lambda: b"int f(void) { return 1; }\n",
        "macro-bomb": lambda: ("#define F0(x) x x\n" + "".join(f"#define F{j}(x) F{j - 1}(F{j - 1}(x))\n"
                                                               for j in range(1, 6)) +
                               "int main(void) { int y = 0; F%d(y+) 0; return y; }\n" % rng.randrange(1, 6)).encode(),
        "object-bomb": lambda: ("#define A0 1\n" + "".join(f"#define A{j} A{j - 1}+A{j - 1}\n" for j in range(1, 22)) +
                                "int main(void) { return A%d; }\n" % rng.randrange(4, 22)).encode(),
        "include-special": lambda: ('#include "%s"\nint main(void) { return 0; }\n' %
                                    rng.choice(["/dev/zero", "/dev/null", "/dev/stdin", "/tmp", "/proc/self/fd/0"])).encode(),
        "runtime-names": lambda: _main("  double %s = 2.0; unsigned char *b = (unsigned char *)&%s; y = b[7];" %
                                       ((rng.choice(["Ptr", "Math", "System", "CString", "Spans", "CArray", "Stdio",
                                                     "Datatype", "Comm", "cMPI", "Status", "Request", "Array",
                                                     "Main", "value", "string", "object", "base", "var"]),) * 2)),
        "mpi-null": lambda: _main("  " + rng.choice(["MPI_Type_free(NULL);", "MPI_Comm_rank(0, &y);",
                                                     "MPI_Comm_size(MPI_COMM_WORLD, NULL);",
                                                     "MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_INT);",
                                                     "MPI_Barrier(0);", "MPI_Request r; MPI_Wait(&r, NULL);",
                                                     "MPI_Wait((MPI_Request *)&y, MPI_STATUS_IGNORE);"])),
        "pointer-types": lambda: _main("  " + rng.choice(["int *q = \"abcd\"; y = q[0];", "printf(x, \"fmt\");",
                                                          "unsigned u; MPI_Comm_size(MPI_COMM_WORLD, &u);",
                                                          "unsigned char b[4]; strcpy(b, \"ab\");",
                                                          "long *l = p; y = (int)*l;", "p = x;", "x = p;"])),
        "constants": lambda: _main("  if (x %s %s) y++;" % (rng.choice(["<", "==", "!=", ">=", ">"]),
                                                           rng.choice(["2147483648", "4294967296", "-2147483649",
                                                                       "9223372036854775807", "0x100000000",
                                                                       "300", "40000", "-129"]))),
        "char-constants": lambda: _main("  char c = 'a'; if (c %s %s) y++;" % (rng.choice(["<", "==", "!="]),
                                                                            rng.choice(["300", "-200", "255", "128"]))),
        "pointer-levels": lambda: _main("  int " + "*" * k + "pp = 0; y = pp == 0;"),
        "long-line": lambda: _main("  y = " + " + ".join(["x"] * (k * 4)) + ";"),
        "many-statements": lambda: _main("\n".join(f"  y += {j};" for j in range(min(k * 4, 4000)))),
        # round 4's hand-made ones (docs/fuzz.md): names, constants and literals C# takes otherwise than C
        "names": lambda: _main("  int %s = 2; y += %s;" % ((rng.choice(["a$b", "$", "x" * min(k * 3, 6000),
                                                                        "_" * 600, "$" * 3]),) * 2)),
        "float-range": lambda: _main("  d = %s; printf(\"%%g\\n\", d);" % rng.choice(["1e999", "-1e400", "1e50f",
                                                                                   "1e-999", "0x1p2000", "3.5e38f"])),
        "zero-divisor": lambda: _main("  if (argc > 9) { " + rng.choice(["y = x / 0;", "y %= 0;", "y = x % (1 - 1);",
                                                                         "d = d / 0;", "y /= 0u;"]) + " }"),
        "nul-literal": lambda: _main("  " + rng.choice(['printf("a\\0b\\n");', 'puts("c\\0d");',
                                                        'y = (int)strlen("ab\\0cd");', 'printf("%s|", "e\\0f");',
                                                        'fputs("g\\0h", stdout);'])),
        "handle-null": lambda: _main("  MPI_Comm c = MPI_COMM_WORLD; MPI_Request r = MPI_REQUEST_NULL; " +
                                     rng.choice(["y = c == 0;", "y = r != NULL;", "c = 0; y = !c;",
                                                 "MPI_Request rs[2] = {0, NULL}; y = rs[1] == 0;",
                                                 "y = (MPI_Comm)0 == c;", "if (c < 0) y++;", "y = c == 1;"])),
        "field-buffer": lambda: _main("  struct { int a; int b[4]; } st = {1, {2}}; MPI_Request r; MPI_Win w; " +
                                      rng.choice(["MPI_Iallreduce(&st.a, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);"
                                                  " MPI_Wait(&r, MPI_STATUS_IGNORE);",
                                                  "MPI_Isend(st.b, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);"
                                                  " MPI_Wait(&r, MPI_STATUS_IGNORE);",
                                                  "MPI_Recv_init(st.b, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, "
                                                  "&r); MPI_Request_free(&r);",
                                                  "MPI_Win_create(st.b, 16, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &w);"
                                                  " MPI_Win_free(&w);"])),
        "struct-shapes": lambda: _main("  struct fl *f = malloc(64); f->n = 1; y = f->n; free(f);",
                                       "struct fl { int n; %s; };\n" % rng.choice(["double d[]", "int a[0]",
                                                                                  "char c[1]", "int b : 3"])),
        "main-forms": lambda: rng.choice([b"int main(int argc, char **argv, char **envp) { return envp == 0; }\n",
                                          b"void main(void) { }\n", b"int main() { return 0; }\n",
                                          b"int main(argc, argv) int argc; char **argv; { return argc - 1; }\n",
                                          b"\xef\xbb\xbfint main(void) { return 0; }\r\n",
                                          b"int main(void) { unused: return 0; }\n"]),
        # round 5's (docs/fuzz.md "Hostile inputs tried by hand (round 5)"): the preprocessor's own hostility, C11
        # keywords, GNU extensions, control flow C# has no form of, the process's life and MPI's, printf's corners
        "preprocessor": lambda: rng.choice(_PREPROCESSOR),
        "c11": lambda: _main(*rng.choice(_C11)),
        "gnu": lambda: _main(*rng.choice(_GNU)),
        "control": lambda: _main(*rng.choice(_CONTROL)),
        "process": lambda: _main(*rng.choice(_PROCESS)),
        "mpi-life": lambda: rng.choice(_MPI_LIFE),
        "printf-forms": lambda: _main("  " + rng.choice(_PRINTF)),
        # round 6's (docs/fuzz.md "Round 6"): character constants, C11 members, function pointers of other types,
        # MPI's pointer constants where it writes, one name in two of C's name spaces, GNU attributes
        "round6": lambda: _main(*rng.choice(_ROUND6)),
        # round 7's (docs/fuzz.md "Round 7"): C11 and GNU corners legacy codes use, as MPI buffers and counts too
        "round7": lambda: _main(*rng.choice(_ROUND7)),
        # round 8's (docs/fuzz.md "Round 8"): macros that make MPI calls, odd includes, main's odd forms, MPI's
        # life out of order, exit midway, recursion through function pointers, argv written, MPI_IN_PLACE wrapped
        "round8": lambda: rng.choice(_ROUND8),
        # round 9's (docs/fuzz.md "Round 9"): the hostile constructs of issue 27's list as one program each, and the
        # forms a file's bytes take (CRLF, lone CR, no final newline, splices inside tokens, NUL bytes, digraphs)
        "round9": lambda: _round9(rng),
        "source-form": lambda: source_form(rng, _main(*rng.choice(_ROUND9_BODIES)))[1],
        # round 10's (docs/fuzz.md "Round 10"): a careless legacy codebase's C (K&R beside prototypes, implicit
        # int, varargs.h, #pragma pack, bit-fields of every width and sign, punning unions, goto into blocks, VLA
        # and static array parameters, __VA_ARGS__ and #if corners, long macro chains, old MPI prototypes)
        "round10": lambda: _round10(rng),
    }
    name = rng.choice(sorted(kinds))
    return name, kinds[name]()


# Round 5's hostile constructs: each a (body, head) of _main, or a whole program. The input is always in.c, so a
# file that includes itself is `#include "in.c"`.
_PREPROCESSOR = [
    b'#include "in.c"\nint main(void) { return 0; }\n',
    b'#include __FILE__\nint main(void) { return 0; }\n',
    b'#pragma once\n#include "in.c"\n#include <stdio.h>\nint main(void) { printf("once\\n"); return 0; }\n',
    b'#error "not supported here"\nint main(void) { return 0; }\n',
    b'#include <stdio.h>\n#warning "only a warning"\nint main(void) { printf("w\\n"); return 0; }\n',
    b'#include <stdio.h>\n_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \\"-Wunused\\"")\n'
    b'#define P(x) _Pragma(#x)\nP(GCC diagnostic pop)\n#pragma weird thing\n#pragma pack(push, 1)\n'
    b'struct pk { char c; int i; };\n#pragma pack(pop)\nint main(void) { printf("%zu\\n", sizeof(struct pk)); '
    b'return 0; }\n',
    b'#if 1\nint main(void) { return 0; }\n',
    b'#define A(x) x\nint main(void) { return A(0; }\n',
    b'#include <stdio.h>\n#define STR(x) #x\n#define XSTR(x) STR(x)\n#define CAT(a, b) a##b\n'
    b'int main(void) { int CAT(v, 1) = 3; printf("%s %d %s\\n", XSTR(__LINE__), v1, STR(a "b" \\n)); return 0; }\n',
]
_C11 = [
    ("  _Static_assert(sizeof(int) == 4, \"int\"); y = (int)_Alignof(double);", "_Static_assert(1, \"t\");\n"),
    ("  y = 1;", "_Static_assert(sizeof(int) == 3, \"int is not 3 bytes\");\n"),
    ("  y = tl + al[1];", "static _Thread_local int tl = 3;\n_Alignas(16) static int al[4] = {1, 2};\n"),
    ("  _Atomic int a = 1; a += 2; a++; y = a;", ""),
    ("  volatile int v = 2; int *restrict q = &x; register int r = v; y = r + *q;", ""),
    ("  y = sq(3);", "static inline int sq(int v) { return v * v; }\nstatic _Noreturn void die(void) { exit(1); }\n"),
    ("  __asm__ volatile(\"\" ::: \"memory\"); asm(\"nop\"); y = 1;", ""),
    ("  struct __attribute__((packed)) pk { char c; int i; } k = {1, 2}; y = (int)sizeof k + k.i;", ""),
    ("  y = tw(2);", "__attribute__((noinline, unused)) static int tw(int v) { return 2 * v; }\n"),
]
_GNU = [
    ("  int n = argc + 2; int v[n]; v[n - 1] = 4; y = v[n - 1] + (int)sizeof v;", ""),
    ("  int n = argc + 1, m = n + 1; double w[n][m]; w[n - 1][m - 1] = 2; d = w[n - 1][m - 1] + sizeof w;", ""),
    ("  int *q = (int[]){5, 6, 7}; struct pt { int a, b; } v = (struct pt){.b = 2}; y = q[1] + v.b;", ""),
    ("  int a[10] = {[0 ... 3] = 7, [8 ... 9] = 2}; y = a[2] + a[9] + a[5];", ""),
    ("  y = ({ int t = x * 2; t + 1; });", ""),
    ("  int add(int v) { return v + x; } y = add(5);", ""),
    ("  typeof(d) e = d * 2; __typeof__(x) *q = &x; d = e + *q;", ""),
    ("  y = __builtin_popcount(0xF0u) + __builtin_clz(1u) + __builtin_ctzll(8ull); if (__builtin_expect(x, 1)) y++;"
     " __builtin_memcpy(&i, &y, sizeof i);", ""),
    ("  long double ld = 1.0L / 3; d = (double)ld;", ""),
    ("  double _Complex z = 1.0 + 2.0 * I; z = z * z; d = creal(z) + cimag(z);", "#include <complex.h>\n"),
    ("  struct { signed s : 3; unsigned u : 3; int : 0; unsigned w : 5; } b = {0}; b.s = 3; b.s++; b.u = 9; "
     "y = b.s + b.u + (int)sizeof b;", ""),
    ("  union { float f; unsigned u; unsigned char c[4]; } un; un.f = 1.0f; y = (int)(un.u >> 20) + un.c[3];", ""),
    ("  enum e { NEG = -5, BIG = 2147483647 } e1 = NEG; enum { H = 4294967295u } h = H; y = e1 + (h > 0);", ""),
    ("  switch (x) { case 0 ... 3: y = 1; break; case 4 ... 9: y = 2; break; default: y = 3; }", ""),
]
_CONTROL = [
    ("  int n = (x + 9) / 8; switch (x % 8) { case 0: do { y++; case 7: y++; case 6: y++; case 5: y++; case 4: y++;"
     " case 3: y++; case 2: y++; case 1: y++; } while (--n > 0); }", ""),
    ("  switch (x) { case 0: if (argc) { case 1: y += 10; } break; case 2: { y += 100; case 3: y++; } }", ""),
    ("  goto in; { int t; back: t = i * 2; y += t; in: i++; if (i < 5) goto back; }", ""),
    ("  for (i = 0; i < 9; i++) for (int j = 0; j < 9; j++) if (i * j > 20) goto out; out: y = i;", ""),
    ("  i = 0; again: if (++i < 3) goto again; y = i;", ""),
]
_PROCESS = [
    ("  static jmp_buf env; if (setjmp(env) == 0) longjmp(env, 2); y = 1;", "#include <setjmp.h>\n"),
    ("  signal(SIGUSR1, SIG_IGN); raise(SIGUSR1); y = 1;", "#include <signal.h>\n"),
    ("  if (argc > 9) abort();", ""),
    ("  atexit(bye);", "static void bye(void) { printf(\"bye\\n\"); }\n"),
    ("  if (x) { printf(\"exit\\n\"); MPI_Finalize(); exit(3); }", ""),
    ("  y = (int)depth(100000);", "static long depth(long n) { return n == 0 ? 0 : 1 + depth(n - 1); }\n"),
]
_MPI_LIFE = [
    b'#include <stdio.h>\n#include <mpi.h>\nint main(void) { printf("no init\\n"); return 0; }\n',
    b'#include <mpi.h>\nint main(int argc, char **argv) { MPI_Init(&argc, &argv); MPI_Init(&argc, &argv); '
    b'MPI_Finalize(); return 0; }\n',
    b'#include <mpi.h>\nint main(int argc, char **argv) { int f = 0; MPI_Init(&argc, &argv); MPI_Finalize(); '
    b'MPI_Finalized(&f); MPI_Barrier(MPI_COMM_WORLD); return !f; }\n',
    b'#include <stdio.h>\n#include <mpi.h>\nint main(int argc, char **argv) { MPI_Init(&argc, &argv); '
    b'printf("abort\\n"); MPI_Abort(MPI_COMM_WORLD, 5); MPI_Finalize(); return 0; }\n',
    b'#include <mpi.h>\nint main(int argc, char **argv) { MPI_Init(NULL, NULL); MPI_Finalize(); return 0; }\n',
    b'#include <mpi.h>\nint main(int argc, char **argv) { MPI_Finalize(); return 0; }\n',
]
_ROUND6 = [
    ("  y = 'ab' + 'RIFF' + '\\xff\\xfe' + '\\e'; printf(\"%d\\n\", (int)U'\\U0001F600');", ""),
    ("  struct v { int k; union { int n; float f; }; } w = {1}; w.n = 3; y = w.k + w.n;", ""),
    ("  y = apply(twice, 3);", "static int twice(unsigned *v) { return (int)*v * 2; }\n"
                           "static int apply(int (*f)(int *), int v) { return f(&v); }\n"),
    ("  y = tab[0](&x);", "static int neg(long long *v) { return (int)-*v; }\nstatic int (*tab[1])(int *) = {neg};\n"),
    ("  MPI_Sendrecv_replace(&x, 1, MPI_INT, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_IN_PLACE);", ""),
    ("  MPI_Comm_rank(MPI_COMM_WORLD, MPI_BOTTOM);", ""),
    ("  time_t t = 86400; struct tm m; gmtime_r(&t, &m); y = m.tm_mday;", "#include <time.h>\n"),
    ("  sg.a = x; y = sg.a + mk(2).a;", "struct sg { int a; };\nstruct sg sg;\nstruct mk { int a; };\n"
                                     "static struct mk mk(int v) { struct mk r = {v}; return r; }\n"),
    ("  y = ToString() + GetType + Finalize;", "static int ToString(void) { return 1; }\nint GetType = 2, Finalize = 3;\n"),
    ("  y = x ?: 4;", ""),
    ("  y = ready;", "static int ready;\n__attribute__((constructor)) static void init(void) { ready = 42; }\n"),
]
_ROUND7 = [
    ("  y = x ?: 4; i = y ?: x; d = d ?: 2.5; p = p ?: &y;", ""),
    ("  struct bx b = { .lo.x = 1, .hi = { .y = 4 }, .tag[2] = 9 }; y = b.lo.x + b.hi.y + b.tag[2];",
     "struct pt { int x, y; };\nstruct bx { struct pt lo, hi; int tag[3]; };\n"),
    ("  struct pt ps[3] = { [1].y = 6, [2] = { 1, 2 } }; int m[2][3] = { [1][2] = 5 }; int a[] = { [4] = 1, 3 };"
     " y = ps[1].y + ps[2].x + m[1][2] + (int)(sizeof a / sizeof a[0]);", "struct pt { int x, y; };\n"),
    ("  MPI_Allreduce(&(int){x + 1}, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);"
     " MPI_Bcast((int[]){4, 5}, 2, MPI_INT, 0, MPI_COMM_WORLD);", ""),
    ("  MPI_Allreduce((double[]){1.5}, &d, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);", ""),
    ("  y = _Generic(x, int: 1, double: 2, default: 3) + _Generic(d, double: 10, default: 0);", ""),
    ("  static_assert(sizeof(int) == 4, \"int\"); y = 1;", "#include <assert.h>\nstatic_assert(1, \"file\");\n"),
    ("  double m[2][2] = {{1, 2}, {3, 4}}; d = tr(2, m);",
     "static double tr(int n, double a[n][n]) { double t = 0; for (int k = 0; k < n; k++) t += a[k][k]; return t; }\n"),
    ("  int v[2] = {5, 6}; y = first(2, v);", "static int first(int n, int v[static n]) { return v[0] + n; }\n"),
    ("  d = half(3.0f) + scale(3, 4);", "double half(v) float v; { return v / 2; }\nint scale(c, s) char c; short s;"
                                      " { return c * s; }\n"),
    ("  switch (x) { int t; case 1: t = 5; y = t; break; default: y = 2; }", ""),
    ("  struct { unsigned n : 4; int r : 3; _Bool on : 1; } h = {1, 0, 1};"
     " MPI_Bcast(&x, h.n, MPI_INT, h.r, MPI_COMM_WORLD); MPI_Allreduce(&x, &y, h.on, MPI_INT, MPI_SUM, MPI_COMM_WORLD);", ""),
    ("#pragma omp parallel for reduction(+:y)\n  for (i = 0; i < 10; i++) y += i;\n#pragma omp barrier", ""),
    ("  y = (int)(__builtin_bswap32(0x01020304u) >> 24) + (int)__builtin_offsetof(struct q3, b);"
     " if (x > 5) __builtin_unreachable();", "struct q3 { char a; int b; };\n"),
    ("  y = __builtin_constant_p(3) + __builtin_types_compatible_p(int, unsigned) + __builtin_choose_expr(1, 2, 3.0);", ""),
    ("  const wchar_t *w = L\"wide\"; y = (int)w[1] + (int)wcslen(w);", "#include <wchar.h>\n"),
    ("  const char *a = u8\"caf\\u00e9\"; y = (int)sizeof(U\"xy\") + a[0];", ""),
    ("  long double ld = 1.0L / 3; printf(\"%.5Lf\\n\", ld);", ""),
    ("  __int128 b = (__int128)1 << 70; y = (int)(b >> 68);", ""),
    ("  __auto_type a = d * 2; y = (int)a;", ""),
    ("  void *l = &&done; goto *l; done: y = 3;", ""),
    ("  struct em e; y = (int)sizeof e;", "struct em {};\n"),
    ("  v4 a = {1, 2, 3, 4}; a = a + a; y = a[3];", "typedef int v4 __attribute__((vector_size(16)));\n"),
    ("  LOG(\"a\"); LOG(\"%d\", x);", "#define LOG(f, ...) printf(\"[\" f \"]\\n\", ##__VA_ARGS__)\n"),
    ("  int this = 2, base = 3; y = this + base + new;", "#define private static\nprivate int new = 1;\n"),
    ("  MPI_Allreduce(tab, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);", "static const int tab[2] = {1, 2};\n"),
    ("  union { double d; int i[2]; } u1 = {1.0}, u2; MPI_Sendrecv(&u1, sizeof u1, MPI_BYTE, 0, 0, &u2, sizeof u2, "
     "MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); y = u2.i[1] != 0;", ""),
    ("  vec3 a = {1, 2, 3}; d = dot(a, a);", "typedef double vec3[3];\n"
                                            "static double dot(const vec3 a, const vec3 b) { return a[0] * b[0] + a[2] * b[2]; }\n"),
    ("  MPI_Status st; MPI_Sendrecv(&x, 1, MPI_INT, 0, 4, &y, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, &st);"
     " MPI_Status c = st; c.MPI_TAG = 9; y += st.MPI_SOURCE + st.MPI_TAG + c.MPI_TAG;", ""),
    ("  y = twice(x);", "int twice();\nint twice(v) int v; { return 2 * v; }\n"),
]
def _r8(body: str, head: str = "", main: str = "int main(int argc, char **argv)", init: str = "MPI_Init(&argc, &argv)",
        end: str = "  printf(\"%d %d %d\\n\", rank, x, y);\n  MPI_Finalize();\n  return 0;\n}\n") -> bytes:
    """A whole program of round 8: `head` before main, main's signature, its MPI_Init, `body`, its end."""
    return ("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <mpi.h>\n" + head + main +
            " {\n  int rank = 0, x = 1, y = 0;\n  " + init + ";\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n" + body +
            "\n" + end).encode()


_ROUND8 = [
    # macros that expand to MPI calls with odd argument shapes
    _r8("  y = rank + 1; SUM(y);",
        "#define SUM(v) MPI_Allreduce(MPI_IN_PLACE, &(v), 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD)\n"),
    _r8("  SEND(&x, 1, MPI_INT, rank, 3, &y, 1, MPI_INT, rank, 3);",
        "#define SEND(...) MPI_Sendrecv(__VA_ARGS__, MPI_COMM_WORLD, MPI_STATUS_IGNORE)\n"),
    _r8("  x = 5; MPI_Bcast(BUF, 0, MPI_COMM_WORLD); y = x;", "#define BUF &x, 1, MPI_INT\n"),
    _r8("  CALL(MPI_Allreduce, &x, &y, 1, MPI_INT, MPI_MAX, WORLD);",
        "#define CALL(f, ...) f(__VA_ARGS__)\n#define WORLD MPI_COMM_WORLD\n"),
    _r8("  MPI_Barrier(COMM);", "#define COMM MPI_COMM_WORLD,\n"),
    _r8("  CHECK(MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD)); CHECK(MPI_Barrier(MPI_COMM_WORLD));",
        "#define CHECK(c) do { int rc_ = (c); if (rc_ != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, rc_); } while (0)\n"),
    _r8("  REDUCE(double, MPI_DOUBLE, 1.5); REDUCE(long, MPI_LONG, 7); REDUCE(short, MPI_SHORT, 2);",
        "#define REDUCE(T, MT, v) do { T t_ = (v), r_; MPI_Allreduce(&t_, &r_, 1, MT, MPI_SUM, MPI_COMM_WORLD); "
        "printf(\"%g\\n\", (double)r_); } while (0)\n"),
    _r8("  MPIX(Allreduce, &x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); MPIX(Barrier, MPI_COMM_WORLD);",
        "#define MPIX(op, ...) MPI_##op(__VA_ARGS__)\n"),
    # includes of a missing, an empty-named or a macro-named header
    _r8("", "#include \"no_such_header.h\"\n"),
    b"#include <no/such/header.h>\nint main(void) { return 0; }\n",
    b"#include \"\"\nint main(void) { return 0; }\n",
    b"#define HDR <stdio.h>\n#include HDR\nint main(void) { printf(\"hdr\\n\"); return 0; }\n",
    # a long literal, a long declaration line, a long global's name
    _r8("  static const char big[] = \"" + "abcdefghij" * 20000 + "\";\n  y = (int)strlen(big);"),
    _r8("  int " + ", ".join(f"v{k} = {k}" for k in range(3000)) + ";\n  y = v2999 + v17;"),
    _r8("  y = " + "g" * 3000 + ";", "int " + "g" * 3000 + " = 4;\n"),
    # main's odd forms
    _r8("", main="int main(int argc, char **argv, char **envp)"),
    _r8("  y = argc;", main="int main(int argc, const char *argv[])", init="MPI_Init(&argc, (char ***)&argv)"),
    _r8("", main="static int main(int argc, char **argv)"),
    _r8("  y = argc;", main="int main(int argc)", init="MPI_Init(NULL, NULL)"),
    _r8("", main="long main(void)", init="MPI_Init(NULL, NULL)"),
    _r8("  y = (int)argc;", main="int main(unsigned argc, char **argv)", init="MPI_Init(NULL, NULL)"),
    _r8("  y = argv[0] != NULL;", main="int main(int argc, char *argv[static 1])"),
    _r8("  y = again(3);", "int main(int, char **);\nstatic int again(int n) { return n > 0 ? main(-n, NULL) : 0; }\n",
        init="if (argc < 0) return -argc; MPI_Init(&argc, &argv)"),
    b"#include <stdio.h>\nint main(argc, argv) int argc; char **argv; {\n  if (argc < 3) return main(argc + 1, argv) + 1;"
    b"\n  printf(\"%d\\n\", argc);\n  return 0;\n}\n",
    b"#include <stdio.h>\nint (*entry)(void);\nint main(void) { entry = main; printf(\"%d\\n\", entry == main); return 0; }\n",
    # MPI's life out of order, exit midway
    b"#include <stdio.h>\n#include <mpi.h>\nint main(void) { int f = -1; MPI_Initialized(&f); printf(\"%d\\n\", f); "
    b"return 0; }\n",
    _r8("  printf(\"%d\\n\", rank);", end="  return 0;\n}\n"),
    _r8("", main="int main(int argc, char **argv)", init="double t = MPI_Wtime(); int v = 0, sv = 0; "
        "MPI_Get_version(&v, &sv); x = v > 0 && t >= 0; MPI_Init(&argc, &argv)"),
    _r8("  MPI_Finalize();", end="  MPI_Finalize();\n  return 0;\n}\n"),
    _r8("  if (x) { printf(\"leaving\\n\"); exit(0); }"),
    _r8("  fflush(stdout); MPI_Finalize(); exit(rank + 4);", end="}\n"),
    _r8("", end="  MPI_Finalize();\n  return 7;\n}\n"),
    _r8("  atexit(done); printf(\"%d\\n\", rank);", "static void done(void) { MPI_Finalize(); printf(\"atexit\\n\"); }\n",
        end="  return 0;\n}\n"),
    _r8("", "static int start(int *c, char ***v) { return MPI_Init(c, v); }\n", init="start(&argc, &argv)"),
    _r8("", init="int prov = -1; MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &prov)"),
    # recursion through function pointers
    _r8("  step = down; y = step(50000);",
        "static int (*step)(int);\nstatic int down(int n) { return n == 0 ? 0 : 1 + step(n - 1); }\n"),
    _r8("  y = even(1001) * 10 + odd(7);", "static int even(int n);\nstatic int odd(int n);\n"
        "static int (*const tab[2])(int) = {even, odd};\nstatic int even(int n) { return n == 0 ? 1 : tab[1](n - 1); }\n"
        "static int odd(int n) { return n == 0 ? 0 : tab[0](n - 1); }\n"),
    _r8("  struct node n = {walk, 3}; y = n.visit(&n, 100);", "struct node { int (*visit)(struct node *, int); int v; };\n"
        "static int walk(struct node *s, int d) { return d == 0 ? s->v : s->visit(s, d - 1) + 1; }\n"),
    # argv written
    _r8("  argv[0] = \"renamed\"; y = (int)strlen(argv[0]); argv++; argc--; x = argc;"),
    _r8("  char *a = argv[0]; size_t n = strlen(a); a[n - 1] = 'Z'; y = argv[0][n - 1];"),
    _r8("  y = argv[argc] == NULL; for (char **a = argv; *a; a++) x++;"),
    _r8("  argv = mine; argc = 3; y = atoi(argv[2]); x = argc;", "static char *mine[] = {\"prog\", \"-n\", \"4\", NULL};\n"),
    _r8("  y = argc;", init="argc = 0; argv = NULL; MPI_Init(&argc, &argv)"),
    # MPI's pointer constants through a user function's `void *` (round 7's run-time failure)
    _r8("  int a[2] = {1, 2}; x = in_place(a); y = in_place(MPI_IN_PLACE) * 10 + in_place(MPI_BOTTOM) * 100 + "
        "in_place(NULL) * 1000;", "static int in_place(const void *b) { return b == MPI_IN_PLACE; }\n"),
    _r8("  int a[2] = {rank, 1}, b[2]; sum(a, b, 2); y = b[1]; sum(MPI_IN_PLACE, a, 2); x = a[1];",
        "static int sum(const void *s, void *r, int n) { return MPI_Allreduce(s, r, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD); }\n"),
    _r8("  int a[2] = {1, 2}; x = is_null(a); y = is_null(NULL) * 10 + is_null(MPI_BOTTOM) * 100;",
        "static int is_null(const void *b) { return b == NULL; }\n"),
]

# Round 9's constructs: (body, head) of _main, each a construct of issue 27's list that gcc compiles
_ROUND9_BODIES = [
    # long double's size, named without an object of the type (8 in the port, 16 in gcc)
    ("  y = (int)sizeof(long double);", ""),
    ("  y = (int)sizeof(real) + (int)sizeof(struct lw);", "typedef long double real;\nstruct lw { long double v; };\n"),
    ("  y = LDS; char b[sizeof(long double)]; i = (int)sizeof b;", "enum { LDS = sizeof(long double) };\n"),
    ("  long double *q = malloc(4 * sizeof(long double)); q[3] = 2.5L; d = (double)q[3]; free(q);", ""),
    # _Generic: in a macro, of pointers, of a string, of qualified types
    ("  printf(\"%s %s %s\\n\", TN(x), TN(d), TN(s));",
     "#define TN(v) _Generic((v), int: \"int\", double: \"double\", char *: \"char *\", default: \"other\")\n"),
    ("  const int c = 2; y = _Generic(c, int: 1, const int: 2, default: 3) + _Generic(&x, int *: 10, default: 0);", ""),
    # __int128
    ("  unsigned __int128 u = 1; u <<= 100; y = (int)(u >> 98); i = (int)sizeof(__int128);", ""),
    ("  __int128_t a = -5; __uint128_t b = 7; y = (int)(a * (__int128_t)b);", ""),
    # wide characters and strings
    ("  wchar_t w = L'x'; wchar_t ws[] = L\"abc\"; y = w + ws[1] + (int)sizeof ws;", "#include <wchar.h>\n"),
    ("  y = (int)sizeof(L\"xy\") + L'\\xff' + (int)sizeof(wchar_t);", "#include <stddef.h>\n"),
    ("  char16_t c = u'x'; char32_t e = U'\\x10FFFF'; y = c + (int)(e >> 16);", "#include <uchar.h>\n"),
    ("  y = (int)wcslen(L\"caf\\u00e9\");", "#include <wchar.h>\n"),
    # _Atomic
    ("  _Atomic(int) a = 3; a++; a += 4; y = a;", ""),
    ("  atomic_int c = 1; atomic_fetch_add(&c, 2); y = atomic_load(&c);", "#include <stdatomic.h>\n"),
    ("  static _Atomic long counter; counter += 5; y = (int)counter;", ""),
    # __auto_type, in a macro
    ("  int a = 1, b = 2; SWAP(a, b); y = a * 10 + b; __auto_type q = &d; *q = 4.5;",
     "#define SWAP(a, b) do { __auto_type t_ = (a); (a) = (b); (b) = t_; } while (0)\n"),
    # GNU nested functions
    ("  int base = 10; int add(int v) { return v + base; } y = add(3); base = 20; i = add(3);", ""),
    ("  int v[3] = {3, 1, 2}; int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }"
     " qsort(v, 3, sizeof v[0], cmp); y = v[0];", ""),
    # asm
    ("  asm volatile(\"\" : \"=r\"(y) : \"0\"(x));", ""),
    ("  y = twice(3);", "int twice(int v) __asm__(\"twice_impl\");\nint twice(int v) { return 2 * v; }\n"),
    ("  y = 1;", "__asm__(\".globl cmpi_marker\\ncmpi_marker:\");\n"),
    # zero-length and flexible array members
    ("  struct z *q = malloc(sizeof(struct z) + 3 * sizeof(int)); q->n = 3; q->a[2] = 7; y = q->a[2] + "
     "(int)sizeof(struct z); free(q);", "struct z { int n; int a[0]; };\n"),
    ("  int none[0]; y = (int)sizeof none;", ""),
    ("  y = g.n + (int)g.d[1];", "struct fl { int n; double d[]; };\nstatic struct fl g = {2, {1.0, 2.0}};\n"),
    ("  struct fl *f = malloc(sizeof *f + 3 * sizeof(double)); f->d[2] = 1.5; d = f->d[2]; free(f);",
     "struct fl { int n; double d[]; };\n"),
    # designated initializers out of order and repeated
    ("  int a[5] = {[3] = 1, [1] = 2, [3] = 4}; y = a[3] * 10 + a[1];", ""),
    ("  struct pt pt0 = {.y = 2, .x = 1, .y = 3}; y = pt0.x * 10 + pt0.y;", "struct pt { int x, y; };\n"),
    ("  int a[] = {[2] = 1, [0] = 3, 4}; y = a[0] * 100 + a[1] * 10 + a[2] + (int)sizeof a;", ""),
    ("  struct t3 q = {.b = 5, 6, .a = 1}; y = q.a * 100 + q.b * 10 + q.c;", "struct t3 { int a, b, c; };\n"),
    ("  struct pt ps[2] = {[1] = {.y = 4}, [0].x = 3, [1].x = 9}; y = ps[0].x + ps[1].x + ps[1].y;",
     "struct pt { int x, y; };\n"),
    # #line and GNU line markers
    ("#line 1000 \"other.c\"\n  y = __LINE__;\n#line 7\n  i = __LINE__;", ""),
    ("# 40 \"gen.y\" 1\n  y = __LINE__;\n# 3 \"in.c\" 2\n  i = __LINE__;", ""),
    # digraphs
    ("  int a<:2:> = <%4, 5%>; y = a<:1:>;", "%:define DG 3\n"),
    # splices inside tokens
    ("  in\\\nt sp = 4; y = s\\\np + 1\\\n2;", ""),
    ("  const char *t = \"ab\\\ncd\"; y = (int)strlen(t);", ""),
    ("  y = x >\\\n= 0 ? 1 : 2; /\\\n/ a comment\n  i = 3;", ""),
    ("  y = SPL;", "#def\\\nine SPL 4\\\n2\n"),
    ("  y = 2; // a comment that goes on \\\n  y = 3;", ""),
    ("  y = 5;\\   \n  i = 6;", ""),  # backslash, spaces, newline: gcc and clang splice it, with a warning
]


def _round9(rng: random.Random) -> bytes:
    """A program of _ROUND9_BODIES, or one whose bytes are hostile as a whole (_ROUND9_FILES)."""
    if rng.random() < 0.7:
        return _main(*rng.choice(_ROUND9_BODIES))
    return rng.choice(_ROUND9_FILES)


_ROUND9_FILES = [
    b"#include <stdio.h>\nint main(void) { printf(\"no final newline\\n\"); return 0; }",
    b"#include <stdio.h>\nint main(void) { printf(\"ends in a comment\\n\"); return 0; } // the end",
    b"#include <stdio.h>\nint main(void) { printf(\"ends in a splice\\n\"); return 0; }\\",
    b"#include <stdio.h>\r\nint main(void) {\r\n  printf(\"crlf %d\\n\", __LINE__);\r\n  return 0;\r\n}\r\n",
    b"#include <stdio.h>\rint main(void) {\r  printf(\"cr alone %d\\n\", __LINE__);\r  return 0;\r}\r",
    b"#include <stdio.h>\nint main(void) {\n  printf(\"a\x00b\\n\");\n  \x00 return 0;\n}\n",
    b"#include <stdio.h>\n/* a NUL \x00 in a comment */\nint main(void) { char c = '\x00'; return c; }\n",
    b"#include <stdio.h>\nint main(void) { printf(\"%d\\n\", " + b"1 + " * 30000 + b"0); return 0; }\n",
    b"#include <stdio.h>\n// " + b"x" * 1_000_000 + b"\nint main(void) { return 0; }\n",
    b"??=include <stdio.h>\nint main(void) { printf(\"trigraph??/n\"); return 0; }\n",
    b"#include <stdio.h>\nint main(void) { printf(\"%s\\n\", \"??(??)??<??>??=??!??-??'\"); return 0; }\n",
    b"\xef\xbb\xbf#include <stdio.h>\r\nint main(void) {\r\n  printf(\"bom\\n\");\r\n  return 0;\r\n}",
]


# Round 10's constructs (issue 27's list, "think like a careless legacy codebase"): (body, head) of _main, or a whole
# program; each is C that gcc 12 compiles unless its comment says otherwise (a located error is then the answer)
_ROUND10_BODIES = [
    # K&R definitions beside prototypes, old declarations, implicit int
    ("  y = add(2, 3) + add(40, 2);", "int add();\nint add(a, b) int a, b; { return a + b; }\n"),
    ("  d = half(5);", "double half(double);\ndouble half(v) double v; { return v / 2; }\n"),
    ("  d = scale(1.25f);", "float scale();\nfloat scale(f) float f; { return f * 2; }\n"),
    ("  y = low(300); i = low(-1);", "int low(c) char c; { return c; }\n"),
    ("  y = wide(2, 3.5);", "long wide(n, v) short n; double v; { return n * (long)(v * 2); }\n"),
    ("  y = counter + k;", "static counter = 5;\nconst k = 7;\n"),
    ("  y = twice(21);", "static twice(v) { return 2 * v; }\n"),
    ("  y = pick(1, 2, 3);", "int pick(a, b, c) int b; { return a * 100 + b * 10 + c; }\n"),  # a, c implicit int
    # old-style varargs.h (gcc: "GCC no longer implements <varargs.h>"), stdarg with promoted types
    ("  y = first(4, 5);", "#include <varargs.h>\nint first(va_alist) va_dcl { va_list ap; int v; va_start(ap); "
     "v = va_arg(ap, int); va_end(ap); return v; }\n"),
    ("  d = avg(3, 1.0f, 2.0f, 4.5f); y = cnt(4, 'a', (short)2, 3, 4);",
     "#include <stdarg.h>\nstatic double avg(int n, ...) { va_list ap; double t = 0; int k; va_start(ap, n); "
     "for (k = 0; k < n; k++) t += va_arg(ap, double); va_end(ap); return t / n; }\n"
     "static int cnt(int n, ...) { va_list ap; int t = 0; va_start(ap, n); while (n--) t += va_arg(ap, int); "
     "va_end(ap); return t; }\n"),
    # #pragma pack, packed attributes: sizes and byte layouts
    ("  struct pk q = {1, 0x01020304, 5}; unsigned char b[sizeof q]; memcpy(b, &q, sizeof q); y = (int)sizeof q; "
     "i = b[1] + b[4] * 10 + q.s;", "#pragma pack(push, 1)\nstruct pk { char c; int v; short s; };\n#pragma pack(pop)\n"),
    ("  y = (int)sizeof(struct p2) * 100 + (int)sizeof(struct p4); i = (int)offsetof(struct p2, d);",
     "#include <stddef.h>\n#pragma pack(2)\nstruct p2 { char c; double d; };\n#pragma pack()\n"
     "struct p4 { char c; double d; };\n"),
    ("  struct pa q = {2, 3}; y = (int)sizeof q + q.v;", "struct pa { char c; long v; } __attribute__((packed));\n"),
    ("  struct pk a[3]; y = (int)sizeof a; i = (int)((char *)&a[2] - (char *)&a[0]);",
     "#pragma pack(1)\nstruct pk { short s; char c; };\n#pragma pack()\n"),
    # unions punning float and int, double and long long, bytes
    ("  union { float f; unsigned u; int i; unsigned char b[4]; } un; un.f = 1.5f; "
     "printf(\"%08x %d %d\\n\", un.u, un.i, un.b[3]); un.u = 0x40490fdbu; printf(\"%.5f\\n\", un.f);", ""),
    ("  union { double v; long long l; unsigned short h[4]; } un; un.v = -2.0; printf(\"%llx %u\\n\", un.l, "
     "un.h[3]); un.l = 0x3ff8000000000000LL; d = un.v;", ""),
    ("  union pun { float f; int i; }; y = ((union pun){.f = 2.0f}).i; i = (union pun){.i = 0x3f800000}.f == 1.0f;",
     ""),
    # goto into blocks and loops, switch with declarations before the first case, Duff's device
    ("  goto inside; { int k; inside: k = 5; y = k; }", ""),
    ("  goto mid; for (i = 0; i < 3; i++) { y += 1; mid: y += 10; }", ""),
    ("  switch (x) { int k; case 1: k = 4; y = k; break; default: y = -1; }", ""),
    ("  int from[10], to[10] = {0}, n, count = 10; int *f = from, *t = to; for (i = 0; i < 10; i++) from[i] = i * i;"
     " n = (count + 7) / 8; switch (count % 8) { case 0: do { *t++ = *f++; case 7: *t++ = *f++; case 6: *t++ = *f++;"
     " case 5: *t++ = *f++; case 4: *t++ = *f++; case 3: *t++ = *f++; case 2: *t++ = *f++; case 1: *t++ = *f++;"
     " } while (--n > 0); } y = to[9] + to[3];", ""),
    ("  switch (x) { case 0: y = 1; if (0) { case 1: y = 2; } break; }", ""),
    # VLA parameters of computed sizes, static array parameters
    ("  int g[4][3]; for (int r = 0; r < 4; r++) for (int c = 0; c < 3; c++) g[r][c] = r * 3 + c; y = sum2(2, 2, g);",
     "static int sum2(int n, int m, int a[n * 2][m + 1]) { int t = 0; for (int r = 0; r < n * 2; r++) "
     "for (int c = 0; c <= m; c++) t += a[r][c]; return t * 100 + (int)(sizeof a[0] / sizeof a[0][0]); }\n"),
    ("  double v[6] = {1, 2, 3, 4, 5, 6}; y = (int)sizeof_param(3, v); d = last(2 + 1, v);",
     "static size_t sizeof_param(int n, double a[n]) { return sizeof a; }\n"
     "static double last(int n, double a[n + n]) { return a[2 * n - 1]; }\n"),
    ("  int v[5] = {1, 2, 3, 4, 5}; y = first4(v); i = first4((int[]){9, 8, 7, 6}) + two(v);",
     "static int first4(const int a[static 4]) { return a[0] + a[3]; }\n"
     "static int two(int a[const static 2]) { return a[1]; }\n"),
    # compound literals as lvalues
    ("  int *q = &(int){7}; *q += 1; y = *q; i = ++(int){5};", ""),
    ("  struct pt *pp = &(struct pt){1, 2}; pp->y = 8; y = pp->y + (struct pt){3, 4}.x; ((int[]){1, 2, 3})[1] = 9;",
     "struct pt { int x, y; };\n"),
    ("  (struct pt){1, 2} = (struct pt){5, 6};", "struct pt { int x, y; };\n"),
    # string literal concatenation across macros
    ("  printf(FMT, 5); printf(PRE \"plain\" \"\\n\"); y = (int)sizeof(PRE PRE); puts(WHERE);",
     "#define PRE \"pre-\"\n#define MID(x) PRE #x \"-\"\n#define FMT MID(val) \"%d\\n\"\n#define STR_(x) #x\n"
     "#define STR(x) STR_(x)\n#define WHERE \"line \" STR(__LINE__) \": \" PRE\n"),
    ("  printf(\"%s %s|\\n\", GLUE(\"a\", \"b\"), EMPTY \"c\" EMPTY); y = (int)strlen(\"x\" EMPTY \"yz\");",
     "#define GLUE(a, b) a b\n#define EMPTY\n"),
    # __VA_ARGS__ edge cases
    ("  y = CNT(a, b) * 10 + CNT(q); i = CNT();", "#define CNT(...) CNT_(__VA_ARGS__, 3, 2, 1, 0)\n"
     "#define CNT_(a, b, c, n, ...) n\n"),
    ("  V(\"a\\n\"); V(\"%d %d\\n\", 5, 6);", "#define V(fmt, ...) printf(fmt __VA_OPT__(,) __VA_ARGS__)\n"),
    ("  P(\"%d\\n\", 7); P(\"plain\\n\");", "#define P(args...) printf(args)\n"),
    ("  y = FIRST((1, 2), 3); i = FIRST(4);", "#define FIRST(a, ...) a\n"),
    ("  printf(\"[%s] [%s] [%s]\\n\", S(a, b ,c), S(), S( x  ,  \"q\" ));", "#define S(...) #__VA_ARGS__\n"),
    ("  y = CALL(add3, 1, 2, 3); i = CALL(neg, 4);", "#define CALL(f, ...) f(__VA_ARGS__)\n"
     "static int add3(int a, int b, int c) { return a + b + c; }\nstatic int neg(int a) { return -a; }\n"),
    ("  E(\"%d\\n\"); E(\"%d %d\\n\", 2);", "#define E(fmt, ...) printf(fmt, 0, ## __VA_ARGS__)\n"),
    # #if with huge, negative and unsigned arithmetic
    ("  y = W1 * 1000 + W2 * 100 + W3 * 10 + W4; i = W5;",
     "#if -1 > 0u\n#define W1 1\n#else\n#define W1 2\n#endif\n#if 0xffffffffffffffff == -1\n#define W2 1\n#else\n"
     "#define W2 2\n#endif\n#if -7 / 2 == -3 && -7 % 2 == -1\n#define W3 1\n#else\n#define W3 2\n#endif\n"
     "#if 18446744073709551615 > 0 && (0 - 1u) > 0\n#define W4 1\n#else\n#define W4 2\n#endif\n"
     "#if '\\377' < 0\n#define W5 1\n#else\n#define W5 2\n#endif\n"),
    ("  y = BIG;", "#if 18446744073709551616\n#define BIG 1\n#else\n#define BIG 2\n#endif\n"),  # too large: gcc errs
    ("  y = OV;", "#if (-9223372036854775807 - 1) / -1\n#define OV 1\n#else\n#define OV 2\n#endif\n"),
    ("  y = DZ;", "#if 1 / 0\n#define DZ 1\n#else\n#define DZ 2\n#endif\n"),  # gcc: division by zero in #if
    ("  y = SH;", "#if (1 << 62) * 2 < 0 || (0x7fffffffffffffff + 0 > 0)\n#define SH 1\n#else\n#define SH 2\n#endif\n"),
    ("  y = (int)sizeof(long) * 10 + UL;", "#if ~0ul == 0xffffffffffffffff && -1l < 0\n#define UL 1\n#else\n"
     "#define UL 2\n#endif\n"),
    # exit in an MPI section, atexit finalizing, return without MPI_Finalize
    ("  if (x == 1) { printf(\"leaving\\n\"); fflush(stdout); exit(0); }", ""),
    ("  atexit(fin); printf(\"leaving %d\\n\", x); exit(0);", "#include <stdlib.h>\n"
     "static void fin(void) { MPI_Finalize(); printf(\"finalized\\n\"); }\n"),
    ("  if (x == 1) { MPI_Finalize(); exit(4); }", ""),
    # MPI through old prototypes: wrong argument counts, unprototyped function pointers
    ("  int (*bar)() = (int (*)())MPI_Barrier; y = bar(MPI_COMM_WORLD);", ""),
    ("  y = MPI_Barrier(MPI_COMM_WORLD, 5);", ""),  # too many arguments: gcc and clang refuse
    ("  y = my_rank(&i);", "int my_rank();\nint my_rank(r) int *r; { return MPI_Comm_rank(MPI_COMM_WORLD, r); }\n"),
    ("  y = my_rank();", "int my_rank();\nint my_rank(r) int *r; { return r == 0; }\n"),  # too few: undefined
]

# Round 10's whole programs
_ROUND10_FILES = [
    # a function called before its K&R definition, with implicit declaration
    b"#include <stdio.h>\nint main(void) {\n  printf(\"%d\\n\", later(4, 5));\n  return 0;\n}\n"
    b"int later(a, b) int a; int b; { return a * b; }\n",
    b"#include <stdio.h>\nmain() {\n  printf(\"%d\\n\", twice(4));\n  return 0;\n}\ntwice(v) { return v + v; }\n",
    # main with envp, and a fourth parameter (Apple's)
    b"#include <stdio.h>\nint main(int argc, char *argv[], char *envp[]) {\n  printf(\"%d\\n\", envp != 0);\n"
    b"  return 0;\n}\n",
    b"#include <stdio.h>\n#include <mpi.h>\nint main(int argc, char **argv, char **envp) {\n  MPI_Init(&argc, &argv);\n"
    b"  printf(\"%d\\n\", envp[0] != 0);\n  MPI_Finalize();\n  return 0;\n}\n",
    # #include of a directory, of the file itself (guarded, once), of itself without a guard
    b"#include \".\"\nint main(void) { return 0; }\n",
    b"#include \"/\"\nint main(void) { return 0; }\n",
    b"#include <.>\nint main(void) { return 0; }\n",
    b"#ifdef SECOND\nstatic int from_second(void) { return 2; }\n#else\n#define SECOND\n#include \"in.c\"\n"
    b"#include <stdio.h>\nint main(void) { printf(\"%d\\n\", from_second()); return 0; }\n#endif\n",
    b"#if !defined(DEPTH)\n#define DEPTH 1\n#elif DEPTH < 5\n#undef DEPTH\n#define DEPTH 5\n#endif\n"
    b"#if DEPTH < 5\n#include \"in.c\"\n#else\nstatic int depth = DEPTH;\n#endif\n#ifndef MAIN_DONE\n"
    b"#define MAIN_DONE\n#include <stdio.h>\nint main(void) { printf(\"%d\\n\", depth); return 0; }\n#endif\n",
    b"#include \"in.c\"\nint main(void) { return 0; }\n",
    # long macro chains: 5000 aliases, 300 function-like steps, 2000 additions
    ("".join(f"#define M{k} M{k - 1}\n" for k in range(1, 5000)) + "#define M0 42\n#include <stdio.h>\n"
     "int main(void) { printf(\"%d\\n\", M4999); return 0; }\n").encode(),
    ("#define F0(x) (x)\n" + "".join(f"#define F{k}(x) F{k - 1}(x)\n" for k in range(1, 300)) + "#include <stdio.h>\n"
     "int main(void) { printf(\"%d\\n\", F299(7)); return 0; }\n").encode(),
    ("#define S0 1\n" + "".join(f"#define S{k} S{k - 1} + 1\n" for k in range(1, 2000)) + "#include <stdio.h>\n"
     "int main(void) { printf(\"%d\\n\", S1999); return 0; }\n").encode(),
    # lone CR line ends with a // comment, directives after it, a splice at a lone CR inside a number and a macro
    (b"#include <stdio.h>\n// a comment: the rest of the file is no comment\n#define N 4\\\n2\n"
     b"#define ADD(a, b) ((a) + \\\n (b))\n#ifdef N\nstatic int n = N;\n#endif\nint main(void) {\n"
     b"    int x = ADD(n, 1\\\n0);\n    printf(\"%d %d %d\\n\", x, __LINE__, ADD(2, 3));\n    return 0;\n}\n"
     ).replace(b"\n", b"\r"),
]


def _bitfields(rng: random.Random) -> bytes:
    """A struct of 3-9 bit-fields of random widths and signs (plain int is signed in gcc), zero-width ones among
    them, each given a value that may not fit; the program prints each field and the struct's size."""
    fields, sets, fmt, args = [], [], [], []
    for k in range(rng.randint(3, 9)):
        kind = rng.choice(["int", "signed", "unsigned", "unsigned int", "signed int", "long long", "unsigned long long",
                           "_Bool", "char", "unsigned char", "short", "unsigned short"])
        limit = {"_Bool": 1, "char": 8, "unsigned char": 8, "short": 16, "unsigned short": 16, "long long": 64,
                 "unsigned long long": 64}.get(kind, 32)
        if rng.random() < 0.1:
            fields.append(f"{kind} : 0;")
        width = rng.randint(1, limit)
        fields.append(f"{kind} f{k} : {width};")
        value = rng.choice([0, 1, -1, 2 ** width - 1, 2 ** (width - 1), -(2 ** (width - 1)) - 1, 2 ** width,
                            rng.randrange(-2 ** 31, 2 ** 31)])
        sets.append(f"q.f{k} = {value}{'LL' if abs(value) >= 2 ** 31 else ''};")
        fmt.append("%lld")
        args.append(f"(long long)q.f{k}")
    return _main("  struct bf q; memset(&q, 0, sizeof q); " + " ".join(sets) + " printf(\"" + " ".join(fmt) +
                 " %zu\\n\", " + ", ".join(args) + ", sizeof q);",
                 "struct bf { " + " ".join(fields) + " };\n")


def _round10(rng: random.Random) -> bytes:
    """A program of _ROUND10_BODIES or _ROUND10_FILES, or a struct of random bit-fields."""
    draw = rng.random()
    if draw < 0.3:
        return _bitfields(rng)
    if draw < 0.8:
        return _main(*rng.choice(_ROUND10_BODIES))
    return rng.choice(_ROUND10_FILES)


def source_form(rng: random.Random, data: bytes, form: str = ""):
    """(the form's name, `data` in a form that means the same program to gcc): CRLF or lone-CR line ends, no final
    newline, `\\` line splices inside tokens, NUL bytes between tokens, digraphs for brackets and braces."""
    form = form or rng.choice(["crlf", "cr", "no-final-newline", "splices", "nul", "digraphs", "cr-splices"])
    if form == "cr-splices":  # splices inside tokens, then lone CR line ends (a `\` before a lone CR: round 10)
        return form, source_form(random.Random(rng.random()), data, "splices")[1].replace(b"\n", b"\r")
    if form == "crlf":
        return form, data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    if form == "cr":
        return form, data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")
    if form == "no-final-newline":
        return form, data.rstrip(b"\r\n")
    lines = data.split(b"\n")
    code = [k for k, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith((b"#", b"//", b"/*", b"*"))]
    for _ in range(rng.randint(1, 6)):
        if not code:
            break
        k = rng.choice(code)
        words = [m for m in re.finditer(rb"[A-Za-z_]\w+|\d{2,}", lines[k])]
        if form == "splices" and words:
            m = rng.choice(words)
            cut = rng.randrange(m.start() + 1, m.end())
            lines[k] = lines[k][:cut] + b"\\\n" + lines[k][cut:]
        elif form == "nul":
            gaps = [m.start() for m in re.finditer(rb" ", lines[k])]
            if gaps and b'"' not in lines[k] and b"'" not in lines[k]:
                g = rng.choice(gaps)
                lines[k] = lines[k][:g] + b" \x00" + lines[k][g:]
        elif form == "digraphs" and b'"' not in lines[k] and b"'" not in lines[k]:
            lines[k] = lines[k].replace(b"[", b"<:").replace(b"]", b":>").replace(b"{", b"<%").replace(b"}", b"%>")
    return form, b"\n".join(lines)


_PRINTF = [
    'printf("[%*.*f] [%-*d] [%.*s]\\n", 8, 3, d, 5, x, 2, "abcdef");',
    'printf("[%a] [%A]\\n", d, 0.5);',
    "printf(\"[%'d]\\n\", 1234567);",
    'int n = 0; printf("ab%n|\\n", &n); y = n;',
    'printf("%ls\\n", L"wide");',
    'const char *f = x ? "%d!\\n" : "%d?\\n"; printf(f, y); snprintf(s, sizeof s, f, x); puts(s);',
    'printf("%%|%-5c|%+.3e|%#o|%#x|%hhd|%hd|%zu|%lld\\n", \'z\', d, 8, 255, 300, 70000, sizeof s, 1LL);',
    'printf("%d %d\\n", x);',
    'printf("%s\\n", x);',
    'printf("%q %k\\n", x);',
]


# ---------------------------------------------------------------- mutations of the project's programs

_TOKEN = re.compile(rb"[A-Za-z_]\w*|\d+(?:\.\d+)?|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)+'|->|\+\+|--|[-+*/%<>=!&|^~?:;,.(){}\[\]]")
_POOL = [b"0", b"1", b"-1", b"NULL", b"2147483648", b"4294967295", b"0x7fffffffffffffff", b"1e308", b"MPI_INT",
         b"MPI_COMM_WORLD", b"MPI_DOUBLE", b"MPI_SUM", b"sizeof(int)", b"(char)", b"(void *)", b"\"x\"", b"'\\xe9'",
         b"x", b"argv", b"argc", b"*", b"&", b"-", b"!", b"~", b"(", b")", b"[0]", b";", b",", b"{", b"}",
         b"Ptr", b"Math", b"System", b"string", b"object", b"base", b"value", b"Main", b"var", b"int", b"char",
         b"unsigned", b"double", b"float", b"long long", b"static", b"const", b"volatile", b"struct s", b"goto out",
         b"\"caf\xe9\"", b"'\xe9'", b"/* \xe9\xff */", b"MPI_STATUS_IGNORE", b"MPI_IN_PLACE", b"MPI_BOTTOM", b"0.5"]
_TYPES = [b"int", b"unsigned", b"long", b"short", b"char", b"unsigned char", b"double", b"float", b"long long",
          b"unsigned long", b"long double", b"size_t", b"signed char"]


def mutate(rng: random.Random, data: bytes) -> tuple[bytes, list]:
    lines = data.split(b"\n")
    ops = []
    for _ in range(rng.randint(1, 3)):
        op = rng.choice(["delete", "duplicate", "swap", "token", "token", "rename", "retype", "bytes", "nest",
                         "truncate", "insert", "form"])
        ops.append(op)
        if not lines:
            break
        if op == "form":  # the same program in another form of its bytes (round 9)
            form, data = source_form(rng, b"\n".join(lines))
            ops[-1] = f"form-{form}"
            lines = data.split(b"\n")
            continue
        i = rng.randrange(len(lines))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op in ("token", "rename", "retype", "nest"):
            toks = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(lines[i])]
            for _ in range(20):
                if toks:
                    break
                i = rng.randrange(len(lines))
                toks = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(lines[i])]
            if not toks:
                continue
            if op == "retype":
                typed = [t for t in toks if t[2] in _TYPES]
                toks = typed or toks
            if op == "rename":
                names = [t for t in toks if re.fullmatch(rb"[A-Za-z_]\w*", t[2])]
                if not names:
                    continue
                old = rng.choice(names)[2]
                new = rng.choice([b"Ptr", b"Math", b"System", b"string", b"object", b"Main", b"value", b"CProgram",
                                  b"Datatype", b"Status", b"Comm", b"Array", b"Span", b"var", b"@x", b"base", b"this",
                                  b"cmpiIn", b"args", old + b"_", b"Op", b"Stdio", b"Request",
                                  b"ToString", b"GetType", b"Finalize", b"Equals", b"Out", b"Lit", b"Alloc"])
                text = b"\n".join(lines)
                lines = re.sub(rb"\b" + re.escape(old) + rb"\b", new, text).split(b"\n")
                continue
            s, e, tok = rng.choice(toks)
            if op == "token":
                repl = rng.choice(_POOL)
            elif op == "retype":
                repl = rng.choice(_TYPES)
            else:
                depth = rng.choice([2, 20, 200, 600, 2000])
                wrap = rng.choice([(b"(int)", b""), (b"-", b""), (b"(", b")"), (b"!!", b""), (b"*&", b"")])
                repl = wrap[0] * depth + tok + wrap[1] * depth
            lines[i] = lines[i][:s] + repl + lines[i][e:]
        elif op == "bytes":
            raw = bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randint(1, 4)))
            line = lines[i]
            q = line.find(b'"')
            if q >= 0 and rng.random() < 0.7:
                lines[i] = line[:q + 1] + raw + line[q + 1:]
            else:
                lines[i] = line + b" /* " + raw + b" */"
        elif op == "truncate":
            cut = rng.randrange(len(data) + 1)
            return data[:cut], ops
        elif op == "insert":
            _, snippet = hostile(rng)
            body = re.search(rb"MPI_Init\(&argc, &argv\);\n(.*)\n  printf", snippet, re.S)
            if body:
                opens = [k for k, ln in enumerate(lines) if ln.rstrip().endswith(b"{")]
                if opens:
                    lines.insert(rng.choice(opens) + 1, body.group(1))
    return b"\n".join(lines), ops


_OUTPUT_NAMES = ["Main.cs", "System.cs", "Math.cs", "CProgram.cs", "CArgv.cs", "Ptr.cs", "Datatype.cs", "int.cs",
                 "1x.cs", "My-Prog.cs", "printf.cs"]


@functools.lru_cache(maxsize=None)
def _project_programs():
    """The project's programs of several files, read once (fuzz_multifile.project_programs)."""
    return tuple(project_programs(ROOT))


def make_input(seed: int, i: int, pool):
    """(origin, C text, output file name) of input i: made by random.Random(f"{seed}:{i}") alone. The C text is
    one file's bytes, or a Program of several files (the multi-file kind, 6 inputs in 100)."""
    rng = random.Random(f"{seed}:{i}")
    out = rng.choice(_OUTPUT_NAMES) if rng.random() < 0.1 else "Out.cs"
    draw = rng.random()
    if draw < 0.3:
        name, data = hostile(rng)
        return f"hostile:{name}", data, out
    if draw < 0.36:
        features, program = multi_file_program(rng, mutate, _project_programs())
        return f"hostile:multi-file:{'+'.join(features)}", program, out
    origin, data = rng.choice(pool)
    mutated, ops = mutate(rng, data)
    return f"{origin}:{'+'.join(ops)}", mutated, out


# ---------------------------------------------------------------- running

class WarmTranslator:
    """One scripts/fuzz_worker.py: the translator imported once, forked per input (isolation as a process gives)."""

    def __init__(self, root: str = ROOT):
        """`root`: the tree whose translator (and fuzz_worker.py) to run (another one: --against)."""
        self.proc = subprocess.Popen([PYTHON, os.path.join(root, "scripts", "fuzz_worker.py")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, cwd=root, text=True, bufsize=1, env=_env_for(root))
        self.cpu = 0.0  # CPU seconds of the translations so far
        if not json.loads(self.proc.stdout.readline() or "{}").get("ready"):
            raise RuntimeError("scripts/fuzz_worker.py did not start")

    def run(self, argv, cwd: str, stderr_file: str, timeout: float):
        """(exit code as subprocess gives it: negative for a signal, or None past the timeout), stderr text.
        The timeout counts the translation's CPU seconds, as its --time-limit does (translator/cli.py), with a wall
        bound WALL_FACTOR times longer for one blocked without using CPU."""
        request = {"argv": argv, "cwd": cwd, "stderr": stderr_file, "timeout": timeout,
                   "wall_timeout": timeout * WALL_FACTOR}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        self.cpu += answer["cpu"]
        with open(stderr_file, "rb") as f:
            err = f.read().decode("utf-8", "replace")
        if answer["timeout"]:
            return None, err
        return os.waitstatus_to_exitcode(answer["status"]), err

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def _env_for(root: str) -> dict:
    """The environment that makes .venv's Python import `root`'s translator."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([root] + [p for p in os.environ.get("PYTHONPATH", "")
                                                                  .split(os.pathsep) if p])}


def run_translator(argv, cwd: str, timeout: float, warm: WarmTranslator | None, root: str = ROOT):
    """(exit code, or None past the timeout; stderr) of `cmpi-translate ARGV`: a fork of a warm worker, or (cold) a
    process of its own as a user starts it (`root`'s translator)."""
    if warm is not None:
        return warm.run(argv, cwd, os.path.join(cwd, "stderr.txt"), timeout)
    try:
        p = subprocess.run([TRANSLATE, *argv], capture_output=True, timeout=timeout, cwd=cwd, env=_env_for(root))
    except subprocess.TimeoutExpired as e:
        return None, (e.stderr or b"").decode("utf-8", "replace")
    return p.returncode, p.stderr.decode("utf-8", "replace")


def translate(work: str, data, out_name: str, time_limit: float, timeout: float, warm=None, root=ROOT):
    """`data`: one file's bytes (in.c), or a Program of several files (scripts/fuzz_multifile.py)."""
    sources = write_program(work, data)
    out = os.path.join(work, out_name)
    argv = [*sources, "-o", out, "--time-limit", str(time_limit), "--memory-limit", "1536"]
    start = time.monotonic()
    status, err = run_translator(argv, work, timeout, warm, root)
    elapsed = time.monotonic() - start
    outcome = classify(status, err)
    return outcome, f"exit status {status}\n{err}" if outcome == "crash" else err, elapsed


def classify(status, err: str) -> str:
    """The outcome of one translation from its exit code (None: killed at the timeout) and its messages."""
    if status is None:
        return "timeout"
    if "Traceback (most recent call last)" in err:
        return "internal-error"
    if status == 0:
        return "ok"
    if status == 3:
        return "internal-error"
    if status in (1, 2):
        if "[-Wcsharp-check]" in err:
            # the translator's own compile check caught C# that does not compile (translator/compile_check.py):
            # the user gets a located error, but the translation is still the translator's defect
            return "ok-fails-compile"
        if _LOCATED.search(err) and "[-Winternal]" not in err:
            return "located-error"
        return "internal-error"
    return "crash"


def check_batch(paths):
    """{path: diagnostics} of the files that do not compile cleanly (one cmpi-run --check for all of them)."""
    if not paths:
        return {}
    try:
        p = subprocess.run([CMPI_RUN, "--check", *paths], capture_output=True, text=True, timeout=120 + 10 * len(paths))
    except subprocess.TimeoutExpired:
        if len(paths) > 1:
            return {path: why for one in paths for path, why in check_batch([one]).items()}
        return {path: "cmpi-run --check timed out" for path in paths}
    bad = collections.defaultdict(list)
    for m in _DIAG_FILE.finditer(p.stderr):
        bad[os.path.abspath(m.group(1))].append(m.group(0))
    if p.returncode != 0 and not bad:
        if len(paths) > 1:
            # the checker itself failed (a crash, a timeout) with no file named: check each file alone, so one
            # input's failure is not counted against the whole batch
            return {path: why for one in paths for path, why in check_batch([one]).items()}
        return {path: p.stderr or f"cmpi-run --check exited with {p.returncode}" for path in paths}
    return {path: "\n".join(bad[os.path.abspath(path)]) for path in paths if os.path.abspath(path) in bad}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=20.0, help="the translator's own bound (--time-limit)")
    ap.add_argument("--timeout", type=float, default=60.0, help="kill a translation after this many seconds of CPU time (--cold: wall time)")
    ap.add_argument("--batch", type=int, default=40, help="files per cmpi-run --check")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "fuzz"))
    ap.add_argument("--only", type=int, action="append", help="run only input i (repeatable)")
    ap.add_argument("--no-check", action="store_true", help="do not compile exit-0 translations")
    ap.add_argument("--cold", action="store_true",
                    help="start cmpi-translate afresh for each input (as a user does) instead of forking a warm one")
    ap.add_argument("--compare", action="store_true",
                    help="translate each input both ways, cold and warm in turn: their times, and any difference in "
                         "outcome, messages or C# output")
    ap.add_argument("--against", metavar="TREE",
                    help="with --compare: this tree's warm translator against TREE's cold one (a checkout of another commit)")
    ap.add_argument("--resume", action="store_true",
                    help="go on with a run stopped before its end: the inputs its journal has are not run again")
    ap.add_argument("--counts", action="store_true",
                    help="run nothing: the counts by outcome of the journal of --out, --seed and --n so far")
    args = ap.parse_args(argv)
    if args.counts:
        return journal_counts(args)

    pool = seeds()
    indices = args.only or list(range(args.n))
    os.makedirs(args.out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="fuzz.", dir=args.out)
    counts = collections.Counter()
    by_origin = collections.defaultdict(collections.Counter)
    results = {}
    # Each input's outcome, a line as it is known: a long run (10,000 inputs on a loaded machine) stopped halfway
    # goes on with --resume. A run of chosen inputs (--only) keeps none.
    journal_path = None if args.only else os.path.join(args.out, f"journal-seed{args.seed}.jsonl")
    if journal_path and args.resume and os.path.exists(journal_path):
        with open(journal_path) as f:
            for line in f:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue  # the line being written when the run stopped
                if entry["i"] < args.n and entry["i"] not in results:
                    results[entry["i"]] = (entry["origin"], entry["outcome"])
                    counts[entry["outcome"]] += 1
        indices = [i for i in indices if i not in results]
        print(f"fuzz: resuming: {len(results)} inputs known from {journal_path}, {len(indices)} to run",
              file=sys.stderr)
    elif journal_path and os.path.exists(journal_path):
        os.unlink(journal_path)
    journal = open(journal_path, "a") if journal_path else None
    start = time.monotonic()

    local = threading.local()
    workers = []
    workers_lock = threading.Lock()

    def warm_worker():
        """This thread's warm translator (one per thread: a worker serves one input at a time)."""
        if getattr(local, "worker", None) is None:
            local.worker = WarmTranslator()
            with workers_lock:
                workers.append(local.worker)
        return local.worker

    def one(i):
        origin, data, out_name = make_input(args.seed, i, pool)
        work = os.path.join(scratch, str(i))
        os.makedirs(work, exist_ok=True)
        outcome, err, elapsed = translate(work, data, out_name, args.time_limit, args.timeout,
                                          None if args.cold else warm_worker())
        return i, origin, data, os.path.join(work, out_name), outcome, err, elapsed

    if args.compare:
        return compare(args, pool, indices, scratch, warm_worker)

    pending_check = []

    def save(i, origin, data, outcome, err, cs=None):
        d = os.path.join(args.out, outcome, f"seed{args.seed}-{i}")
        os.makedirs(d, exist_ok=True)
        sources = write_program(d, data)
        command = ""
        if isinstance(data, Program):  # several files: how to translate them again
            command = f"translate: cmpi-translate {' '.join(os.path.relpath(s, d) for s in sources)} -o Out.cs\n"
        with open(os.path.join(d, "messages.txt"), "w") as f:
            f.write(f"origin: {origin}\nremake: python3 scripts/fuzz.py --seed {args.seed} --only {i}\n{command}\n"
                    f"{err}")
        if cs and os.path.exists(cs):
            shutil.copy(cs, os.path.join(d, "Out.cs"))

    def flush_checks():
        if not pending_check:
            return
        bad = check_batch([cs for _, _, _, cs in pending_check])
        for i, origin, data, cs in pending_check:
            outcome = "ok-fails-compile" if cs in bad else "ok-compiles"
            record(i, origin, data, outcome, bad.get(cs, ""), cs)
        pending_check.clear()

    def record(i, origin, data, outcome, err, cs=None):
        counts[outcome] += 1
        by_origin[origin.split(":")[1] if origin.startswith("hostile:") else origin.split(":")[-1]][outcome] += 1
        results[i] = (origin, outcome)
        if outcome in DEFECTS:
            save(i, origin, data, outcome, err, cs)
        if journal:
            journal.write(json.dumps({"i": i, "origin": origin, "outcome": outcome}) + "\n")
            journal.flush()

    translated = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        # as each input ends, not in input order: one slow input does not hold back the journal of those after it
        for done in as_completed([ex.submit(one, i) for i in indices]):
            i, origin, data, work, outcome, err, elapsed = done.result()
            if outcome == "ok":
                if args.no_check:
                    record(i, origin, data, "ok-compiles", err)
                else:
                    pending_check.append((i, origin, data, work))
                    if len(pending_check) >= args.batch:
                        flush_checks()
            else:
                record(i, origin, data, outcome, err)
            translated += 1
            if translated % 50 == 0:
                print(f"fuzz: {translated}/{len(indices)} translated in {time.monotonic() - start:.0f} s, "
                      f"{len(pending_check)} awaiting the check: {dict(counts)}", file=sys.stderr, flush=True)
        flush_checks()
    for w in workers:
        w.close()
    shutil.rmtree(scratch, ignore_errors=True)

    if journal:
        journal.close()
    total = len(results)
    summary = {"seed": args.seed, "n": total, "seconds": round(time.monotonic() - start, 1),
               "counts": {k: counts.get(k, 0) for k in OUTCOMES}}
    with open(os.path.join(args.out, f"summary-seed{args.seed}-n{total}.json"), "w") as f:
        json.dump({**summary, "defects": {str(i): r for i, r in sorted(results.items()) if r[1] in DEFECTS}}, f,
                  indent=1)
    line = ", ".join(f"{k} {counts.get(k, 0)}" for k in OUTCOMES)
    resumed = f" ({len(indices)} run now)" if total != len(indices) else ""
    print(f"fuzz seed {args.seed}: {total} inputs{resumed} in {summary['seconds']} s: {line}")
    defects = sum(counts.get(k, 0) for k in DEFECTS)
    if defects:
        print(f"fuzz: {defects} defect(s) saved under {os.path.relpath(args.out, ROOT)}/<outcome>/", file=sys.stderr)
    return 1 if defects else 0


def compare(args, pool, indices, scratch, warm_worker) -> int:
    """--compare: each input translated cold and warm in turn (the order alternating), on one thread: the two rates
    as a ratio taken in one run, so the machine's load weighs on both alike; and any difference between the two
    (outcome, messages, C# text), which would make the warm run's counts untrue of cmpi-translate.
    --against TREE: "cold" is TREE's translator, started cold (the harness and translator before a change against
    this tree's warm one: the whole speed-up, and whether the change alters any outcome or output)."""
    import resource
    times = {"cold": 0.0, "warm": 0.0}
    cpu = {"cold": 0.0, "warm": 0.0}
    differences = 0
    cold_root = os.path.abspath(args.against) if args.against else ROOT
    for n, i in enumerate(indices):
        origin, data, out_name = make_input(args.seed, i, pool)
        results = {}
        for mode in (("cold", "warm") if n % 2 == 0 else ("warm", "cold")):
            work = os.path.join(scratch, f"{i}-{mode}")
            os.makedirs(work, exist_ok=True)
            worker = None if mode == "cold" else warm_worker()
            before = worker.cpu if worker else _children_cpu(resource)
            outcome, err, elapsed = translate(work, data, out_name, args.time_limit, args.timeout, worker, cold_root)
            cpu[mode] += (worker.cpu if worker else _children_cpu(resource)) - before
            times[mode] += elapsed
            cs = os.path.join(work, out_name)
            text = open(cs, "rb").read() if os.path.exists(cs) else None
            tree = os.path.abspath(args.against) if mode == "cold" and args.against else ROOT
            results[mode] = (outcome, err.replace(work, "WORK").replace(tree, "TREE"), text)
            if outcome in ("timeout", "crash"):
                results[mode] = (outcome, "", None)  # where it stopped is not the point
        if results["cold"] != results["warm"]:
            differences += 1
            print(f"fuzz --compare: input {i} ({origin}) differs: cold {results['cold'][0]}, warm "
                  f"{results['warm'][0]}", file=sys.stderr)
    shutil.rmtree(scratch, ignore_errors=True)
    n = len(indices)
    if args.against:
        print(f"fuzz --compare: 'cold' is {args.against}'s translator, 'warm' this tree's")
    print(f"fuzz --compare seed {args.seed}: {n} inputs: wall cold {times['cold']:.1f} s, warm {times['warm']:.1f} s "
          f"(warm {times['cold'] / max(times['warm'], 1e-9):.1f}x faster); CPU cold {cpu['cold']:.1f} s "
          f"({cpu['cold'] / n:.3f} s an input), warm {cpu['warm']:.1f} s ({cpu['warm'] / n:.3f} s an input) (warm "
          f"{cpu['cold'] / max(cpu['warm'], 1e-9):.1f}x less); {differences} input(s) differ")
    return 1 if differences else 0


def journal_counts(args) -> int:
    """--counts: what a run (perhaps stopped, perhaps still running) has found so far, from its journal."""
    path = os.path.join(args.out, f"journal-seed{args.seed}.jsonl")
    outcomes = {}
    with open(path) as f:
        for line in f:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if entry["i"] < args.n:
                outcomes.setdefault(entry["i"], entry)
    counts = collections.Counter(e["outcome"] for e in outcomes.values())
    print(f"fuzz seed {args.seed}: {len(outcomes)} of {args.n} inputs so far: " +
          ", ".join(f"{k} {counts.get(k, 0)}" for k in OUTCOMES))
    for i, e in sorted(outcomes.items()):
        if e["outcome"] in DEFECTS:
            print(f"  {e['outcome']}: input {i} ({e['origin']})")
    return 0


def _children_cpu(resource) -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # `fuzz.py --counts | head`: the reader has gone; say nothing more (Python's own advice for a closed stdout)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
