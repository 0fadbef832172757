#!/usr/bin/env python3
"""Systematic hostile inputs (issue 27): the families the random fuzz (scripts/fuzz.py) found its compile failures
in, each tried in full instead of by chance.

- `names`: every name C# or the runtime gives a meaning to (C# keywords that are no C keyword, the runtime's public
  types and the members the generated code sees unqualified, the names of System.Object's and ValueType's members,
  the names the translator makes itself: cmpiAt0, static locals' fields, the class's own name) used as a C
  identifier of each kind (global, local, parameter, field, function, typedef, struct tag, enum constant, label,
  macro, ...).
- `buffers`: the buffer arguments of MPI's calls given each C scalar type, as a scalar, an array, a pointer, a row
  of a 2-D array, a struct's field (a retype of the fuzz meeting an MPI signature).

Each program is translated with the warm translator of scripts/fuzz.py and every exit 0 compiled by
`cmpi-run --check`. The rule is the fuzz's: exit 0 compiles without a warning, or a located error. Programs are
made many names to a program; a chunk whose outcome is not ok-compiles is split until the names that cause it are
alone, so a located error for one name (a C conflict with a header) does not hide the others.

    python3 scripts/fuzz_probe.py names [--kind local] [--out /tmp/probe]
    python3 scripts/fuzz_probe.py buffers
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fuzz  # noqa: E402  (scripts/fuzz.py: the warm translator, the outcome's classification, the batch check)
from translator.csharp_names import CS_ALL_KEYWORDS  # noqa: E402
from translator.runtime_names import RUNTIME_MEMBER_NAMES, RUNTIME_TYPE_NAMES  # noqa: E402

C_KEYWORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float",
    "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof",
    "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "asm", "typeof",
}
# members every C# class or struct inherits (a C function `ToString` hides one: CS0108/CS0114 warnings)
OBJECT_MEMBERS = ["ToString", "Equals", "GetHashCode", "GetType", "MemberwiseClone", "Finalize", "ReferenceEquals"]
# names the translator makes (csharp/mpi.py, stmts.py, the template), and the class's own name (Probe.cs)
GENERATED = ["cmpiAt0", "cmpiAt1", "cmpiStaged0", "cmpiIn", "cmpiInout", "cmpiLen", "cmpiType", "cmpiComm",
             "cmpiCode", "cmpiRange0", "cmpi_arg1", "cmpi_value1", "Probe", "args", "argc", "argv", "rank_state", "Run"]

_HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <math.h>\n#include <mpi.h>\n"
_MAIN = ("int main(int argc, char **argv) {\n  MPI_Init(&argc, &argv);\n  printf(\"%d\\n\", probe(argc));\n"
         "  MPI_Finalize();\n  return 0;\n}\n")

# kind -> (declarations before probe(), probe()'s body per name, probe()'s result per name); {N} is the name, {i}
# its index in the program. probe's body uses no library function: a local named `printf` hides it there.
KINDS = {
    "global": ("int {N} = {i};\n", "  {N} += argc;\n", "{N}"),
    "global-double-address": ("double {N} = 1.5;\n", "  unsigned char *b{i} = (unsigned char *)&{N};\n", "b{i}[7]"),
    "global-array": ("int {N}[4] = {{1, 2, 3, {i}}};\n", "  int *q{i} = {N} + 1; q{i}++;\n", "*q{i} + {N}[3]"),
    "global-pointer": ("double *{N};\n", "  double d{i}[2] = {{1, 2}}; {N} = d{i}; {N}++;\n", "(int)*{N}"),
    "static-global": ("static long {N} = {i};\n", "  {N} *= 2;\n", "(int){N}"),
    "const-global": ("static const int {N} = {i};\n", "", "{N}"),
    "local": ("", "  int {N} = argc + {i}; {N} *= 2;\n", "{N}"),
    "local-array": ("", "  double {N}[3] = {{1, 2, {i}}}; double *q{i} = {N}; q{i}++;\n", "(int)(*q{i} + {N}[2])"),
    "local-address": ("", "  int {N} = {i}; int *q{i} = &{N}; *q{i} += 1;\n", "{N}"),
    "static-local": ("", "  static int {N} = {i}; {N}++;\n", "{N}"),
    # a static local becomes the field probe_NAME: a global of that name beside it
    "static-local-vs-global": ("int probe_{N} = {i};\n", "  static int {N} = {i}; {N}++; probe_{N}++;\n",
                               "{N} + probe_{N}"),
    "param": ("static int f{i}(int {N}) {{ return {N} + 1; }}\n", "", "f{i}(argc)"),
    "param-pointer": ("static int f{i}(int *{N}, int n) {{ int s = 0; for (int k = 0; k < n; k++) s += {N}[k]; "
                      "{N}++; return s + *{N}; }}\n", "  int a{i}[3] = {{1, 2, 3}};\n", "f{i}(a{i}, 2)"),
    "field": ("struct s{i} {{ int {N}; double d; }};\n",
              "  struct s{i} v{i} = {{1, 2.0}}; struct s{i} *p{i} = &v{i}; v{i}.{N} += argc; p{i}->{N}++;\n",
              "v{i}.{N}"),
    "field-array": ("struct s{i} {{ int {N}[3]; }};\n", "  struct s{i} v{i} = {{{{1, 2, 3}}}}; v{i}.{N}[1] += argc;\n",
                    "v{i}.{N}[1]"),
    "function": ("static int {N}(int x) {{ return x * 3; }}\n", "", "{N}(argc)"),
    "function-pointer": ("static int {N}(int x) {{ return x * 3; }}\n", "  int (*fp{i})(int) = {N};\n", "fp{i}(argc)"),
    "typedef": ("typedef int {N};\n", "  {N} v{i} = {i}; {N} *p{i} = &v{i}; *p{i} += 1;\n", "v{i}"),
    "typedef-struct": ("typedef struct {{ int a; }} {N};\n", "  {N} v{i} = {{{i}}}; {N} w{i} = v{i};\n", "w{i}.a"),
    "struct-tag": ("struct {N} {{ int a; }};\n", "  struct {N} v{i} = {{{i}}}; struct {N} *p{i} = &v{i};\n",
                   "p{i}->a"),
    "struct-tag-field": ("struct {N} {{ int {N}; }};\n", "  struct {N} v{i} = {{{i}}};\n", "v{i}.{N}"),
    "enum-constant": ("enum {{ {N} = {i} }};\n", "  int e{i} = {N} + argc;\n", "e{i}"),
    "enum-tag": ("enum {N} {{ E{i}a, E{i}b }};\n", "  enum {N} v{i} = E{i}b;\n", "(int)v{i}"),
    "label": ("", "  int c{i} = 0;\n{N}: c{i}++; if (c{i} < 3) goto {N};\n", "c{i}"),
    "macro": ("#define {N} {i}\n", "", "{N} * argc"),
    "macro-function": ("#define {N}(x) ((x) + {i})\n", "", "{N}(argc)"),
    # one name in two of C's name spaces (tags, ordinary identifiers, labels, members: C11 6.2.3), which C# has one
    # of in a class: `struct s s;`, `struct s s(void)`, a label named as a local, a local hiding a typedef
    "tag-and-global": ("struct {N} {{ int a; }};\nstruct {N} {N} = {{{i}}};\n", "  {N}.a += argc;\n", "{N}.a"),
    "tag-and-function": ("struct {N} {{ int a; }};\nstatic struct {N} {N}(int v) {{ struct {N} r = {{v}}; return r; }}\n",
                         "", "{N}(argc).a"),
    "enum-tag-and-global": ("enum {N} {{ E{i}a, E{i}b }};\nenum {N} {N} = E{i}b;\n", "", "(int){N}"),
    "typedef-and-local": ("typedef int {N};\n", "  {N} t{i} = 1; {{ int {N} = t{i} + {i}; t{i} += {N}; }}\n", "t{i}"),
    "label-and-local": ("", "  int {N} = 0;\n{N}: {N}++; if ({N} < 3) goto {N};\n", "{N}"),
    "field-and-function": ("static int {N}(int x) {{ return x + 1; }}\nstruct s{i} {{ int {N}; }};\n",
                           "  struct s{i} v{i} = {{ {N}(argc) }};\n", "v{i}.{N}"),
    "field-and-type": ("typedef struct {N} {{ int {N}; struct {N} *next; }} {N};\n",
                       "  {N} v{i} = {{{i}, 0}}; {N} w{i} = {{1, &v{i}}};\n", "w{i}.next->{N}"),
}


def names_family():
    """Every name to try: C# keywords C lacks, the runtime's names, Object's members, the translator's own."""
    names = (CS_ALL_KEYWORDS - C_KEYWORDS) | RUNTIME_TYPE_NAMES | RUNTIME_MEMBER_NAMES | set(OBJECT_MEMBERS) | \
        set(GENERATED)
    return sorted(n for n in names if n.isidentifier() and n not in C_KEYWORDS)


