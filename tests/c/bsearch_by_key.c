/* bsearch by a key of another type than the elements, the comparator reading its first pointer as the key and its
 * second as an element: an int id against structs, a string against a struct's char array, a string against a
 * table of `char *` (the keyword-table idiom), a double against structs, a short against longs; hits and misses,
 * and a search by an element of the same type beside them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { int id; double weight; char name[12]; };

static int by_id_key(const void *key, const void *elem) {
    int k = *(const int *)key;
    const struct rec *r = elem;
    return (k > r->id) - (k < r->id);
}

static int by_name_key(const void *key, const void *elem) {
    return strcmp((const char *)key, ((const struct rec *)elem)->name);
}

static int keyword_cmp(const void *key, const void *elem) {
    return strcmp(key, *(char *const *)elem);
}

static int by_weight_key(const void *key, const void *elem) {
    double w = *(const double *)key, v = ((const struct rec *)elem)->weight;
    return w < v ? -1 : w > v;
}

static int short_vs_long(const void *key, const void *elem) {
    long k = *(const short *)key, e = *(const long *)elem;
    return (k > e) - (k < e);
}

static int same_type(const void *a, const void *b) {
    return ((const struct rec *)a)->id - ((const struct rec *)b)->id;
}

int main(void) {
    struct rec by_id[] = {{2, 0.5, "bolt"}, {3, 1.5, "cog"}, {5, 2.5, "gear"}, {8, 4.0, "nut"}, {13, 9.0, "washer"}};
    size_t n = sizeof by_id / sizeof by_id[0];
    for (int want = 0; want <= 14; want += 1) {
        struct rec *hit = bsearch(&want, by_id, n, sizeof by_id[0], by_id_key);
        if (hit) printf("id %d: %s at %td\n", want, hit->name, hit - by_id);
    }
    const char *names[] = {"bolt", "cog", "gear", "nut", "washer", "axle", "zinc"};
    for (int i = 0; i < 7; i++) {
        struct rec *hit = bsearch(names[i], by_id, n, sizeof(struct rec), by_name_key);
        printf("%s -> %d\n", names[i], hit ? hit->id : -1);
    }
    struct rec *w = bsearch("nut", by_id, n, sizeof *by_id, by_name_key);
    printf("literal key: %g\n", w ? w->weight : -1.0);
    static const char *keywords[] = {"break", "case", "char", "do", "else", "for", "if", "int", "return", "while"};
    const char *words[] = {"if", "goto", "while", "break", "zzz", "aaa", "int"};
    for (int i = 0; i < 7; i++) {
        char **k = bsearch(words[i], keywords, sizeof keywords / sizeof keywords[0], sizeof(char *), keyword_cmp);
        printf("%s: %s\n", words[i], k ? "keyword" : "name");
        if (k) printf("  index %d\n", (int)(k - (char **)keywords));
    }
    double weights[] = {0.5, 2.5, 3.0, 9.0};
    for (int i = 0; i < 4; i++) {
        struct rec *hit = bsearch(&weights[i], by_id, n, sizeof by_id[0], by_weight_key);
        printf("weight %g: %s\n", weights[i], hit ? hit->name : "none");
    }
    long big[] = {-70000, -3, 0, 7, 40000};
    short s = 7, t = 8;
    long *a = bsearch(&s, big, 5, sizeof(long), short_vs_long), *b = bsearch(&t, big, 5, sizeof(long), short_vs_long);
    printf("%ld %s\n", a ? *a : 0L, b ? "found" : "absent");
    struct rec probe = {5, 0, ""};
    struct rec *same = bsearch(&probe, by_id, n, sizeof by_id[0], same_type);
    printf("same type: %s\n", same ? same->name : "none");
    return 0;
}
