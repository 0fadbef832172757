"""`cmpi-translate app.c -o App.cs`: the command line.

Exit status: 0 translated, 1 the input cannot be translated (diagnostics on
stderr, in file:line:col form), 2 usage errors, 3 an internal error.
Set CMPI_DEBUG=1 to see the Python traceback of an internal error.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import time

from . import compile_check
from .diagnostics import Diagnostic, DiagnosticSink, TranslationError, TranslationErrors


# Bounds on one translation (issue 27): a macro bomb (#define F1(x) F0(F0(x)) ... expanding 2^32 times) would
# otherwise run until killed. Past them: a clear error and exit 1. The time bound counts the process's CPU time, not
# wall time: whether an input is beyond the bound is then a fact of the input, the same on a quiet machine and on
# one where 50 processes share 2 cores (a wall bound there stopped translations that take a second of CPU). What
# could wait without using CPU (`#include "/dev/stdin"`, a pipe) is refused before clang reads it
# (reader/rewrite.py).
DEFAULT_TIME_LIMIT = 300.0
DEFAULT_MEMORY_LIMIT = 3072


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cmpi-translate",
        description="Translate a C MPI program into a C# program for the CloudMpi runtime.",
        epilog="Arguments after -- go to clang as they are.")
    p.add_argument("inputs", nargs="*", metavar="input.c",
                   help="the C source file(s); several files are translated as one program")
    p.add_argument("-o", "--output", help="the C# file to write (default: <Input>.cs beside the input)")
    p.add_argument("-I", dest="includes", action="append", default=[], metavar="DIR", help="add an include directory")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VAL]", help="define a macro")
    p.add_argument("--class-name", help="the C# class name (default: from the output file name)")
    p.add_argument("--dump-ir", action="store_true", help="print the intermediate representation and stop")
    p.add_argument("--list-mpi", action="store_true", help="list the MPI functions the rules table maps")
    p.add_argument("--time", action="store_true", help="print the translation time on stderr")
    p.add_argument("--no-check", dest="check", action="store_false",
                   help="write the C# without compiling it first (by default the runtime's checker, cmpi-run --check, "
                        "compiles it: a translation that would not compile is an error at its C declaration, exit 1; "
                        "also CMPI_TRANSLATE_CHECK=0)")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="S",
                   help=f"give up after S seconds of CPU time (default {DEFAULT_TIME_LIMIT:g}; 0: no bound)")
    p.add_argument("--memory-limit", type=int, default=DEFAULT_MEMORY_LIMIT, metavar="MIB",
                   help=f"give up beyond MIB MiB of memory (default {DEFAULT_MEMORY_LIMIT}; 0: no bound)")
    p.add_argument("-C", "--directory", metavar="DIR",
                   help="change to DIR first, as make -C does: the other paths are read from there (a job of a "
                        "batch in its program's folder: cmpi-port)")
    p.add_argument("--batch", metavar="JOBS",
                   help="many translations, the start-up paid once: JOBS ('-': standard input) has one per line, its "
                        "arguments as on this command line (the options given beside --batch too); one JSON line per "
                        "translation on standard output (translator/batch.py)")
    return p


def _class_name(path: str) -> str:
    stem = os.path.splitext(os.path.basename(path))[0]
    name = re.sub(r"\W", "_", stem)
    if not name or name[0].isdigit():
        name = "Program_" + name
    return name[0].upper() + name[1:]


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def class_name_problem(name: str) -> str | None:
    """Why `name` cannot be the C# class (--class-name), or None: C# identifier, no keyword, no name the generated
    code or the runtime uses unqualified (a class `Main` beside its entry point is CS0542, `System` hides the
    namespace, `Math` or `Ptr` the types the code calls)."""
    from .csharp_names import CS_ALL_KEYWORDS
    from .runtime_names import RUNTIME_NAMES
    if not _IDENTIFIER.match(name):
        return "is no C# identifier (letters, digits and _, not starting with a digit)"
    if name in CS_ALL_KEYWORDS:
        return "is a C# keyword"
    if name in RUNTIME_NAMES:
        return "is a name the generated code uses (System, Math, CloudMpi's and CloudMpi.Libc's types and functions)"
    return None


def _free_class_name(tu, name: str) -> str:
    """The class name, unless the program names something so (fox.c's `void Fox(...)`: C# forbids a member named as
    its class) or the generated code or runtime uses it (Main.cs, System.cs, Math.cs); then with "Program"
    appended."""
    from .runtime_names import RUNTIME_NAMES
    taken = {f.name for f in tu.functions} | {g.name for g in tu.globals} | {r.name for r in tu.records} | \
            {m.name for m in tu.macros} | {e.name for e in tu.enums if e.name} | \
            {c for e in tu.enums for c, _ in e.constants} | RUNTIME_NAMES
    while name in taken:
        name += "Program"
    return name


def translate_file(path, output: str, clang_args, class_name: str | None = None, check: bool = False) -> DiagnosticSink:
    """Translate `path` (a file or a list of the program's files) into `output`; with `check`, compiled first by the
    runtime's checker (compile_check.py).

    Raises TranslationError for what cannot be translated."""
    from .csharp.context import Context
    from .csharp.decls import convert_translation_unit
    from .emit import render_program
    from .reader.frontend import Frontend
    from .rules import load

    frontend = Frontend(path, clang_args)
    tu = frontend.parse()
    sink = DiagnosticSink()
    for loc, name, header in frontend.implicit_declarations:
        sink.warn(loc, f"'{name}' is called without its declaration: translated with <{header}>'s, as if the program "
                  "included it (gcc 12 accepts the call with a warning)", "implicit-function-declaration")
    for loc, name in frontend.calls_before_declaration:
        sink.warn(loc, f"'{name}' is called before any declaration of it: the call uses its definition further on "
                  "(C89's implicit declaration, which gcc 12 accepts with a warning)", "implicit-function-declaration")
    cls = _free_class_name(tu, class_name or _class_name(output))
    ctx = Context(tu=tu, rules=load(), class_name=cls, diagnostics=sink)
    # One run names every error: the C reader's (where clang went on), the declarations the front end could not
    # read, and the conversion's of the rest (frontend.all_errors orders them)
    earlier = frontend.c_errors or frontend.decl_errors
    before = len(sink.items)
    try:
        try:
            converted = convert_translation_unit(ctx)
        except TranslationError as e:
            # errors in static functions no code calls: those are left out (with a warning), the rest converted
            # again, which reports the errors elsewhere
            converted_warnings = len(sink.items)
            smaller = frontend.without_unused_statics(tu, getattr(e, "diagnostics", [e.diagnostic]))
            if smaller is None:
                raise
            del sink.items[before:converted_warnings]  # the second conversion gives its warnings again
            tu = smaller
            ctx = Context(tu=tu, rules=load(), class_name=cls, diagnostics=sink)
            converted = convert_translation_unit(ctx)
    except TranslationError as e:
        raise TranslationErrors(frontend.all_errors(getattr(e, "diagnostics", [e.diagnostic])))
    except Exception:
        if not earlier:
            raise
        raise TranslationErrors(frontend.all_errors([]))  # what could not be read made no sense to convert
    if earlier:
        raise TranslationErrors(frontend.all_errors([]))
    sink.items[:0] = frontend.warnings  # static functions left out of the port
    warn_openmp_directives(tu, sink)
    paths = [path] if isinstance(path, str) else list(path)
    program = os.path.splitext(os.path.basename(paths[0]))[0]

    def render(members: dict) -> str:
        text = render_program(cls, ", ".join(os.path.basename(p) for p in paths), program, members)
        return re.sub("[\udc80-\udcff]", lambda m: chr(ord(m.group()) - 0xDC00), text)  # raw bytes in comments: Latin-1

    text = render(converted)
    if compile_check.enabled(check):
        found = compile_check.problems(text, output)
        if found is None and compile_check.checker() is not None:
            sink.warn(None, "the C# was written without the compile check: the runtime's checker (cmpi-run --check) "
                      "did not run; check it with `cmpi-run --check`", "csharp-check")
        if found:
            owners = compile_check.member_lines(render, converted, text)
            raise TranslationErrors(compile_check.diagnostics(found, owners, output))
    _write_atomically(output, text)
    return sink


def _write_atomically(output: str, text: str) -> None:
    """The C# file, written beside its place and renamed there: an interrupted run leaves no half-written file.

    Only a regular file (or a new name) is replaced so: a device or a pipe (`-o /dev/null`, `/dev/stdout`, a fifo)
    is written into, as gcc writes, and `-o /dev/full` fails with ENOSPC (it once renamed the C# over the device
    node, which root may do); a symbolic link keeps its place and the file it names is replaced."""
    import stat
    try:
        mode = os.stat(output).st_mode  # through a symbolic link
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise TranslationError(None, f"cannot write {output}: {e.strerror}", "output")
    if mode is not None and stat.S_ISDIR(mode):
        raise TranslationError(None, f"cannot write {output}: it is a directory", "output")
    if mode is not None and not stat.S_ISREG(mode):
        try:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise TranslationError(None, f"cannot write {output}: {e.strerror}", "output")
        return
    _replace_file(os.path.realpath(output), output, text)


def _replace_file(target: str, output: str, text: str) -> None:
    from .atomic_file import replace_atomically
    try:
        replace_atomically(target, lambda f: f.write(text.encode("utf-8")),
                           prefix="." + os.path.basename(target) + ".", mode=0o666 & ~_umask())
    except OSError as e:
        raise TranslationError(None, f"cannot write {output}: {e.strerror}", "output")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _utf8(text: str) -> bool:
    """Whether a command-line argument is UTF-8 (Python gives a byte that is not as a surrogate, U+DC80 + byte)."""
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


_OMP_PRAGMA = re.compile(r"^\s*#\s*pragma\s+omp\b")


def warn_openmp_directives(tu, sink: DiagnosticSink) -> None:
    """clang parses without -fopenmp and skips `#pragma omp`: each rank runs its parallel regions on one thread
    (translator/include/omp.h). Correct, but no longer parallel inside a rank: say so once per file."""
    from .ir import Loc
    for name in tu.files or ():
        try:
            with open(name, encoding="utf-8", errors="replace") as f:
                lines = f.readlines()
        except OSError:
            continue
        for number, line in enumerate(lines, 1):
            if _OMP_PRAGMA.match(line):
                sink.warn(Loc(name, number, line.index("#") + 1),
                          "OpenMP directives are ignored: each rank runs its parallel regions on one thread "
                          "(as natively with OMP_NUM_THREADS=1)", "openmp")
                break


# Nesting as deep as generated C has (a 500-term sum, 1,000 casts) recurses through the frontend and the converters
# deeper than Python's default 1,000 frames and the main thread's 8 MiB stack: the translation runs in a thread with
# a stack of its own, and what nests deeper than the bound in reader/frontend.py is a located -Wnesting-limit error.
_STACK_BYTES = 1 << 30  # reserved, not committed: only the pages a deep program touches are used
_RECURSION_LIMIT = 200_000


def main(argv=None) -> int:
    import gc
    import threading
    batch = _batch_arguments(argv)
    if batch is not None:
        from .batch import run_batch
        return run_batch(*batch, main, lambda job: _batch_arguments(job) is not None)
    # a diagnostic can quote bytes of the input that are not UTF-8 (`#include "caf\xe9"`): write them back as the
    # bytes they were, as gcc does, instead of failing to encode them (fuzz seed 1 input 3186: an internal error)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="surrogateescape")
    # libclang parses on a thread of its own with an 8 MiB stack, where 3,000 nested casts overflow it (SIGSEGV):
    # parse on this big-stacked thread instead.
    os.environ.setdefault("LIBCLANG_NOTHREADS", "1")
    # A translation builds millions of objects that form no cycles (cursors, IR nodes, tuples) and ends: Python's
    # cycle collector would walk the growing heap again and again for nothing (issue 28: 6-20 % of the CPU of a
    # 5,000-statement program, for 10 % more peak memory without it). Only this process: tests call _main.
    gc.freeze()
    gc.disable()
    result = []
    old_limit = sys.getrecursionlimit()
    old_size = threading.stack_size()
    try:
        threading.stack_size(_STACK_BYTES)
        worker = threading.Thread(target=lambda: result.append(_exit_status(_main, argv)), name="cmpi-translate",
                                  daemon=True)
        sys.setrecursionlimit(max(old_limit, _RECURSION_LIMIT))
        worker.start()
    finally:
        threading.stack_size(old_size)
    time_limit, memory_limit = _limits(argv)
    _cpu_backstop(time_limit)
    start = time.process_time()  # CPU seconds of all the process's threads
    try:
        while worker.is_alive():
            worker.join(0.1)
            exceeded = None
            if time_limit and time.process_time() - start > time_limit:
                exceeded = f"took more than {time_limit:g} s of CPU time (--time-limit)"
            elif memory_limit and _resident_mib() > memory_limit:
                exceeded = f"needed more than {memory_limit} MiB of memory (--memory-limit)"
            if exceeded:
                # the worker may be inside libclang (a macro bomb, an endless include): it cannot be stopped, the
                # process can
                print(f"cmpi-translate: error: the translation {exceeded}: the input is beyond cmpi's bounds (a "
                      "macro that expands exponentially, an endless included file?) [-Wresource-limit]",
                      file=sys.stderr, flush=True)
                os._exit(1)
    except KeyboardInterrupt:
        return 130
    finally:
        sys.setrecursionlimit(old_limit)
    return result[0] if result else 3


def _batch_arguments(argv):
    """(JOBS, the options given beside --batch) when the command line asks for a batch, else None (also when it
    cannot be read: _main then says why)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(a == "--batch" or a.startswith("--batch=") for a in argv) or "--" in argv:
        return None
    try:
        args, rest = _parser().parse_known_args(argv)
    except (SystemExit, Exception):
        return None
    if args.batch is None or args.inputs or rest:
        return None
    common, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a == "--batch":
            skip = True
        elif not a.startswith("--batch="):
            common.append(a)
    return args.batch, common


def _exit_status(function, argv) -> int:
    """function(argv), or the status of the SystemExit it raises: argparse's for a command line it cannot read (2)
    and after --help (0). Raised on the worker thread, it ended only that thread, and the process exited 3, as
    for an internal error."""
    try:
        return function(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)


# What the kernel allows past --time-limit before it ends the process (SIGXCPU), for a translation stuck in one C
# call that holds Python's lock: the watchdog above is Python and waits for that lock (a regular expression that
# backtracked exponentially ran for hours this way).
# cmpi-translate --batch reports that end as the resource-limit error (batch.XCPU_MESSAGE).
_BACKSTOP_SECONDS = 30


def _cpu_backstop(time_limit: float) -> None:
    """RLIMIT_CPU a little past --time-limit (never raised above a limit already set)."""
    if not time_limit:
        return
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    used = time.process_time()
    want = int(used + time_limit) + _BACKSTOP_SECONDS
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    if soft == resource.RLIM_INFINITY or want < soft:
        resource.setrlimit(resource.RLIMIT_CPU, (want, hard))
        # SIGXCPU's default action dumps core: no core file of the translator in the user's directory
        resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))


