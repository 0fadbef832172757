/* A growable array of structs (count, capacity, realloc doubling) whose elements hold fixed char arrays and
 * nested arrays, filled through a pointer to the new element, searched, and removed by memmove. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item { char name[12]; int qty; double hist[3]; };
struct list { struct item *items; size_t count, cap; };

static struct item *add(struct list *l, const char *name, int qty) {
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 2;
        l->items = realloc(l->items, l->cap * sizeof *l->items);
    }
    struct item *it = &l->items[l->count++];
    memset(it, 0, sizeof *it);
    strncpy(it->name, name, sizeof it->name - 1);
    it->qty = qty;
    it->hist[qty % 3] = qty * 0.5;
    return it;
}

static void remove_at(struct list *l, size_t i) {
    memmove(&l->items[i], &l->items[i + 1], (l->count - i - 1) * sizeof(struct item));
    l->count--;
}

int main(void) {
    struct list l = {NULL, 0, 0};
    const char *names[] = {"bolt", "nut", "washer", "a-very-long-name", "gear"};
    size_t i;
    for (i = 0; i < 5; i++) add(&l, names[i], (int)(i * 7 % 5))->hist[0] += i;
    remove_at(&l, 1);
    for (i = 0; i < l.count; i++)
        printf("%s:%d:%g:%g ", l.items[i].name, l.items[i].qty, l.items[i].hist[0], l.items[i].hist[l.items[i].qty % 3]);
    printf("\n%zu %zu\n", l.count, l.cap);
    struct item *p = l.items + 2;
    p->hist[1]++;
    (p - 1)->qty *= 10;
    printf("%g %d %s\n", l.items[2].hist[1], l.items[1].qty, p[1].name);
    free(l.items);
    return 0;
}
