"""The fuzz's programs of several files (issue 27, round 9): `cmpi-translate main.c a.c b.c -o X.cs`.

The translator reads a program of several files as one unit (a unity build: the other files `-include`d, then the
first), so what C keeps per file is where it can go wrong: include guards (none, `#pragma once`, `#if !defined`,
one guard shared by two headers, a guard after 200 comments as autoconf's config.h has), headers included twice,
static functions and variables of one name in two files, tentative and extern definitions, a macro defined
differently per file or tested with `#ifdef` in a file that does not define it, `#include` of a missing, empty,
odd or input file, and headers in CRLF, without a final newline, with a BOM or a NUL byte.

Each program is made by the fuzz's random generator alone (scripts/fuzz.py `make_input`), and is legal C in most
draws (gcc compiles and links it: `check_against_gcc` below compares the port's output with the native one's), so
that the translation goes past the reader; some draws are hostile on purpose (a missing header, a header included
twice without a guard).
"""
from __future__ import annotations

import glob
import os
import random
import re


class Program(dict):
    """A program of several files: file name (relative, `/` for a folder) -> bytes; `inputs` the .c files given to
    cmpi-translate, in order (the first is the main file, read last by the unit)."""

    def __init__(self, files, inputs):
        super().__init__(files)
        self.inputs = list(inputs)


# ---------------------------------------------------------------- comments, guards, headers

_COMMENTS = [
    "/* Define to 1 if you have the <feature{k}.h> header file. */\n/* #undef HAVE_FEATURE{k}_H */\n",
    "/* Define to 1 if you have the <feature{k}.h> header file. */\n#define HAVE_FEATURE{k}_H 1\n",
    "// line comment {k}\n",
    "/** doxygen {k}\n * @brief a * b ** c\n */\n",
    "/***/\n", "/* * / {k} **/\n", "/* \"quoted */\n", "/* // not a line comment {k} */\n",
    "// /* not a block comment {k}\n", "/* #include \"no_such_{k}.h\" */\n", "/* #ifndef NOT_A_GUARD_{k} */\n",
    "\n", "   \t\n", "/* struct s{k} { */\n", "/* {k} */ /* two on a line */\n",
]


def comments(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(_COMMENTS).replace("{k}", str(k)) for k in range(n))


def guarded(rng: random.Random, name: str, body: str, style: str, prelude: str = "") -> str:
    """A header's text: `prelude` (comments), then `body` inside the guard `style` names."""
    if style == "ifndef":
        return f"{prelude}#ifndef {name}\n#define {name}\n{body}#endif /* {name} */\n"
    if style == "ifndef-spaced":
        return f"{prelude}#  ifndef   {name}  // guard\n# define {name} 1\n{body}\n#endif\n"
    if style == "if-not-defined":
        return f"{prelude}#if !defined({name})\n#define {name}\n{body}#endif\n"
    if style == "pragma-once":
        return f"{prelude}#pragma once\n{body}"
    if style == "pragma-once-and-guard":
        return f"{prelude}#pragma once\n#ifndef {name}\n#define {name}\n{body}#endif\n"
    if style == "late-guard":  # a declaration before the guard: no guard for the reader's pattern, one for C
        return f"{prelude}int late_guard_{name.lower()}(void);\n#ifndef {name}\n#define {name}\n{body}#endif\n"
    if style == "spliced-comment":  # a `//` comment continued by `\` hides the next line (both C and the reader)
        return f"{prelude}// a comment that goes on \\\nto this line\n#ifndef {name}\n#define {name}\n{body}#endif\n"
    return prelude + body  # "none"


GUARD_STYLES = ["ifndef", "ifndef", "ifndef-spaced", "if-not-defined", "pragma-once", "pragma-once-and-guard",
                "late-guard", "spliced-comment", "none", "none"]


def _finish(rng: random.Random, text: str, features: list, what: str) -> bytes:
    """The file's bytes, in one of the forms editors and generators leave: CRLF or lone CR line ends, no final
    newline, a `\\` at the very end, a BOM, a NUL byte, a form feed."""
    form = rng.choice(["plain"] * 8 + ["crlf", "no-final-newline", "bom", "nul", "formfeed", "crlf-no-newline",
                                       "splice-at-end", "cr"])
    if form != "plain":
        features.append(f"{what}-{form}")
    data = text.encode()
    if form in ("crlf", "crlf-no-newline"):
        data = data.replace(b"\n", b"\r\n")
    elif form == "cr":
        data = data.replace(b"\n", b"\r")
    if form in ("no-final-newline", "crlf-no-newline"):
        data = data.rstrip(b"\r\n")
    elif form == "splice-at-end":  # a `\` and the end of the file: what the unit reads after it must not join it
        data = data.rstrip(b"\r\n") + b" \\"
    elif form == "bom":
        data = b"\xef\xbb\xbf" + data
    elif form == "nul":
        lines = data.split(b"\n")
        k = rng.randrange(len(lines))
        lines[k] = lines[k] + b" \x00 "  # outside literals: clang and gcc warn and ignore it
        data = b"\n".join(lines)
    elif form == "formfeed":
        data = data.replace(b"\n\n", b"\n\f\n", 1)
    return data


