/* The reader's bulk view of a libclang syntax tree (issue 28): one call lists every cursor under a root with what
 * the reader asks of each (its children, kind, type, location and extent as file/line/column), so the Python side
 * makes one foreign call per function instead of a dozen per cursor (each clang.cindex property is a ctypes call).
 *
 * Built by scripts/setup.sh against the libclang that clang.cindex loads; translator/reader/flat_ast.py loads it and
 * falls back to clang.cindex's own calls (the same answers, slower) when it is missing.
 *
 * Layout: node 0 is the root; the children of a node are contiguous, [first_child, first_child + n_children), in
 * libclang's visiting order (clang_visitChildren, as cindex's get_children). Locations are expansion locations
 * (clang_getExpansionLocation, which cindex's clang_getInstantiationLocation is in libclang 14). With them come the
 * answers clang.cindex would cache on the Cursor (its spelling, the declaration a name refers to) and a literal's first
 * token, which the reader asks of most nodes. cmpi_tokens lists the tokens of one kind in a range. */
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    CXCursor cursor;
    CXType type;
    int parent, first_child, n_children;
    CXFile loc_file, start_file, end_file;
    unsigned loc_line, loc_col, start_line, start_col, end_line, end_col;
} cmpi_node;

typedef struct {
    cmpi_node *nodes;
    int count, capacity;
    int failed;
} cmpi_table;

static int push(cmpi_table *t, CXCursor c, int parent) {
    if (t->count == t->capacity) {
        int capacity = t->capacity ? t->capacity * 2 : 1024;
        cmpi_node *grown = realloc(t->nodes, (size_t)capacity * sizeof(cmpi_node));
        if (!grown) {
            t->failed = 1;
            return -1;
        }
        t->nodes = grown;
        t->capacity = capacity;
    }
    cmpi_node *n = &t->nodes[t->count];
    memset(n, 0, sizeof *n);
    n->cursor = c;
    n->parent = parent;
    n->first_child = -1;
    return t->count++;
}

typedef struct {
    cmpi_table *table;
    int parent;
} visit_state;

