"""Tiny C codebases for cmpi-port's tests, and running cmpi-port on them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORT = [sys.executable, "-m", "translator.port.cli"]
ENV = {"PYTHONPATH": ROOT, "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}

HELLO = """\
#include <stdio.h>
#include <mpi.h>
#include "util.h"
int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("rank %d of %d: twice %d, N=%d\\n", rank, size, twice(rank), N);
    MPI_Finalize();
    return 0;
}
"""
OTHER = """\
#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) printf("sum of ranks %d\\n", sum);
    MPI_Finalize();
    return 0;
}
"""
UTIL_C = '#include "util.h"\nint twice(int x) { return 2 * x; }\n'
UTIL_H = "#ifndef UTIL_H\n#define UTIL_H\nint twice(int x);\n#endif\n"
ASM = "int main(void)\n{\n    int x = 1;\n    __asm__(\"nop\");\n    return x;\n}\n"

MAKEFILE = """\
CC = mpicc
CFLAGS = -O1 -Ilib -DN=7
all: bin/hello bin/other
lib/libutil.a: lib/util.o
\tar rcs $@ $^
lib/util.o: lib/util.c
\t$(CC) $(CFLAGS) -c $< -o $@
src/hello.o: src/hello.c
\t$(CC) $(CFLAGS) -c $< -o $@
bin/hello: src/hello.o lib/libutil.a
\tmkdir -p bin && $(CC) -o $@ src/hello.o -Llib -lutil
bin/other: src/other.c
\tmkdir -p bin && $(CC) $(CFLAGS) -o $@ $<
clean:
\trm -rf bin lib/*.o lib/*.a src/*.o
"""


def write(root: str, files: dict) -> None:
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(text) if rel.endswith(".sh") else text)
        if rel.endswith(".sh") or rel == "configure":
            os.chmod(path, 0o755)


def make_tree(root: str) -> None:
    """src/hello.c (+ lib/libutil.a), src/other.c and a Makefile linking bin/hello and bin/other."""
    write(root, {"src/hello.c": HELLO, "src/other.c": OTHER, "lib/util.c": UTIL_C, "lib/util.h": UTIL_H,
                 "Makefile": MAKEFILE})


def port(args, cwd: str, timeout: float = 300, env=None):
    return subprocess.run(PORT + list(args), cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, **ENV, **(env or {})))


def report(out: str) -> dict:
    with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
        return json.load(f)


def programs(out: str) -> dict:
    return {p["name"]: p for p in report(out)["programs"]}
