/* A struct made only to type handles (IOR's aiori_fd_t and aiori_mod_opt_t: `struct { void *dummy; }`, no field
 * ever read): backends in a table of function pointers return an `int *`, a struct or a `double *` as a `fd_t *`
 * and cast it back; options structs of each backend travel as `mod_opt_t *`, made by a function that stores them
 * through a `mod_opt_t **` out-parameter into a table's field. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fd_t { void *dummy; } fd_t;
typedef struct mod_opt_t mod_opt_t;
struct mod_opt_t { void *dummy; };

typedef struct {
    const char *name;
    fd_t *(*create)(const char *name, mod_opt_t *options);
    long (*xfer)(fd_t *fd, long length, mod_opt_t *options);
    void (*close)(fd_t *fd, mod_opt_t *options);
    void (*get_options)(mod_opt_t **init, mod_opt_t *defaults);
} backend_t;

typedef struct { int direct; int block; } posix_opts;
typedef struct { long delay; } dummy_opts;
typedef struct { int handle; double written; } file_state;

static int next_fd = 3;

static fd_t *posix_create(const char *name, mod_opt_t *options)
{
    posix_opts *o = (posix_opts *)options;
    int *fd = malloc(sizeof(int));
    *fd = next_fd++;
    printf("posix create %s: fd %d, block %d\n", name, *fd, o->block);
    return (fd_t *)fd;
}

static long posix_xfer(fd_t *fd, long length, mod_opt_t *options)
{
    posix_opts *o = (posix_opts *)options;
    int *p = (int *)fd;
    return *p * 1000 + length * o->block;
}

static void posix_close(fd_t *fd, mod_opt_t *options)
{
    (void)options;
    printf("posix close fd %d\n", *(int *)fd);
    free(fd);
}

static void posix_options(mod_opt_t **init, mod_opt_t *defaults)
{
    posix_opts *o = malloc(sizeof(posix_opts));
    if (defaults != NULL)
        memcpy(o, defaults, sizeof(posix_opts));
    else {
        o->direct = 0;
        o->block = 4;
    }
    *init = (mod_opt_t *)o;
}

static fd_t *state_create(const char *name, mod_opt_t *options)
{
    dummy_opts *o = (dummy_opts *)options;
    file_state *s = calloc(1, sizeof(file_state));
    s->handle = (int)strlen(name) + (int)o->delay;
    return (fd_t *)s;
}

static long state_xfer(fd_t *fd, long length, mod_opt_t *options)
{
    (void)options;
    file_state *s = (file_state *)fd;
    s->written += length * 0.5;
    return s->handle + (long)s->written;
}

static void state_close(fd_t *fd, mod_opt_t *options)
{
    (void)options;
    file_state *s = (file_state *)fd;
    printf("state close: handle %d, written %.1f\n", s->handle, s->written);
    free(s);
}

static void state_options(mod_opt_t **init, mod_opt_t *defaults)
{
    (void)defaults;
    dummy_opts *o = malloc(sizeof(dummy_opts));
    o->delay = 10;
    *init = (mod_opt_t *)o;
}

static backend_t backends[] = {
    {"POSIX", posix_create, posix_xfer, posix_close, posix_options},
    {"STATE", state_create, state_xfer, state_close, state_options},
};

typedef struct { const char *prefix; mod_opt_t *defaults; } module_t;

int main(void)
{
    module_t modules[2];
    for (int i = 0; i < 2; i++) {
        modules[i].prefix = backends[i].name;
        modules[i].defaults = NULL;
        backends[i].get_options(&modules[i].defaults, NULL);
    }
    for (int i = 0; i < 2; i++) {
        const backend_t *b = &backends[i];
        mod_opt_t *opts = modules[i].defaults;
        fd_t *fds[3];
        for (int k = 0; k < 3; k++)
            fds[k] = b->create(b->name, opts);
        long sum = 0;
        for (int k = 0; k < 3; k++)
            sum += b->xfer(fds[k], 10 * (k + 1), opts);
        printf("%s: sum %ld, %s\n", modules[i].prefix, sum, fds[0] != NULL && fds[0] != fds[1] ? "distinct" : "same");
        for (int k = 2; k >= 0; k--)
            b->close(fds[k], opts);
        free(opts);
    }
    return 0;
}
