"""Rewriting the program's source text before (another) parse, through libclang's unsaved files.

libclang 14 gives no locations inside macro bodies, and reads several files as one unit: so the reader expands
the program's function-like macros (and object-like ones that are no constants) in the text and parses again,
reads an unguarded header with type definitions once, renames a file's statics that collide with another file's
names, and refuses an #include of something that is no regular file. Each function edits `fe.unsaved` (file ->
text) of a reader.frontend.Frontend; line numbers are kept.
"""
from __future__ import annotations

import itertools
import os
import re
from typing import Dict, List, Optional, Sequence, Set, Tuple

from .. import ir
from ..diagnostics import TranslationError
from ..rules import load as load_rules
from . import flat_ast
from .offsets import text_index
from .clang_setup import INCLUDE_DIR, K, ci, include_dirs


def _takes_arguments(definition: ci.Cursor) -> bool:
    """Whether a macro definition is function-like: its name followed at once by `(`. (libclang's
    clang_Cursor_isMacroFunctionLike answers from the macro's state at the end of the file: no for one #undef'ed
    since, as csmith's FUNC_NAME.)"""
    tokens = list(itertools.islice(definition.get_tokens(), 2))
    return len(tokens) == 2 and tokens[1].spelling == "(" and \
        tokens[1].extent.start.offset == tokens[0].extent.end.offset


def defines_function_like(definition: ci.Cursor, own: bool) -> bool:
    """Whether a macro definition takes arguments. libclang's answer is asked first (the native walker's table
    has it); for a macro of the program's own files (`own`), whose definitions are few, a no is checked against
    the tokens (_takes_arguments): `#define TWICE(x) ...` used, then `#undef TWICE`, was read as an object-like
    constant `TWICE` of body `(x) ((x) + (x))`, a located error for legal C."""
    return flat_ast.is_macro_function_like(definition) or (own and _takes_arguments(definition))


# a `\` that ends a line (spaces between are a splice too, with clang's and gcc's warning); a line ends with LF,
# CR LF or a lone CR as clang reads them (fuzz seed 13 input 8643: `4\<CR>2`, an internal error)
_LINE_SPLICE = re.compile(r"\\[ \t\f\v]*(?:\r\n|\r|\n)")


def unsplice(spelling: str) -> str:
    """A token's spelling as libclang gives it, without its line splices: C joins the lines before it forms
    tokens (translation phase 2), so `4\\<newline>2` is the number 42 and `-\\<newline>>` the operator `->`,
    but libclang spells the token with the backslash-newline inside (once an internal error, int('4\\\n2'))."""
    return _LINE_SPLICE.sub("", spelling) if "\\" in spelling else spelling


def token_spelling(t: ci.Token) -> str:
    """A token's text without line splices: libclang spells a token that opens a continued line of a macro
    definition with the backslash-newline before it (`\\\n{`), which an expansion written into the text would
    turn into extra lines, moving every later line's number (CoMD's multi-line `do { } while(0)` timer macros)."""
    return unsplice(t.spelling)


def macro_tokens(definition: ci.Cursor) -> Tuple[str, ...]:
    """A macro definition's tokens, its name first."""
    return tuple(token_spelling(t) for t in definition.get_tokens())


def _macro_signature(cur: ci.Cursor):
    """(parameters, variadic, body tokens) of a function-like macro definition."""
    toks = [token_spelling(t) for t in cur.get_tokens()]
    # NAME ( p1 , p2 ) body...
    close = toks.index(")")
    params = [t for t in toks[2:close] if t != ","]
    variadic = bool(params) and params[-1] == "..."
    if variadic and toks[close - 2] not in (",", "("):
        params.pop()  # GNU's named `args...`: the name stands for the variable arguments (once a parameter more)
    elif variadic:
        params[-1] = "__VA_ARGS__"
    return params, variadic, toks[close + 1:]


# Builtins that are functions of values: those rules/libc.toml maps (glibc's math classification macros
# expand to them under clang; programs call __builtin_popcount and its kin themselves). Others are not calls
# at all (__builtin_offsetof(type, member), __builtin_va_arg(ap, type)) and stay behind their macro's name.
LIBRARY_BUILTINS = frozenset(name for name in load_rules().libc if name.startswith("__builtin_"))


def builtin_library_function(builtin: str) -> Optional[str]:
    """The library function a compiler builtin is gcc's other name of (`__builtin_memcpy` is memcpy, `__builtin_abs`
    abs, `__builtin_strlen` strlen: gcc's "Other Built-in Functions"), when the function has a row and the builtin
    none; else None. Such a call was an unmapped-function error, naming math.h."""
    plain = builtin[len("__builtin_"):] if builtin.startswith("__builtin_") else None
    rules = load_rules()
    known = plain is not None and (plain in rules.libc or plain in rules.allocators)
    return plain if known and builtin not in rules.libc else None


def _calls_one_builtin(body: List[str]) -> bool:
    """A macro body that is exactly one call `__builtin_f ( ... )` of a LIBRARY_BUILTINS function, with no
    # or ## in it."""
    if len(body) < 3 or body[0] not in LIBRARY_BUILTINS or body[1] != "(" or body[-1] != ")":
        return False
    if "#" in body or "##" in body:
        return False
    depth = 0
    for i, t in enumerate(body[1:], start=1):
        depth += t == "("
        depth -= t == ")"
        if depth == 0:
            return i == len(body) - 1
    return False


_OPERATOR_TOKENS = frozenset("( ) + - * / % << >> & | ^ ~ ! == != < > <= >= && || ? : ,".split())
_NUMBER = re.compile(r"^(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*$")


