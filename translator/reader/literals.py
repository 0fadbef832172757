"""Decoding C literals as the C source spells them: integer, character and string constants -> their values.

Pure Python, no libclang: the reader decodes the program's literals with it, and the emission decodes the string
tokens of macro bodies it keeps as constants (csharp/decls.py).
"""
from __future__ import annotations

import re
from typing import List


def parse_int(text: str) -> int:
    t = text.rstrip("uUlL")
    if t.lower().startswith("0x"):
        return int(t, 16)
    if t.lower().startswith("0b"):
        return int(t[2:], 2)
    if len(t) > 1 and t.startswith("0"):
        return int(t, 8)
    return int(t)


_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "a": 7, "b": 8, "f": 12, "v": 11, "\\": 92, "'": 39, '"': 34, "?": 63, "e": 27}


def _unescape(body: str) -> bytes:
    out = bytearray()
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out += ch.encode("utf-8", "surrogateescape")  # a raw byte (Latin-1) is that byte
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in "01234567":
            j = i + 1
            while j < len(body) and j < i + 4 and body[j] in "01234567":
                j += 1
            out.append(int(body[i + 1:j], 8) & 0xFF)
            i = j
        elif nxt == "x":
            j = i + 2
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(body[i + 2:j], 16) & 0xFF)
            i = j
        else:
            out.append(_ESCAPES.get(nxt, ord(nxt)))
            i += 2
    return bytes(out)


STRING_TOKEN = re.compile(r'^(u8|u|U|L)?"')  # a string-literal token, with its prefix


def parse_string_literal(token: str) -> bytes:
    if token.startswith('u8"'):
        token = token[2:]  # UTF-8: char units, as a plain literal's
    if not token.startswith('"'):
        raise ValueError(token)
    return _unescape(token[1:-1])


def parse_char(token: str) -> int:
    prefix = token[:token.index("'")] if "'" in token else ""  # L, u, U or u8: wchar_t, char16_t, char32_t
    body = token[len(prefix) + 1:-1] if token.endswith("'") else token
    b = _unescape(body)
    if prefix and prefix != "u8":
        numeric = re.fullmatch(r"\\(?:[xuU]([0-9a-fA-F]+)|([0-7]{1,3}))", body)
        if numeric:
            return int(numeric.group(1), 16) if numeric.group(1) else int(numeric.group(2), 8)  # L'\x263a'
        try:
            return ord(b.decode("utf-8")[0]) if b else 0  # the character's code point, whatever its width
        except UnicodeDecodeError:
            return b[0]
    if len(b) > 1:
        # a multi-character constant ('ab', legacy codes' four-character tags): gcc's value is each character's
        # byte shifted in from the right, an int (gcc's manual, "Implementation-defined behavior: characters");
        # it was the first character alone, a port that printed 97 where gcc prints 24930
        v = 0
        for byte in b:
            v = ((v << 8) | byte) & 0xFFFFFFFF
        return v - 2 ** 32 if v >= 2 ** 31 else v
    v = b[0] if b else 0
    return v - 256 if v > 127 else v  # plain char is signed on x86-64


def parse_wide_string_literal(token: str, units: str) -> List[int]:
    """The code units of a wide string literal's token (`L"..."`, `u"..."`, `U"..."`, or a plain `"..."` concatenated
    with one), without the terminating NUL: `units` "utf32" (wchar_t, char32_t: each character's code point) or "utf16"
    (char16_t: a character past U+FFFF as its surrogate pair). A numeric escape is one unit of its value; a \\u or
    \\U escape a character."""
    body = token[token.index('"') + 1:-1]
    out: List[int] = []

    def character(cp: int) -> None:
        if units == "utf16" and cp > 0xFFFF:
            cp -= 0x10000
            out.extend((0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)))
        else:
            out.append(cp)
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            character(ord(ch) if not 0xDC80 <= ord(ch) <= 0xDCFF else ord(ch) - 0xDC00)  # (a raw byte: its value)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in "01234567":
            j = i + 1
            while j < len(body) and j < i + 4 and body[j] in "01234567":
                j += 1
            out.append(int(body[i + 1:j], 8))
            i = j
        elif nxt == "x":
            j = i + 2
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(body[i + 2:j], 16) & (0xFFFF if units == "utf16" else 0xFFFFFFFF))
            i = j
        elif nxt in "uU":
            digits = 4 if nxt == "u" else 8
            character(int(body[i + 2:i + 2 + digits], 16))
            i += 2 + digits
        else:
            out.append(_ESCAPES.get(nxt, ord(nxt)))
            i += 2
    return out