static enum CXChildVisitResult collect(CXCursor child, CXCursor parent, CXClientData data) {
    (void)parent;
    visit_state *s = data;
    return push(s->table, child, s->parent) < 0 ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void describe(cmpi_node *n) {
    CXSourceRange extent = clang_getCursorExtent(n->cursor);
    clang_getExpansionLocation(clang_getCursorLocation(n->cursor), &n->loc_file, &n->loc_line, &n->loc_col, NULL);
    clang_getExpansionLocation(clang_getRangeStart(extent), &n->start_file, &n->start_line, &n->start_col, NULL);
    clang_getExpansionLocation(clang_getRangeEnd(extent), &n->end_file, &n->end_line, &n->end_col, NULL);
    n->type = clang_getCursorType(n->cursor);
}

/* Every cursor under `root` (root included), breadth by breadth: no recursion, so a 10,000-deep expression needs
 * no C stack. `levels` bounds the depth (1: the root and its children, the translation unit's top level; 0: the whole
 * tree); nodes at the last level get n_children = 0 and first_child = -1 (not listed). Returns the number of nodes and
 * sets *out (give it to cmpi_export, then cmpi_free), or -1 when memory ran out. */
int cmpi_flatten(CXCursor root, int levels, cmpi_node **out) {
    cmpi_table t = {0};
    push(&t, root, -1);
    int level = 0, level_end = 1; /* nodes [.., level_end) are at depth `level` */
    for (int i = 0; i < t.count && !t.failed; i++) {
        if (i == level_end) {
            level++;
            level_end = t.count;
        }
        if (levels <= 0 || level < levels) {
            visit_state s = {&t, i};
            int first = t.count;
            clang_visitChildren(t.nodes[i].cursor, collect, &s);
            t.nodes[i].first_child = first;
            t.nodes[i].n_children = t.count - first;
        }
        describe(&t.nodes[i]);
    }
    if (t.failed) {
        free(t.nodes);
        *out = NULL;
        return -1;
    }
    *out = t.nodes;
    return t.count;
}

/* The flags of cmpi_export, per node. */
enum {
    CMPI_SPELLED = 1,        /* clang_getCursorSpelling gave a string (else NULL: clang.cindex's None) */
    CMPI_FIRST_TOKEN = 2,    /* the literal's first token is in the text (see first_token) */
    CMPI_REFERENCED = 4,     /* a reference kind (REFERENCE_KINDS) asked for clang_getCursorReferenced */
    CMPI_NOT_NULL = 8,       /* ... which is no null cursor */
    CMPI_FUNCTION_LIKE = 16, /* clang_Cursor_isMacroFunctionLike: a macro (definition or use) taking arguments */
    CMPI_DECLARATION = 128,  /* a variable declaration, its tokens looked at (declaration_equals): */
    CMPI_HAS_TOKENS = 32,    /* ... its extent has tokens */
    CMPI_HAS_EQUALS = 64,    /* ... one of them `=`, at the line and column of ints[10n + 8], ints[10n + 9] */
};

static int is_reference_kind(enum CXCursorKind k) {
    return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr || k == CXCursor_MacroExpansion;
}

static int has_first_token(enum CXCursorKind k) {
    return k == CXCursor_IntegerLiteral || k == CXCursor_FloatingLiteral || k == CXCursor_CharacterLiteral ||
           k == CXCursor_UnaryExpr;
}

typedef struct {
    char *data;
    size_t used, capacity;
    int failed;
} text_buffer;

/* Append s and a NUL (no spelling holds a NUL: they are C strings). */
static void append(text_buffer *b, const char *s) {
    size_t length = s ? strlen(s) : 0;
    if (b->failed)
        return;
    if (b->used + length + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 1 << 16;
        while (b->used + length + 1 > capacity)
            capacity *= 2;
        char *grown = realloc(b->data, capacity);
        if (!grown) {
            b->failed = 1;
            return;
        }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->used, s ? s : "", length);
    b->used += length;
    b->data[b->used++] = 0;
}

/* The reader's Frontend._first_token of a literal (or sizeof): the one token lexed from the start of its extent to
 * that start, if it lies in the file of the extent's end (a literal a macro expands to starts in the macro's body);
 * 0 where the reader must look further itself. */
static int first_token(CXTranslationUnit tu, const cmpi_node *n, text_buffer *b) {
    CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(n->cursor));
    CXToken *tokens = NULL;
    unsigned count = 0;
    clang_tokenize(tu, clang_getRange(start, start), &tokens, &count);
    int found = 0;
    if (count > 0) {
        CXFile file = NULL;
        clang_getExpansionLocation(clang_getTokenLocation(tu, tokens[0]), &file, NULL, NULL, NULL);
        if (file == n->end_file) {
            CXString spelling = clang_getTokenSpelling(tu, tokens[0]);
            append(b, clang_getCString(spelling));
            clang_disposeString(spelling);
            found = 1;
        }
    }
    if (tokens)
        clang_disposeTokens(tu, tokens, count);
    return found;
}

/* The reader's Frontend.var_decl: whether the tokens of a variable declaration's extent (clang.cindex's
 * cur.get_tokens()) are any, and where the first `=` among them starts (expansion location): the initializer follows
 * it. Listing them in Python cost a Token object and two calls each. */
