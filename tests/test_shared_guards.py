"""Headers sharing one include guard (reader/shared_guards.py): the case that cannot be translated is located.

tests/c/shared_include_guard/ is the program that works (compared with gcc by test_c_semantics.py). Here its a.c,
which reads settings.h (float value_t) where the other files read settings_io.h (int value_t), names value_t
itself: the unit has one type of that name, the main file's, so the translation stops at that use.
"""
from __future__ import annotations

import os
import shutil

from tests.support import ROOT


def test_a_file_naming_the_other_headers_typedef_is_a_located_error(tools, tmp_path):
    program = tmp_path / "program"
    shutil.copytree(os.path.join(ROOT, "tests", "c", "shared_include_guard"), program)
    a = program / "a.c"
    a.write_text(a.read_text() + "\nfloat half(void)\n{\n    value_t h = 0.5;\n    return h;\n}\n")
    line = a.read_text().splitlines().index("    value_t h = 0.5;") + 1
    t = tools.translate_file(str(program / "main.c"), str(tmp_path / "P.cs"), str(a), str(program / "b.c"))
    assert t.returncode == 1, t.stdout + t.stderr
    assert f"a.c:{line}:5: error: 'value_t' is settings.h's type in this file and settings_io.h's" in t.stderr
    assert "[-Wunsupported-construct]" in t.stderr
    assert "Traceback" not in t.stderr
