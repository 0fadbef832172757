"""cmpi-port finds the programs of a codebase: from its make build (link lines, ar archives), from a
configure-generated Makefile, from compile_commands.json, from a list of files; and re-runs incrementally."""
from __future__ import annotations

import json
import os
import shutil
import sys
from xml.etree import ElementTree

import pytest

from tests.port_support import ASM, HELLO, OTHER, UTIL_C, UTIL_H, make_tree, port, programs, report, write

pytestmark = pytest.mark.skipif(shutil.which("mpicc") is None, reason="needs mpicc (make setup)")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("tree"))
    make_tree(root)
    r = port(["-o", "ported", "-j", "2", "--", "make"], cwd=root)
    return root, r


def test_make_build_is_captured_and_linked_programs_are_ported(made):
    root, r = made
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    # the native build happened
    assert os.path.exists(os.path.join(root, "bin", "hello")) and os.path.exists(os.path.join(root, "bin", "other"))
    out = os.path.join(root, "ported")
    progs = programs(out)
    assert set(progs) == {"hello", "other"}
    hello = progs["hello"]
    # hello.o + lib/libutil.a (through -Llib -lutil): the archive's util.c is part of the program
    assert [os.path.relpath(s, root) for s in hello["sources"]] == ["src/hello.c", "lib/util.c"]
    assert hello["defines"] == ["N=7"]
    assert os.path.join(root, "lib") in hello["includes"]
    assert hello["executable"] == os.path.join(root, "bin", "hello")
    for name, cls in (("hello", "Hello"), ("other", "Other")):
        for f in (f"{cls}.cs", f"{cls}.csproj", "CmpiPortEntry.cs"):
            assert os.path.exists(os.path.join(out, name, f)), f
    with open(os.path.join(out, "hello", "Hello.csproj")) as f:
        csproj = f.read()
    assert '<PackageReference Include="CloudMpi.Run"' in csproj and "<StartupObject>CmpiPortEntry" in csproj
    # cmpi-run's runtime settings (round 20): no tiered compilation, no tiered PGO, read as MSBuild reads them
    props = {e.tag: (e.text or "").strip() for e in ElementTree.parse(os.path.join(out, "hello", "Hello.csproj"))
             .getroot().iter() if len(e) == 0}
    assert props["TieredCompilation"] == "false" and props["TieredPGO"] == "false", props
    with open(os.path.join(out, "Ported.sln")) as f:
        sln = f.read()
    assert "hello\\Hello.csproj" in sln and "other\\Other.csproj" in sln
    assert "cmpi-port: [2/2]" in r.stderr  # plain progress lines when stderr is not a terminal
    assert "2/2 programs ported" in r.stdout
    rep = report(out)
    assert rep["capture"]["compiles"] == 3 and rep["capture"]["links"] == 2


def test_incremental_rerun_translates_only_what_changed(made):
    root, _ = made
    out = os.path.join(root, "ported")
    subprocess_clean = port(["-o", "ported", "--", "make", "clean", "all"], cwd=root)
    assert subprocess_clean.returncode == 0, subprocess_clean.stderr
    s = report(out)["summary"]
    assert s["unchanged"] == 2 and s["ported"] == 2
    # a file of one program changes: that program only is translated again
    with open(os.path.join(root, "lib", "util.c"), "a") as f:
        f.write("/* changed */\n")
    r = port(["-o", "ported", "--", "make", "clean", "all"], cwd=root)
    progs = programs(out)
    assert r.returncode == 0
    assert progs["hello"]["cached"] is False and progs["other"]["cached"] is True
    r = port(["-o", "ported", "--force", "--", "make", "clean", "all"], cwd=root)
    assert report(out)["summary"]["unchanged"] == 0
    # a build that is up to date compiles nothing: the previous capture stands, nothing is translated
    r = port(["-o", "ported", "--", "make"], cwd=root)
    assert r.returncode == 0, r.stderr
    rep = report(out)
    assert rep["summary"]["unchanged"] == 2 and "up to date" in rep["capture"]["notes"][0]