static unsigned declaration_equals(CXTranslationUnit tu, const cmpi_node *n, unsigned *line, unsigned *column) {
    CXToken *tokens = NULL;
    unsigned count = 0, flags = CMPI_DECLARATION;
    clang_tokenize(tu, clang_getCursorExtent(n->cursor), &tokens, &count);
    if (count > 0)
        flags |= CMPI_HAS_TOKENS;
    for (unsigned i = 0; i < count; i++) {
        CXString spelling = clang_getTokenSpelling(tu, tokens[i]);
        const char *s = clang_getCString(spelling);
        int equals = s && strcmp(s, "=") == 0;
        clang_disposeString(spelling);
        if (equals) {
            CXSourceLocation at = clang_getRangeStart(clang_getTokenExtent(tu, tokens[i]));
            clang_getExpansionLocation(at, NULL, line, column, NULL);
            flags |= CMPI_HAS_EQUALS;
            break;
        }
    }
    if (tokens)
        clang_disposeTokens(tu, tokens, count);
    return flags;
}

/* The table as arrays, which Python reads in bulk (a ctypes field read per node per fact cost more than the walk):
 * cursors[n], types[n], ints[12n] (first_child, n_children, then line and column of the location, the extent's
 * start and its end, the flags above, then line and column of a declaration's `=`), files[3n] (of the location, start, end; NULL for none), referenced[n] (of
 * the reference kinds, else a null cursor), and *text: per node its spelling then its first token ("" where there is
 * none), each ending in a NUL (free it with cmpi_free). Returns the bytes of *text, or -1 when memory ran out. */
long cmpi_export(const cmpi_node *nodes, int count, CXCursor *cursors, CXType *types, unsigned *ints, CXFile *files,
                 CXCursor *referenced, char **text) {
    text_buffer b = {0};
    CXTranslationUnit tu = count ? clang_Cursor_getTranslationUnit(nodes[0].cursor) : NULL;
    for (int i = 0; i < count; i++) {
        const cmpi_node *n = &nodes[i];
        enum CXCursorKind kind = clang_getCursorKind(n->cursor);
        cursors[i] = n->cursor;
        types[i] = n->type;
        unsigned *v = &ints[12 * i];
        v[0] = (unsigned)n->first_child;
        v[1] = (unsigned)n->n_children;
        v[2] = n->loc_line;
        v[3] = n->loc_col;
        v[4] = n->start_line;
        v[5] = n->start_col;
        v[6] = n->end_line;
        v[7] = n->end_col;
        files[3 * i] = n->loc_file;
        files[3 * i + 1] = n->start_file;
        files[3 * i + 2] = n->end_file;
        unsigned flags = 0;
        CXString spelling = clang_getCursorSpelling(n->cursor);
        const char *s = clang_getCString(spelling);
        if (s)
            flags |= CMPI_SPELLED;
        append(&b, s);
        clang_disposeString(spelling);
        if (tu && has_first_token(kind) && first_token(tu, n, &b))
            flags |= CMPI_FIRST_TOKEN;
        else
            append(&b, "");
        referenced[i] = clang_getNullCursor();
        if (is_reference_kind(kind)) {
            flags |= CMPI_REFERENCED;
            referenced[i] = clang_getCursorReferenced(n->cursor);
            if (!clang_Cursor_isNull(referenced[i]))
                flags |= CMPI_NOT_NULL;
        }
        if (clang_Cursor_isMacroFunctionLike(n->cursor)) /* (a definition's, or an expansion's definition's) */
            flags |= CMPI_FUNCTION_LIKE;
        v[8] = v[9] = 0;
        if (tu && kind == CXCursor_VarDecl)
            flags |= declaration_equals(tu, n, &v[8], &v[9]);
        v[10] = flags;
        v[11] = 0;
    }
    if (b.failed) {
        free(b.data);
        *text = NULL;
        return -1;
    }
    *text = b.data;
    return (long)b.used;
}

void cmpi_free(void *table) { free(table); }

/* The tokens of one kind (CXToken_Punctuation, CXToken_Comment, ...) in a range, lexed once: the reader reads every
 * operator and comment of a file from them, and asking libclang token by token cost three calls each (kind,
 * location, spelling). *numbers gets 5 per token: line and column of its location, line and column of its extent's
 * end (expansion locations), the length of its spelling; *text their spellings one after another (as C strings:
 * what clang.cindex reads). Returns the number of tokens (free both with cmpi_free), or -1 when memory ran out. */
