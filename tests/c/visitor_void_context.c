/* Callbacks with user data as old C libraries take them: a tree walked with a visitor function and a `void *`
 * context passed down (an opaque handle in the port) and given to callbacks that cast it to different types (a
 * struct, an int: the delegate takes its bytes, CS1503 once), and a callback that stops the walk by its return. */
#include <stdio.h>

struct tree { int key; struct tree *left, *right; };
struct stats { int count; long sum; int max; };

typedef int (*visit_fn)(const struct tree *, void *);

static int walk(const struct tree *t, visit_fn f, void *ctx) {
    if (!t) return 0;
    if (walk(t->left, f, ctx)) return 1;
    if (f(t, ctx)) return 1;
    return walk(t->right, f, ctx);
}

static int collect(const struct tree *t, void *ctx) {
    struct stats *s = ctx;
    s->count++;
    s->sum += t->key;
    if (t->key > s->max) s->max = t->key;
    return 0;
}

static int stop_at(const struct tree *t, void *ctx) {
    int *limit = ctx;
    printf("%d ", t->key);
    return t->key >= *limit;
}

static struct tree *insert(struct tree *t, struct tree *n) {
    if (!t) return n;
    if (n->key < t->key) t->left = insert(t->left, n);
    else t->right = insert(t->right, n);
    return t;
}

int main(void) {
    int keys[] = {50, 30, 70, 20, 40, 60, 80, 35};
    struct tree nodes[8], *root = NULL;
    int i;
    for (i = 0; i < 8; i++) {
        nodes[i].key = keys[i];
        nodes[i].left = nodes[i].right = NULL;
        root = insert(root, &nodes[i]);
    }
    struct stats s = {0, 0, 0};
    walk(root, collect, &s);
    printf("%d %ld %d\n", s.count, s.sum, s.max);
    int limit = 45;
    printf("| stopped=%d\n", walk(root, stop_at, &limit));
    return 0;
}