def _arithmetic_macro(name: str, library_defs: Dict[str, ci.Cursor], library_macros: Set[str], depth: int = 0) -> bool:
    """A library function-like macro that is arithmetic on its arguments: its body only parameters, integer numbers,
    operators, the headers' object-like macros and other such macros (<sys/stat.h>'s `S_ISDIR(mode)`, which is
    `__S_ISTYPE((mode), __S_IFDIR)`, which is `(((mode) & __S_IFMT) == (mask))`; <sys/wait.h>'s WEXITSTATUS). Its
    calls are expanded in the program's text like the program's own macros, so the operators hidden in its body can
    be read (a located -Wmacro-operator error before); the constants stay library macros, mapped or evaluated."""
    cur = library_defs.get(name)
    if cur is None or depth > 4:
        return False
    params, variadic, body = _macro_signature(cur)
    if variadic or not body:
        return False
    for i, t in enumerate(body):
        if t in params or t in _OPERATOR_TOKENS or _NUMBER.match(t):
            continue
        if t in library_defs:
            if i + 1 >= len(body) or body[i + 1] != "(" or \
                    not _arithmetic_macro(t, library_defs, library_macros, depth + 1):
                return False
            continue
        if t in library_macros:
            continue  # an object-like macro of the headers: a constant
        return False
    return True


def _one_line(arg: str) -> str:
    """A macro argument on one line: its comments a space, its splices joined, its line breaks spaces."""
    arg = _LITERAL_OR_COMMENT.sub(lambda m: m.group() if m.group()[0] in "\"'" else " ", arg)
    return _LINE_SPLICE.sub("", arg).replace("\n", " ")


def _split_args(text: str) -> List[str]:
    """The arguments of a macro call `(a, f(b, c), "x,y")`: split at top-level commas, each with its spaces (the
    variable ones are stringified as written: _substitute)."""
    inner = text[text.index("(") + 1:text.rindex(")")]
    args, depth, cur, i = [], 0, [], 0
    while i < len(inner):
        ch = inner[i]
        if ch in "\"'":
            j = i + 1
            while j < len(inner) and inner[j] != ch:
                j += 2 if inner[j] == "\\" else 1
            cur.append(inner[i:j + 1])
            i = j + 1
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            args.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    args.append("".join(cur))
    return args


def _closing_paren(toks: Sequence[str], opening: int) -> int:
    """The index of the `)` closing the `(` at toks[opening]; len(toks) when it does not close within them."""
    depth, j = 0, opening
    while j < len(toks):
        depth += toks[j] == "("
        depth -= toks[j] == ")"
        if depth == 0:
            return j
        j += 1
    return j


def _va_opt(body: List[str], some: bool) -> List[str]:
    """`body` with each `__VA_OPT__(tokens)` (C23, which gcc and clang take in C11 too) its tokens where the variable
    arguments are `some`, nothing where there are none."""
    out, i = [], 0
    while i < len(body):
        if body[i] == "__VA_OPT__" and i + 1 < len(body) and body[i + 1] == "(":
            j = _closing_paren(body, i + 1)
            if some:
                out += body[i + 2:j]
            i = j + 1
            continue
        out.append(body[i])
        i += 1
    return out


def _substitute(params: List[str], variadic: bool, body: List[str], args: List[str]) -> str:
    # the variable arguments as written, commas and spaces (`#__VA_ARGS__` of `S(a, b ,c)` is "a, b ,c")
    fixed = len(params) - 1 if variadic else len(args)
    args = [a.strip() for a in args[:fixed]] + ([",".join(args[fixed:]).strip()] if variadic else [])
    if params == [] and args == [""]:
        args = []
    values = dict(zip(params, args))
    if variadic and "__VA_OPT__" in body:
        body = _va_opt(body, bool(values.get(params[-1], "").strip()))
    out: List[str] = []
    i = 0
    glue = False
    while i < len(body):
        tok = body[i]
        if tok == "#" and i + 1 < len(body) and body[i + 1] in values:
            out.append(_stringified(values[body[i + 1]]))
            i += 2
            continue
        if tok == "##" and variadic and out and out[-1] == "," and i + 1 < len(body) and body[i + 1] == params[-1]:
            # GNU's `, ## __VA_ARGS__`: no arguments for the `...` take the comma away; some are put after it, not
            # pasted to it (gcc's manual, "Variadic Macros"): `LOG("start")` of `printf(fmt, ##__VA_ARGS__)`
            if not values.get(params[-1], "").strip():
                out.pop()
            else:
                out.append(values[params[-1]])
            i += 2
            continue
        if tok == "##":
            glue = True
            i += 1
            continue
        text = values.get(tok, tok)
        if glue and out:
            out[-1] = out[-1] + text
        else:
            out.append(text)
        glue = False
        i += 1
    return " ".join(out)


# C11 6.10.3.1: an argument is macro-replaced completely before it is substituted, unless its parameter is an
# operand of # or ##. The rewrite expands outermost calls first and leaves the calls and names inside arguments to
# later rounds, which gives the same text except where the argument then reaches a # or ## of another macro:
# `#define XSTR(x) STR(x)`, XSTR(N) is "64" in C and was "N" (XSTR(__LINE__), XCAT(v, N) likewise). Such an
# argument is replaced now: the program's object-like macros by their bodies, __LINE__ by the line, the
# program's function-like macros by their expansions.
# C's punctuators of several characters are one token each (C11 6.4.6): an argument pre_expand gives back joined by
# spaces kept `p->n` whole (IMB's IMB_i_alloc(int, B, c_info->w_num_procs, ...) passing Len>0 on to IMB_Assert gave
# `c_info - > w_num_procs`, which clang refused).
# A pp-number (C11 6.4.8) takes the sign after an exponent's e or p and may start with a dot: `1.5e-3`, `.5` stay one
# token each (split, they came back as `1.5e - 3`, `. 5`).
_PP_TOKEN = re.compile(r"""[A-Za-z_]\w*|\.?\d(?:[eEpP][+-]|[\w.])*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|##|"""
                       r"""->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&^|]=|\.\.\.|\S""")


def _operand_params(params: List[str], body: List[str]) -> Set[str]:
    """The parameters that are operands of # or ## in a macro's body."""
    out = set()
    for i, tok in enumerate(body):
        if tok in params and (i > 0 and body[i - 1] in ("#", "##") or i + 1 < len(body) and body[i + 1] == "##"):
            out.add(tok)
    return out