CONFIGURE = """\
#!/bin/sh
# a configure in the autoconf manner: probes the compiler (conftest, removed), writes Makefile from Makefile.in
CC=cc
for a in "$@"; do case "$a" in CC=*) CC="${a#CC=}";; esac; done
printf 'int main(void) { return 0; }\\n' > conftest.c
$CC -o conftest conftest.c || { echo "configure: error: C compiler cannot create executables"; exit 1; }
rm -f conftest conftest.c
echo "checking for MPI... $CC"
sed -e "s|@CC@|$CC|g" -e "s|@DEFS@|-DHAVE_CONFIG=1 -DFIELD_WIDTH=12|g" Makefile.in > Makefile
"""
MAKEFILE_IN = """\
CC = @CC@
DEFS = @DEFS@
bin_PROGRAMS = bench
bench: bench.o
\t$(CC) -o $@ bench.o
bench.o: bench.c
\t$(CC) $(DEFS) -I. -c bench.c
"""
BENCH = """\
#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) printf("%-*s|%d\\n", FIELD_WIDTH, "width", HAVE_CONFIG);
    MPI_Finalize();
    return 0;
}
"""


def test_configure_generated_makefile(tmp_path):
    root = str(tmp_path)
    write(root, {"configure": CONFIGURE, "Makefile.in": MAKEFILE_IN, "bench.c": BENCH})
    r = port(["-o", "out", "--", "sh", "-c", "./configure CC=mpicc && make"], cwd=root)
    assert r.returncode == 0, r.stderr
    rep = report(os.path.join(root, "out"))
    assert [p["name"] for p in rep["programs"]] == ["bench"]  # not configure's conftest
    assert rep["capture"]["skipped"] == [os.path.join(root, "conftest")]
    assert set(rep["programs"][0]["defines"]) == {"HAVE_CONFIG=1", "FIELD_WIDTH=12"}


def test_compile_commands_grouped_by_main(tmp_path):
    root = str(tmp_path)
    write(root, {"src/hello.c": HELLO, "src/other.c": OTHER, "lib/util.c": UTIL_C, "lib/util.h": UTIL_H})
    entries = [{"directory": root, "file": "src/hello.c",
                "arguments": ["mpicc", "-DN=3", "-Ilib", "-c", "src/hello.c", "-o", "hello.o"]},
               {"directory": root, "file": "src/other.c", "command": "mpicc -O2 -c src/other.c -o other.o"},
               {"directory": os.path.join(root, "lib"), "file": "util.c", "command": "mpicc -I. -c util.c"}]
    with open(os.path.join(root, "compile_commands.json"), "w") as f:
        json.dump(entries, f)
    r = port(["-o", "out", "--compile-commands", "compile_commands.json"], cwd=root)
    assert r.returncode == 0, r.stderr
    progs = programs(os.path.join(root, "out"))
    assert set(progs) == {"hello", "other"}
    assert [os.path.basename(s) for s in progs["hello"]["sources"]] == ["hello.c", "util.c"]  # twice() is util.c's
    assert [os.path.basename(s) for s in progs["other"]["sources"]] == ["other.c"]
    assert "N=3" in progs["hello"]["defines"]


def test_list_of_files_and_a_located_error(tmp_path):
    root = str(tmp_path)
    write(root, {"hello.c": HELLO, "util.c": UTIL_C, "util.h": UTIL_H, "asm.c": ASM})
    r = port(["-o", "out", "-D", "N=2", "hello.c", "util.c", "asm.c"], cwd=root)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr
    progs = programs(os.path.join(root, "out"))
    assert progs["hello"]["status"] == "ported" and progs["asm"]["status"] == "failed"
    d = progs["asm"]["diagnostics"][0]
    assert (d["category"], d["line"], d["severity"]) == ("inline-asm", 4, "error")
    assert d["source_line"].strip() == '__asm__("nop");'
    assert not os.path.exists(os.path.join(root, "out", "asm"))


