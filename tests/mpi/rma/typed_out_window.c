/* A window whose base comes through a `char **` out-parameter that the caller fills with `(char **)&p` of a
 * `uint64_t *p`: `*win_base` given to MPI_Win_create, to MPI_Win_attach and MPI_Get_address, and to
 * MPI_Win_allocate's `void *baseptr` (which then stores the new memory's address in the bytes `*win_base` points
 * to, as C does). The window's variable is passed as two of the out-parameters at once; an optional fourth one is
 * tested against NULL. Fetch_and_op and Compare_and_swap on the uint64_t slots through each kind of window, the
 * shape of a benchmark's atomic-latency set-up.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt
 * transports: tcp */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define POOL 8192
#define ALIGN 64
#define SLOTS 4
#define MAX_RANKS 64

enum kind { WIN_CREATE, WIN_DYNAMIC, WIN_ALLOCATE };

char sbuf_pool[POOL], rbuf_pool[POOL], tbuf_pool[POOL], cbuf_pool[POOL];
uint64_t *sbuf = NULL, *rbuf = NULL, *tbuf = NULL, *cbuf = NULL;
MPI_Aint disp_of[MAX_RANKS];

void *align_buffer(void *p, unsigned long align)
{
    return (void *)(((unsigned long)p + (align - 1)) / align * align);
}

/* carves the buffers out of the pools and makes a window of kind over *win_base */
void allocate_window(char *s_orig, char *r_orig, char *t_orig, char *c_orig, char **s, char **r, char **t,
                     char **c, char **win_base, int size, enum kind kind, MPI_Win *win)
{
    MPI_Aint mine;

    *s = (char *)align_buffer((void *)s_orig, ALIGN);
    memset(*s, 0, size);
    *r = (char *)align_buffer((void *)r_orig, ALIGN);
    memset(*r, 0, size);
    *t = (char *)align_buffer((void *)t_orig, ALIGN);
    memset(*t, 0, size);
    if (c != NULL) {
        *c = (char *)align_buffer((void *)c_orig, ALIGN);
        memset(*c, 0, size);
    }
    switch (kind) {
    case WIN_CREATE:
        MPI_Win_create(*win_base, size, 1, MPI_INFO_NULL, MPI_COMM_WORLD, win);
        break;
    case WIN_DYNAMIC:
        MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, win);
        MPI_Win_attach(*win, (void *)*win_base, size);
        MPI_Get_address(*win_base, &mine);
        MPI_Allgather(&mine, 1, MPI_AINT, disp_of, 1, MPI_AINT, MPI_COMM_WORLD);
        break;
    default:
        MPI_Win_allocate(size, 1, MPI_INFO_NULL, MPI_COMM_WORLD, *win_base, win);
        break;
    }
}

int main(int argc, char **argv)
{
    int rank, size, kind, target, origin, errs = 0, toterrs;
    uint64_t expected;
    MPI_Aint disp;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    target = (rank + 1) % size;
    origin = (rank + size - 1) % size;

    for (kind = WIN_CREATE; kind <= WIN_ALLOCATE; kind++) {
        int with_compare = kind != WIN_DYNAMIC;
        if (with_compare)
            allocate_window(sbuf_pool, rbuf_pool, tbuf_pool, cbuf_pool, (char **)&sbuf, (char **)&rbuf,
                            (char **)&tbuf, (char **)&cbuf, (char **)&rbuf, SLOTS * sizeof(uint64_t), kind, &win);
        else
            allocate_window(sbuf_pool, rbuf_pool, tbuf_pool, NULL, (char **)&sbuf, (char **)&rbuf,
                            (char **)&tbuf, NULL, (char **)&rbuf, SLOTS * sizeof(uint64_t), kind, &win);
        disp = kind == WIN_DYNAMIC ? disp_of[target] : 0;
        if (kind == WIN_ALLOCATE && rbuf[0] == 0) {
            printf("kind %d: MPI_Win_allocate stored no address where *win_base points\n", kind);
            errs++;
        }

        /* the target's slots start at zero (MPI_Win_allocate's memory is not initialised) */
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, target, 0, win);
        MPI_Put(sbuf, SLOTS, MPI_UINT64_T, target, disp, SLOTS, MPI_UINT64_T, win);
        MPI_Win_unlock(target, win);
        MPI_Barrier(MPI_COMM_WORLD);

        /* two fetch-and-adds: the first fetches 0, the second the first's value */
        sbuf[0] = (uint64_t)rank + 1;
        MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
        MPI_Fetch_and_op(sbuf, tbuf, MPI_LONG_LONG, target, disp, MPI_SUM, win);
        MPI_Win_flush(target, win);
        if (tbuf[0] != 0) {
            printf("kind %d rank %d: first fetch %llu, expected 0\n", kind, rank, (unsigned long long)tbuf[0]);
            errs++;
        }
        MPI_Fetch_and_op(sbuf, tbuf, MPI_LONG_LONG, target, disp, MPI_SUM, win);
        MPI_Win_unlock(target, win);
        if (tbuf[0] != (uint64_t)rank + 1) {
            printf("kind %d rank %d: second fetch %llu, expected %d\n", kind, rank, (unsigned long long)tbuf[0],
                   rank + 1);
            errs++;
        }
        expected = 2 * ((uint64_t)origin + 1);

        if (with_compare) {
            /* the slot holds 2 * (rank + 1): a swap that matches, then one that no longer does */
            sbuf[0] = 100 + (uint64_t)rank;
            cbuf[0] = 2 * ((uint64_t)rank + 1);
            MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
            MPI_Compare_and_swap(sbuf, cbuf, tbuf, MPI_LONG_LONG, target, disp, win);
            MPI_Win_flush(target, win);
            if (tbuf[0] != cbuf[0]) {
                printf("kind %d rank %d: swap saw %llu\n", kind, rank, (unsigned long long)tbuf[0]);
                errs++;
            }
            sbuf[0] = 7;
            MPI_Compare_and_swap(sbuf, cbuf, tbuf, MPI_LONG_LONG, target, disp, win);
            MPI_Win_unlock(target, win);
            if (tbuf[0] != 100 + (uint64_t)rank) {
                printf("kind %d rank %d: failed swap saw %llu\n", kind, rank, (unsigned long long)tbuf[0]);
                errs++;
            }
            expected = 100 + (uint64_t)origin;
        }
        MPI_Barrier(MPI_COMM_WORLD);

        /* what this rank's window holds now, read through the window and, where it is rbuf, directly */
        tbuf[1] = 0;
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
        MPI_Get(tbuf + 1, 1, MPI_UINT64_T, rank, kind == WIN_DYNAMIC ? disp_of[rank] : 0, 1, MPI_UINT64_T, win);
        MPI_Win_flush(rank, win);
        if (tbuf[1] != expected) {
            printf("kind %d rank %d: window holds %llu, expected %llu\n", kind, rank, (unsigned long long)tbuf[1],
                   (unsigned long long)expected);
            errs++;
        }
        if (kind != WIN_ALLOCATE && rbuf[0] != expected) {
            printf("kind %d rank %d: rbuf holds %llu, expected %llu\n", kind, rank, (unsigned long long)rbuf[0],
                   (unsigned long long)expected);
            errs++;
        }
        MPI_Win_unlock(rank, win);
        if (kind == WIN_DYNAMIC)
            MPI_Win_detach(win, rbuf);
        MPI_Win_free(&win);
    }

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
