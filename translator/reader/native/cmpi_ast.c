/* The reader's bulk view of a libclang syntax tree (issue 28): one call lists every cursor under a root with what
 * the reader asks of each (its children, kind, type, location and extent as file/line/column), so the Python side
 * makes one foreign call per function instead of a dozen per cursor (each clang.cindex property is a ctypes call).
 *
 * Built by scripts/setup.sh against the libclang that clang.cindex loads; translator/reader/flat_ast.py loads it and
 * falls back to clang.cindex's own calls (the same answers, slower) when it is missing.
 *
 * Layout: node 0 is the root; the children of a node are contiguous, [first_child, first_child + n_children), in
 * libclang's visiting order (clang_visitChildren, as cindex's get_children). Locations are expansion locations
 * (clang_getExpansionLocation, which cindex's clang_getInstantiationLocation is in libclang 14). cmpi_tokens lists the
 * tokens of one kind in a range. */
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
 * no C stack. Returns the number of nodes and sets *out (give it to cmpi_export, then cmpi_free), or -1 when memory
 * ran out. */
int cmpi_flatten(CXCursor root, cmpi_node **out) {
    cmpi_table t = {0};
    push(&t, root, -1);
    for (int i = 0; i < t.count && !t.failed; i++) {
        visit_state s = {&t, i};
        int first = t.count;
        clang_visitChildren(t.nodes[i].cursor, collect, &s);
        t.nodes[i].first_child = first;
        t.nodes[i].n_children = t.count - first;
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

/* The table as arrays, which Python reads in bulk (a ctypes field read per node per fact cost more than the walk):
 * cursors[n], types[n], ints[8n] (first_child, n_children, then line and column of the location, the extent's
 * start and its end), files[3n] (of the location, start, end; NULL for none). */
void cmpi_export(const cmpi_node *nodes, int count, CXCursor *cursors, CXType *types, unsigned *ints, CXFile *files) {
    for (int i = 0; i < count; i++) {
        const cmpi_node *n = &nodes[i];
        cursors[i] = n->cursor;
        types[i] = n->type;
        unsigned *v = &ints[8 * i];
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
    }
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

/* sizeof(CXCursor) and sizeof(CXType): the Python side checks its ctypes layouts against them before trusting the
 * arrays. */
int cmpi_cursor_size(void) { return (int)sizeof(CXCursor); }
int cmpi_type_size(void) { return (int)sizeof(CXType); }