def test_ports_through_batches_equal_ports_a_process_each(tmp_path):
    """cmpi-port translates through `cmpi-translate --batch` processes (one per worker, a child forked per program,
    each in its program's directory with -C): the ports, statuses and diagnostics are those of a process per program
    (CMPI_PORT_TRANSLATE names a translator's command line: then it runs once per program, as before)."""
    root = str(tmp_path)
    write(root, {"hello.c": HELLO, "util.c": UTIL_C, "util.h": UTIL_H, "asm.c": ASM, "other.c": OTHER})
    args = ["-j", "2", "-D", "N=2", "hello.c", "util.c", "asm.c", "other.c"]
    batch = port(["-o", "batch"] + args, cwd=root)
    alone = port(["-o", "alone"] + args, cwd=root, env={"CMPI_PORT_TRANSLATE": f"{sys.executable} -m translator"})
    assert batch.returncode == alone.returncode == 1, (batch.stderr, alone.stderr)
    a, b = programs(os.path.join(root, "alone")), programs(os.path.join(root, "batch"))
    assert sorted(a) == sorted(b) == ["asm", "hello", "other"]
    for name in a:
        for key in ("status", "class", "output", "c_lines", "cs_lines", "diagnostics"):
            assert a[name][key] == b[name][key], (name, key)
        if a[name]["output"]:
            with open(os.path.join(root, "alone", a[name]["output"]), "rb") as fa, \
                    open(os.path.join(root, "batch", b[name]["output"]), "rb") as fb:
                assert fa.read() == fb.read(), name
    assert a["asm"]["status"] == "failed" and a["asm"]["diagnostics"][0]["category"] == "inline-asm"


def test_build_that_compiles_but_links_nothing(tmp_path):
    root = str(tmp_path)
    write(root, {"src/hello.c": HELLO, "src/other.c": OTHER, "lib/util.c": UTIL_C, "lib/util.h": UTIL_H,
                 "Makefile": "objs:\n\tmpicc -DN=1 -Ilib -c src/hello.c src/other.c lib/util.c\n"})
    r = port(["-o", "out", "--", "make"], cwd=root)
    assert r.returncode == 0, r.stderr
    progs = programs(os.path.join(root, "out"))
    assert [os.path.basename(s) for s in progs["hello"]["sources"]] == ["hello.c", "util.c"]
    assert [os.path.basename(s) for s in progs["other"]["sources"]] == ["other.c"]
    assert "linked no executable" in report(os.path.join(root, "out"))["capture"]["notes"][0]


def test_class_names_avoid_the_names_the_runtime_uses():
    """A program named as a type the generated code uses (PRK's `random`: System.Random) gets "Program"
    appended, as cmpi-translate's own default does; cmpi-translate refuses such a --class-name."""
    from translator.cli import class_name_problem
    from translator.port.translate import class_name
    assert class_name("random") == "RandomProgram" and class_name("math") == "MathProgram"
    assert class_name("stencil") == "Stencil" and class_name("osu_bw") == "OsuBw" and class_name("2d") == "Program2d"
    for name in ("random", "math", "ptr", "string", "main"):
        assert class_name_problem(class_name(name)) is None


@pytest.mark.skipif(shutil.which("cmake") is None, reason="needs cmake")
def test_cmake_build_ports_its_targets_not_cmakes_compiler_check(tmp_path):
    """CMake compiles and keeps `CMakeFiles/<version>/CompilerIdC/a.out` to identify the compiler: no program of
    the codebase (it was ported as one, `a.out`, 868 lines of CMake's)."""
    root = str(tmp_path)
    write(root, {"src/hello.c": HELLO, "lib/util.c": UTIL_C, "lib/util.h": UTIL_H,
                 "CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(demo C)\nfind_package(MPI REQUIRED)\n"
                                   "add_library(util STATIC lib/util.c)\ntarget_include_directories(util PUBLIC lib)\n"
                                   "target_link_libraries(util PUBLIC MPI::MPI_C)\n"
                                   "add_executable(hello src/hello.c)\ntarget_compile_definitions(hello PRIVATE N=1)\n"
                                   "target_link_libraries(hello util)\n"})
    r = port(["-o", "out", "--", "sh", "-c", "cmake -S . -B build && cmake --build build"], cwd=root)
    assert r.returncode == 0, r.stderr
    progs = programs(os.path.join(root, "out"))
    assert sorted(progs) == ["hello"]
    assert [os.path.basename(s) for s in progs["hello"]["sources"]] == ["hello.c", "util.c"]
    assert any("CompilerIdC" in n for n in report(os.path.join(root, "out"))["capture"]["notes"])