def _calls_in(body: List[str], defs) -> List[Tuple[str, List[List[str]]]]:
    """The calls of function-like macros of `defs` in a body: (name, each argument's tokens)."""
    calls = []
    for i, tok in enumerate(body):
        if tok in defs and i + 1 < len(body) and body[i + 1] == "(":
            depth, args, cur = 0, [], []
            for t in body[i + 2:]:
                if t == "(":
                    depth += 1
                elif t == ")":
                    if depth == 0:
                        break
                    depth -= 1
                if t == "," and depth == 0:
                    args.append(cur)
                    cur = []
                else:
                    cur.append(t)
            args.append(cur)
            calls.append((tok, args))
    return calls


def params_reaching_operators(name: str, defs, depth: int = 0) -> Set[str]:
    """The parameters of macro `name` whose arguments reach a # or ## operand, in its body or (as a whole argument)
    through the macros it calls: those C replaces before the # or ## sees them."""
    params, _, body = defs[name]
    if depth > 16:
        return set()
    out = set()
    for callee, args in _calls_in(body, defs):
        callee_params = defs[callee][0]
        reached = _operand_params(callee_params, defs[callee][2]) | params_reaching_operators(callee, defs, depth + 1)
        for k, arg in enumerate(args):
            if k < len(callee_params) and callee_params[k] in reached:
                out.update(t for t in arg if t in params)
    return out - _operand_params(params, body)


def pre_expand(arg: str, defs, object_defs, line: int, unknown, depth: int = 0) -> Optional[str]:
    """`arg` with the program's macros replaced as C replaces an argument (a bounded number of rounds), or None where
    it names a macro cmpi does not expand (a library's, __FILE__): `unknown(name)` says which names are such."""
    if depth > 16:
        return None
    toks = _PP_TOKEN.findall(arg)
    for _ in range(16):
        out, changed, i = [], False, 0
        while i < len(toks):
            tok = toks[i]
            if tok == "__LINE__":
                out.append(str(line))
                changed = True
            elif tok in object_defs and tok not in object_defs[tok]:
                out += list(object_defs[tok])
                changed = True
            elif tok in defs and i + 1 < len(toks) and toks[i + 1] == "(":
                j = _closing_paren(toks, i + 1)
                if j >= len(toks):
                    return None  # a call whose parentheses close outside the argument (`#define LP (`)
                params, variadic, body = defs[tok]
                args = _split_args(" ".join(toks[i:j + 1]))
                reaching = params_reaching_operators(tok, defs)
                for k, param in enumerate(params):
                    if param in reaching and k < len(args):
                        args[k] = pre_expand(args[k], defs, object_defs, line, unknown, depth + 1)
                        if args[k] is None:
                            return None
                out += _PP_TOKEN.findall(_substitute(params, variadic, body, args))
                changed = True
                i = j
            elif unknown(tok):
                return None
            else:
                out.append(tok)
            i += 1
        toks = out
        if not changed:
            return " ".join(toks)
    return None


def expand_nested_calls(arg: str, defs, expandable: Set[str], stringifies: bool, depth: int = 0) -> str:
    """`arg`, a macro argument, with each call in it of a function-like macro of `expandable` replaced by its
    expansion, the calls in that call's own arguments first: what C does to an argument before substituting it
    (C11 6.10.3.1), so that one round of expand_function_macros expands a nest of calls whatever its depth (csmith's
    safe-math macros, `safe_add(safe_mul(safe_sub(...), ...), ...)`, nest twenty deep; a round per level stopped at
    8, and the calls left were a -Wmacro-operator error). The expansion's own text is not scanned again: calls its
    body makes are expanded by the next round, as before. `arg` comes back as it is where a call in it is not
    closed inside it, passes an argument on to a # or ## through another macro (pre_expand's case) or nests deeper
    than the bound; an operand of # or ## is substituted as written. `stringifies`: some macro of `defs` has a # or
    ##."""
    if depth > 64:
        return arg
    toks = _PP_TOKEN.findall(_one_line(arg))
    if not any(t in expandable and i + 1 < len(toks) and toks[i + 1] == "(" for i, t in enumerate(toks)):
        return arg
    out, i = [], 0
    while i < len(toks):
        tok = toks[i]
        if not (tok in expandable and i + 1 < len(toks) and toks[i + 1] == "("):
            out.append(tok)
            i += 1
            continue
        j = _closing_paren(toks, i + 1)
        params, variadic, body = defs[tok]
        if j >= len(toks) or stringifies and params_reaching_operators(tok, defs):
            return arg
        operands = _operand_params(params, body)
        args = _split_args(" ".join(toks[i:j + 1]))
        for k, a in enumerate(args):
            param = params[min(k, len(params) - 1)] if variadic else params[k] if k < len(params) else None
            if param not in operands:
                args[k] = expand_nested_calls(a, defs, expandable, stringifies, depth + 1)
        out.append(_substitute(params, variadic, body, args))
        i = j + 1
    return " ".join(out)


def _stringified(arg: str) -> str:
    """`#arg` as C11 6.10.3.2 makes it: white space between tokens one space, and a backslash before each `"` and
    `\\` of a string literal or character constant only (`STR(a "b" \\n)` is "a \\"b\\" \\n", a newline: the
    backslash outside a literal was once doubled, and the port printed `\\n`)."""
    out, last = [], None
    for m in _PP_TOKEN.finditer(arg):
        tok = m.group()
        if last is not None and m.start() > last:
            out.append(" ")
        out.append(tok.replace("\\", "\\\\").replace('"', '\\"') if tok[0] in "\"'" or tok[:2] in ('L"', "L'")
                   else tok)
        last = m.end()
    return '"' + "".join(out) + '"'


