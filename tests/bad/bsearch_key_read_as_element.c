/* bsearch by an int key whose comparator reads the key as the elements' struct (its first field): the port's
 * search passes the key as an int, so the comparator's first pointer must be read as one. */
#include <stdio.h>
#include <stdlib.h>
struct rec { int id; double w; };
static int by_id(const void *a, const void *b) { return ((const struct rec *)a)->id - ((const struct rec *)b)->id; }
int main(void)
{
    struct rec r[3] = {{1, 0}, {2, 0}, {3, 0}};
    int id = 2;
    struct rec *hit = bsearch(&id, r, 3, sizeof r[0], by_id);
    printf("%d\n", hit ? hit->id : -1);
    return 0;
}
