"""C types -> C# types, and which C# numeric conversions are implicit."""
from __future__ import annotations

from .. import ir
from ..diagnostics import TranslationError
from .cstypes import array_of, delegate_of, inline_array_of, parse as parse_cs, ptr_of
from ..passes.queries import flat_length  # noqa: F401 (the C# types' modules import it from here)
from ..passes.queries import flexible_member as _flexible_member

INT_TYPES = {
    "char": "sbyte", "signed char": "sbyte", "unsigned char": "byte",
    "short": "short", "unsigned short": "ushort",
    "int": "int", "unsigned int": "uint",
    "long": "long", "unsigned long": "ulong",          # LP64, as on Linux x86-64
    "long long": "long", "unsigned long long": "ulong",
    "__int128": "Int128", "unsigned __int128": "UInt128",  # GNU's 128-bit integers: .NET's (System)
    "_Bool": "bool",
}
# long double is gcc's x87 80-bit type (16 bytes in memory), the runtime's CLongDouble: a struct whose operators
# compute as the x87 does and which converts implicitly from every other number, explicitly to them (as C's usual
# arithmetic conversions widen to long double)
LONG_DOUBLE = "CLongDouble"
FLOAT_TYPES = {"float": "float", "double": "double", "long double": LONG_DOUBLE}
OPAQUE_TYPES = {
    "MPI_Comm": "Comm", "MPI_Datatype": "Datatype", "MPI_Op": "Op", "MPI_Request": "Request",
    "MPI_Status": "Status", "MPI_Group": "Group", "FILE": "FILE",
    "MPI_Errhandler": "Errhandler", "MPI_Info": "Info", "MPI_Win": "Win", "MPI_File": "MpiFile", "MPI_Message": "MpiMessage",
    "va_list": "VaList", "fpos_t": "fpos_t", "cpu_set_t": "cpu_set_t",
    "regex_t": "regex_t", "regmatch_t": "regmatch_t",  # <regex.h> (CloudMpi.Libc/CRegex.cs)
    "jmp_buf": "JmpBuf", "sigjmp_buf": "JmpBuf",  # <setjmp.h> (CloudMpi.Libc/CSetjmp.cs, csharp/setjmp.py)
    # <pthread.h> (CloudMpi.Libc/CThreads.cs: classes of the same names)
    **{name: name for name in ("pthread_mutex_t", "pthread_cond_t", "pthread_barrier_t", "pthread_attr_t",
                               "pthread_mutexattr_t", "pthread_condattr_t", "pthread_barrierattr_t",
                               "pthread_rwlock_t", "pthread_rwlockattr_t", "sem_t")},
    # <omp.h>'s locks (CloudMpi.Libc/OpenMp.cs: classes of the same names)
    "omp_lock_t": "omp_lock_t", "omp_nest_lock_t": "omp_nest_lock_t",
}