def names_program(kind: str, names) -> bytes:
    return names_program_lines(kind, names)[0]


def names_program_lines(kind: str, names):
    """(the program, {line number: the name whose text it is}): each name's declarations, body and term of the
    result on lines of their own, so that a diagnostic's line says which name it is about (the prefilter)."""
    decl, body, result = KINDS[kind]
    text, owner = _HEAD, {}

    def add(part: str, name: str):
        nonlocal text
        first = text.count("\n") + 1
        text += part
        for line in range(first, text.count("\n") + 1):
            owner[line] = name

    for i, n in enumerate(names):
        add(decl.format(N=n, i=i), n)
    text += "static int probe(int argc) {\n"
    for i, n in enumerate(names):
        add(body.format(N=n, i=i), n)
    text += "  return 0\n"
    for i, n in enumerate(names):
        add(f"    + ({result.format(N=n, i=i)})\n", n)
    text += "  ;\n}\n" + _MAIN
    return text.encode(), owner


# C types a buffer may have, each with the MPI datatype that matches it
BUFFER_TYPES = [("char", "MPI_CHAR"), ("signed char", "MPI_SIGNED_CHAR"), ("unsigned char", "MPI_UNSIGNED_CHAR"),
                ("short", "MPI_SHORT"), ("unsigned short", "MPI_UNSIGNED_SHORT"), ("int", "MPI_INT"),
                ("unsigned", "MPI_UNSIGNED"), ("long", "MPI_LONG"), ("unsigned long", "MPI_UNSIGNED_LONG"),
                ("long long", "MPI_LONG_LONG"), ("unsigned long long", "MPI_UNSIGNED_LONG_LONG"),
                ("float", "MPI_FLOAT"), ("double", "MPI_DOUBLE"), ("long double", "MPI_LONG_DOUBLE"),
                ("_Bool", "MPI_C_BOOL"), ("size_t", "MPI_UNSIGNED_LONG"), ("int8_t", "MPI_INT8_T"),
                ("uint64_t", "MPI_UINT64_T")]
