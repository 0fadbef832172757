/* Static initializers that point at other statics: a linked list built at compile time (in either order, with a
 * forward declaration), a cycle, a pointer into the middle of a static array, a table of pointers into one
 * string, and pointers to struct fields. */
#include <stdio.h>

struct node { int v; struct node *next; };

static struct node n3;
static struct node n2 = {2, &n3};
static struct node n1 = {1, &n2};
static struct node n3 = {3, NULL};
static struct node ring_a, ring_b = {20, &ring_a}, ring_a = {10, &ring_b};

static int data[6] = {5, 10, 15, 20, 25, 30};
static int *mid = &data[3];
static int *ends[2] = {data, data + 5};
static const char text[] = "alpha\0beta\0gamma";
static const char *words[3] = {text, text + 6, text + 11};
static struct { int x, y; } pt = {3, 4};
static int *py = &pt.y;

int main(void) {
    for (struct node *p = &n1; p; p = p->next) printf("%d ", p->v);
    printf("\n");
    struct node *r = &ring_a;
    for (int i = 0; i < 5; i++, r = r->next) printf("%d ", r->v);
    printf("\n");
    printf("mid %d %d, ends %d %d, step %td\n", *mid, mid[-1], *ends[0], *ends[1], ends[1] - mid);
    printf("%s %s %s\n", words[0], words[1], words[2]);
    *py += 10;
    printf("pt %d %d\n", pt.x, pt.y);
    return 0;
}
