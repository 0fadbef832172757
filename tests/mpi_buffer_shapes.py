"""A C program that passes a buffer of every form to every buffer parameter of every MPI function the rules know
(translator/rules/mpi.toml), built from the C prototypes in the rows' comments (issue 27: a translation that exits
0 compiles). Each call has variables of its own, so one call's need (a boxed scalar, a boxed struct) does not
decide another's form."""
from __future__ import annotations

import os
import re
import tomllib
from typing import Dict, List, Optional, Tuple

from tests.support import ROOT

# A buffer of int in each form the translator passes a buffer, given the declarations _declare makes for call k
FORMS = {
    "local": "&x{k}", "global": "&g{k}", "field": "&s{k}.f", "element": "&a{k}[1]", "array": "a{k}",
    "pointer": "p{k} + 1", "malloc": "m{k}",
}

# An argument for each other C parameter type of the prototypes (a call that may not run: only its shape counts)
_VALUES = {
    "int": "1", "MPI_Datatype": "MPI_INT", "MPI_Comm": "c", "const int[]": "counts", "MPI_Request *": "&r",
    "MPI_Op": "MPI_SUM", "MPI_Status *": "MPI_STATUS_IGNORE", "MPI_File": "fh", "const MPI_Datatype[]": "types",
    "MPI_Aint": "0", "MPI_Win": "w", "const MPI_Aint[]": "adispls", "MPI_Offset": "0", "MPI_Message *": "&msg",
    "int *": "&position", "MPI_Datatype *": "&dt", "MPI_Info": "MPI_INFO_NULL", "MPI_Win *": "&w",
    "MPI_Offset *": "&offset", "const char[]": '"external32"', "MPI_Aint *": "&aposition",
}


def _prototypes(text: str) -> Dict[str, List[str]]:
    """MPI function -> its C parameter types, from the `# int MPI_X(...)` comment above each row."""
    protos = {}
    for m in re.finditer(r"^# int (MPI_\w+)\(((?:[^()]|\n#)*)\)\s*$", text, re.M):
        params = [" ".join(p.replace("#", " ").split()) for p in m.group(2).split(",")]
        protos[m.group(1)] = [re.sub(r"\s*\w+(\[\])?$", lambda n: "[]" if n.group(1) else "", p) for p in params]
    return protos


def keeps_a_field(name: str, row: dict) -> bool:
    """A call that keeps its buffer after it returns (a nonblocking collective, a persistent request, a window) and
    cannot stage a struct field as Isend/Irecv do: a field given to it is a located -Wunsupported-buffer error."""
    return bool(row.get("takes_views") or (row.get("keeps_buffer") and not row.get("completes_views")))


def buffer_calls(kept_fields: Optional[List[str]] = None) -> Tuple[List[Tuple[str, str, str]], List[str]]:
    """(function, form, C call) for each buffer parameter of each row and each form (the other buffers arrays),
    and the rows left out (no prototype comment, or a parameter type _VALUES has no argument for). The calls that
    keep a field (keeps_a_field) are left out too, their names appended to kept_fields."""
    kept_fields = [] if kept_fields is None else kept_fields
    text = open(os.path.join(ROOT, "translator", "rules", "mpi.toml")).read()
    rows = tomllib.loads(text)
    protos = _prototypes(text)
    calls, left_out = [], []
    for name, row in rows.items():
        kinds = row.get("params") or []
        if "buffer" not in kinds:
            continue
        types = protos.get(name)
        if types is None or len(types) != len(kinds) or \
                any(kind != "buffer" and t not in _VALUES for kind, t in zip(kinds, types)):
            left_out.append(name)
            continue
        # buffers of numbers (`void *`); File_get_view's datarep (a `char *` kept as a buffer) is no number's
        positions = [i for i, kind in enumerate(kinds) if kind == "buffer" and types[i].endswith("void *")]
        for at in positions:
            for form in FORMS:
                if form == "field" and keeps_a_field(name, row):
                    kept_fields.append(name)
                    continue
                k = len(calls)
                args = [FORMS[form].format(k=k) if i == at else f"b{k}_{i}" if kind == "buffer" and types[i].endswith("void *")
                        else "datarep" if kind == "buffer" else _VALUES[t]
                        for i, (kind, t) in enumerate(zip(kinds, types))]
                calls.append((name, form, f"{name}({', '.join(args)})"))
    return calls, left_out


def program() -> Tuple[str, List[Tuple[str, str, str]], List[str]]:
    calls, left_out = buffer_calls()
    lines = ["#include <mpi.h>", "#include <stdlib.h>", "struct S { int f; int arr[3]; };"]
    lines += [f"int g{k};" for k in range(len(calls))]
    lines.append("void calls(MPI_Comm c, MPI_File fh, MPI_Win w, int *counts, MPI_Aint *adispls, MPI_Datatype *types)")
    lines.append("{\n    MPI_Request r;\n    MPI_Message msg;\n    MPI_Datatype dt;\n    MPI_Offset offset;\n"
                 "    int position = 0;\n    MPI_Aint aposition = 0;\n    char datarep[64];")
    for k, (_, _, call) in enumerate(calls):
        others = "".join(f", b{k}_{i}[4] = {{0}}" for i in range(12) if f"b{k}_{i}" in call)
        lines.append(f"    {{\n        int x{k} = 0, a{k}[4] = {{0}}{others};\n        struct S s{k} = {{0}};\n"
                     f"        int *p{k} = a{k}, *m{k} = malloc(4 * sizeof(int));\n        {call};\n"
                     f"        free(m{k});\n    }}")
    lines.append("}")
    # the globals are read too (a global only ever passed by `ref` would be C#'s CS0414, and --check fails on warnings)
    lines.append("long globals(void)\n{\n    long sum = 0;")
    lines += [f"    sum += g{k};" for k in range(len(calls))]
    lines.append("    return sum;\n}")
    lines.append("int main(int argc, char **argv)\n{\n    MPI_Init(&argc, &argv);\n    MPI_Finalize();\n"
                 "    return (int)globals();\n}")
    return "\n".join(lines) + "\n", calls, left_out
