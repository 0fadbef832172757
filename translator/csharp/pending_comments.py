"""The comments not yet emitted, by file and line (issue 28: translation speed).

Context.comments_before and trailing_comment are asked at every statement; scanning all the program's comments
each time made a long function with many comments quadratic (a 5,000-statement kernel suite: 9,000 calls over
1,000 comments, a tenth of its translation). This index answers the same questions from the comments of one file
between two lines, in the order of Context.comments: within a file, the reader lists comments in source order
(reader/frontend.py, _comments), file after file, so their lines ascend with their indices; where they do not,
`usable` is False and Context scans the list as before.
"""
from __future__ import annotations

import bisect
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from .. import ir


class PendingComments:
    def __init__(self, comments: Sequence[ir.Comment]):
        self.comments = comments
        self.count = len(comments)
        # file -> (lines, indices) of its comments not yet emitted, both in index order (= line order)
        self._by_file: Dict[str, Tuple[List[int], List[int]]] = {}
        for i, c in enumerate(comments):
            lines, indices = self._by_file.setdefault(c.loc.file, ([], []))
            lines.append(c.loc.line)
            indices.append(i)
        # within a file, lines ascending; a file's comments one block of the list; none ending before it starts
        self.usable = all(lines == sorted(lines) and indices[-1] - indices[0] + 1 == len(indices)
                          for lines, indices in self._by_file.values()) and \
            all(c.end_line >= c.loc.line for c in comments)
        first = {name: indices[0] for name, (_, indices) in self._by_file.items()}
        self._files = sorted(self._by_file, key=first.get)  # files in the order of their first comment

    def _files_of(self, current_file: Optional[str]) -> List[str]:
        if current_file is None:
            return self._files
        return [current_file] if current_file in self._by_file else []

    def between(self, current_file: Optional[str], lo_line: int, line: int) -> Iterator[int]:
        """Indices of the pending comments of the file (of every file, for None) starting on lines lo_line to
        line - 1, in index order."""
        for name in self._files_of(current_file):
            lines, indices = self._by_file[name]
            start, stop = bisect.bisect_left(lines, lo_line), bisect.bisect_left(lines, line)
            yield from indices[start:stop]

    def emitted(self, i: int) -> None:
        lines, indices = self._by_file[self.comments[i].loc.file]
        at = bisect.bisect_left(lines, self.comments[i].loc.line)
        while indices[at] != i:
            at += 1
        del lines[at], indices[at]