# how the buffer is declared and named: {T} its type; `a` the send side, `b` the receive side
BUFFER_FORMS = {
    "scalar": ("{T} a = 1, b = 0;", "&a", "&b"),
    "array": ("{T} a[4] = {{1, 2, 3, 4}}, b[4];", "a", "b"),
    "element": ("{T} a[4] = {{1, 2, 3, 4}}, b[4];", "&a[1]", "&b[2]"),
    "malloc": ("{T} *a = malloc(4 * sizeof *a), *b = calloc(4, sizeof *b); a[0] = 1;", "a", "b"),
    "moved-pointer": ("{T} x[8] = {{1}}, y[8]; {T} *a = x + 1, *b = y; b += 2;", "a", "b"),
    "row": ("{T} a[2][4] = {{{{1}}}}, b[2][4];", "a[1]", "b[1]"),
    "void-pointer": ("{T} x[4] = {{1}}, y[4]; void *a = x, *b = y;", "a", "b"),
    "field": ("struct {{ {T} v[4]; int n; }} s = {{{{1}}, 4}}, t; ", "s.v", "t.v"),
}
# the calls: {S} the send buffer, {R} the receive buffer, {D} the datatype
BUFFER_CALLS = {
    "Send-Recv": "MPI_Sendrecv({S}, 1, {D}, 0, 0, {R}, 1, {D}, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);",
    "Bcast": "MPI_Bcast({S}, 1, {D}, 0, MPI_COMM_WORLD);",
    "Allreduce": "MPI_Allreduce({S}, {R}, 1, {D}, MPI_MAX, MPI_COMM_WORLD);",
    "Reduce": "MPI_Reduce({S}, {R}, 1, {D}, MPI_MAX, 0, MPI_COMM_WORLD);",
    "Isend-Irecv": "MPI_Request rq[2]; MPI_Irecv({R}, 1, {D}, 0, 0, MPI_COMM_WORLD, &rq[0]); "
                   "MPI_Isend({S}, 1, {D}, 0, 0, MPI_COMM_WORLD, &rq[1]); MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);",
    "Gather": "MPI_Gather({S}, 1, {D}, {R}, 1, {D}, 0, MPI_COMM_WORLD);",
    "Allgather": "MPI_Allgather({S}, 1, {D}, {R}, 1, {D}, MPI_COMM_WORLD);",
    "Alltoall": "MPI_Alltoall({S}, 1, {D}, {R}, 1, {D}, MPI_COMM_WORLD);",
    "Scan": "MPI_Scan({S}, {R}, 1, {D}, MPI_MAX, MPI_COMM_WORLD);",
    "Exscan": "MPI_Exscan({S}, {R}, 1, {D}, MPI_MAX, MPI_COMM_WORLD);",
    "Allreduce-in-place": "MPI_Allreduce(MPI_IN_PLACE, {R}, 1, {D}, MPI_MAX, MPI_COMM_WORLD);",
    # the datatype another type's (C accepts any buffer for void *): int's datatype with every buffer
    "Bcast-as-int": "MPI_Bcast({S}, 1, MPI_INT, 0, MPI_COMM_WORLD);",
    "Allreduce-as-double": "MPI_Allreduce({S}, {R}, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);",
}