_QUOTED_INCLUDE = re.compile(r'^\ufeff?\s*#\s*include\s*"([^"]+)"', re.M)
# A C block comment that ends at its first `*/` (Friedl's unrolled form): `/\*.*?\*/` inside a repeated group may
# stretch over code to a later comment's end, and on a header that starts with many comments and has no guard
# (autoconf's config.h: 200 of them) the failing match backtracked through every way to do so, exponentially
# (IOR's `cmpi-port` translated for hours, holding the GIL, so --time-limit never fired).
BLOCK_COMMENT = r"/\*[^*]*\*+(?:[^/*][^*]*\*+)*/"
_GUARD = re.compile(r"\A\ufeff?(?:\s|" + BLOCK_COMMENT + r"|//[^\n]*\n)*#\s*(?:ifndef\s+\w+|if\s+!\s*defined|pragma\s+once)")
_TYPE_DEFINITION = re.compile(r"\b(?:struct|union|enum)\b[\w\s]*\{")
# A file-scope static definition: a variable with an initializer or an array (`static int next[6][8][2] = {`), or
# a function with its body (`static inline double sq(double x) {`).
_STATIC_DEFINITION = re.compile(r"^[ \t]*static\b[^;{}]*?(?:=|\[|\)\s*\{)", re.M)


_INCLUDE = re.compile(r'^\ufeff?[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)', re.M)


# a C literal or comment: a NUL byte is escaped in the first, a space in the second
_LITERAL_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/|//[^\n]*', re.S)


def replace_nul_bytes(fe: "Frontend") -> None:
    """The raw NUL bytes of the program's files, which gcc and clang accept with a warning, as clang is to read
    them: libclang hands a token's spelling over as a C string, which ends at the NUL, so `"a<NUL>b\\n"` was read
    as the empty string (the port printed nothing where gcc's program prints "a") and a comment holding one lost
    its `*/` (C# that did not compile, CS1035; fuzz round 9). In a string or character literal it is written
    `\\000` (three octal digits, so a digit after it stays a character; the line's later columns move by three),
    elsewhere a space (which clang makes of it anyway)."""
    for path in [fe.path] + [os.path.abspath(p) for p in fe.paths[1:]]:
        text = _unsaved_text(fe, path)
        if "\0" in text:
            text = _LITERAL_OR_COMMENT.sub(
                lambda m: m.group().replace("\0", "\\000") if m.group()[0] in "\"'" else m.group(), text)
            fe.unsaved[path] = text.replace("\0", " ")


def refuse_special_includes(fe: "Frontend") -> None:
    """An #include of what is no regular file (`#include "/dev/zero"`, a pipe, /dev/stdin) would read forever or
    wait: a located error before clang opens it. The program's files and the headers they include are read."""
    import stat
    args = fe._clang_args()
    for i, a in enumerate(args):  # `-- -include /dev/zero`
        for flag in ("-include", "-imacros"):
            if a.startswith(flag) and (len(a) > len(flag) or i + 1 < len(args)):
                name = a[len(flag):] or args[i + 1]
                if os.path.exists(name) and not stat.S_ISREG(os.stat(name).st_mode):
                    raise TranslationError(None, f"{flag} {name}: no regular file (a device, a pipe, a directory)",
                                           "include-file")
    dirs = include_dirs(args)
    pending, seen = [os.path.abspath(p) for p in fe.paths], set()
    while pending and len(seen) < 1000:
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        try:
            with open(path, encoding="utf-8", errors="surrogateescape") as fh:
                text = fh.read(1 << 22)
        except OSError:
            continue
        for m in _INCLUDE.finditer(text):
            name = m.group(1) or m.group(2)
            here = [os.path.dirname(path)] if m.group(1) else []
            for d in ([""] if os.path.isabs(name) else here + dirs):
                candidate = os.path.join(d, name)
                try:
                    mode = os.stat(candidate).st_mode
                except OSError:
                    continue
                if not stat.S_ISREG(mode):
                    line = text.count("\n", 0, m.start()) + 1
                    raise TranslationError(ir.Loc(path, line, m.start() - text.rfind("\n", 0, m.start())),
                                           f"#include of '{candidate}', which is no regular file (a device, a pipe, a "
                                           "directory)", "include-file")
                if fe._is_user_path(candidate):
                    pending.append(os.path.abspath(candidate))
                break


def include_unguarded_headers_once(fe: "Frontend") -> None:
    """A header of the program without an include guard that defines a struct, union or enum, or a static
    variable or function, is read once.

    Each file of a program of several includes it once, which C allows; read as one unit (a unity build), the
    second inclusion would define its types or statics again. `#pragma once` is added at its end (so its lines
    keep their numbers). Headers without such definitions (prototypes, or X-macro lists meant to be read again)
    stay as they are. A header's static variable (miniAMR's `static int hilbert[24][8][2] = {...}` table, read
    by two files) is then one variable for the files that include it, where C gives each file a copy: the same
    for the tables such headers hold, different only if one file writes the copy another reads.
    """
    pending = [os.path.abspath(p) for p in fe.paths]
    seen = set(pending)
    while pending:
        path = pending.pop()
        text = _unsaved_text(fe, fe.path if path == os.path.abspath(fe.path) else path)
        for name in _QUOTED_INCLUDE.findall(text):
            for d in [os.path.dirname(path)] + [u.rstrip(os.sep) for u in fe.user_dirs]:
                header = os.path.abspath(os.path.join(d, name))
                if os.path.isfile(header):
                    break
            else:
                continue
            if header in seen:
                continue
            seen.add(header)
            pending.append(header)
            body = _unsaved_text(fe, header)
            if not _GUARD.match(body) and (_TYPE_DEFINITION.search(body) or _STATIC_DEFINITION.search(body)):
                fe.unsaved[header] = body + "\n#pragma once\n"


