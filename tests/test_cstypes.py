"""The typed model of C# type names (translator/csharp/cstypes.py) the emission reads instead of slicing them."""
from __future__ import annotations

from translator.csharp.cstypes import ARRAY, INLINE_ARRAY, NAMED, PTR, array_of, parse, ptr_of


def test_parts_of_the_types_the_emission_writes():
    rows = parse("Ptr<double>[]")
    assert (rows.kind, rows.element.kind, rows.element.element.text) == (ARRAY, PTR, "double")
    assert parse("Ptr<Ptr<int>>").element.is_ptr
    assert parse("double[][]").element.is_array
    inline = parse("InlineArray4<int>")
    assert inline.is_inline_array and inline.element.text == "int"
    assert parse("Func<Ptr<int>, Ptr<int>, int>").kind == NAMED  # a delegate is no pointer
    assert parse("InlineArrayNone<int>").kind == INLINE_ARRAY
    assert not parse("Ptr<int>[]").is_ptr and parse("Ptr<int>").is_ptr


def test_names_built_from_parts_read_back_as_those_parts():
    for element in ("double", "Ptr<int>", "Rec"):
        assert parse(ptr_of(element)).element.text == element and parse(ptr_of(element)).is_ptr
        assert parse(array_of(element)).element.text == element and parse(array_of(element)).is_array
        assert str(parse(ptr_of(element))) == ptr_of(element)
