"""The translator's module graph (docs/architecture.md): no import cycle, each module importable alone, and
the layers in order (the passes over the IR never import the C# emission).

The graph is read from the source (ast), with every import in a module: those at its top and those inside
functions, which Python runs later but which tie the modules together all the same.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys

import pytest

from tests.support import ROOT

PACKAGE = "translator"


def _modules():
    """{module name: path} of every module of the translator package."""
    out = {}
    for folder, _, files in os.walk(os.path.join(ROOT, PACKAGE)):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(module: str, is_package: bool, node: ast.ImportFrom):
    """The translator modules a `from ... import ...` names: the module itself, or the submodules it imports."""
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    found = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        found.append(sub if sub in MODULES else target)
    return found


def import_graph(modules=None):
    """{module: set of translator modules it imports}, top-level and function-level imports alike."""
    modules = modules or MODULES
    graph = {}
    for name, path in modules.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        is_package = path.endswith("__init__.py")
        edges = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                edges.update(_resolve(name, is_package, node))
        graph[name] = {m for m in edges if m in modules and m != name}
    return graph


def cycles(graph):
    """The strongly connected components with more than one module (Tarjan), each as a sorted list."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _describe(component, graph):
    members = set(component)
    return "\n".join(f"  {m} -> {', '.join(sorted(graph[m] & members))}" for m in component)


def test_cycle_detection_finds_a_cycle():
    """The check below can fail: a two-module circle and a three-module one are found, a chain is not."""
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}, "g": set()}
    assert cycles(graph) == [["a", "b"], ["c", "d", "e"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_graph_reads_function_level_and_relative_imports(tmp_path):
    pkg = tmp_path / "translator"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "a.py").write_text("from . import b\nfrom .. import top\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "top.py").write_text("from .sub.b import f\n")
    modules = {"translator": str(pkg / "__init__.py"), "translator.sub": str(pkg / "sub" / "__init__.py"),
               "translator.sub.a": str(pkg / "sub" / "a.py"), "translator.sub.b": str(pkg / "sub" / "b.py"),
               "translator.top": str(pkg / "top.py")}
    saved = dict(MODULES)
    MODULES.clear()
    MODULES.update(modules)
    try:
        graph = import_graph(modules)
    finally:
        MODULES.clear()
        MODULES.update(saved)
    assert graph["translator.sub.a"] == {"translator.sub.b", "translator.top"}
    assert graph["translator.sub.b"] == {"translator.sub.a"}
    assert graph["translator.top"] == {"translator.sub.b"}
    assert cycles(graph) == [["translator.sub.a", "translator.sub.b", "translator.top"]]


def test_no_import_cycle():
    graph = import_graph()
    found = cycles(graph)
    assert not found, "import cycles among the translator's modules:\n" + \
        "\n".join(f"cycle {i + 1}:\n{_describe(c, graph)}" for i, c in enumerate(found))


def test_passes_never_import_the_emission():
    """translator/passes/ reads and rewrites the IR; the C# text is translator/csharp/'s alone."""
    graph = import_graph()
    wrong = {m: sorted(d for d in deps if d.startswith(f"{PACKAGE}.csharp"))
             for m, deps in graph.items() if m.startswith(f"{PACKAGE}.passes")}
    wrong = {m: d for m, d in wrong.items() if d}
    assert not wrong, f"passes importing the C# emission: {wrong}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if not m.endswith("__main__")))
def test_module_imports_alone(module):
    """Each module imports in a fresh interpreter by itself (no order of imports holds it together)."""
    p = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, f"import {module} alone failed:\n{p.stderr}"


def _imports_clang(path) -> bool:
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    return any(isinstance(n, ast.Import) and any(a.name.split(".")[0] == "clang" for a in n.names) or
               isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "clang" and not n.level
               for n in ast.walk(tree))


def test_only_the_reader_uses_libclang():
    """libclang is translator/reader/'s alone; the IR, the passes and the emission never load it, not even
    through another module (the emission decodes macro strings with reader.literals, which is pure Python)."""
    users = {m for m, path in MODULES.items() if _imports_clang(path)}
    assert users and all(m.startswith(f"{PACKAGE}.reader.") for m in users), sorted(users)
    graph = import_graph()
    wrong = {}
    for m in graph:
        if not m.startswith((f"{PACKAGE}.passes", f"{PACKAGE}.csharp", f"{PACKAGE}.ir", f"{PACKAGE}.emit")):
            continue
        seen, pending = set(), [m]
        while pending:
            for d in graph[pending.pop()] - seen:
                seen.add(d)
                pending.append(d)
        if seen & users:
            wrong[m] = sorted(seen & users)
    assert not wrong, f"modules that load libclang through their imports: {wrong}"