def rename_colliding_statics(fe: "Frontend") -> None:
    """Give a file-scope (static) function or variable another name where another file of the program declares
    the same name (two files' `static double helper(int)`, a static `counter` beside another file's global).

    The files of a program are read as one unit (a unity build), where such names would collide; in C each is
    private to its file. The static one is renamed `name_file` in its own file's text, at every reference clang
    finds to it; a name no static holds in another file, or the first file's static, keeps its name.
    """
    index = ci.Index.create()
    keys = [fe.path] + [os.path.abspath(p) for p in fe.paths[1:]]  # the names clang reads the files by
    declared: Dict[str, Dict[str, List[ci.Cursor]]] = {}  # file -> name -> its top-level declarations there
    header_statics: Dict[str, Dict[str, ci.Cursor]] = {}  # file -> name -> a header's static variable it sees
    for key in keys:
        tu = index.parse(key, args=fe._clang_args(), unsaved_files=list(fe.unsaved.items()),
                         options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
        own: Dict[str, List[ci.Cursor]] = {}
        for cur in tu.cursor.get_children():
            f = cur.location.file
            if cur.kind in (K.FUNCTION_DECL, K.VAR_DECL) and f is not None and f.name == key:
                own.setdefault(cur.spelling, []).append(cur)
            elif is_header_static_variable(cur, keys):
                header_statics.setdefault(key, {})[cur.spelling] = cur
        declared[key] = own
    taken = {name for own in declared.values() for name in own} | \
        {name for seen in header_statics.values() for name in seen}
    edits: Dict[str, List[Tuple[int, str, str]]] = {}  # file -> (offset, name, new name): offsets of one parse
    insertions: Dict[str, List[Tuple[int, str]]] = {}  # file -> (offset, text): a header static's copy
    _give_files_their_header_statics(fe, keys, header_statics, taken, edits, insertions)
    for name in sorted(taken):
        holders = [k for k in keys if name in declared[k]]
        if len(holders) < 2:
            continue
        statics = [k for k in holders if all(c.storage_class == ci.StorageClass.STATIC for c in declared[k][name])]
        keeper = None if len(statics) < len(holders) else statics[0]  # a global keeps the name, else the first
        for key in statics:
            if key == keeper:
                continue
            new_name = _file_own_name(name, key, taken)
            edits.setdefault(key, []).extend((offset, name, new_name) for offset in _references(key, declared[key][name]))
    for key in set(edits) | set(insertions):
        items = edits.get(key, [])
        original = text = _unsaved_text(fe, key)
        done_calls = set()
        # (insertions sort after a rename at the same offset: the copy goes before the renamed declaration's start)
        for offset, name, new_name in sorted(items + [(o, "", t) for o, t in insertions.get(key, [])], reverse=True):
            at = text_index(original, offset)  # from the end: the text before `at` is still the original's
            if not name:
                text = text[:at] + new_name + text[at:]  # a header static's own copy, on the line it precedes
            elif text[at:at + len(name)] == name:  # not a use that a macro of another name expands to
                text = text[:at] + new_name + text[at + len(name):]
            elif (at, name) not in done_calls:
                # a use inside a macro call's arguments (`VERBOSE(5, 5, "...", o.unique_dir)`, `MPI_CHECK(
                # MPI_Bcast(&o.seed, ...), "...")`): libclang places it at the call, so the name is renamed in the
                # call's arguments, where the file's static is the one in scope
                done_calls.add((at, name))
                text = _rename_in_macro_call(text, at, name, new_name)
        fe.unsaved[key] = text


def _file_own_name(name: str, key: str, taken: Set[str]) -> str:
    """`name_file` (`counter_b` for b.c's), numbered past any name the program holds; then taken too."""
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(key))[0])
    new_name, n = f"{name}_{stem}", 1
    while new_name in taken:
        n += 1
        new_name = f"{name}_{stem}{n}"
    taken.add(new_name)
    return new_name


def is_header_static_variable(cur: ci.Cursor, keys: Sequence[str]) -> bool:
    """A static variable that a header (no file of the program) defines and that a program may write: each file
    including the header has its own (C11 6.2.2p3). A const one needs no copy: they would all be equal."""
    f = cur.location.file
    return cur.kind == K.VAR_DECL and f is not None and f.name not in keys and \
        cur.storage_class == ci.StorageClass.STATIC and cur.is_definition() and \
        not cur.type.is_const_qualified() and not f.name.startswith((INCLUDE_DIR, "/usr/include/", "/usr/lib/"))


def _give_files_their_header_statics(fe: "Frontend", keys: List[str], header_statics: Dict[str, Dict[str, ci.Cursor]],
                                     taken: Set[str], edits: Dict[str, List[Tuple[int, str, str]]],
                                     insertions: Dict[str, List[Tuple[int, str]]]) -> None:
    """A static variable a header defines, used by several files of the program: the program is read as one unit,
    where the header is read once, so the files would share one variable (main.c printed the counts other.c had
    changed). The first file using it keeps the name; each other one gets a copy of the definition, named
    `name_file`, put before its first declaration that uses it (on that line: line numbers stay), and its uses
    renamed. Left shared (as before) where a header's function uses it too (that function would need a copy per
    file) or the definition is not one declarator alone."""
    users: Dict[str, List[Tuple[str, ci.Cursor, Set[int]]]] = {}  # name -> (file, its definition, its uses there)
    for key in keys:
        for name, cur in header_statics.get(key, {}).items():
            uses = _references(key, [cur], with_declarations=False)
            if uses:
                users.setdefault(name, []).append((key, cur, uses))
    for name, holders in sorted(users.items()):
        if len(holders) < 2 or any(_used_by_a_header_function(key, cur) for key, cur, _ in holders):
            continue
        for key, cur, uses in holders[1:]:
            copy = _definition_copy(fe, cur, name)
            first = _first_declaration_using(key, cur, uses)
            if copy is None or first is None:
                continue
            new_name = _file_own_name(name, key, taken)
            edits.setdefault(key, []).extend((offset, name, new_name) for offset in uses)
            insertions.setdefault(key, []).append((first, copy.replace(f"\0{name}\0", new_name)))


