"""Emission: the C IR (after translator/passes/) -> C# source, split by construct (types, exprs, stmts,
decls, mpi, libc, ...).

Every entry point is `convert_<construct>(ctx, node)`; they share one
`Context` (context.py). Expressions come back as `CsExpr` (code, C# type, precedence) so
callers can insert exactly the casts and parentheses C# needs. The program's entry point is
decls.convert_translation_unit.
"""
