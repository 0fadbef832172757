"""The three recipes of docs/architecture.md (an MPI function, a C library row, a pass) each touch at most three
files, the files they name exist, and what they add needs no other registry: no module of the translator names
an MPI function (what a function is and how its arguments pass is its row in rules/mpi.toml, issue 26)."""
from __future__ import annotations

import ast
import glob
import os
import re

import pytest

from tests.support import ROOT
from translator.rules import load

DOC = os.path.join(ROOT, "docs", "architecture.md")


def recipes() -> dict:
    """Each recipe's title -> the files its numbered steps name (the first `path` of each step)."""
    text = open(DOC).read()
    section = text.split("\n## Recipes\n", 1)[1].split("\n## ", 1)[0]
    found = {}
    for block in re.split(r"\n### ", section)[1:]:
        title, body = block.split("\n", 1)
        found[title.strip()] = [m.group(1) for m in re.finditer(r"^\d+\. `([^`]+)`", body, re.M)]
    return found


def test_the_doc_has_the_three_recipes():
    assert set(recipes()) == {"Add an MPI function whose cMPI method exists", "Add a C library row", "Add a pass"}


@pytest.mark.parametrize("title", sorted(recipes()))
def test_a_recipe_touches_at_most_three_files_that_exist(title):
    files = recipes()[title]
    assert 1 <= len(files) <= 3, f"{title}: {files}"
    for name in files:
        # `<name>`, `<area>`, `*`: a new file next to existing ones of its kind
        pattern = re.sub(r"<[^>]+>", "*", name)
        assert glob.glob(os.path.join(ROOT, pattern)), f"{title}: {name} names no file of the project"


def test_no_module_names_an_mpi_function():
    """Adding an MPI function needs its row alone: a function's name in the translator's code would be a second
    registry (a set of names that must learn of the new function too). Names of constants (MPI_STATUS_IGNORE)
    and types are no functions."""
    functions = set(load().mpi)
    named = []
    for path in sorted(glob.glob(os.path.join(ROOT, "translator", "**", "*.py"), recursive=True)):
        if path.endswith(os.sep + "runtime_names.py"):
            continue  # generated from the runtime's members (scripts/gen_runtime_names.py)
        for node in ast.walk(ast.parse(open(path).read())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in functions:
                named.append(f"{os.path.relpath(path, ROOT)}:{node.lineno}: {node.value}")
    assert named == [], "\n".join(named)