def buffer_program(ctype: str, mpi_type: str, form: str, call: str) -> bytes:
    decl, send, recv = BUFFER_FORMS[form]
    code = BUFFER_CALLS[call].format(S=send, R=recv, D=mpi_type)
    head = _HEAD.replace("#include <mpi.h>\n", "#include <stdint.h>\n#include <stdbool.h>\n#include <mpi.h>\n")
    return (head + "int main(int argc, char **argv) {\n  MPI_Init(&argc, &argv);\n  " + decl.format(T=ctype) +
            "\n  " + code + "\n  printf(\"ok\\n\");\n  MPI_Finalize();\n  return 0;\n}\n").encode()


# library calls whose pointer parameters are typed (not `void *`, not a string): each given `&x` of a local that
# nothing else takes the address of (the plan passes such an x as `ref x`: the runtime needs a `ref` overload there),
# then the same with x's address also kept in a pointer (x lives in a one-element array: a Ptr<T> goes)
LIBRARY_POINTER_CALLS = {
    "frexp": ("int e = 0;", "d = frexp(d, &e) + e;"),
    "modf": ("double ip = 0;", "d = modf(d, &ip) + ip;"),
    "modff": ("float ip = 0;", "d = modff((float)d, &ip) + ip;"),
    "remquo": ("int q = 0;", "d = remquo(d, 0.5, &q) + q;"),
    "lgamma_r": ("int sg = 0;", "d = lgamma_r(d, &sg) + sg;"),
    "rand_r": ("unsigned seed = 3;", "d = rand_r(&seed) % 7;"),
    "time": ("time_t t = 0;", "time(&t); d = (double)(t > 0);"),
    "localtime": ("time_t t = 86400;", "d = localtime(&t)->tm_year;"),
    "gmtime": ("time_t t = 86400;", "d = gmtime(&t)->tm_mday;"),
    "ctime": ("time_t t = 86400;", "d = ctime(&t)[0];"),
    "localtime_r": ("time_t t = 86400; struct tm m;", "localtime_r(&t, &m); d = m.tm_year;"),
    "gmtime_r": ("time_t t = 86400; struct tm m;", "gmtime_r(&t, &m); d = m.tm_mday;"),
    "localtime_r-result": ("time_t t = 86400; struct tm m;", "d = localtime_r(&t, &m)->tm_year + m.tm_mon;"),
    "mktime": ("struct tm m = {0}; m.tm_year = 100; m.tm_mday = 1;", "d = (double)mktime(&m);"),
    "asctime": ("struct tm m = {0}; m.tm_mday = 1;", "d = asctime(&m)[0];"),
    "strftime": ("struct tm m = {0}; m.tm_mday = 1; char out[32];", "d = strftime(out, sizeof out, \"%d\", &m);"),
    "difftime": ("time_t a = 5, b = 3;", "d = difftime(a, b);"),
    "gettimeofday": ("struct timeval tv;", "gettimeofday(&tv, NULL); d = tv.tv_sec > 0;"),
    "clock_gettime": ("struct timespec ts;", "clock_gettime(CLOCK_MONOTONIC, &ts); d = ts.tv_nsec >= 0;"),
    "getrusage": ("struct rusage ru;", "getrusage(RUSAGE_SELF, &ru); d = ru.ru_maxrss > 0;"),
    "uname": ("struct utsname un;", "uname(&un); d = un.sysname[0];"),
    "strtol": ("char *end; const char *s = \"12x\";", "d = strtol(s, &end, 10) + *end;"),
    "strtod": ("char *end; const char *s = \"1.5x\";", "d = strtod(s, &end) + *end;"),
    "strtok_r": ("char text[] = \"a b\"; char *save;", "d = strtok_r(text, \" \", &save)[0];"),
    "strsep": ("char text[] = \"a,b\"; char *rest = text;", "d = strsep(&rest, \",\")[0];"),
    "fgetpos": ("fpos_t pos;", "d = fgetpos(stdin, &pos);"),
    "sscanf": ("int a = 0; double b = 0; char w[8];", "sscanf(\"1 2.5 x\", \"%d %lf %7s\", &a, &b, w); d = a + b;"),
    "div": ("div_t q;", "q = div(7, 2); d = q.quot + q.rem;"),
    "qsort": ("int v[3] = {3, 1, 2};", "qsort(v, 3, sizeof v[0], cmp_int); d = v[0];"),
    "bsearch": ("int v[3] = {1, 2, 3}; int key = 2;", "d = *(int *)bsearch(&key, v, 3, sizeof v[0], cmp_int);"),
    "memcpy-scalar": ("double x = 2, y = 0;", "memcpy(&y, &x, sizeof x); d = y;"),
    "memset-struct": ("struct tm m;", "memset(&m, 0, sizeof m); d = m.tm_year;"),
    "MPI_Comm_rank": ("int r = 0;", "MPI_Comm_rank(MPI_COMM_WORLD, &r); d = r;"),
    "MPI_Allreduce-scalar": ("double x = 2, y = 0;", "MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); d = y;"),
    "MPI_Wtime": ("double t0 = MPI_Wtime();", "d = MPI_Wtime() >= t0;"),
}
_LIBRARY_HEAD = ("#define _GNU_SOURCE\n" + _HEAD + "#include <time.h>\n#include <sys/time.h>\n#include <sys/resource.h>\n"
                 "#include <sys/utsname.h>\n#include <stdint.h>\n"
                 "static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }\n")


