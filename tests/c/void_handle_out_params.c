/* `void **` out-parameters of any type given the address of an opaque `void *` handle (a struct's void * field,
 * an untyped void * global) and of pointers of other types, as the Intel MPI Benchmarks do (IMB_v_free,
 * IMB_alloc_buf): an allocator storing fresh memory through the out-parameter, read afterwards as doubles through
 * the handle; a wrapper setting it to NULL while a copy of the handle keeps the old pointer; a free wrapper; a
 * `struct **` cast to `void **`; handles chosen by ?: into a char *; the out-parameter function's result in a
 * condition. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buffers {
    void *send;
    void *recv;
    size_t len;
};

struct item {
    int id;
    double weight;
};

static void *aux; /* a global void * nothing casts: a handle */
static int outstanding = 0;

static int alloc_out(void **b, size_t n)
{
    *b = malloc(n);
    if (*b == NULL)
        return 1;
    memset(*b, 0, n);
    outstanding++;
    return 0;
}

static void release(void **b)
{
    if (*b) {
        free(*b);
        outstanding--;
    }
    *b = NULL;
}

static void forget(void **b)
{
    *b = NULL;
}

static void fill(char *p, size_t n, int seed)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (char)(seed * 7 + i);
}

static unsigned long digest(const char *p, size_t n)
{
    unsigned long s = 0;
    size_t i;
    for (i = 0; i < n; i++)
        s = s * 31 + p[i];
    return s;
}

static void drop_items(struct item **list)
{
    release((void **)list);
}

int main(void)
{
    struct buffers bufs, *b = &bufs;
    struct item *items = NULL;
    void *kept;
    int i;

    b->len = 4 * sizeof(double);
    if (alloc_out((void **)&b->send, b->len) != 0 || alloc_out(&b->recv, b->len))
        return 1;
    for (i = 0; i < 4; i++)
        ((double *)b->send)[i] = 1.5 * i;
    memcpy(b->recv, b->send, b->len);
    printf("recv[3] %.2f, outstanding %d\n", ((double *)b->recv)[3], outstanding);

    for (i = 0; i < 2; i++) {
        char *p = i == 0 ? b->send : b->recv;
        fill(p, 8, i + 1);
        printf("digest %d: %lu\n", i, digest(i == 0 ? b->send : b->recv, b->len));
    }

    if (alloc_out(&aux, 16) == 0)
        fill(aux, 16, 5);
    printf("aux %lu\n", digest(aux, 16));

    if (alloc_out((void **)&items, 3 * sizeof(struct item)) == 0) {
        items[2].id = 42;
        items[2].weight = 0.25;
        printf("item %d %.2f\n", items[2].id, items[2].weight);
    }

    kept = b->recv;
    forget((void **)&b->recv);
    printf("recv %s, kept %s, kept[3] %.2f\n", b->recv == NULL ? "NULL" : "set", kept == NULL ? "NULL" : "set",
           ((double *)kept)[3]);
    b->recv = kept;
    release((void **)&b->recv);
    release(&b->send);
    release((void **)&aux);
    drop_items(&items);
    printf("send %s, aux %s, items %s, outstanding %d\n", b->send ? "set" : "NULL", aux ? "set" : "NULL",
           items ? "set" : "NULL", outstanding);
    return 0;
}
