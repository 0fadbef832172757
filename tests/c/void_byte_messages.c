/* Active messages as graph500's aml.c and its handlers pass them: a sender packs a packed header struct and a
 * payload into a char buffer through `void *`; the receiver walks the buffer with `void *m = message + i`,
 * reads the header as a struct (`struct hdr *h = m`) and hands `m + sizeof(struct hdr)` to a handler from a
 * table of `void (*)(int, void *, int)`; each handler reads its `void *data` as the types it chose: an int,
 * an int and an int64_t at byte 4 (`*(int64_t *)(data + 4)`), a float element, a struct of two ints.
 * GNU C's arithmetic on `void *` counts bytes. A message delivered without the buffer (to the sender's own
 * rank) gives the handler the sender's int array or struct itself. Handlers are registered through a
 * function-pointer parameter stored in the table, and a void call is returned from a void function. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

struct __attribute__((__packed__)) hdr {
    unsigned short routing;
    unsigned short sz;
    char hndl;
};

typedef struct visitmsg { int vloc; int vfrom; } visitmsg;

static void (*handlers[4])(int, void *, int);
static char sendbuf[1024];
static int sendsize;
static int degrees[8];
static int64_t column[8];
static float weights[8];
static int visited[8];

static void halfedge(int from, void *data, int sz) { degrees[*(int *)data]++; }

static void fulledge(int from, void *data, int sz)
{
    int vloc = *(int *)data;
    int64_t tgt = *((int64_t *)(data + 4));
    column[vloc] = tgt;
    if (sz > 12) weights[vloc] = ((float *)data)[3];
}

static void visit(int from, void *data, int sz)
{
    visitmsg *m = data;
    visited[m->vloc] = m->vfrom * 10 + from;
}

static void send(void *src, int type, int length, int local)
{
    char *dst = sendbuf + sendsize;
    struct hdr *h = (void *)dst;
    h->routing = local;
    h->sz = length;
    h->hndl = type;
    sendsize += length + sizeof(struct hdr);
    memcpy(dst + sizeof(struct hdr), src, length);
}

/* aml_register_handler's shape: the table is filled through a function-pointer parameter */
static void register_handler(void (*f)(int, void *, int), int n) { handlers[n] = f; }

static char forwarded[64];
static int nforwarded;

/* copies a message on as bytes: called with `m + sizeof(struct hdr)` and with a relayed handle */
static void forward(void *src, int length)
{
    memcpy(forwarded + nforwarded, src, length);
    nforwarded += length;
}

/* aml_send's shape: the same `void *src` goes to a handler (so it is an opaque handle) and to a memcpy */
static void relay(void *src, int type, int length, int self)
{
    if (self == 1)
        return handlers[type](7, src, length);     /* GNU C: a void call returned from a void function */
    if (self == 2) {
        memcpy(forwarded + nforwarded, src, length);
        nforwarded += length;
        return;
    }
    forward(src, length);
}

static void process(int from, int length, char *message)
{
    int i = 0;
    while (i < length) {
        void *m = message + i;
        struct hdr *h = m;
        int hsz = h->sz;
        int hndl = h->hndl;
        handlers[hndl](from + h->routing, m + sizeof(struct hdr), hsz);
        if (hndl == 3)
            forward(m + sizeof(struct hdr), hsz);
        i += sizeof(struct hdr) + hsz;
    }
}

int main(void)
{
    register_handler(visit, 3);
    register_handler(halfedge, 1);
    handlers[2] = fulledge;
    for (int v = 0; v < 6; v++) {
        int vloc = v % 4;
        send(&vloc, 1, 4, 0);
    }
    for (int v = 0; v < 4; v++) {
        int64_t tgt = 1000000007LL * (v + 1);
        float w = 0.5f * v;
        int msg[4];
        msg[0] = v;
        memcpy(msg + 1, &tgt, 8);
        memcpy(msg + 3, &w, 4);
        send(msg, 2, v % 2 ? 16 : 12, 1);
    }
    visitmsg vm = {5, 7};
    send(&vm, 3, sizeof(visitmsg), 2);
    printf("packed %d bytes, header %d\n", sendsize, (int)sizeof(struct hdr));
    /* delivered to itself without the buffer (aml_send to its own rank): the handler gets the int array */
    int local[4];
    int64_t far = -5000000000LL;
    float lw = 2.75f;
    local[0] = 4;
    memcpy(local + 1, &far, 8);
    memcpy(local + 3, &lw, 4);
    handlers[2](0, local, 16);
    visitmsg self = {4, 9};
    handlers[3](1, &self, sizeof self);
    visitmsg other = {3, 4};
    relay(&other, 3, sizeof other, 1);
    relay(&other, 3, sizeof other, 0);
    int payload[2] = {5, 6};
    relay(payload, 1, 4, 1);
    relay(payload, 1, 8, 0);
    relay(payload, 1, 4, 2);
    relay(&other, 3, sizeof other, 2);
    process(0, sendsize, sendbuf);
    for (int v = 0; v < 6; v++)
        printf("%d: degree %d column %lld weight %.2f visited %d\n", v, degrees[v], (long long)column[v],
               weights[v], visited[v]);
    int words[16];
    memcpy(words, forwarded, nforwarded);
    printf("forwarded %d bytes:", nforwarded);
    for (int k = 0; k < nforwarded / 4; k++)
        printf(" %d", words[k]);
    printf("\n");
    return 0;
}
