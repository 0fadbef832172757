/* void * as real C uses it: a wrapper allocator called for several element types (also static inline),
   void ** out-parameters filled by posix_memalign, and a void * parameter whose callee writes it with memset
   and memcpy, called with char *, int * and double * buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct point {
    int id;
    double x, y;
};

void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        abort();
    }
    return p;
}

static inline void *zalloc(size_t n)
{
    void *p = xmalloc(n);
    memset(p, 0, n);
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p;
    p = calloc(count, size);
    if (p == NULL)
        exit(1);
    return p;
}

int alloc_out(void **out, size_t n)
{
    *out = malloc(n);
    return *out == NULL;
}

int alloc_buf(void **buf, size_t n)
{
    return posix_memalign(buf, 64, n);
}

/* a device allocator whose body the preprocessor emptied: its parameter is never used */
int allocate_device_buffer(char **buffer)
{
    fprintf(stderr, "no device here\n");
    return 1;
}

/* typed out-parameters filled through (void **) casts, passed on to a function that takes them as they are */
int allocate_pair(char **sbuf, char **rbuf, int on_device)
{
    if (on_device)
        return allocate_device_buffer(sbuf) || allocate_device_buffer(rbuf);
    if (posix_memalign((void **)sbuf, 64, 16))
        return 1;
    return posix_memalign((void **)rbuf, 64, 16);
}

void set_buffer(void *b, int c, size_t n)
{
    memset(b, c, n);
}

void copy_buffer(void *dst, const void *src, size_t n)
{
    memcpy(dst, src, n);
}

void release(void *p)
{
    free(p);
}

int main(void)
{
    int n = 6, i;
    double *a = xmalloc(n * sizeof(double));
    int *b = xmalloc(sizeof(int) * n);
    struct point *c = xmalloc(n * sizeof(struct point));
    char *s = xmalloc(16);
    long *z = zalloc(n * sizeof(long));
    for (i = 0; i < n; i++) {
        a[i] = i * 1.5;
        b[i] = i * i;
        c[i].id = i;
        c[i].x = a[i];
        c[i].y = -a[i];
    }
    strcpy(s, "wrapped");
    for (i = 0; i < n; i++)
        printf("%d %.2f %d %d %.2f %.2f %ld\n", i, a[i], b[i], c[i].id, c[i].x, c[i].y, z[i]);
    printf("%s\n", s);

    double *dbuf = NULL;
    int *ibuf = NULL;
    char *cbuf = NULL;
    if (alloc_buf((void **)&dbuf, n * sizeof(double)) != 0)
        return 1;
    if (alloc_buf((void **)&ibuf, n * sizeof(int)) != 0)
        return 1;
    if (posix_memalign((void **)&cbuf, 64, 32) != 0)
        return 1;
    set_buffer(dbuf, 0, n * sizeof(double));
    set_buffer(ibuf, 1, n * sizeof(int));
    set_buffer(cbuf, 'x', 31);
    cbuf[31] = '\0';
    for (i = 0; i < n; i++)
        printf("%.1f %d\n", dbuf[i], ibuf[i]);
    printf("%s\n", cbuf);
    struct point *cz = xcalloc(3, sizeof(struct point));
    unsigned short *us = NULL;
    if (alloc_out((void **)&us, 4 * sizeof(unsigned short)))
        return 1;
    for (i = 0; i < 4; i++)
        us[i] = (unsigned short)(65535 - i);
    cz[1].y = 0.5;
    printf("%d %.1f %.1f %u %u\n", cz[2].id, cz[0].x, cz[1].y, us[0], us[3]);
    release(cz);
    release(us);
    char *sb = NULL, *rb = NULL;
    printf("device %d\n", allocate_pair(&sb, &rb, 1));
    if (allocate_pair(&sb, &rb, 0) != 0)
        return 1;
    set_buffer(sb, 's', 15);
    set_buffer(rb, 'r', 15);
    sb[15] = rb[15] = '\0';
    printf("%s %s\n", sb, rb);
    release(sb);
    release(rb);
    copy_buffer(dbuf, a, n * sizeof(double));
    copy_buffer(ibuf, b, n * sizeof(int));
    copy_buffer(cbuf, s, strlen(s) + 1);
    for (i = 0; i < n; i++)
        printf("%.2f %d\n", dbuf[i], ibuf[i]);
    printf("%s\n", cbuf);

    release(a);
    release(b);
    release(c);
    release(s);
    release(z);
    release(dbuf);
    release(ibuf);
    release(cbuf);
    return 0;
}