# ---------------------------------------------------------------- programs

def multi_file_program(rng: random.Random, mutate=None, project=()):
    """(features, Program): a program of 2-3 .c files and 1-4 headers drawn by `rng`; `mutate(rng, bytes)` (the
    fuzz's mutation of one file) is applied to one of its files in some draws, and `project` (the project's own
    programs of several files, [(name, Program)]) is drawn from in others."""
    features = []
    if project and rng.random() < 0.25:
        name, original = rng.choice(list(project))
        program = Program(original, original.inputs)
        features.append(f"project-{name}")
        if rng.random() < 0.5:
            rng.shuffle(program.inputs)  # another main file: another order of the unit
            features.append("shuffled")
    else:
        program = _generated(rng, features)
    if mutate is not None and rng.random() < 0.35:
        target = rng.choice(sorted(program))
        program[target], ops = mutate(rng, program[target])
        features.append(f"mutated-{target}-{'+'.join(ops)}")
    return features, program


def _generated(rng: random.Random, features: list) -> Program:
    three = rng.random() < 0.5
    guard = rng.choice(GUARD_STYLES)
    features.append(f"guard-{guard}")
    n_comments = rng.choice([0, 0, 3, 40, 200, 600])
    if n_comments:
        features.append(f"comments-{n_comments}")
    has_types = rng.random() < 0.6
    has_inline = rng.random() < 0.5
    has_table = rng.random() < 0.4
    tentative = rng.choice(["defined-in-main", "extern-in-header", "tentative-in-two", "tentative-and-defined"])
    features.append(tentative)

    # common.h: what every file includes
    body = "#include <stdio.h>\n"
    config = rng.random() < 0.3
    if config:
        body += '#include "config.h"\n'
        features.append("config-h")
    if has_types:
        body += "struct pt { int x, y; };\ntypedef struct pt pt_t;\nenum mode { FAST = 1, SLOW = 4 };\n"
    if has_inline:
        body += "static inline int sq(int v) { return v * v; }\n"
    if has_table:
        body += "static const int table[3] = {1, 2, 3};\n"
    body += "#ifndef SCALE\n#define SCALE 2\n#endif\n#define TWICE(x) ((x) * 2)\n"
    if tentative == "extern-in-header":
        body += "extern int shared_total;\n"
    body += "int work_a(int v);\nint work_b(int v);\n"
    files = {"common.h": guarded(rng, "COMMON_H", body, guard, comments(rng, n_comments))}

    shared_guard = three and rng.random() < 0.3
    if shared_guard:  # alt.h: the other header of COMMON_H's guard (IMB's settings), read by b.c first
        features.append("shared-guard")
        files["alt.h"] = guarded(rng, "COMMON_H", "#include <stdio.h>\n#define SCALE 7\nint work_a(int v);\n"
                                 "int work_b(int v);\n", "ifndef")
    if config:
        files["config.h"] = comments(rng, rng.choice([10, 200])) + "#define HAVE_CONFIG 1\n"

    def uses(prefix):
        """A function's body that reads what the header gives."""
        terms = ["count", "helper(v)", "SCALE", "TWICE(N)"]
        if has_types:
            terms.append("(int)(SLOW + (pt_t){.y = 2}.y)")
        if has_inline:
            terms.append("sq(v)")
        if has_table:
            terms.append("table[1]")
        return " + ".join(terms)

    leak = rng.choice(["none", "ifdef", "ifndef-define", "undef", "redefine"])
    features.append(f"macro-{leak}")

    def source(name: str, own_n: int, fn: str, include: str = '#include "common.h"\n') -> str:
        head = ""
        if rng.random() < 0.3:
            head += f"#define SCALE {own_n + 10}\n"  # a per-file configuration of the header
            features.append(f"{name}-config")
        head += include
        if rng.random() < 0.25:
            head += rng.choice(['#include "common.h"\n', '#include "./common.h"\n', '#include "sub/../common.h"\n'])
            features.append(f"{name}-twice")
        text = head + f"#define N {own_n}\n"
        if leak in ("ifdef", "ifndef-define") and name == "a.c":
            text += "#define FLAG 5\n"  # a.c's own macro: the files read after it must not see it
        text += f"static int count = {own_n * 3};\nstatic int helper(int v) {{ return v + N; }}\n"
        if tentative == "tentative-in-two" or (tentative == "tentative-and-defined" and name == "a.c"):
            text += "int shared_total;\n"
        elif tentative != "extern-in-header" and name != "main.c":
            text += "extern int shared_total;\n"
        text += f"int {fn}(int v) {{\n  count += v;\n"
        if leak == "ifdef":
            text += f'#ifdef FLAG\n  printf("{name} sees FLAG %d\\n", FLAG);\n#endif\n'
        elif leak == "ifndef-define" and name != "a.c":
            text += f'#ifndef FLAG\n#define FLAG {own_n}\n#endif\n  printf("{name} FLAG %d\\n", FLAG);\n'
        text += f"  shared_total += count;\n  return {uses(name)};\n}}\n"
        if leak == "undef":
            text += "#undef N\n#undef SCALE\n"
        elif leak == "redefine":
            text += f"#undef TWICE\n#define TWICE(x) ((x) + {own_n})\n"
        return text

    main = source("main.c", 7, "work_main")
    if tentative in ("defined-in-main", "extern-in-header", "tentative-and-defined"):
        main = main.replace("static int count", "int shared_total = 0;\nstatic int count", 1)
    elif "extern int shared_total" not in main and "int shared_total;" not in main:
        main = main.replace("static int count", "int shared_total;\nstatic int count", 1)
    main += ("int main(void) {\n  int r = work_main(1) + work_a(2)" + (" + work_b(3)" if three else "") +
             ";\n  printf(\"%d %d %d %d\\n\", r, shared_total, count, SCALE);\n  return 0;\n}\n")
    if not three:
        main += "int work_b(int v) { return v; }\n"
    odd = rng.choice(["none"] * 6 + ["missing", "empty", "input-file", "directory", "self", "absolute-missing",
                                     "system-quoted", "angled-own"])
    if odd != "none":
        features.append(f"include-{odd}")
        line = {"missing": '#include "no_such.h"\n', "empty": '#include "empty.h"\n',
                "input-file": '#include "a.c"\n', "directory": '#include "sub"\n', "self": '#include "main.c"\n',
                "absolute-missing": '#include "/no/such/dir/x.h"\n', "system-quoted": '#include "stdio.h"\n',
                "angled-own": "#include <common.h>\n"}[odd]
        main = line + main
        if odd == "empty":
            files["empty.h"] = ""
    files["sub/keep.h"] = "/* a folder beside the program (sub/../common.h goes through it) */\n"
    files["main.c"] = main
    files["a.c"] = source("a.c", 3, "work_a")
    inputs = ["main.c", "a.c"]
    if three:
        files["b.c"] = source("b.c", 5, "work_b", '#include "alt.h"\n#include "common.h"\n' if shared_guard
                              else '#include "common.h"\n')
        inputs.append("b.c")
    order = rng.random()
    if order < 0.2:
        inputs = inputs[1:] + inputs[:1]  # main.c not first: another file is the unit's main file
        features.append("main-not-first")
    out = {}
    for name, text in files.items():
        out[name] = _finish(rng, text, features, name) if text else b""
    return Program(out, inputs)


