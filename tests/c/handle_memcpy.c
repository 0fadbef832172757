/* A void * field holding pointers of several types (an opaque handle) given to memcpy, memcmp and memset:
 * they read and write the bytes of whatever numbers it holds (a located error before: its memory has no type). */
#include <stdio.h>
#include <string.h>
typedef struct { void *data; char type; } Value;
int main(void)
{
    int i = 5, j = 0;
    double d = 2.5, e = 0;
    Value v[2] = {{&i, 'i'}, {&d, 'd'}};
    memcpy(&j, v[0].data, sizeof j);
    memcpy(&e, v[1].data, sizeof e);
    printf("%d %.2f %d\n", j, e, memcmp(v[1].data, &e, sizeof e));
    memset(v[0].data, 0, sizeof(int));
    printf("%d %c%c\n", i, v[0].type, v[1].type);
    return j == 5 ? 0 : (int)*(double *)v[1].data;
}
