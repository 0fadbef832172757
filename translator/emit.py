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
    return legal_identifiers(text)


# C identifiers C# cannot take as they are, renamed where they occur in the C# text (outside literals and comments),
# the same way everywhere:
# - gcc keeps every character of a name; C# refuses one longer than 512 characters (CS0645): a longer one keeps its
#   first characters and gets a digest of the whole;
# - gcc takes `$` in a name (an extension); C# has no such character (CS1056): `$` is spelt `_dollar_`, with more
#   underscores if the program has that name too.
CS_MAX_IDENTIFIER = 512
_SUSPECT = re.compile(r"\$|\w{%d}" % (CS_MAX_IDENTIFIER + 1))
_TOKENS = re.compile(r'''@"(?:[^"]|"")*"|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|//[^\n]*|/\*.*?\*/|(?P<name>@?[A-Za-z_$][\w$]*)''', re.S)


def legal_identifiers(text: str) -> str:
    if not _SUSPECT.search(text):
        return text  # the usual file, found so in one pass of a simple pattern
    names = {m.group("name") for m in _TOKENS.finditer(text) if m.group("name")}
    renamed = {}

    def legal(name: str) -> str:
        new = name
        if "$" in new:
            new = new.replace("$", "_dollar_")
            while new in names:
                new += "_"
        if len(new) > CS_MAX_IDENTIFIER:
            digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
            new = f"{new[:CS_MAX_IDENTIFIER - 32]}_{digest}"
        return new

    def replace(m: re.Match) -> str:
        name = m.group("name")
        if name is None or ("$" not in name and len(name) <= CS_MAX_IDENTIFIER):
            return m.group()  # a literal, a comment, or a name C# takes
        if name not in renamed:
            renamed[name] = legal(name)
        return renamed[name]
    return _TOKENS.sub(replace, text)
