/* A struct's void * fields holding the program's message buffers (Intel MPI Benchmarks' comm_info: s_buffer,
 * r_buffer): filled by an allocator returning void *, written through a char * parameter, read at byte offsets,
 * chosen by ?: into a char *, and freed through a void ** wrapper (IMB_v_free), which also frees an array of structs.
 * A void * field is an opaque handle (object); `(void **)&c_info->s_buffer` given to the generic void ** parameter
 * (ref Ptr<TB>) is the handle as a pointer to its bytes, stored back in place (Handle.Slot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct info {
    void *s_buffer;
    void *r_buffer;
    int len;
};

struct bench {
    char *name;
    int id;
};

static int allocs = 0, frees = 0;

void *v_alloc(size_t size, const char *where)
{
    void *p = malloc(size);
    if (p == NULL) {
        printf("no memory for %s\n", where);
        exit(1);
    }
    allocs++;
    return p;
}

void v_free(void **b)
{
    if (*b) {
        free(*b);
        frees++;
    }
    *b = NULL;
}

void ass_buf(char *buf, int rank, size_t pos1, size_t pos2, int value)
{
    size_t i;
    for (i = pos1; i <= pos2; i++)
        buf[i] = (char)(rank + i + value);
}

static long sum_bytes(const char *buf, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s = s * 3 + buf[i];
    return s;
}

int main(void)
{
    struct info c, *c_info = &c;
    struct bench *list;
    char *bc_buf;
    int i;

    c_info->len = 16;
    c_info->s_buffer = v_alloc(c_info->len, "s_buffer");
    c_info->r_buffer = v_alloc(c_info->len, "r_buffer");
    ass_buf(c_info->s_buffer, 3, 0, c_info->len - 1, 1);
    memset(c_info->r_buffer, 0, c_info->len);
    memcpy((char *)c_info->r_buffer + 4, (char *)c_info->s_buffer + 2, 8);
    for (i = 0; i < 2; i++) {
        bc_buf = i == 0 ? c_info->s_buffer : c_info->r_buffer;
        printf("buffer %d: %ld\n", i, sum_bytes(bc_buf, c_info->len));
    }
    list = (struct bench *)v_alloc(2 * sizeof(struct bench), "list");
    list[0].id = 1;
    list[1].id = 2;
    printf("ids %d %d\n", list[0].id, list[1].id);
    v_free((void **)&list);
    v_free((void **)&c_info->s_buffer);
    v_free((void **)&c_info->r_buffer);
    printf("allocs %d frees %d, list %s\n", allocs, frees, list == NULL ? "freed" : "kept");
    return 0;
}
