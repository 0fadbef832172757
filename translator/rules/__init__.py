"""The function-equivalence table: MPI and C library calls as data rows.

Rows live in `mpi.toml` and `libc.toml`; they are validated when loaded, so a
typo in a row fails at start-up, not in the middle of a translation. Calls a
row cannot express are handled by functions registered in `special.py`.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, Optional, Tuple

from . import special

RULES_DIR = os.path.dirname(__file__)

# How an MPI argument is passed (see the comment at the top of mpi.toml).
PARAM_KINDS = frozenset({"value", "buffer", "address", "out", "ref", "status", "function", "string"})


class RuleError(Exception):
    pass


@dataclass(frozen=True)
class Rule:
    c_name: str
    target: str
    params: Optional[Tuple[str, ...]]  # None for libc rows: converted by prototype
    special: Optional[str] = None
    removed: Optional[str] = None  # an MPI-1 function MPI-3.0 removed: the replacement the row maps it to


@dataclass(frozen=True)
class RuleTable:
    mpi: Dict[str, Rule]
    libc: Dict[str, Rule]
    constants: Dict[str, str]

    def function(self, name: str) -> Optional[Rule]:
        return self.mpi.get(name) or self.libc.get(name)


def _load_file(filename: str, needs_params: bool) -> Tuple[Dict[str, Rule], Dict[str, str]]:
    path = os.path.join(RULES_DIR, filename)
    with open(path, "rb") as f:
        data = tomllib.load(f)
    constants = data.pop("constants", {})
    rows: Dict[str, Rule] = {}
    for name, row in data.items():
        where = f"{filename}: [{name}]"
        unknown = set(row) - {"target", "params", "special", "removed"}
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
        rows[name] = Rule(name, target, params, sp, removed)
    for k, v in constants.items():
        if not isinstance(v, str):
            raise RuleError(f"{filename}: [constants] {k} must be a string")
    return rows, constants


@lru_cache(maxsize=1)
def load() -> RuleTable:
    mpi, mpi_consts = _load_file("mpi.toml", needs_params=True)
    libc, libc_consts = _load_file("libc.toml", needs_params=False)
    return RuleTable(mpi, libc, {**libc_consts, **mpi_consts})
