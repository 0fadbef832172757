"""C IR -> C# source, split by construct (types, exprs, stmts, decls, mpi, libc).

Every entry point is `convert_<construct>(ctx, node)`; they share one
`Context`. Expressions come back as `CsExpr` (code, C# type, precedence) so
callers can insert exactly the casts and parentheses C# needs.
"""
from .context import Context  # noqa: F401
from .decls import convert_translation_unit  # noqa: F401
