"""Which MPI functions Open MPI's mpi.h declares that cmpi's rules (translator/rules/mpi.toml) lack, grouped by
the chapter of the MPI standard they belong to, and (with --count) how often C sources call each of them.

    python3 scripts/mpi_coverage.py                       # missing names by chapter
    python3 scripts/mpi_coverage.py --count DIR [DIR ...] # and, per missing name, files and calls in DIR's C code
    python3 scripts/mpi_coverage.py --header PATH         # another mpi.h (default: mpicc's, Open MPI 4.1)

A program calling a missing function stops at translation with a located error, so the counts say which ones
real codes would hit first. The chapter is read off the name (MPI-3.1's chapters); a name of a chapter whose
functions cmpi deliberately leaves out (process creation, tool information, Fortran handle conversion) is
listed all the same, under its chapter.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from typing import Dict, Iterable, List, Set, Tuple

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib  # type: ignore

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = os.path.join(ROOT, "translator", "rules", "mpi.toml")
DEFAULT_HEADER = "/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h"

# First match wins: the specific patterns (deprecated names, one-sided request calls) come before the broad ones.
CHAPTERS: List[Tuple[str, str]] = [
    ("15 Deprecated and removed", r"MPI_(Address|Type_(extent|hindexed|hvector|lb|ub|struct)|Errhandler_(create|get|set)"
                                  r"|Attr_(get|put|delete)|Keyval_(create|free)|Info_get(_valuelen)?)$"),
    ("17 Language bindings", r"MPI_(\w+_(f2c|c2f|f082f|f2f08|c2f08|f082c)|Type_create_f90_\w+|Type_match_size"
                             r"|Status_(f2c|c2f|f082c|c2f08|f082f|f2f08))$"),
    ("14 Tool support", r"MPI_(T_\w+|Pcontrol)$"),
    ("12 External interfaces", r"MPI_(Grequest_\w+|Status_set_\w+|Init_thread|Query_thread|Is_thread_main"
                               r"|Type_(get_envelope|get_contents|set_name|get_name)|\w+_(set|get)_name)$"),
    ("10 Process creation", r"MPI_(Comm_(spawn\w*|get_parent|accept|connect|disconnect|join)|Open_port|Close_port"
                            r"|(Un)?[Pp]ublish_name|Lookup_name)$"),
    ("9 Info", r"MPI_Info_\w+$"),
    ("8 Environment", r"MPI_(Init|Initialized|Finalize|Finalized|Abort|Wtime|Wtick|Get_(version|library_version"
                      r"|processor_name)|Alloc_mem|Free_mem|Error_\w+|Add_error_\w+|Errhandler_free"
                      r"|(Comm|Win|File)_(create|set|get|call)_errhandler)$"),
    ("13 I/O", r"MPI_(File_\w+|Register_datarep)$"),
    ("11 One-sided", r"MPI_(Win_(?!\w*_attr$|\w*keyval$)\w+|Put|Get|Rput|Rget|Accumulate|Raccumulate|Get_accumulate"
                     r"|Rget_accumulate|Fetch_and_op|Compare_and_swap)$"),
    ("7 Topologies", r"MPI_(Cart\w*|Graph\w*|Dist_graph\w*|Dims_create|Topo_test|I?neighbor_\w+)$"),
    ("6 Groups, communicators, caching", r"MPI_(Group_\w+|Comm_\w+|Intercomm_\w+|\w+_(set|get|delete)_attr"
                                         r"|\w+_(create|free)_keyval)$"),
    ("4 Datatypes", r"MPI_(Type_\w+|Pack\w*|Unpack\w*|Get_address|Get_elements\w*)$"),
    ("5 Collectives", r"MPI_(I?(barrier|bcast|gather\w*|scatter\w*|allgather\w*|alltoall\w*|reduce\w*"
                      r"|allreduce|scan|exscan)|Barrier|Bcast|Gatherv?|Scatterv?|Allgatherv?|Alltoall[vw]?|Reduce\w*"
                      r"|Allreduce|Scan|Exscan|Op_\w+)$"),
    ("3 Point-to-point", r"MPI_\w+$"),
]

DECLARATION = re.compile(r"^OMPI_DECLSPEC\s+(?!extern\b)[^;(]*?\b(MPI_[A-Z][A-Za-z0-9_]*)\s*\(", re.M)
SOURCE_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp")


def declared(header: str) -> Set[str]:
    with open(header, encoding="utf-8", errors="replace") as f:
        return set(DECLARATION.findall(f.read()))


def ruled() -> Set[str]:
    with open(RULES, "rb") as f:
        return set(tomllib.load(f))


def chapter_of(name: str) -> str:
    for chapter, pattern in CHAPTERS:
        if re.match(pattern, name):
            return chapter
    return "3 Point-to-point"


def c_texts(dirs: Iterable[str]) -> Iterable[str]:
    """The text of every C source under dirs; a bare git directory (a /work/.mirror/owner+name/repo snapshot, no
    work tree) is read from its HEAD commit (a blob the snapshot lacks, over 4 MiB, is skipped)."""
    for top in dirs:
        if os.path.isdir(os.path.join(top, "objects")) and os.path.isfile(os.path.join(top, "HEAD")):
            yield from git_texts(top)
            continue
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d != ".git")
            for name in sorted(filenames):
                if name.endswith(SOURCE_SUFFIXES):
                    try:
                        with open(os.path.join(dirpath, name), encoding="utf-8", errors="replace") as f:
                            yield f.read()
                    except OSError:
                        continue


def git_texts(git_dir: str) -> Iterable[str]:
    tree = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "HEAD"], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True).stdout
    blobs = [line.split()[2] for line in tree.splitlines()
             if line.split("\t", 1)[-1].endswith(SOURCE_SUFFIXES) and line.split()[1] == "blob"]
    if not blobs:
        return
    batch = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "--batch"], input=("\n".join(blobs) + "\n").encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=False).stdout
    at = 0
    while at < len(batch):
        header_end = batch.index(b"\n", at)
        header = batch[at:header_end].split()
        at = header_end + 1
        if len(header) < 3 or header[1] != b"blob":  # "<sha> missing"
            continue
        size = int(header[2])
        yield batch[at:at + size].decode("utf-8", errors="replace")
        at += size + 1


def call_counts(names: Set[str], dirs: List[str]) -> Dict[str, Tuple[int, int]]:
    """name -> (files calling it, calls) over the C sources under dirs (a PMPI_ name does not count)."""
    call = re.compile(r"\b(MPI_[A-Z][A-Za-z0-9_]*)\s*\(")
    counts: Dict[str, List[int]] = {n: [0, 0] for n in names}
    for text in c_texts(dirs):
        seen: Set[str] = set()
        for name in call.findall(text):
            if name in counts:
                counts[name][1] += 1
                seen.add(name)
        for name in seen:
            counts[name][0] += 1
    return {n: (c[0], c[1]) for n, c in counts.items()}


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--header", default=DEFAULT_HEADER)
    parser.add_argument("--count", nargs="+", metavar="DIR", help="count calls of the missing names in DIR's C code")
    args = parser.parse_args(argv)
    have = ruled()
    decl = declared(args.header)
    missing = sorted(decl - have)
    counts = call_counts(set(missing), args.count) if args.count else {}
    print(f"{len(decl)} functions in {args.header}, {len(decl & have)} with a rule, {len(missing)} without"
          + (f"; after each: the files calling it and its calls in {len(args.count)} trees" if counts else ""))
    by_chapter: Dict[str, List[str]] = {}
    for name in missing:
        by_chapter.setdefault(chapter_of(name), []).append(name)
    for chapter in sorted(by_chapter, key=lambda c: int(c.split()[0])):
        names = by_chapter[chapter]
        if counts:
            names.sort(key=lambda n: (-counts[n][0], -counts[n][1], n))
        print(f"\n{chapter} ({len(names)})")
        for name in names:
            print(f"  {name}" + (f"  {counts[name][0]} {counts[name][1]}" if counts else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
