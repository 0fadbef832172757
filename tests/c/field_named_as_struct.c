/* A struct with a field of its own name (miniAMR's `typedef struct { ... num_sz parent; ... } parent;`), which
 * C allows (tags, typedef names and members are separate name spaces) and C# does not (CS0542). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    long number;
    long parent;  /* -1 for an original block */
    int child[2];
} parent;

struct node {
    int node;
    struct node *next;
};

int main(void)
{
    parent *parents = malloc(3 * sizeof(parent));
    struct node a = {1, NULL}, b = {2, &a};
    for (int i = 0; i < 3; i++) {
        parents[i].number = 10 + i;
        parents[i].parent = i - 1;
        parents[i].child[0] = 2 * i;
        parents[i].child[1] = 2 * i + 1;
    }
    for (int i = 0; i < 3; i++)
        printf("%ld %ld %d %d\n", parents[i].number, parents[i].parent, parents[i].child[0], parents[i].child[1]);
    printf("%d %d %zu\n", b.node, b.next->node, sizeof(parent));
    free(parents);
    return 0;
}
