"""The typed model of C# type names (translator/csharp/cstypes.py) the emission reads instead of slicing them."""
from __future__ import annotations

import pathlib
import re

from translator.csharp.cstypes import (ARRAY, DELEGATE, GENERIC_RESULT, INLINE_ARRAY, NAMED, PTR, array_of,
                                       delegate_of, inline_array_of, parse, ptr_of)
from translator.csharp.exprs import CsExpr
from translator.csharp.types import default_value

EMISSION = pathlib.Path(__file__).resolve().parent.parent / "translator" / "csharp"


def test_parts_of_the_types_the_emission_writes():
    rows = parse("Ptr<double>[]")
    assert (rows.kind, rows.element.kind, rows.element.element.text) == (ARRAY, PTR, "double")
    assert parse("Ptr<Ptr<int>>").element.is_ptr
    assert parse("double[][]").element.is_array
    inline = parse("InlineArray4<int>")
    assert inline.is_inline_array and inline.element.text == "int"
    assert parse("Func<Ptr<int>, Ptr<int>, int>").kind == DELEGATE  # a function pointer is no Ptr
    assert parse("Action").kind == DELEGATE and parse("Actions").kind == NAMED  # a struct may be named so
    assert parse("InlineArrayNone<int>").kind == INLINE_ARRAY
    assert not parse("Ptr<int>[]").is_ptr and parse("Ptr<int>").is_ptr
    assert parse(GENERIC_RESULT).is_ptr and parse(GENERIC_RESULT).element.text == "?"


def test_questions_the_emission_asks():
    assert parse("double[]").points_to("double") and parse("Ptr<double>").points_to("double")
    assert not parse("Ptr<double>[]").points_to("double") and not parse("InlineArray4<double>").points_to("double")
    assert parse("Ptr<byte>").is_memory and parse("byte[]").is_memory and not parse("InlineArray2<byte>").is_memory
    assert [default_value(t) for t in ("int", "bool", "int[]", "Func<int>", "string", "FILE", "Ptr<int>", "Rec")] == \
        ["0", "false", "null", "null", "null", "null", "default", "default"]
    assert CsExpr("p", "Ptr<Rec>").cstype.element.text == "Rec"


def test_names_built_from_parts_read_back_as_those_parts():
    for element in ("double", "Ptr<int>", "Rec", "InlineArray4<int>"):
        assert parse(ptr_of(element)).element.text == element and parse(ptr_of(element)).is_ptr
        assert parse(array_of(element)).element.text == element and parse(array_of(element)).is_array
        assert str(parse(ptr_of(element))) == ptr_of(element)
        assert parse(inline_array_of(4, element)).is_inline_array and parse(inline_array_of(4, element)).element.text == element
    assert parse(delegate_of(["Ptr<int>"], "int")).kind == DELEGATE and parse(delegate_of([], None)).kind == DELEGATE


# Text questions about a C# type that the model answers: a prefix or suffix test, a slice of the text, or a
# comparison with a composite type written out (`== "Ptr<byte>"`, `in (f"Ptr<{t}>", f"{t}[]")`).
_TEXT_MATCHING = re.compile(r'(startswith|endswith)\(\(?"(Ptr<|InlineArray|\[\]|Func<|Action)'
                            r'|\[4:-1\]|\[:-2\]'
                            r'|(==|!=|\bin)\s*\(?f?"(Ptr<|[\w{}]+\[\]")')


def test_the_emission_asks_the_model_not_the_text():
    found = [f"{path.name}:{i}: {line.strip()}"
             for path in sorted(EMISSION.glob("*.py")) if path.name != "cstypes.py"
             for i, line in enumerate(path.read_text().splitlines(), 1) if _TEXT_MATCHING.search(line)]
    assert found == []
