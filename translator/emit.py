"""Rendering: the converted members into a C# file through the Jinja2 templates."""
from __future__ import annotations

import hashlib
import os
import re

import jinja2

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")

_env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), keep_trailing_newline=True,
                          undefined=jinja2.StrictUndefined)


def render_program(class_name: str, source_name: str, program_name: str, converted: dict) -> str:
    text = _env.get_template("program.cs.j2").render(
        class_name=class_name, source_name=source_name, program_name=program_name, **converted)
    text = "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
    return shorten_long_identifiers(text)


# C has no limit on an identifier's length (gcc keeps every character); C# refuses one longer than 512 characters
# (CS0645). A longer one keeps its first characters and gets a digest of the whole, the same wherever it occurs.
CS_MAX_IDENTIFIER = 512
_LONG_WORD = re.compile(r"\w{%d}" % (CS_MAX_IDENTIFIER + 1))
_TOKENS = re.compile(r'''@"(?:[^"]|"")*"|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|//[^\n]*|/\*.*?\*/|(?P<name>@?[A-Za-z_]\w*)''', re.S)


def shorten_long_identifiers(text: str) -> str:
    if not _LONG_WORD.search(text):
        return text  # the usual case, found in one pass of a simple pattern
    def shorten(m: re.Match) -> str:
        token = m.group()
        if m.group("name") is None or len(token) <= CS_MAX_IDENTIFIER:
            return token  # a literal, a comment, or a name C# takes
        digest = hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        return f"{token[:CS_MAX_IDENTIFIER - 32]}_{digest}"
    return _TOKENS.sub(shorten, text)
