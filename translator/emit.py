"""Rendering: the converted members into a C# file through the Jinja2 templates."""
from __future__ import annotations

import hashlib
import os
import re
import unicodedata

import jinja2

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")


class _CompiledTemplates(jinja2.BytecodeCache):
    """The template compiled once per content (issue 28: start-up). Jinja lexes, parses and compiles a template to
    Python every time a process first asks for it: a third of the CPU of a small program's translation. The code it
    compiles is kept as toml_cache.py keeps the rules' tables, in `$XDG_CACHE_HOME/cmpi/jinja/` (else
    `~/.cache/cmpi/jinja/`); Jinja's own check (the SHA-1 of the template's text, its version and Python's) makes an
    edited template compile again, never read stale. A cache that cannot be read or written is no error."""

    def __init__(self):
        from .toml_cache import cache_dir
        self.directory = os.path.join(os.path.dirname(cache_dir()), "jinja")

    def _path(self, bucket) -> str:
        return os.path.join(self.directory, bucket.key + ".jinja")

    def load_bytecode(self, bucket) -> None:
        try:
            with open(self._path(bucket), "rb") as f:
                bucket.load_bytecode(f)  # (a bucket whose checks fail is reset: compiled again)
        except OSError:
            pass
        except Exception:  # a damaged file (a truncated pickle)
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        from .atomic_file import replace_atomically
        try:
            os.makedirs(self.directory, exist_ok=True)
            replace_atomically(self._path(bucket), bucket.write_bytecode)  # whole or not at all, for a concurrent reader
        except OSError:
            pass


_env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), keep_trailing_newline=True,
                          undefined=jinja2.StrictUndefined, bytecode_cache=_CompiledTemplates())


def template() -> jinja2.Template:
    """The C# file's template (compiled once per process; Jinja keeps it)."""
    return _env.get_template("program.cs.j2")


def render_program(class_name: str, source_name: str, program_name: str, converted: dict) -> str:
    text = template().render(
        class_name=class_name, source_name=_one_line(source_name), program_literal=_string_literal(program_name),
        **converted)
    # split at "\n" alone: str.splitlines() also splits at a form feed, \x1c-\x1e, U+0085, U+2028 and U+2029, which a
    # C comment may hold (a form feed in old GNU sources), and so cut a `//` comment in two
    lines = text.translate(_LINE_BREAK_ESCAPES).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return legal_identifiers("\n".join(line.rstrip() for line in lines) + "\n")


# C# ends a line at U+0085, U+2028 and U+2029 too (C does not): such a character of a C comment, copied into a `//`
# comment, made the rest of the comment C# code, and one in a string literal was CS1010. No verbatim string is
# emitted, so each left in the text is in a comment (where its escape is text) or a literal (where it is its escape).
_LINE_BREAK_ESCAPES = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def _one_line(name: str) -> str:
    """A file name for the header's `//` comment: a control character of it (a newline) as '?'."""
    return "".join("?" if ord(ch) < 32 or ord(ch) == 127 else ch for ch in name)


def _string_literal(text: str) -> str:
    """`text` (a file name, perhaps with quotes or bytes that are no UTF-8, as surrogates) as a C# string literal."""
    out = []
    for ch in text:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 32 or o == 127 or 0xDC80 <= o <= 0xDCFF:  # a raw byte: Utf8b's U+DC80 + byte, as string literals
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


# C identifiers C# cannot take as they are, renamed where they occur in the C# text (outside literals and comments),
# the same way everywhere:
# - gcc keeps every character of a name; C# refuses one longer than 512 characters (CS0645): a longer one keeps its
#   first characters and gets a digest of the whole;
# - gcc takes `$` in a name (an extension); C# has no such character (CS1056): `$` is spelt `_dollar_`, with more
#   underscores if the program has that name too;
# - C11 (Annex D) and gcc take characters in names that C# does not (`x²`, `a·b`: CS1056): `_u00B2_`, likewise.
CS_MAX_IDENTIFIER = 512
_SUSPECT = re.compile(r"\$|[^\x00-\x7f]|\w{%d}" % (CS_MAX_IDENTIFIER + 1))
# outside literals and comments a character beyond ASCII is part of a name (C11 Annex D, gcc and clang take UTF-8)
_TOKENS = re.compile(r'''@"(?:[^"]|"")*"|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|//[^\n]*|/\*.*?\*/|'''
                     r'''(?P<name>@?(?:[A-Za-z_$]|[^\x00-\x7f])(?:[\w$]|[^\x00-\x7f])*)''', re.S)
# C#'s identifier characters (ECMA-334 6.4.3): letters (and letter numbers) first, then digits, connectors, combining
# and formatting characters too
_CS_START = frozenset(("Lu", "Ll", "Lt", "Lm", "Lo", "Nl"))
_CS_PART = _CS_START | {"Mn", "Mc", "Nd", "Pc", "Cf"}


def _cs_spelling(name: str) -> str:
    """`name` with each character C allows in a name and C# does not (`x²`, `a·b`: C11 Annex D's ranges take them)
    spelt `_uXXXX_`."""
    out = []
    for i, ch in enumerate(name):
        if ord(ch) < 128 or unicodedata.category(ch) in (_CS_START if i == 0 else _CS_PART):
            out.append(ch)
        else:
            out.append(f"_u{ord(ch):04X}_")
    return "".join(out)


def legal_identifiers(text: str) -> str:
    if not _SUSPECT.search(text):
        return text  # the usual file, found so in one pass of a simple pattern
    names = {m.group("name") for m in _TOKENS.finditer(text) if m.group("name")}
    renamed = {}

    def legal(name: str) -> str:
        new = name
        if "$" in new:
            new = new.replace("$", "_dollar_")
        if not new.isascii():
            new = _cs_spelling(new)
        if new != name:
            while new in names:
                new += "_"
        if len(new) > CS_MAX_IDENTIFIER:
            digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
            new = f"{new[:CS_MAX_IDENTIFIER - 32]}_{digest}"
        return new

    def replace(m: re.Match) -> str:
        name = m.group("name")
        if name is None or ("$" not in name and len(name) <= CS_MAX_IDENTIFIER and
                            (name.isascii() or _cs_spelling(name) == name)):
            return m.group()  # a literal, a comment, or a name C# takes
        if name not in renamed:
            renamed[name] = legal(name)
        return renamed[name]
    return _TOKENS.sub(replace, text)
