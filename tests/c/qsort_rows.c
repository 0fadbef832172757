/* qsort and bsearch over the rows of two-dimensional arrays (char names[N][12], int pairs[N][2]): an
 * element of several array slots. Comparator calls are logged by row, so their order is checked too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 23
static char names[N][12];
static int pairs[N][2];
static long calls;

/* Over 32 bytes: glibc sorts pointers to the records and moves them once, so the comparator sees where they were. */
typedef struct { int key; int id; double pad[4]; } record;
static record records[N];

static int by_key(const void *a, const void *b)
{
    const record *x = a, *y = b;
    if (calls++ < 30)
        printf("r %ld %ld\n", (long)(x - records), (long)(y - records));
    return x->key - y->key;
}

static int by_name(const void *a, const void *b)
{
    const char *x = a, *y = b;
    if (calls++ < 60)
        printf("c %ld %ld\n", (long)((x - names[0]) / 12), (long)((y - names[0]) / 12));
    return strncmp(x, y, 2);  /* only the first two letters: equal rows keep their order */
}

static int by_first(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] - y[0];
}

int main(void)
{
    int i, key[2] = {9, 0};
    int (*hit)[2];
    const char *found;
    unsigned seed = 12345;
    for (i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        sprintf(names[i], "%c%c-%02d", 'a' + (seed >> 16) % 4, 'a' + (seed >> 20) % 3, i);
        pairs[i][0] = (int)((seed >> 8) % 40);
        pairs[i][1] = i;
        records[i].key = (int)((seed >> 4) % 5);
        records[i].id = i;
    }
    qsort(names, N, sizeof names[0], by_name);
    printf("calls %ld\n", calls);
    for (i = 0; i < N; i++)
        printf("%s%c", names[i], i % 8 == 7 ? '\n' : ' ');
    printf("\n");
    qsort(pairs, N, sizeof pairs[0], by_first);
    for (i = 0; i < N; i++)
        printf("%d:%d%c", pairs[i][0], pairs[i][1], i % 8 == 7 ? '\n' : ' ');
    printf("\n");
    for (key[0] = 0; key[0] < 40; key[0] += 7) {
        hit = bsearch(key, pairs, N, sizeof pairs[0], by_first);
        printf("key %d: %s\n", key[0], hit ? "found" : "absent");
        if (hit)
            printf("  at row %ld, second %d\n", (long)(hit - pairs), (*hit)[1]);
    }
    calls = 0;
    qsort(records, N, sizeof records[0], by_key);
    for (i = 0; i < N; i++)
        printf("%d:%d%c", records[i].key, records[i].id, i % 8 == 7 ? '\n' : ' ');
    printf("\n");
    found = bsearch("ca", names, N, sizeof names[0], by_name);
    printf("ca: %s\n", found ? found : "absent");
    return 0;
}