def _limits(argv):
    """--time-limit and --memory-limit as the worker's parser will read them (defaults if they do not parse)."""
    try:
        args, _ = _parser().parse_known_args(list(sys.argv[1:] if argv is None else argv))
        return max(args.time_limit, 0.0), max(args.memory_limit, 0)
    except (SystemExit, Exception):
        return DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_LIMIT


def _resident_mib() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
    except (OSError, ValueError, IndexError):
        return 0.0


def _main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    args = _parser().parse_intermixed_args(argv)  # several input files may sit around -o
    if args.batch is not None:  # (main() runs a batch; here, a batch with input files or clang arguments, or a job)
        print("cmpi-translate: error: --batch takes no input files and no clang arguments (each job has its own), "
              "and a job of a batch is no batch", file=sys.stderr)
        return 2
    if args.directory is not None:
        try:
            os.chdir(args.directory)
        except OSError as e:
            print(f"cmpi-translate: error: cannot change to the directory {args.directory}: {e.strerror}",
                  file=sys.stderr)
            return 2
    try:
        if args.list_mpi:
            from .rules import load
            names = sorted(load().mpi)
            for n in names:
                print(n)
            print(f"{len(names)} MPI functions mapped")
            return 0
        if not args.inputs:
            _parser().print_usage(sys.stderr)
            print("cmpi-translate: error: an input file is required", file=sys.stderr)
            return 2
        clang_args = [f"-I{d}" for d in args.includes] + [f"-D{d}" for d in args.defines] + extra
        for text in args.inputs + clang_args:
            if not _utf8(text):
                # libclang takes names as UTF-8 only (its Python bindings refuse the bytes): an internal error once
                print(f"cmpi-translate: error: '{text}' is not UTF-8: libclang reads file names and options as UTF-8 "
                      "only; rename the file or directory [-Wfile-name]", file=sys.stderr)
                return 1
        if args.dump_ir:
            from . import ir
            from .reader.frontend import Frontend
            tu = Frontend(args.inputs, clang_args).parse()
            print(ir.dump(tu.globals))
            print(ir.dump(tu.functions))
            return 0
        first = args.inputs[0]
        if args.class_name is not None and class_name_problem(args.class_name):
            print(f"cmpi-translate: error: --class-name {args.class_name!r} {class_name_problem(args.class_name)}",
                  file=sys.stderr)
            return 2
        output = args.output or os.path.join(os.path.dirname(first), _class_name(first) + ".cs")
        for source in args.inputs:
            if os.path.exists(output) and _same_file(output, source):
                print(f"cmpi-translate: error: the output file {output} is the input file {source}: refusing to "
                      "overwrite it", file=sys.stderr)
                return 2
        start = time.perf_counter()
        sink = translate_file(args.inputs, output, clang_args, args.class_name, check=args.check)
        sink.print_all()
        if args.time:
            print(f"cmpi-translate: {' '.join(args.inputs)} translated in {time.perf_counter() - start:.3f} s", file=sys.stderr)
        return 0
    except TranslationError as e:
        for d in getattr(e, "diagnostics", [e.diagnostic]):
            print(d, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except MemoryError:  # the input asked for more than this process may have: a bound, as the watchdog's are
        print("cmpi-translate: error: the translation needed more memory than it may have (--memory-limit or the "
              "machine's): the input is beyond cmpi's bounds [-Wresource-limit]", file=sys.stderr)
        return 1
    except Exception as e:  # a bug in the translator, not in the input
        if os.environ.get("CMPI_DEBUG"):
            import traceback  # (here: only an internal error needs it; its import is a few ms of every start)
            traceback.print_exc()
        # the C declaration being converted when it happened (decls.convert_translation_unit), where known
        print(Diagnostic(getattr(e, "cmpi_loc", None), "error", f"internal error: {type(e).__name__}: {e} "
                         "(set CMPI_DEBUG=1 for details; please report it)", "internal"), file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
