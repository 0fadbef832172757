/* qsort of structs by two keys and of strings through char **, bsearch of a key struct and of an int,
 * a comparator that returns a difference and one that compares doubles without overflow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { int id; double score; char name[8]; };

static int by_score_then_id(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    if (x->score < y->score) return 1;
    if (x->score > y->score) return -1;
    return x->id - y->id;
}
static int by_id(const void *a, const void *b) { return ((const struct rec *)a)->id - ((const struct rec *)b)->id; }
static int by_string(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static int ints(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void) {
    struct rec r[] = {{4, 2.5, "dan"}, {1, 3.0, "ann"}, {3, 2.5, "cid"}, {2, 1.0, "bob"}, {5, 3.0, "eve"}};
    size_t n = sizeof r / sizeof *r, i;
    qsort(r, n, sizeof r[0], by_score_then_id);
    for (i = 0; i < n; i++) printf("%s:%d ", r[i].name, r[i].id);
    printf("\n");
    qsort(r, n, sizeof r[0], by_id);
    struct rec key = {3, 0, ""};
    struct rec *hit = bsearch(&key, r, n, sizeof r[0], by_id);
    key.id = 9;
    printf("%s %p\n", hit ? hit->name : "-", (void *)bsearch(&key, r, n, sizeof r[0], by_id));
    char *words[] = {"pear", "apple", "fig", "banana", "cherry"};
    qsort(words, 5, sizeof(char *), by_string);
    for (i = 0; i < 5; i++) printf("%s ", words[i]);
    printf("\n");
    int v[] = {2147483647, -2147483647, 0, 5, -5, 42};
    qsort(v, 6, sizeof v[0], ints);
    for (i = 0; i < 6; i++) printf("%d ", v[i]);
    int want = 5;
    int *at = bsearch(&want, v, 6, sizeof(int), ints);
    printf("\nindex of 5: %ld\n", at ? (long)(at - v) : -1L);
    return 0;
}
