"""Names C# reserves, which a C identifier cannot keep as it is."""
from .runtime_names import RUNTIME_TYPE_NAMES

# Keywords and the contextual keywords that break code as names (`var x`, `value` in a setter, a `Main` beside the
# entry point): a C identifier among them gets an @ (Context.name), `Main` becomes `Main_`.
CS_KEYWORDS = {
    "abstract", "as", "base", "bool", "byte", "checked", "class", "decimal", "delegate", "event",
    "explicit", "fixed", "foreach", "implicit", "in", "interface", "internal", "is", "lock", "namespace",
    "new", "null", "object", "operator", "out", "override", "params", "private", "protected", "public",
    "readonly", "ref", "sbyte", "sealed", "stackalloc", "string", "this", "throw", "true", "false", "try",
    "catch", "finally", "typeof", "uint", "ulong", "unchecked", "unsafe", "ushort", "using", "virtual",
    "var", "dynamic", "value", "Main"
}

# The members every C# class and struct inherits from System.Object: a C function `ToString(void)` or a global
# `GetType` would hide them (CS0114, CS0108 warnings, which cmpi-run --check refuses); such a name gets an _.
OBJECT_MEMBER_NAMES = {"ToString", "Equals", "GetHashCode", "GetType", "MemberwiseClone", "Finalize",
                       "ReferenceEquals"}

# A type should not be named `record` (CS8860, a warning cmpi-run --check refuses) and cannot be named `file`,
# `required` or `scoped` (CS9056, CS9029, CS9062: `struct file`, found by fuzz_probe.py names); the frontend gives such
# a struct a trailing underscore, as it does a keyword (one spelling for every place the name is used).
RESERVED_TYPE_NAMES = CS_KEYWORDS | {"record", "file", "required", "scoped"} | RUNTIME_TYPE_NAMES | OBJECT_MEMBER_NAMES  # and `struct Ptr`, `struct Math`: Ptr_, Math_

# Every C# keyword, contextual ones included that cannot name a type: what a --class-name cannot be.
CS_ALL_KEYWORDS = CS_KEYWORDS | {
    "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float", "for",
    "goto", "if", "int", "long", "return", "short", "sizeof", "static", "struct", "switch", "void", "volatile",
    "while", "record", "async", "await", "nameof", "when", "where", "yield", "global", "partial", "notnull",
    "unmanaged", "managed", "scoped", "file", "required", "init", "nint", "nuint", "with", "and", "or", "not",
    "args", "field", "get", "set", "add", "remove", "let", "from", "select", "group", "into", "orderby", "join",
    "equals", "on", "by", "ascending", "descending", "alias",
}


def member_name(c_name: str) -> str:
    """A C identifier as a C# identifier (Context.name): a C# keyword gets an @ (`Main` becomes `Main_`), a name the
    generated code uses for a type (`double Ptr`, `int Math`) an _. The reader asks it too: a struct may not be named
    as one of its fields will be in C# (`struct System { int System; }`: both System_, CS0542, fuzz seed 2 input 7690)."""
    if c_name in CS_KEYWORDS:
        return "@" + c_name if c_name != "Main" else "Main_"
    if c_name in OBJECT_MEMBER_NAMES:
        return c_name + "_"
    if c_name in RUNTIME_TYPE_NAMES and (c_name[0].isupper() or c_name == "cMPI"):
        return c_name + "_"  # not C's own lowercase structs (`struct tm *tm`, `option`): C# allows `tm tm`
    return c_name