def library_program(call: str, kept: bool) -> bytes:
    """`kept`: every local's address also kept in a pointer, so each lives in a one-element array."""
    decl, use = LIBRARY_POINTER_CALLS[call]
    keep = ""
    if kept:
        import re
        for ctype, name in re.findall(r"(?:^|;\s*)((?:struct \w+|[a-z_]+(?: [a-z_]+)?))\s+\**(\w+)\b(?!\s*\[)", decl):
            if not ctype.startswith("const"):
                keep += f" {ctype} *keep_{name} = &{name}; (void)keep_{name};"
    return (_LIBRARY_HEAD + "static double probe(double d) {\n  " + decl + keep + "\n  " + use + "\n  return d;\n}\n"
            "int main(int argc, char **argv) {\n  MPI_Init(&argc, &argv);\n  printf(\"%g\\n\", probe(argc));\n"
            "  MPI_Finalize();\n  return 0;\n}\n").encode()


def probe_library(p: "Prober", calls):
    programs = [((c, kept), library_program(c, kept)) for c in calls for kept in (False, True)]
    for (c, kept), (outcome, err, data) in sorted(p.outcomes(programs).items()):
        p.counts[outcome] += 1
        label = f"{c}{'-kept' if kept else ''}"
        if outcome not in ("ok-compiles", "located-error"):
            p.save("library", label, outcome, err, data)
            print(f"{outcome}: {label}: {_first_error(err)}", flush=True)
        elif outcome == "located-error":
            print(f"located-error: {label}: {_first_error(err)}", flush=True)


