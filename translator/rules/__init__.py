"""The function-equivalence table: MPI and C library calls as data rows.

Rows live in `mpi.toml` and `libc.toml`; they are validated when loaded, so a
typo in a row fails at start-up, not in the middle of a translation. Calls a
row cannot express are handled by functions registered in `special.py`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Dict, Optional, Tuple

from . import special
from .. import toml_cache

RULES_DIR = os.path.dirname(__file__)

# How an MPI argument is passed (see the comment at the top of mpi.toml).
PARAM_KINDS = frozenset({"value", "buffer", "address", "out", "ref", "status", "function", "string", "unread",
                         "attribute_function"})

# Facts about a function, read by the passes and the emission (one description per function, here):
#   keeps_buffer  (MPI) the call keeps its buffer after it returns (Isend, Recv_init, Win_create,
#                 Get_address): `&x` cannot be `ref x` (x lives in a one-element array) and a staged copy
#                 would be written back too early
#   pure          no side effect, the value depends on the arguments alone (sqrt): a loop body may call it
#   stateful      the value depends on state the call changes (rand, printf's output, MPI_Wtime): two calls in
#                 one argument list are kept in gcc's order
#   bytes         sees its `void *` arguments as bytes (free, memset, memcpy): a `void *` buffer passed to it
#                 may hold bytes
#   needs_memory  its `void *` arguments must point at memory whatever the count (C11 7.24.1p2: memcpy, memset,
#                 memcmp...): a null pointer constant there is a located -Wnull-argument (undefined in C)
#   takes_views   (MPI) a call that keeps its buffer, whose cMPI method has an overload taking it as one Ptr<T>, a
#                 view too (memory read as another type): exposes or names the bytes in place, where an array and
#                 offset would need a staged copy that the call cannot keep (Win_create, Win_attach, Get_address)
#   takes_pointers  (MPI) a call whose cMPI method takes each buffer as a Ptr<T> as well (UserBuffer in the
#                 runtime finds a pointer's memory, stages a view and writes it back after the call, or, for a
#                 call that completes_views, when its request completes): a pointer goes as it is (`p`, `p + k`),
#                 with no PtrBuffer wrapper around the call
#   completes_views  (MPI) a nonblocking point-to-point call (Isend, Irecv) whose request's completion (Wait,
#                 Test) writes a staged view back: a view goes through PtrBuffer.Pending, where another call that
#                 keeps its buffer (a window, a persistent request) refuses it (PtrBuffer.Lasting)
#   sets_errhandler  (MPI) installs an error handler (MPI_Comm_set_errhandler): a program that calls one gets
#                 the runtime's errors as return codes (the Plan's sets_errhandler)
#   mixed_forms   (MPI) a call of two buffers sharing one count and datatype whose cMPI method also takes one as
#                 an array and the other as a scalar's `ref` (Reduce, Scan, Fetch_and_op): a retyped read buffer
#                 stays an array there
#   stores_address  (MPI) its `void *` out-parameter, given a pointer to memory rather than `&p`
#                 (MPI_Win_allocate's baseptr), gets the new memory's address stored in the bytes it points to, as
#                 C stores it: the runtime's Ptr<T> overload takes memory of any element type
#   shares_memory  (MPI) its pointer out-parameter receives a place inside one block of memory the ranks share
#                 (MPI_Win_allocate_shared's baseptr, MPI_Win_shared_query's: a segment follows the one before, so a
#                 program may walk from its own into the next rank's): `&p` there makes p a Ptr<T> (a moved pointer),
#                 which cMPI's overload sets to that place in the block
#   allocates_into  the position of a pointer-to-pointer parameter through which the call stores a fresh buffer
#                 (posix_memalign's memptr, MPI_Alloc_mem's baseptr): `&p` there is `out p` and gives p memory of its
#                 own type, whatever it is, structs holding pointers included, as `p = malloc(n)` does (p is neither
#                 boxed nor moved; a `void *` local a wrapper returns is its generic result, generic_buffers.py)
#   frees         gives back memory of any element type, as free does (MPI_Free_mem): memory that only passes
#                 through it and the allocates_into calls need not be `unmanaged`, as MPI's message buffers are
#   allocates     returns a new buffer: "copy" (strdup: a fresh array holding a copy); "new" (a fresh
#                 buffer) and "resize" (realloc) are the kinds of libc.toml's [allocators], which have no row
#   ref_buffers   (MPI) the positions of the buffer parameters where cMPI has an overload taking a scalar's `ref`,
#                 whatever form the call's other buffers take: `&x` there is `ref x`; at any other buffer
#                 position x lives in a one-element array and a struct field is passed as a view (issue 27)
#   packed_buffers  (MPI) the positions of buffer parameters holding packed bytes (MPI_Pack's outbuf, MPI_Unpack's
#                 inbuf): no datatype argument describes them, so -Wmpi-type-mismatch leaves them alone
#   no_ref        (libc) the positions of typed pointer parameters the runtime takes as a Ptr<T> only, never a `ref`
#                 (localtime_r's result, which the C function returns: a `ref` to a local could not be returned):
#                 `&x` there makes x live in a one-element array (fuzz seed 3 input 455)
#   thread_start  (libc) [f, a]: the call runs the program function given at position f with the `void *` given at
#                 position a, in a new thread whose value is the function's result (pthread_create): an integer
#                 carried in that `void *` reaches the function's parameter (passes/void_integers.py)
#   thread_value  (libc) the position of a `void *` that becomes the calling thread's value (pthread_exit's)
#   thread_value_out  (libc) the position of a `void **` that receives a thread's value (pthread_join's retval)
#   rounding_mode  (libc) the position of a rounding-direction argument (fesetround's): the port computes in
#                 round-to-nearest only (.NET has no rounding-mode control: its JIT folds constants and formats
#                 numbers to nearest), so a constant other than FE_TONEAREST there is a located
#                 -Wunsupported-rounding-mode; a value known only at run time the runtime checks
#   value_result  (MPI) its `int` result is a value, not an error code (MPI_Comm_c2f's MPI_Fint): no error
#                 handler turns an error into it, so the call is never routed through cMPI.Try
#   handle_result (libc) its `void *` result is an opaque handle, whatever pointer was stored (pthread_getspecific):
#                 C# `object`, which the program's cast reads back (Handle.As), not a generic result
#   null_string   (libc) C defines its `const char *` parameter for a null pointer (perror(NULL) prints the
#                 error alone, system(NULL) asks whether there is a shell): NULL passes there, where it is a
#                 located -Wnull-argument for the other string parameters
#   family        the calls one conversion of libc.py serves: "byte_pair" (memcpy, memmove, memcmp: two
#                 buffers read alike), "strto" (strtol...: an end pointer), "scanf" (scanf...: out arguments),
#                 "formatted_output" (printf...: the variable arguments are an object array, so `&x` there is
#                 x's one-element array, never a ref: %n stores into it)
FLAGS = ("keeps_buffer", "pure", "stateful", "bytes", "stores_address", "takes_views", "takes_pointers",
         "completes_views", "sets_errhandler", "mixed_forms", "frees", "needs_memory", "handle_result", "value_result",
         "shares_memory", "null_string")
ALLOCATES = frozenset({"new", "resize", "copy"})
FAMILIES = frozenset({"byte_pair", "strto", "scanf", "formatted_output"})


class RuleError(Exception):
    pass


@dataclass(frozen=True)
class Rule:
    c_name: str
    target: str
    params: Optional[Tuple[str, ...]]  # None for libc rows: converted by prototype
    special: Optional[str] = None
    removed: Optional[str] = None  # an MPI-1 function MPI-3.0 removed: the replacement the row maps it to
    keeps_buffer: bool = False
    pure: bool = False
    stateful: bool = False
    bytes: bool = False
    stores_address: bool = False
    shares_memory: bool = False
    takes_views: bool = False
    takes_pointers: bool = False
    completes_views: bool = False
    sets_errhandler: bool = False
    mixed_forms: bool = False
    frees: bool = False
    needs_memory: bool = False
    handle_result: bool = False
    value_result: bool = False
    null_string: bool = False
    allocates: Optional[str] = None
    allocates_into: Optional[int] = None
    family: Optional[str] = None
    ref_buffers: Tuple[int, ...] = ()
    no_ref: Tuple[int, ...] = ()
    packed_buffers: Tuple[int, ...] = ()
    thread_start: Optional[Tuple[int, int]] = None
    thread_value: Optional[int] = None
    thread_value_out: Optional[int] = None
    rounding_mode: Optional[int] = None


@dataclass(frozen=True)
class RuleTable:
    mpi: Dict[str, Rule]
    libc: Dict[str, Rule]
    constants: Dict[str, str]
    allocators: Dict[str, str] = field(default_factory=dict)  # name -> kind: [allocators] and rows' allocates

    def function(self, name: str) -> Optional[Rule]:
        return self.mpi.get(name) or self.libc.get(name)

    def allocates(self, name: str) -> Optional[str]:
        """The kind of buffer a function returns ("new", "resize", "copy"), else None."""
        return self.allocators.get(name)

    def allocation_out(self, name: str) -> Optional[int]:
        """The position through which `name` stores a fresh buffer (its row's allocates_into), else None."""
        rule = self.function(name)
        return rule.allocates_into if rule is not None else None

    def names(self, fact: str, value=True) -> frozenset:
        """The functions (MPI and libc) whose row has `fact` (FLAGS, allocates, family) equal to `value`; for
        allocates and family, `value` may be a tuple of values."""
        return _names(self, fact, value)


_NAMES: Dict[tuple, frozenset] = {}  # (id of the table, fact, value) -> names: the passes ask per node


def _names(table: RuleTable, fact: str, value) -> frozenset:
    key = (id(table), fact, value)
    found = _NAMES.get(key)
    if found is None:
        values = value if isinstance(value, tuple) else (value,)
        if fact == "allocates":
            found = frozenset(n for n, kind in table.allocators.items() if kind in values)
        else:
            found = frozenset(n for rows in (table.mpi, table.libc) for n, r in rows.items() if getattr(r, fact) in values)
        _NAMES[key] = found
    return found


def _load_file(filename: str, needs_params: bool) -> Tuple[Dict[str, Rule], Dict[str, str], Dict[str, str]]:
    path = os.path.join(RULES_DIR, filename)
    data = toml_cache.load(path)  # tomllib.load, parsed once per content (toml_cache.py)
    constants = data.pop("constants", {})
    allocators = data.pop("allocators", {})
    for name, kind in allocators.items():
        if kind not in ALLOCATES or kind == "copy":
            raise RuleError(f"{filename}: [allocators] {name} must be \"new\" or \"resize\"")
        if name in data:
            raise RuleError(f"{filename}: [allocators] {name} has a row: give the row `allocates` instead")
    rows: Dict[str, Rule] = {}
    for name, row in data.items():
        where = f"{filename}: [{name}]"
        unknown = set(row) - {"target", "params", "special", "removed", "allocates", "family", "ref_buffers",
                            "no_ref", "packed_buffers", "allocates_into", "thread_start", "thread_value",
                            "thread_value_out", "rounding_mode", *FLAGS}
        if unknown:
            raise RuleError(f"{where}: unknown keys {sorted(unknown)}")
        target = row.get("target")
        if not isinstance(target, str) or not target:
            raise RuleError(f"{where}: needs a target")
        params = row.get("params")
        if needs_params:
            if not isinstance(params, list) or any(p not in PARAM_KINDS for p in params):
                raise RuleError(f"{where}: params must be a list of {sorted(PARAM_KINDS)}")
            params = tuple(params)
        elif params is not None:
            raise RuleError(f"{where}: libc rows take no params")
        sp = row.get("special")
        if sp is not None and sp not in special.REGISTRY:
            raise RuleError(f"{where}: no special handler named {sp!r} in special.py")
        removed = row.get("removed")
        if removed is not None and not isinstance(removed, str):
            raise RuleError(f"{where}: removed must name the replacement function")
        flags = {}
        for flag in FLAGS:
            if flag in row and row[flag] is not True:
                raise RuleError(f"{where}: {flag} is `true` or left out")
            flags[flag] = flag in row
        if flags["keeps_buffer"] and not (params and ("buffer" in params or "address" in params)):
            raise RuleError(f"{where}: keeps_buffer needs a buffer or address parameter")
        if flags["takes_views"] and not (params and ("buffer" in params or "address" in params)):
            raise RuleError(f"{where}: takes_views needs a buffer or address parameter")
        if flags["takes_pointers"] and not (params and "buffer" in params):
            raise RuleError(f"{where}: takes_pointers needs a buffer parameter")
        if flags["takes_pointers"] and flags["keeps_buffer"] and not flags["completes_views"]:
            raise RuleError(f"{where}: a call that keeps its buffer cannot have a view staged for it (takes_pointers), "
                            "unless its completion writes the view back (completes_views)")
        if flags["completes_views"] and not flags["keeps_buffer"]:
            raise RuleError(f"{where}: completes_views is a fact of a call that keeps its buffer (keeps_buffer)")
        if flags["mixed_forms"] and "buffer, buffer" not in ", ".join(params or ()):
            raise RuleError(f"{where}: mixed_forms needs two buffer parameters in a row")
        if flags["stores_address"] and not (params and "out" in params):
            raise RuleError(f"{where}: stores_address needs an out parameter")
        if flags["shares_memory"] and not (params and "out" in params):
            raise RuleError(f"{where}: shares_memory needs an out parameter")
        if flags["pure"] and flags["stateful"]:
            raise RuleError(f"{where}: a function is pure or stateful, not both")
        allocates = row.get("allocates")
        if allocates is not None and allocates not in ALLOCATES:
            raise RuleError(f"{where}: allocates must be one of {sorted(ALLOCATES)}")
        allocates_into = row.get("allocates_into")
        if allocates_into is not None and (type(allocates_into) is not int or allocates_into < 0 or
                                           (params is not None and (allocates_into >= len(params) or
                                                                    params[allocates_into] != "out"))):
            raise RuleError(f"{where}: allocates_into is the position of an out parameter")
        family = row.get("family")
        if family is not None and family not in FAMILIES:
            raise RuleError(f"{where}: family must be one of {sorted(FAMILIES)}")
        ref_buffers = row.get("ref_buffers", [])
        if not isinstance(ref_buffers, list) or \
                any(not isinstance(i, int) or not params or not 0 <= i < len(params) or params[i] != "buffer"
                    for i in ref_buffers):
            raise RuleError(f"{where}: ref_buffers lists positions of buffer parameters")
        if ref_buffers and flags["keeps_buffer"]:
            raise RuleError(f"{where}: a call that keeps its buffer takes no `ref` (keeps_buffer)")
        packed_buffers = row.get("packed_buffers", [])
        if not isinstance(packed_buffers, list) or \
                any(not isinstance(i, int) or not params or not 0 <= i < len(params) or params[i] != "buffer"
                    for i in packed_buffers):
            raise RuleError(f"{where}: packed_buffers lists positions of buffer parameters")
        no_ref = row.get("no_ref", [])
        if not isinstance(no_ref, list) or any(not isinstance(i, int) or i < 0 for i in no_ref) or \
                (no_ref and needs_params):
            raise RuleError(f"{where}: no_ref lists positions of a libc row's pointer parameters")
        thread_start = row.get("thread_start")
        if thread_start is not None and (needs_params or not isinstance(thread_start, list) or len(thread_start) != 2 or
                                         any(type(i) is not int or i < 0 for i in thread_start)):
            raise RuleError(f"{where}: thread_start is [function position, argument position] of a libc row")
        thread_values = {key: row.get(key) for key in ("thread_value", "thread_value_out", "rounding_mode")}
        for key, position in thread_values.items():
            if position is not None and (needs_params or type(position) is not int or position < 0):
                raise RuleError(f"{where}: {key} is the position of a libc row's parameter")
        rows[name] = Rule(name, target, params, sp, removed, allocates=allocates, allocates_into=allocates_into,
                          family=family, ref_buffers=tuple(ref_buffers), no_ref=tuple(no_ref),
                          packed_buffers=tuple(packed_buffers),
                          thread_start=tuple(thread_start) if thread_start is not None else None,
                          **thread_values, **flags)
        if allocates is not None:
            allocators[name] = allocates
    for k, v in constants.items():
        if not isinstance(v, str):
            raise RuleError(f"{filename}: [constants] {k} must be a string")
    return rows, constants, allocators


@lru_cache(maxsize=1)
def load() -> RuleTable:
    mpi, mpi_consts, mpi_allocators = _load_file("mpi.toml", needs_params=True)
    libc, libc_consts, libc_allocators = _load_file("libc.toml", needs_params=False)
    return RuleTable(mpi, libc, {**libc_consts, **mpi_consts}, {**libc_allocators, **mpi_allocators})