def _definition_copy(fe: "Frontend", cur: ci.Cursor, name: str) -> Optional[str]:
    """`static int calls = 5; ` from the header's text, its name marked `\\0name\\0` for the caller to replace;
    None when the definition is not one declarator alone on text of its own (`static int a, b;`, a macro's)."""
    start, end, at = cur.extent.start, cur.extent.end, cur.location
    if start.file is None or end.file is None or start.file.name != cur.location.file.name or \
            end.file.name != start.file.name:
        return None
    text = _unsaved_text(fe, start.file.name)
    a, b, n = (text_index(text, x.offset) for x in (start, end, at))
    if not a <= n < b or text[n:n + len(name)] != name:
        return None
    head, tail = text[a:n], text[n + len(name):b]
    if "," in head or "\n#" in text[a:b] or "//" in text[a:b] or "/*" in text[a:b]:
        return None
    return " ".join(f"{head}\0{name}\0{tail};".split()) + " "


def _first_declaration_using(key: str, cur: ci.Cursor, uses: Set[int]) -> Optional[int]:
    """The offset of the first top-level declaration of file `key` that holds one of `uses`."""
    for top in cur.translation_unit.cursor.get_children():
        f = top.location.file
        if f is None or f.name != key:
            continue
        if any(top.extent.start.offset <= u < top.extent.end.offset for u in uses):
            return top.extent.start.offset
    return None


def _used_by_a_header_function(key: str, cur: ci.Cursor) -> bool:
    """Whether a function a header defines (a static inline helper) uses the header's static variable `cur`."""
    usr = cur.get_usr()
    for top in cur.translation_unit.cursor.get_children():
        f = top.location.file
        if top.kind != K.FUNCTION_DECL or f is None or f.name == key or not top.is_definition():
            continue
        if any(c.kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.get_usr() == usr
               for c in top.walk_preorder()):
            return True
    return False


def _rename_in_macro_call(text: str, at: int, name: str, new_name: str) -> str:
    """`name` renamed in the arguments of the macro call starting at `at` (`MACRO ( ... )`): every identifier token
    of that spelling, not a member (after `.` or `->`), outside string and character literals."""
    m = re.compile(r"[A-Za-z_]\w*\s*\(").match(text, at)
    if m is None:
        return text
    i, depth, start = m.end(), 1, m.end()
    while i < len(text) and depth:
        c = text[i]
        if c in "\"'":
            i += 1
            while i < len(text) and text[i] != c:
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        i += 1
    if depth:
        return text
    arguments = text[start:i - 1]
    renamed = re.sub(r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')|(?<![\w.>])(?<!->)\s*\b""" + re.escape(name) + r"\b",
                     lambda k: k.group(0) if k.group(1) else k.group(0).replace(name, new_name), arguments)
    return text[:start] + renamed + text[i - 1:]


def _references(key: str, decls: List[ci.Cursor], with_declarations: bool = True) -> Set[int]:
    """Where, in one file, a file-scope name stands: its declarations (unless a header holds them), every reference
    to them, and the bodies of the file's macros (`#define BUMP() counter++` means this file's counter where the
    file uses it)."""
    usrs = {c.get_usr() for c in decls}
    offsets = {c.location.offset for c in decls} if with_declarations else set()
    name = decls[0].spelling
    for top in decls[0].translation_unit.cursor.get_children():
        f = top.location.file
        if f is None or f.name != key:
            continue
        if top.kind == K.MACRO_DEFINITION:
            offsets.update(t.extent.start.offset for t in list(top.get_tokens())[1:]
                           if t.spelling == name and t.kind == ci.TokenKind.IDENTIFIER)
            continue
        for cur in top.walk_preorder():
            ref = cur.referenced
            if cur.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) or cur.kind.is_declaration():
                if ref is not None and ref.get_usr() in usrs and cur.location.file is not None and \
                        cur.location.file.name == key:
                    offsets.add(cur.location.offset)
    return offsets


# clang's line ends, as its lexer and its line table take them: CR LF and LF CR are one, a lone CR or LF one
_LINE_END = re.compile(r"\r\n|\n\r|\r|\n")


def lf_line_ends(text: str) -> str:
    """`text` with the line ends clang reads as LF and CR LF only: a lone CR (old Mac files) is an LF, an LF CR
    (which clang reads as one line end) a space and an LF. Each character stays one, so clang's offsets and
    columns index the text alike, and it means to clang what it meant: but the reader's line-anchored patterns
    (`^#define`, include guards, `//` comments up to `\n`, line splices) see the lines clang sees; a file of lone
    CRs was one line to them (a `#define` after the first line went unseen, a `//` comment blanked the rest of
    the file, `4\\<CR>2` was no splice)."""
    if "\r" not in text:
        return text
    return _LINE_END.sub(lambda m: {"\r": "\n", "\n\r": " \n"}.get(m.group(), m.group()), text)


def _unsaved_text(fe: "Frontend", name: str) -> str:
    """The text of a program file as the next parse will read it (edited, or as on disk)."""
    text = fe.unsaved.get(name)
    if text is None:
        # a header known by another name (`block.h` from a file's #include, `/abs/dir/block.h` as
        # include_unguarded_headers_once names it) keeps the edits made under that name (its `#pragma once`)
        real = os.path.realpath(name)
        text = next((t for other, t in fe.unsaved.items() if os.path.realpath(other) == real), None)
    if text is None:
        # newline="": the line ends as they are (CRLF too), so that clang's offsets, counted in the file as it
        # reads it, index this text (a CRLF file's macro call was cut one character a line early: an internal
        # error, fuzz round 9)
        with open(name, encoding="utf-8", errors="surrogateescape", newline="") as fh:
            text = lf_line_ends(fh.read())
    fe.unsaved[name] = text
    return text


# The punctuation of a constant whose tokens mean in C# what they mean in C. A body with any other is no
# constant: `[`, `.`, `->`, `=`, `{`, and the operators whose C result is an int but a C# bool (`!TRUE`, `a < b`,
# `x ? 1 : 0`), which read right once translated as the expressions they are where they are used.
_CONSTANT_PUNCTUATION = frozenset("( ) + - * / % << >> & | ^ ~".split())
# Operators that cannot start an expression: a body starting with one continues the expression it is used in.
_BINARY_ONLY = frozenset("* / % << >> & | ^".split())
_LITERAL_TOKEN = re.compile(r"""^([0-9.]|(u8|u|U|L)?["'])""")


