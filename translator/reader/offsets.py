"""libclang's offsets count the bytes of a file's UTF-8 text; the reader holds that text as a Python str, whose
indices count characters. A file with a character of several bytes before a place (IMB_ones_accu.c's comment
`fence → Accumulate → fence`: two 3-byte arrows) puts every later offset past its character: an edit spliced there
cut the text 4 characters late (`MPI_MPI_Win_fence` for a macro call two lines below). text_index turns a byte
offset into the str's index."""
from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import List, Tuple


def text_index(text: str, byte_offset: int) -> int:
    """The index in text of the character that starts at byte_offset of its UTF-8 encoding (surrogateescape: a raw
    byte the file held, decoded as a lone surrogate, is one byte again)."""
    if text.isascii():
        return byte_offset
    ends, extra = _wide_characters(text)
    k = bisect_right(ends, byte_offset)
    return byte_offset - (extra[k - 1] if k else 0)


@lru_cache(maxsize=16)
def _wide_characters(text: str) -> Tuple[List[int], List[int]]:
    """The byte offset just past each character of several bytes, and the extra bytes up to there."""
    ends: List[int] = []
    extra: List[int] = []
    at = added = 0
    for ch in text:
        n = 1 if ord(ch) < 0x80 or 0xDC80 <= ord(ch) <= 0xDCFF else len(ch.encode("utf-8"))
        at += n
        if n > 1:
            added += n - 1
            ends.append(at)
            extra.append(added)
    return ends, extra
