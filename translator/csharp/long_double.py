"""C's long double constants as gcc's x87 80-bit values (the runtime's CLongDouble).

A `0.1L` is the decimal rounded once to 64 significant bits (nearest, ties to even), not double's 0.1 widened:
computed exactly here from the literal's text, and written as the bits CLongDouble holds.
"""
from __future__ import annotations

from fractions import Fraction

_BIAS = 16383
_MAX_BIASED = 0x7FFF
_MIN_UNIT = 1 - _BIAS - 63  # the exponent of a denormal's last bit


def literal_value(text: str) -> Fraction:
    """The exact value of a C floating constant's text (decimal or hexadecimal, any suffix)."""
    t = text.rstrip("fFlL")
    if t[:2].lower() == "0x":
        mantissa, _, exponent = t[2:].lower().partition("p")
        whole, _, fraction = mantissa.partition(".")
        digits = int((whole + fraction) or "0", 16)
        return Fraction(digits) * Fraction(2) ** (int(exponent or "0") - 4 * len(fraction))
    return Fraction(t)


def x87_bits(value: Fraction) -> tuple[int, int]:
    """(significand with its integer bit, sign-and-exponent word) of a non-negative value rounded to 80 bits."""
    if value == 0:
        return 0, 0
    n, d = value.numerator, value.denominator
    e = n.bit_length() - d.bit_length()  # value / 2^e is in [1/2, 2)
    if Fraction(n, d) < Fraction(2) ** e:
        e -= 1
    unit = max(e - 63, _MIN_UNIT)  # the exponent of the significand's last bit
    scaled = value / Fraction(2) ** unit
    q, rest = divmod(scaled.numerator, scaled.denominator)
    twice = 2 * rest
    if twice > scaled.denominator or (twice == scaled.denominator and q & 1):
        q += 1
    if q >> 64:
        q >>= 1
        unit += 1
    biased = unit + 63 + _BIAS if q >> 63 else 0  # below the integer bit: a denormal
    if biased >= _MAX_BIASED:
        return 1 << 63, _MAX_BIASED  # beyond LDBL_MAX: infinity, as gcc rounds the constant
    return q, biased


def constant_code(text: str) -> str:
    """C# for a long double constant: a double one when double holds it exactly (`2.5L`), else its bits."""
    value = literal_value(text)
    significand, exponent = x87_bits(value)
    if significand == 1 << 63 and exponent == _MAX_BIASED:
        return "CLongDouble.PositiveInfinity"
    if significand & ((1 << 11) - 1) == 0 and value != 0 and 1 - 1022 + _BIAS <= exponent <= 1023 + _BIAS:
        as_double = float(value)
        if Fraction(as_double) == value:
            return f"((CLongDouble){as_double!r})"
    if value == 0:
        return "CLongDouble.Zero"
    return f"new CLongDouble(0x{significand:X}UL, 0x{exponent:X})"
