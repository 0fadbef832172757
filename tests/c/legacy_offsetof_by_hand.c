/* offsetof as pre-C89 code and old headers spell it, `((size_t)&((type *)0)->member)`: printed, in a static table of
 * field offsets (an option parser's), and inside a container_of macro built on it. */
#include <stdio.h>
#include <stddef.h>

#define OFFSET_OF(type, member) ((size_t)&(((type *)0)->member))
#define CONTAINER(ptr, type, member) ((type *)((char *)(ptr) - OFFSET_OF(type, member)))

struct link { struct link *next; };
struct item { char tag; double w; int id; struct link node; };

static const struct { const char *name; size_t offset; } fields[] = {
    {"tag", OFFSET_OF(struct item, tag)}, {"w", OFFSET_OF(struct item, w)}, {"id", OFFSET_OF(struct item, id)},
    {"node", OFFSET_OF(struct item, node)},
};

int main(void) {
    struct item a = {'a', 1.5, 7}, b = {'b', 2.5, 8};
    a.node.next = &b.node;
    b.node.next = NULL;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        printf("%s at %zu\n", fields[i].name, fields[i].offset);
    printf("standard agrees: %d\n", OFFSET_OF(struct item, node) == offsetof(struct item, node));
    for (struct link *l = &a.node; l; l = l->next)
        printf("%c %d %g\n", CONTAINER(l, struct item, node)->tag, CONTAINER(l, struct item, node)->id,
               CONTAINER(l, struct item, node)->w);
    return 0;
}
