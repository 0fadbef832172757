/* A void * field holding pointers of several types (an opaque handle) given to memcpy: its memory has no type. */
#include <string.h>
typedef struct { void *data; char type; } Value;
int main(void)
{
    int i = 5, j = 0;
    double d = 2.5;
    Value v[2] = {{&i, 'i'}, {&d, 'd'}};
    memcpy(&j, v[0].data, sizeof j);
    return j == 5 ? 0 : (int)*(double *)v[1].data;
}