class Prober:
    def __init__(self, out: str):
        self.out = out
        self.scratch = tempfile.mkdtemp(prefix="probe.", dir=out)
        self.warm = fuzz.WarmTranslator()
        self.n = 0
        self.counts = collections.Counter()

    def outcomes(self, programs):
        """{key: (outcome, messages)} of each (key, C text): translated one by one, exit 0 checked in one batch."""
        results, pending = {}, []
        for key, data in programs:
            self.n += 1
            work = os.path.join(self.scratch, str(self.n))
            os.makedirs(work)
            outcome, err, _ = fuzz.translate(work, data, "Probe.cs", 20.0, 60.0, self.warm)
            if outcome == "ok":
                pending.append((key, data, os.path.join(work, "Probe.cs")))
            else:
                results[key] = (outcome, err, data)
        bad = fuzz.check_batch([cs for _, _, cs in pending])
        for key, data, cs in pending:
            results[key] = ("ok-fails-compile", bad[cs], data) if cs in bad else ("ok-compiles", "", data)
        return results

    def save(self, family, key, outcome, err, data):
        d = os.path.join(self.out, outcome, f"{family}-{key}")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "in.c"), "wb") as f:
            f.write(data)
        with open(os.path.join(d, "messages.txt"), "w") as f:
            f.write(err)

    def close(self):
        self.warm.close()
        shutil.rmtree(self.scratch, ignore_errors=True)


