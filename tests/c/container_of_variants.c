/* container_of spelled through an address (uintptr_t) and GNU void * arithmetic, for a struct on two lists (a member
 * other than the first each time), and a write through the struct it gives. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
struct link { struct link *next; };
struct item { double w; int id; struct link by_id; struct link by_w; };
static struct item *from_id(struct link *l) { return (struct item *)((uintptr_t)l - offsetof(struct item, by_id)); }
static struct item *from_w(struct link *l) { return (struct item *)((void *)l - offsetof(struct item, by_w)); }
int main(void) {
    struct item it[3] = {{0.5, 1}, {1.5, 2}, {2.5, 3}};
    it[0].by_id.next = &it[1].by_id; it[1].by_id.next = &it[2].by_id; it[2].by_id.next = NULL;
    it[2].by_w.next = &it[0].by_w; it[0].by_w.next = NULL;
    for (struct link *l = &it[0].by_id; l; l = l->next) printf("id %d\n", from_id(l)->id);
    for (struct link *l = &it[2].by_w; l; l = l->next) printf("w %g\n", from_w(l)->w);
    from_id(&it[1].by_id)->id = 20;
    printf("%d\n", it[1].id);
    return 0;
}
