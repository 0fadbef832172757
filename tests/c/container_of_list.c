/* An intrusive doubly linked list as Linux's list.h in user code: the links inside each job, container_of
 * (offsetof arithmetic back to the enclosing struct) to reach the job, insertion at the tail, removal, and a walk. */
#include <stdio.h>
#include <stddef.h>

struct list_head { struct list_head *next, *prev; };

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

static void list_init(struct list_head *h) { h->next = h->prev = h; }
static void list_add_tail(struct list_head *n, struct list_head *h) {
    n->prev = h->prev; n->next = h; h->prev->next = n; h->prev = n;
}
static void list_del(struct list_head *n) { n->prev->next = n->next; n->next->prev = n->prev; }

struct job { int id; double cost; struct list_head node; };

int main(void) {
    struct job jobs[4] = {{1, 0.5}, {2, 1.5}, {3, 2.5}, {4, 3.5}};
    struct list_head queue;
    list_init(&queue);
    for (int i = 0; i < 4; i++) list_add_tail(&jobs[i].node, &queue);
    list_del(&jobs[1].node);
    double total = 0;
    for (struct list_head *l = queue.next; l != &queue; l = l->next) {
        struct job *j = container_of(l, struct job, node);
        printf("job %d cost %g\n", j->id, j->cost);
        total += j->cost;
    }
    printf("total %g\n", total);
    return 0;
}