_BINARY = frozenset("* / % + - << >> & | ^".split())
# Characters of the operators that bind an operand next to a macro's use: `rank*MP` with `#define MP M/P` is
# `(rank*M)/P` in C, not `rank*(M/P)`
_OPERATOR_CHARS = frozenset("*/%+-<>&|^!~")


def _unparenthesized_operator(body: Sequence[str]) -> bool:
    """Whether a macro body holds a binary operator outside parentheses (`M/P`, `N+1`; not `(M/P)` nor `-1`):
    its value as a constant is that of its use only where no operator next to the use binds into it."""
    depth = 0
    for k, tok in enumerate(body):
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth -= 1
        elif depth == 0 and k > 0 and tok in _BINARY and body[k - 1] not in _BINARY | {"("}:
            return True
    return False


def _next_to_operator(text: str, start: int, end: int) -> bool:
    """Whether the text before `start` or after `end` (spaces skipped) is an operator's character."""
    before = text[:start].rstrip()[-1:]
    after = text[end:].lstrip()[:1]
    return bool(before) and before in _OPERATOR_CHARS or bool(after) and after in _OPERATOR_CHARS - {"!", "~"}


class _ConstantMacros:
    """Which object-like macros of the program can be C# constants: bodies of literals, arithmetic and the
    names of other such macros or of the headers' constants (INT_MAX, MPI_COMM_WORLD). Any other body
    (`sizeof(words) / sizeof(words[0])`, a cast, `acos(-1.0)`, a program variable) means something only
    where it is used, as in C, so its uses are expanded in the text instead."""

    def __init__(self, bodies: Dict[str, List[str]], library_constants: set):
        self.bodies = bodies
        self.library_constants = library_constants
        self.known: Dict[str, bool] = {}

    def __call__(self, name: str, body: Sequence[str], depth: int = 0) -> bool:
        if body and (body[0] in _BINARY_ONLY or body[-1] in _CONSTANT_PUNCTUATION - {")"}):
            return False  # a piece of an expression (`#define ulong_shift >>6`, used as `v ulong_shift`)
        for tok in body:
            if _LITERAL_TOKEN.match(tok) or tok in _CONSTANT_PUNCTUATION or tok in self.library_constants:
                continue
            if tok in self.bodies and tok != name and depth < 16:
                if tok not in self.known:
                    self.known[tok] = self(tok, self.bodies[tok], depth + 1)
                if self.known[tok] and not self._binds_into(body, tok):
                    continue
            return False
        return True

    def _binds_into(self, body: Sequence[str], name: str) -> bool:
        """Whether `name`, a macro with an operator outside parentheses, stands next to an operator in `body`
        (`#define Y 2*MP` over `#define MP M/P`: C's Y is (2*M)/P, a C# constant of MP would make it 2*(M/P))."""
        if not _unparenthesized_operator(self.bodies[name]):
            return False
        return any(tok == name and ((k > 0 and body[k - 1] in _BINARY | {"~", "!"}) or
                                    (k + 1 < len(body) and body[k + 1] in _BINARY))
                   for k, tok in enumerate(body))


