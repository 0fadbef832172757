"""The reader: C source -> IR, the only part of the translator that uses libclang.

- `clang_setup`: loading libclang, the options cmpi parses with, clang's probes (which header declares a name).
- `rewrite`: the program's text rewritten before another parse (function-like macros expanded, colliding statics
  renamed, unguarded headers read once, special files refused).
- `literals`: C integer, character and string literals decoded (pure Python: the emission uses it too).
- `frontend`: the `Frontend`, which parses (again, after each rewrite), and turns cursors into `ir` nodes.

Nothing is imported here, so that `translator.reader.literals` loads without libclang.
"""