def project_programs(root: str):
    """The project's own programs of several files (tests/c/<name>/: main.c first, then the other .c files)."""
    out = []
    for d in sorted(glob.glob(os.path.join(root, "tests", "c", "*", ""))):
        files = {}
        for path in sorted(glob.glob(os.path.join(d, "*"))):
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    files[os.path.basename(path)] = f.read()
        sources = sorted((n for n in files if n.endswith(".c")), key=lambda n: n != "main.c")
        first_comment = files.get("main.c", b"").split(b"*/", 1)[0]
        if sources and b"xfail:" not in first_comment:  # a known failure is no seed (fuzz.py seeds())
            out.append((os.path.basename(d.rstrip(os.sep)), Program(files, sources)))
    return out


def write_program(work: str, data) -> list:
    """Write an input into `work`: bytes as in.c, a Program file by file. The paths of the files to translate."""
    if not isinstance(data, Program):
        path = os.path.join(work, "in.c")
        with open(path, "wb") as f:
            f.write(data)
        return [path]
    for name, text in data.items():
        path = os.path.join(work, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(text)
    return [os.path.join(work, name) for name in data.inputs]


# ---------------------------------------------------------------- the port against the native build

def compare_with_native(items, out: str) -> int:
    """Each (label, input) built natively (mpicc, run on one rank by mpirun when it calls MPI_Init) and translated:
    where both succeed, the port on one rank must print what the native program prints, with its status (the fuzz
    itself only checks that a translation compiles). One line an input; returns how many differ."""
    import shutil
    import subprocess
    import fuzz
    env = {**os.environ, "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}
    differ = 0
    for label, data in items:
        work = os.path.join(out, re.sub(r"\W", "_", str(label))[:60])
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        sources = write_program(work, data)
        exe = os.path.join(work, "native")
        native = subprocess.run(["mpicc", "-w", "-o", exe, *sources, "-lm"], cwd=work, capture_output=True, env=env)
        outcome, err, _ = fuzz.translate(work, data, "Out.cs", 20.0, 60.0)
        cs = os.path.join(work, "Out.cs")
        if outcome == "ok":
            check = subprocess.run([fuzz.CMPI_RUN, "--check", cs], capture_output=True, text=True)
            outcome = "ok-compiles" if check.returncode == 0 and "warning" not in check.stderr else "ok-fails-compile"
        warned = sorted(set(re.findall(r"\[-W([\w-]+)\]", err)))
        if native.returncode == 0 and outcome == "ok-compiles":
            mpi = any(b"MPI_Init" in open(p, "rb").read() for p in sources)
            want = subprocess.run((["mpirun", "-np", "1", exe] if mpi else [exe]), capture_output=True, cwd=work,
                                  timeout=120, env=env)
            got = subprocess.run([fuzz.CMPI_RUN, "-n", "1", cs], capture_output=True, cwd=work, timeout=600)
            same = (want.stdout, want.returncode) == (got.stdout, got.returncode)
            verdict = "same output" if same else "DIFFERS"
            if not same:
                differ += 1
                with open(os.path.join(work, "differs.txt"), "wb") as f:
                    f.write(b"native (%d):\n%s\nport (%d):\n%s\n%s" % (want.returncode, want.stdout, got.returncode,
                                                                       got.stdout, got.stderr))
        elif native.returncode == 0 and outcome == "located-error":
            verdict = "native builds it: " + next((ln for ln in err.splitlines() if "error" in ln), "")[:200]
        else:
            verdict = "native refuses it" if native.returncode else ""
        print(f"{label}: {outcome}, {verdict} {warned or ''}", flush=True)
    return differ


def main(argv=None) -> int:
    import argparse
    import fuzz
    ap = argparse.ArgumentParser(description="the fuzz's multi-file inputs of a seed (or round 9's tables), each "
                                             "against the native build")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=200, help="inputs 0..n-1 of the seed (about 6 in 100 are multi-file)")
    ap.add_argument("--round9", action="store_true", help="fuzz.py's _ROUND9_BODIES and _ROUND9_FILES instead")
    ap.add_argument("--round10", action="store_true", help="fuzz.py's _ROUND10_BODIES and _ROUND10_FILES, and the "
                    "bit-field structs of seeds 0..n-1 (_bitfields)")
    ap.add_argument("--only", type=int, action="append", help="with --round9/10: only item k (repeatable)")
    ap.add_argument("--out", default="/tmp/fuzz-multifile")
    a = ap.parse_args(argv)
    if a.round9:
        programs = [fuzz._main(*b) for b in fuzz._ROUND9_BODIES] + list(fuzz._ROUND9_FILES)
        chosen = [(f"r9-{k}", p) for k, p in enumerate(programs) if not a.only or k in a.only]
    elif a.round10:
        programs = [fuzz._main(*b) for b in fuzz._ROUND10_BODIES] + list(fuzz._ROUND10_FILES)
        programs += [fuzz._bitfields(random.Random(f"bitfields:{k}")) for k in range(a.n)]
        chosen = [(f"r10-{k}", p) for k, p in enumerate(programs) if not a.only or k in a.only]
    else:
        pool = fuzz.seeds()
        chosen = []
        for i in range(a.n):
            origin, data, _ = fuzz.make_input(a.seed, i, pool)
            if isinstance(data, Program):
                chosen.append((f"seed{a.seed}-{i}", data))
    return 1 if compare_with_native(chosen, a.out) else 0


if __name__ == "__main__":
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fuzz_multifile  # the module fuzz.py imports (its Program class), not this __main__ copy of it
    sys.exit(fuzz_multifile.main())