int cmpi_tokens(CXTranslationUnit tu, CXSourceRange range, int kind, unsigned **numbers, char **text) {
    CXToken *tokens = NULL;
    unsigned n = 0;
    clang_tokenize(tu, range, &tokens, &n);
    unsigned *v = malloc(5 * (size_t)(n ? n : 1) * sizeof(unsigned));
    size_t capacity = 4096, used = 0;
    char *buffer = malloc(capacity);
    int count = 0;
    for (unsigned i = 0; v && buffer && i < n; i++) {
        if ((int)clang_getTokenKind(tokens[i]) != kind)
            continue;
        unsigned *t = &v[5 * count];
        clang_getExpansionLocation(clang_getTokenLocation(tu, tokens[i]), NULL, &t[0], &t[1], NULL);
        clang_getExpansionLocation(clang_getRangeEnd(clang_getTokenExtent(tu, tokens[i])), NULL, &t[2], &t[3], NULL);
        CXString spelling = clang_getTokenSpelling(tu, tokens[i]);
        const char *s = clang_getCString(spelling);
        size_t length = s ? strlen(s) : 0;
        if (used + length > capacity) {
            while (used + length > capacity)
                capacity *= 2;
            char *grown = realloc(buffer, capacity);
            if (!grown) {
                free(buffer);
                buffer = NULL;
                clang_disposeString(spelling);
                break;
            }
            buffer = grown;
        }
        memcpy(buffer + used, s ? s : "", length);
        used += length;
        t[4] = (unsigned)length;
        clang_disposeString(spelling);
        count++;
    }
    if (tokens)
        clang_disposeTokens(tu, tokens, n);
    if (!v || !buffer) {
        free(v);
        free(buffer);
        return -1;
    }
    *numbers = v;
    *text = buffer;
    return count;
}

typedef struct {
    CXCursor *found;
    int count, capacity, failed;
} cursor_list;

static enum CXChildVisitResult find_typedef(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    cursor_list *l = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_TypedefDecl) {
        if (l->count == l->capacity) {
            int capacity = l->capacity ? 2 * l->capacity : 256;
            CXCursor *grown = realloc(l->found, (size_t)capacity * sizeof(CXCursor));
            if (!grown) {
                l->failed = 1;
                return CXChildVisit_Break;
            }
            l->found = grown;
            l->capacity = capacity;
        }
        l->found[l->count++] = c;
        return CXChildVisit_Continue;
    }
    if (clang_isExpression(k) || k == CXCursor_MacroDefinition || k == CXCursor_MacroExpansion ||
        k == CXCursor_InclusionDirective || k == CXCursor_ParmDecl ||
        (k == CXCursor_FunctionDecl && !clang_isCursorDefinition(c)))
        return CXChildVisit_Continue;
    return CXChildVisit_Recurse;
}

/* The typedef declarations under `root`, in preorder (the reader's _index_typedef_names: the first typedef naming
 * an anonymous struct names it), without entering what no typedef can be in: expressions, macros, #includes,
 * parameters, prototypes. Sets *out (free it with cmpi_free); returns the count, or -1 when memory ran out. */
int cmpi_typedefs(CXCursor root, CXCursor **out) {
    cursor_list l = {0};
    clang_visitChildren(root, find_typedef, &l);
    if (l.failed) {
        free(l.found);
        *out = NULL;
        return -1;
    }
    *out = l.found;
    return l.count;
}

/* sizeof(CXCursor) and sizeof(CXType): the Python side checks its ctypes layouts against them before trusting the
 * arrays. */
int cmpi_cursor_size(void) { return (int)sizeof(CXCursor); }
int cmpi_type_size(void) { return (int)sizeof(CXType); }
