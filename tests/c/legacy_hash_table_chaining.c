/* A hash table with chaining of old C: an array of bucket heads, nodes malloc'ed with their key copied in a
 * fixed char array, lookup and update through a pointer, counting collisions, freeing every chain. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 7

struct entry { char key[16]; int count; struct entry *next; };
static struct entry *buckets[NBUCKETS];

static unsigned hash(const char *s) {
    unsigned h = 0;
    while (*s) h = h * 33 + (unsigned char)*s++;
    return h % NBUCKETS;
}

static struct entry *lookup(const char *key, int create) {
    unsigned b = hash(key);
    struct entry *e;
    for (e = buckets[b]; e; e = e->next)
        if (strcmp(e->key, key) == 0) return e;
    if (!create) return NULL;
    e = calloc(1, sizeof *e);
    strncpy(e->key, key, sizeof e->key - 1);
    e->next = buckets[b];
    buckets[b] = e;
    return e;
}

int main(void) {
    const char *words[] = {"mpi", "send", "recv", "mpi", "bcast", "send", "mpi", "reduce", "gather", "scatter"};
    int i, longest = 0;
    for (i = 0; i < 10; i++) lookup(words[i], 1)->count++;
    for (i = 0; i < NBUCKETS; i++) {
        int n = 0;
        struct entry *e;
        for (e = buckets[i]; e; e = e->next) n++;
        if (n > longest) longest = n;
        printf("%d ", n);
    }
    printf("| longest %d\n", longest);
    printf("mpi=%d send=%d none=%p\n", lookup("mpi", 0)->count, lookup("send", 0)->count, (void *)lookup("x", 0));
    for (i = 0; i < NBUCKETS; i++) {
        while (buckets[i]) {
            struct entry *next = buckets[i]->next;
            free(buckets[i]);
            buckets[i] = next;
        }
    }
    return 0;
}