def expand_function_macros(fe: "Frontend") -> bool:
    """Expand, in the program's own text, each call of a function-like macro the program defines, and each use
    of an object-like one whose body is no constant (_ConstantMacros).

    The expanded text replaces the file's contents for the next parse (libclang's unsaved
    files), so clang then sees ordinary code whose operators it can show. Line numbers are
    kept: a call that spans lines is followed by as many newlines.
    """
    defs = {}
    definitions: Dict[str, int] = {}  # function-like macro -> how many definitions the unit has (#undef, #define again)
    uses = []
    library_defs = {}
    object_defs: Dict[str, List[str]] = {}  # the program's object-like macros: name -> body tokens
    library_constants = set()  # names a constant's body may use: the headers' macros, variables, enum constants
    library_macros = set()  # the headers' macros
    program_names = set()  # the program's own top-level variables and functions
    for cur in fe.top_level():
        own = fe.user_file_of(cur)
        if own is None:
            continue
        if own and cur.kind in (K.VAR_DECL, K.FUNCTION_DECL):
            program_names.add(cur.spelling)
        if cur.kind == K.MACRO_DEFINITION and defines_function_like(cur, own):
            definitions[cur.spelling] = definitions.get(cur.spelling, 0) + 1
            if own:
                defs[cur.spelling] = _macro_signature(cur)
            else:
                library_defs[cur.spelling] = cur
                library_macros.add(cur.spelling)
        elif cur.kind == K.MACRO_DEFINITION:
            if not own:
                library_constants.add(cur.spelling)
                library_macros.add(cur.spelling)
            elif not _takes_arguments(cur):
                object_defs[cur.spelling] = macro_tokens(cur)[1:]
        elif cur.kind == K.MACRO_INSTANTIATION and own:
            uses.append(cur)
        elif not own and cur.kind == K.VAR_DECL:
            library_constants.add(cur.spelling)
        elif not own and cur.kind == K.ENUM_DECL:
            library_constants.update(c.spelling for c in cur.get_children())
    constant_like = _ConstantMacros(object_defs, library_constants)
    # A library macro that only renames a compiler builtin (glibc's isnan(x) is __builtin_isnan (x)) is
    # expanded too, so operators in its arguments (isinf(-x)) can be read, and so is one of cmpi's own headers
    # (translator/include/assert.h); other library macros stay.
    for name in {u.spelling for u in uses} - defs.keys():
        if name in library_defs:
            sig = _macro_signature(library_defs[name])
            header = os.path.abspath(library_defs[name].location.file.name)
            if _calls_one_builtin(sig[2]) or header.startswith(INCLUDE_DIR + os.sep) or \
                    _arithmetic_macro(name, library_defs, library_macros):
                defs[name] = sig
    edits: Dict[str, List[Tuple[int, int, str]]] = {}
    stringifies = any(t in ("#", "##") for _, _, body in defs.values() for t in body)
    reaching_of: Dict[tuple, Set[str]] = {}  # (macro, its parameters and body) -> params_reaching_operators
    # the calls inside a call's arguments are expanded with it when their macro has one definition, so the text a
    # call's place reads is the same everywhere (expand_nested_calls)
    expandable = {name for name in defs if definitions.get(name) == 1}
    for cur in uses:
        definition = cur.referenced  # the definition in force at this use (a macro may be #undef'ed and redefined)
        if cur.spelling in object_defs and definition is not None and definition.kind == K.MACRO_DEFINITION \
                and not _takes_arguments(definition):
            body = macro_tokens(definition)[1:]
            # a macro named as one of the program's variables (graph500: common.h's `static const int ulong_bits`
            # and bitmap_reference.h's `#define ulong_bits 64`, one file including both) is no constant of the
            # class, where the two would be one name: its uses are expanded
            if cur.spelling in body:
                continue
            constant = constant_like(cur.spelling, body) and cur.spelling not in program_names
            binds = constant and _unparenthesized_operator(body)
            if constant and not binds:
                continue
            name = cur.location.file.name
            text = _unsaved_text(fe, name)
            start, end = text_index(text, cur.extent.start.offset), text_index(text, cur.extent.end.offset)
            if text[text.rfind("\n", 0, start) + 1:start].lstrip().startswith("#"):
                continue  # a use in #if: the preprocessor's business
            if binds and not _next_to_operator(text, start, end):
                continue  # a constant where no operator binds into it (`double buf[MP]`, `n = MP;`)
            # (spaced: `x-NEG` of `#define NEG -1` reads `x - -1`, as the preprocessor's tokens, not `x--1`)
            edits.setdefault(name, []).append((start, end, " ".join(body) if not binds else " " + " ".join(body) + " "))
            continue
        sig = defs.get(cur.spelling)
        if sig is None:
            continue
        if definition is not None and definition.kind == K.MACRO_DEFINITION and \
                defines_function_like(definition, True):
            sig = _macro_signature(definition)
        name = cur.location.file.name
        text = _unsaved_text(fe, name)
        start, end = text_index(text, cur.extent.start.offset), text_index(text, cur.extent.end.offset)
        call = text[start:end]
        if "(" not in call:
            continue  # the macro's name used without arguments: not a call
        params, variadic, body = sig
        args = _split_args(call)
        reaching = set()
        if stringifies:  # (most programs have no # nor ## in their macros: nothing to find)
            key = (cur.spelling, tuple(params), tuple(body))
            if key not in reaching_of:
                reaching_of[key] = params_reaching_operators(cur.spelling, {**defs, cur.spelling: sig})
            reaching = reaching_of[key]
        if reaching:
            line = text.count("\n", 0, start) + 1
            for k, param in enumerate(params):
                if param in reaching and k < len(args):
                    replaced = pre_expand(args[k], defs, object_defs, line,
                                          lambda tok: tok in library_macros or tok in ("__FILE__", "__COUNTER__"))
                    if replaced is None:
                        raise TranslationError(ir.Loc(name, line, start - text.rfind("\n", 0, start)),
                                               f"the argument '{args[k].strip()}' of {cur.spelling} reaches a # or ## of a "
                                               "macro after it names a macro cmpi does not expand (a library's, "
                                               "__FILE__): expand it by hand", "macro-expansion")
                    args[k] = replaced
        operands = _operand_params(params, body)
        for k, arg in enumerate(args):
            param = params[min(k, len(params) - 1)] if variadic else params[k] if k < len(params) else None
            if param not in operands and param not in reaching:
                args[k] = expand_nested_calls(arg, defs, expandable, stringifies)
        if "\n" in call and "__LINE__" in body:
            # a call over several lines: gcc's __LINE__ in the macro's body is the line the call starts on, where the
            # expansion would put it after the arguments' line breaks (`CHECK(n` newline `< 0)` said the next line)
            at = str(text.count("\n", 0, start) + 1)
            body = [at if t == "__LINE__" else t for t in body]
        expansion = _substitute(params, variadic, body, args)
        if expansion.count("\n") > call.count("\n"):  # an argument of several lines used twice
            expansion = _substitute(params, variadic, body, [_one_line(a) for a in args])
        # as many lines as the call had, so that the lines after it keep their numbers (__LINE__, diagnostics): an
        # argument's own line breaks (`f(1,` newline `2)`, a `\` splice) stay in the expansion, the rest follow it
        edits.setdefault(name, []).append((start, end, expansion + "\n" * (call.count("\n") - expansion.count("\n"))))
    for name, items in edits.items():
        text = fe.unsaved[name]
        last_start = None
        for start, end, repl in sorted(items, key=lambda x: (-x[0], x[1])):
            if last_start is not None and end > last_start:
                continue
            # keep only outermost calls this round: a call inside another's arguments is expanded next round
            inner = [s0 for s0, e0, _ in items if s0 <= start and e0 >= end and (s0, e0) != (start, end)]
            if inner:
                continue
            text = text[:start] + repl + text[end:]
            last_start = start
        if len(text) > MAX_EXPANDED_TEXT:
            # a macro bomb (each level doubling its argument) grows the text exponentially, round after round
            first = min(items)[0]
            original = fe.unsaved[name]
            raise TranslationError(ir.Loc(name, original.count("\n", 0, first) + 1,
                                          first - original.rfind("\n", 0, first)),
                                   f"the program's macros expand to more than {MAX_EXPANDED_TEXT >> 20} MiB of "
                                   "text: beyond cmpi's bound", "macro-expansion-limit")
        fe.unsaved[name] = text
        # A header two files include is known by two names (`dir/x.h` from the first file, `/abs/dir/x.h` from
        # one read through -include): both must read the edited text, whichever the next parse opens it by.
        real = os.path.realpath(name)
        for other in list(fe.unsaved):
            if other != name and os.path.realpath(other) == real:
                fe.unsaved[other] = text
    return bool(edits)


MAX_EXPANDED_TEXT = 32 << 20  # characters of one file once the program's function-like macros are expanded
