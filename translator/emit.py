"""Rendering: the converted members into a C# file through the Jinja2 templates."""
from __future__ import annotations

import os

import jinja2

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")

_env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), keep_trailing_newline=True,
                          undefined=jinja2.StrictUndefined)


def render_program(class_name: str, source_name: str, program_name: str, converted: dict) -> str:
    text = _env.get_template("program.cs.j2").render(
        class_name=class_name, source_name=source_name, program_name=program_name, **converted)
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
