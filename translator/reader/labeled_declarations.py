"""A label right before a declaration (`case 2: double median;`, `done: int n = 0;`).

C23 allows it and gcc accepts it since gcc 11 (in every -std, with a pedantic warning), so codes written against a
recent gcc have it; C17 and libclang 14 do not: clang reads the declaration as an expression and says "expected
expression". The reader gives such a label an empty statement of its own, as a C17 program writes it
(`case 2: ; double median;`), which means the same: the label marks the declaration's place, the object lives to
the end of the block. The `;` takes the place of the blank just before the declaration, so the file's lines and
columns stay where they are (diagnostics keep pointing at the user's text); at the start of a line with no blank
before it, it is inserted.
"""
from __future__ import annotations

import os

from .clang_setup import ci
from .offsets import text_index

_EXPECTED_EXPRESSION = "expected expression"


def give_label_a_statement(fe, d: ci.Diagnostic) -> bool:
    """For clang's "expected expression" at a declaration a label precedes, write the label's empty statement into
    the program's text (fe.unsaved) and return True (the caller parses again); False for any other error."""
    if d.spelling != _EXPECTED_EXPRESSION or d.location.file is None:
        return False
    key = d.location.file.name
    if not _is_program_file(fe, key):
        return False
    from .rewrite import _unsaved_text
    text = _unsaved_text(fe, key)
    at = text_index(text, d.location.offset)
    before = _last_code_character(text, at)
    if before < 0 or text[before] != ":" or (before > 0 and text[before - 1] == ":"):
        return False  # not after a label's colon (`::` is no C)
    if not _is_label_colon(text, before):
        return False
    if text[at - 1] in " \t":
        edited = text[:at - 1] + ";" + text[at:]
    else:
        edited = text[:at] + ";" + text[at:]
    fe.unsaved[key] = edited
    return True


def _last_code_character(text: str, at: int) -> int:
    """The index of the last character before `at` that is neither blank nor in a comment (`case 3:` then a `//`
    line, or a `/* ... */`, before the declaration); -1 if there is none."""
    pos = at - 1
    while pos >= 0:
        if text[pos] in " \t\r\n":
            pos -= 1
        elif text.endswith("*/", 0, pos + 1) and text.rfind("/*", 0, pos - 1) >= 0:
            pos = text.rfind("/*", 0, pos - 1) - 1
        else:
            line_start = text.rfind("\n", 0, pos + 1) + 1
            comment = text.find("//", line_start, pos + 1)
            if comment < 0:
                return pos
            pos = comment - 1  # (a `//` inside a string literal of that line would end the scan early: no label)
    return -1


def _is_program_file(fe, key: str) -> bool:
    """A file of the program (not a system header), whose text the reader may edit."""
    real = os.path.realpath(key)
    return key in fe.unsaved or any(os.path.realpath(p) == real for p in fe.paths) or \
        any(real.startswith(d) or os.path.abspath(key).startswith(d) for d in fe.user_dirs)


def _is_label_colon(text: str, colon: int) -> bool:
    """Whether the `:` at `colon` ends a label: what stands between it and the statement before (the last `;`, `{`,
    `}` or another label's `:`) is `case <constant>`, `default` or one name; not a conditional's `?:`."""
    start = max(text.rfind(c, 0, colon) for c in ";{}:") + 1
    words = text[start:colon].split()
    if not words or "?" in text[start:colon]:
        return False
    return words[0] == "case" and len(words) > 1 or words == ["default"] or \
        (len(words) == 1 and words[0].isidentifier())
