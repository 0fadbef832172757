"""Diagnostics in the compilers' form: `file:line:col: error: message [-Wname]`.

Bad input never produces a Python traceback: the translator raises
`TranslationError` with a location, and the command line prints it.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:  # annotations only: `cmpi-translate --help` and `--list-mpi` need not build the IR's classes
    from .ir import Loc


@dataclass(frozen=True)
class Diagnostic:
    loc: Optional[Loc]
    severity: str  # error, warning, note
    message: str
    name: str  # the category, e.g. unsupported-construct

    def __str__(self) -> str:
        where = f"{self.loc}: " if self.loc else "cmpi-translate: "
        return f"{where}{self.severity}: {self.message} [-W{self.name}]"


class TranslationError(Exception):
    """A construct or input the translator cannot handle; carries its diagnostic."""

    def __init__(self, loc: Optional[Loc], message: str, name: str = "unsupported-construct"):
        super().__init__(message)
        self.diagnostic = Diagnostic(loc, "error", message, name)


class TranslationErrors(TranslationError):
    """Every declaration of a program that could not be translated, each with its diagnostic, in source order."""

    def __init__(self, diagnostics: List[Diagnostic]):
        super().__init__(diagnostics[0].loc, diagnostics[0].message, diagnostics[0].name)
        self.diagnostics = list(diagnostics)

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


class DiagnosticSink:
    """Collects warnings while translating; errors are raised, not collected."""

    def __init__(self) -> None:
        self.items: List[Diagnostic] = []

    def warn(self, loc: Optional[Loc], message: str, name: str) -> None:
        self.items.append(Diagnostic(loc, "warning", message, name))

    def print_all(self, stream=None) -> None:
        for d in self.items:
            print(d, file=stream or sys.stderr)