INTEGRAL = {"sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "char", "Int128", "UInt128"}
NUMERIC = INTEGRAL | {"float", "double", LONG_DOUBLE}
# The numeric types C# spells with a keyword: only a cast to one of them may be followed by `-x` or `+x`
# (`(Int128)-5`, `(CLongDouble)-0.0` read as subtractions, CS0075)
KEYWORD_NUMERIC = NUMERIC - {"Int128", "UInt128", LONG_DOUBLE}
# Element types whose memory CloudMpi.Libc can read as another (Ptr.Reinterpret): no references, no
# padding, one layout in C and C#.
PRIMITIVE_ELEMENTS = {"sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "float", "double"}
SIGNED = {"sbyte", "short", "int", "long", "Int128"}
BITS = {"sbyte": 8, "byte": 8, "short": 16, "ushort": 16, "char": 16, "int": 32, "uint": 32, "long": 64, "ulong": 64,
        "Int128": 128, "UInt128": 128}

# C# 6.2.3: the implicit numeric conversions.
_IMPLICIT = {
    "sbyte": {"short", "int", "long", "float", "double", "Int128"},
    "byte": {"short", "ushort", "int", "uint", "long", "ulong", "float", "double", "Int128", "UInt128"},
    "short": {"int", "long", "float", "double", "Int128"},
    "ushort": {"int", "uint", "long", "ulong", "float", "double", "Int128", "UInt128"},
    "int": {"long", "float", "double", "Int128"},
    "uint": {"long", "ulong", "float", "double", "Int128", "UInt128"},
    "long": {"float", "double", "Int128"},
    "ulong": {"float", "double", "Int128", "UInt128"},
    "char": {"ushort", "int", "uint", "long", "ulong", "float", "double", "Int128", "UInt128"},
    "float": {"double"},
}
for _source in ("sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "char", "float", "double"):
    _IMPLICIT[_source] = _IMPLICIT.get(_source, set()) | {LONG_DOUBLE}  # CLongDouble's implicit conversions


def is_implicit(src: str, dst: str) -> bool:
    return src == dst or dst in _IMPLICIT.get(src, ())


def fits(value: int, cs: str) -> bool:
    if cs not in BITS or cs == "char":
        return False
    bits = BITS[cs]
    if cs in SIGNED:
        return -(1 << (bits - 1)) <= value < (1 << (bits - 1))
    return 0 <= value < (1 << bits)


HANDLE = "object"  # the C# type of a `void *` used as an opaque handle (runtime: CloudMpi.Libc.Handle)
INTEGER_CARRIER = "nint"  # the C# type of a `void *` that only carries an integer (passes/void_integers.py)


def cs_type(t: ir.CType, loc: ir.Loc | None = None, rep: str = "ptr") -> str:
    """The C# type of a C type. A pointer is `Ptr<T>`, or `T[]` when `rep` is "array" (pointers.py
    decides per variable); pointers nested in other types are always `Ptr<T>`. Arrays of arrays are
    flattened into one `T[]`, indexed row-major as C lays them out."""
    if isinstance(t, ir.IntType):
        return INT_TYPES[t.name]
    if isinstance(t, ir.FloatType):
        return FLOAT_TYPES[t.name]
    if isinstance(t, ir.ComplexType):
        return complex_cs(t, loc)
    if isinstance(t, ir.VoidType):
        return "void"
    if isinstance(t, ir.RecordType):
        return t.name
    if isinstance(t, ir.OpaqueType):
        if t.name in OPAQUE_TYPES:
            return OPAQUE_TYPES[t.name]
        raise TranslationError(loc, f"the library type {t.name} has no CloudMpi equivalent yet", "unsupported-construct")
    if isinstance(t, ir.ArrayType):
        return array_of(element_cs(t, loc))
    if isinstance(t, ir.PointerType):
        if isinstance(t.pointee, ir.OpaqueType) and t.pointee.name == "FILE":
            return "FILE"  # FILE * is the runtime's FILE object
        if isinstance(t.pointee, ir.FunctionType):
            return delegate_type(t.pointee, loc)
        if isinstance(t.pointee, ir.VoidType):
            # a `void *` no analysis gave a type (pointers.py: one cast; generic_buffers.py: memory of any type)
            # is an opaque handle: it holds whatever pointer it is given, cast back at use (Handle.As)
            return HANDLE
        elem = element_cs(t.pointee, loc)
        return array_of(elem) if rep == "array" else ptr_of(elem)
    if isinstance(t, ir.FunctionType):
        return delegate_type(t, loc)
    raise TranslationError(loc, f"type {t} is not supported yet", "unsupported-construct")


def element_cs(t: ir.CType, loc: ir.Loc | None = None) -> str:
    """The C# element type of a buffer of `t`: arrays inside are flattened, pointers are Ptr<T>."""
    while isinstance(t, ir.ArrayType):
        t = t.element
    if isinstance(t, ir.VoidType):
        raise TranslationError(loc, "void pointers are not supported yet (cast them where they are used)",
                               "unsupported-construct")
    return cs_type(t, loc)


def delegate_type(f: ir.FunctionType, loc: ir.Loc | None = None) -> str:
    """A C function pointer type as a .NET delegate type."""
    return delegate_of([cs_type(p, loc) for p in f.params],
                       None if isinstance(f.result, ir.VoidType) else cs_type(f.result, loc))


def inline_array_type(t: ir.ArrayType) -> str:
    """A fixed array inside a struct: an inline array type, so the struct keeps C's value semantics (the class
    declares each length: Plan.inline_array_sizes)."""
    return inline_array_of(flat_length(t), element_cs(t))


def default_value(cs: str) -> str:
    if cs in NUMERIC:
        return "0"
    if cs == "bool":
        return "false"
    if parse_cs(cs).is_reference:
        return "null"
    return "default"  # structs, Ptr<T>, Status, handles


_C_SIZES = {"char": 1, "signed char": 1, "unsigned char": 1, "_Bool": 1, "short": 2, "unsigned short": 2,
            "int": 4, "unsigned int": 4, "long": 8, "unsigned long": 8, "long long": 8, "unsigned long long": 8,
            "__int128": 16, "unsigned __int128": 16,
            "float": 4, "double": 8, "long double": 16}  # gcc's x87 long double: 10 bytes of value, 16 in memory


# C's complex types as the runtime's structs: float complex keeps float parts; long double complex has no struct of
# its own (cli.py refuses it: -Wlong-double-complex)
COMPLEX_TYPES = {"float": "CComplexF", "double": "CComplex"}


def complex_cs(t: ir.ComplexType, loc: ir.Loc | None = None) -> str:
    if t.element.name not in COMPLEX_TYPES:
        raise TranslationError(loc, "long double complex is not supported yet (the port has no 80-bit complex type): "
                               "use double complex", "long-double-complex")
    return COMPLEX_TYPES[t.element.name]


def size_of(ctx, t: ir.CType) -> int | None:
    """sizeof(t) on Linux x86-64 (LP64), or None when it does not matter to C# (handles)."""
    if isinstance(t, (ir.IntType, ir.FloatType)):
        return _C_SIZES[t.name]
    if isinstance(t, ir.ComplexType):
        return 2 * _C_SIZES[t.element.name]
    if isinstance(t, ir.PointerType):
        return 8
    if isinstance(t, ir.ArrayType):
        inner = size_of(ctx, t.element)
        return inner * t.size if inner is not None and t.size is not None else None
    if isinstance(t, ir.RecordType):
        rec = next((r for r in ctx.tu.records if r.name == t.name), None)
        return rec.size if rec is not None else None
    return None


def align_of(ctx, t: ir.CType) -> int:
    """_Alignof(t) on x86-64 for numbers, fixed arrays and records (1 for others: no C# layout mirrors them)."""
    if isinstance(t, (ir.IntType, ir.FloatType)):
        return _C_SIZES[t.name]
    if isinstance(t, ir.ComplexType):
        return _C_SIZES[t.element.name]
    if isinstance(t, ir.ArrayType):
        return align_of(ctx, t.element)
    if isinstance(t, ir.RecordType):
        rec = next((r for r in ctx.tu.records if r.name == t.name), None)
        return rec.align if rec is not None and rec.align > 0 else 1
    return 1


def managed_footprint(ctx, t: ir.CType) -> tuple[bool, int]:
    """(whether t's C# form holds object references, an upper bound of its C# size in bytes).

    A union overlays its members with explicit field offsets, which .NET refuses for a member that holds a
    reference (a Ptr<T>'s array, a delegate, a handle) when anything else overlaps it."""
    if isinstance(t, (ir.IntType, ir.FloatType)):
        return False, _C_SIZES[t.name]
    if isinstance(t, ir.ComplexType):
        return False, 2 * _C_SIZES[t.element.name]
    if isinstance(t, ir.ArrayType):
        refs, inner = managed_footprint(ctx, t.element)
        return refs, inner * (t.size or 0)  # a flexible array member's elements lie after the struct
    if isinstance(t, ir.RecordType):
        rec = next((r for r in ctx.tu.records if r.name == t.name), None)
        if rec is not None:
            parts = [managed_footprint(ctx, f.type) for f in rec.fields]
            refs = any(r for r, _ in parts)
            # each field padded to 8 bytes bounds any layout .NET picks for the struct
            sizes = [_round_up(n, 8) for _, n in parts]
            return refs, (max(sizes, default=0) if rec.is_union and not refs else sum(sizes)) or 1
    return True, 32  # Ptr<T> (two references and an offset), delegates, MPI handles


def _round_up(n: int, step: int) -> int:
    return (n + step - 1) // step * step


def flexible_member(ctx, t) -> Optional[ir.Field]:
    """The flexible array member ending struct t (a RecordType or RecordDecl), or None (passes/queries.py). Its
    struct's C# form is the fields before the member, at C's offsets within C's sizeof (decls.convert_record)."""
    return _flexible_member(ctx.tu.records, t)
