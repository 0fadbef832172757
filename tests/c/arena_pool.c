/* An arena allocator: one static block carved into typed objects by a bump pointer (aligned to 8), nodes of a tree
 * and an array of doubles taken from it.
 * xfail: a static char pool handed out as `void *` pieces used as several types (tree
 * nodes and doubles): memory of one type read as others (-Wvoid-pointer) (idioms15). */
#include <stdio.h>
#include <stddef.h>

static char pool[4096];
static size_t used;

static void *arena_alloc(size_t n) {
    size_t at = (used + 7) & ~(size_t)7;
    if (at + n > sizeof pool) return NULL;
    used = at + n;
    return pool + at;
}

struct node { int key; struct node *left, *right; };

static struct node *insert(struct node *t, int key) {
    if (!t) {
        t = arena_alloc(sizeof *t);
        t->key = key;
        t->left = t->right = NULL;
        return t;
    }
    if (key < t->key) t->left = insert(t->left, key);
    else t->right = insert(t->right, key);
    return t;
}

static void walk(const struct node *t) {
    if (!t) return;
    walk(t->left);
    printf("%d ", t->key);
    walk(t->right);
}

int main(void) {
    struct node *root = NULL;
    int keys[] = {50, 20, 70, 10, 30, 60};
    for (int i = 0; i < 6; i++) root = insert(root, keys[i]);
    double *xs = arena_alloc(5 * sizeof *xs);
    for (int i = 0; i < 5; i++) xs[i] = i * 0.5;
    walk(root);
    printf("\nxs[4] %g used %zu\n", xs[4], used);
    return 0;
}