class CPrefilter:
    """The names a kind's program is already an error in C with (a name a header declares as another kind of thing,
    `int EOF = 1;`; a macro that breaks the lines after it): clang's errors, which the translator reports as they
    are (located), so such a pair needs no translation of its own. One parse of libclang, with the translator's
    options, answers for a whole chunk of names: each error's line says whose it is (names_program_lines). When
    every error is on a name's own line and the kind is no macro, those names are the chunk's C errors (one name's
    declaration reaches no other name's lines); else each blamed name is parsed alone, and errors on no name's line
    (in main: `#define argc 3`) split the rest in two. Either way the rest is parsed again until it is clean, so
    every name not returned is translated."""

    def __init__(self):
        from translator.reader.clang_setup import ci, clang_options
        self.ci = ci
        self.args = clang_options([], [], implicit_ok=False) + ["-ferror-limit=0"]
        self.index = ci.Index.create()
        self.parses = 0

    def errors(self, data: bytes):
        """[(line in the program, or None in a header; clang's message)] of its errors."""
        self.parses += 1
        tu = self.index.parse("probe.c", args=self.args, unsaved_files=[("probe.c", data)])
        return [(d.location.line if d.location.file is not None and d.location.file.name == "probe.c" else None,
                 d.spelling) for d in tu.diagnostics if d.severity >= self.ci.Diagnostic.Error]

    def refused(self, kind: str, names) -> dict:
        """{name: clang's first error of its program alone} of the names that are C errors in this kind."""
        if not names:
            return {}
        data, owner = names_program_lines(kind, names)
        errors = self.errors(data)
        if not errors:
            return {}
        if len(names) == 1:
            return {names[0]: errors[0][1]}
        blamed = sorted({owner[line] for line, _ in errors if line in owner})
        first = {}
        for line, message in errors:
            first.setdefault(owner.get(line), message)
        out = {}
        if None in first or kind.startswith("macro"):
            # an error on no name's line, or a macro (which can break the lines of the names after it): each
            # blamed name parsed alone
            for n in blamed:
                out.update(self.refused(kind, (n,)))
        else:
            # every error on the line of the name it is about: a declaration of one name reaches no other's lines
            # (the rest parsed again below must be clean)
            out.update({n: first[n] for n in blamed})
        rest = tuple(n for n in names if n not in blamed)
        if blamed:
            out.update(self.refused(kind, rest))
        else:
            out.update(self.refused(kind, rest[:len(rest) // 2]))
            out.update(self.refused(kind, rest[len(rest) // 2:]))
        return out


_ERROR_LINE = re.compile(r"in\.c:(\d+):\d+: error")


def probe_names(p: Prober, kinds, names, chunk: int, prefilter: bool = True):
    """Each kind with all the names, `chunk` names a program. The names that are C errors (CPrefilter) are left out
    and one of them translated alone per kind and clang message (it must be a located error: the others of its
    message are counted so). A chunk that is not ok-compiles: the names its located errors' lines belong to are
    translated alone and the rest again; any other outcome (a defect) splits it in two, down to the name."""
    c = CPrefilter() if prefilter else None
    for k in kinds:
        before = collections.Counter(p.counts)
        todo_names = list(names)
        if c is not None:
            refused = c.refused(k, tuple(names))
            todo_names = [n for n in names if n not in refused]
            groups = collections.defaultdict(list)
            for n, message in refused.items():
                groups[message.replace(n, "{N}")].append(n)
            representatives = [group[0] for group in groups.values()]
            confirmed = p.outcomes([((k, (n,)), names_program(k, (n,))) for n in representatives])
            for (_, (n,)), (outcome, err, data) in confirmed.items():
                size = len(next(g for g in groups.values() if g[0] == n))
                p.counts[outcome] += size
                p.counts["prefiltered"] += size
                if outcome != "located-error":
                    p.save("names", f"{k}-{n}", outcome, err, data)
                    print(f"{outcome}: {k} {n} (a C error: {refused[n]}): {_first_error(err)}", flush=True)
        todo = [(k, tuple(todo_names[j:j + chunk])) for j in range(0, len(todo_names), chunk)]
        while todo:
            results = p.outcomes([((kk, ns), names_program(kk, ns)) for kk, ns in todo])
            todo = []
            for (kk, ns), (outcome, err, data) in results.items():
                if outcome == "ok-compiles":
                    p.counts[outcome] += len(ns)
                elif len(ns) > 1:
                    owner = names_program_lines(kk, ns)[1]
                    blamed = sorted({owner[int(m)] for m in _ERROR_LINE.findall(err) if int(m) in owner}) \
                        if outcome == "located-error" else []
                    if blamed:
                        rest = tuple(n for n in ns if n not in blamed)
                        todo += [(kk, (n,)) for n in blamed] + ([(kk, rest)] if rest else [])
                    else:
                        todo += [(kk, ns[:len(ns) // 2]), (kk, ns[len(ns) // 2:])]
                else:
                    p.counts[outcome] += 1
                    if outcome != "located-error":
                        p.save("names", f"{kk}-{ns[0]}", outcome, err, data)
                        print(f"{outcome}: {kk} {ns[0]}: {_first_error(err)}", flush=True)
                    elif os.environ.get("PROBE_VERBOSE"):
                        print(f"located-error: {kk} {ns[0]}: {_first_error(err)}", flush=True)
        done = p.counts - before
        print(f"names {k}: " + ", ".join(f"{o} {v}" for o, v in sorted(done.items())) +
              f" ({p.n} translations, {c.parses if c else 0} clang parses so far)", flush=True)


def probe_buffers(p: Prober, calls, forms):
    programs = [((t, f, c), buffer_program(t, d, f, c)) for c in calls for f in forms for t, d in BUFFER_TYPES]
    for (t, f, c), (outcome, err, data) in sorted(p.outcomes(programs).items()):
        p.counts[outcome] += 1
        if outcome not in ("ok-compiles", "located-error"):
            p.save("buffers", f"{c}-{f}-{t.replace(' ', '_')}", outcome, err, data)
            print(f"{outcome}: {c} {f} {t}: {_first_error(err)}", flush=True)
        elif outcome == "located-error" and os.environ.get("PROBE_VERBOSE"):
            print(f"located-error: {c} {f} {t}: {_first_error(err)}", flush=True)


def _first_error(err: str) -> str:
    lines = [ln for ln in err.splitlines() if "error" in ln or "warning" in ln]
    return (lines[0] if lines else err.strip().splitlines()[0] if err.strip() else "")[:240]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("family", choices=["names", "buffers", "library"])
    ap.add_argument("--kind", action="append", help="names: only this kind (repeatable); buffers: only this call")
    ap.add_argument("--form", action="append", help="buffers: only this form (repeatable)")
    ap.add_argument("--name", action="append", help="names: only this name (repeatable)")
    ap.add_argument("--chunk", type=int, default=40, help="names: names a program")
    ap.add_argument("--no-prefilter", action="store_true",
                    help="names: translate the names that are C errors too (no clang parse first)")
    ap.add_argument("--out", default=os.path.join(fuzz.ROOT, "build", "probe"))
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    p = Prober(args.out)
    try:
        if args.family == "names":
            probe_names(p, args.kind or sorted(KINDS), args.name or names_family(), args.chunk, not args.no_prefilter)
        elif args.family == "library":
            probe_library(p, args.kind or list(LIBRARY_POINTER_CALLS))
        else:
            probe_buffers(p, args.kind or list(BUFFER_CALLS), args.form or list(BUFFER_FORMS))
    finally:
        p.close()
    print(f"probe {args.family}: {p.n} translations: " + ", ".join(f"{k} {v}" for k, v in sorted(p.counts.items())))
    return 1 if any(k in fuzz.DEFECTS for k in p.counts) else 0


if __name__ == "__main__":
    sys.exit(main())
