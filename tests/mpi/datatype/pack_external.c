/* MPI_Pack_external / MPI_Unpack_external / MPI_Pack_external_size in "external32" (MPI-3.1 4.2, 13.5.2):
 * every basic element big-endian, no padding, a complex as two reals, a vector's elements in typemap order; the
 * bytes are the ones Open MPI 4.1 writes (measured). The packed form travels as MPI_BYTE from rank 0 to the last
 * rank, which unpacks it. Too small an output buffer is MPI_ERR_TRUNCATE. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int errs;

static void expect_bytes(const char *what, const unsigned char *got, const unsigned char *want, int n)
{
    if (memcmp(got, want, n) != 0) {
        errs++;
        printf("%s:", what);
        for (int i = 0; i < n; i++) printf(" %02x", got[i]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int ints[4] = {1, -2, 0x01020304, 99};
    double dbl[2] = {1.5, -0.25};
    short sh = -7;
    struct { double v; int i; } pair = {2.0, 7};
    MPI_Datatype every_other;
    MPI_Type_vector(2, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);

    MPI_Aint sizes[4];
    MPI_Pack_external_size("external32", 3, MPI_INT, &sizes[0]);
    MPI_Pack_external_size("external32", 2, MPI_DOUBLE, &sizes[1]);
    MPI_Pack_external_size("external32", 1, MPI_DOUBLE_INT, &sizes[2]);
    MPI_Pack_external_size("external32", 2, every_other, &sizes[3]);
    if (sizes[0] != 12 || sizes[1] != 16 || sizes[2] != 12 || sizes[3] != 16) {
        errs++;
        printf("sizes %ld %ld %ld %ld\n", (long)sizes[0], (long)sizes[1], (long)sizes[2], (long)sizes[3]);
    }

    unsigned char buf[64];
    MPI_Aint pos = 0;
    if (rank == 0) {
        memset(buf, 0xee, sizeof buf);
        MPI_Pack_external("external32", ints, 3, MPI_INT, buf, sizeof buf, &pos);
        MPI_Pack_external("external32", dbl, 2, MPI_DOUBLE, buf, sizeof buf, &pos);
        MPI_Pack_external("external32", &sh, 1, MPI_SHORT, buf, sizeof buf, &pos);
        MPI_Pack_external("external32", &pair, 1, MPI_DOUBLE_INT, buf, sizeof buf, &pos);
        MPI_Pack_external("external32", ints, 1, every_other, buf, sizeof buf, &pos);
        const unsigned char want[] = {
            0x00, 0x00, 0x00, 0x01, 0xff, 0xff, 0xff, 0xfe, 0x01, 0x02, 0x03, 0x04,
            0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0xbf, 0xd0, 0, 0, 0, 0, 0, 0,
            0xff, 0xf9,
            0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x07,
            0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x03, 0x04};
        if (pos != (MPI_Aint)sizeof want) { errs++; printf("packed %ld bytes\n", (long)pos); }
        expect_bytes("packed", buf, want, sizeof want);
        if (buf[sizeof want] != 0xee) { errs++; printf("wrote past the end\n"); }
    }
    long n = pos;
    MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    MPI_Bcast(buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank == size - 1) {
        int i3[3] = {0, 0, 0}, v[3] = {-5, -5, -5};
        double d2[2] = {0, 0};
        short s = 0;
        struct { double v; int i; } p = {0, 0};
        MPI_Aint at = 0;
        MPI_Unpack_external("external32", buf, n, &at, i3, 3, MPI_INT);
        MPI_Unpack_external("external32", buf, n, &at, d2, 2, MPI_DOUBLE);
        MPI_Unpack_external("external32", buf, n, &at, &s, 1, MPI_SHORT);
        MPI_Unpack_external("external32", buf, n, &at, &p, 1, MPI_DOUBLE_INT);
        MPI_Unpack_external("external32", buf, n, &at, v, 1, every_other);
        if (at != n || i3[0] != 1 || i3[1] != -2 || i3[2] != 0x01020304 || d2[0] != 1.5 || d2[1] != -0.25 || s != -7 ||
            p.v != 2.0 || p.i != 7 || v[0] != 1 || v[1] != -5 || v[2] != 0x01020304) {
            errs++;
            printf("unpacked at %ld: %d %d %d %g %g %d %g %d %d %d %d\n", (long)at, i3[0], i3[1], i3[2], d2[0], d2[1], s, p.v, p.i, v[0], v[1], v[2]);
        }
    }

    /* the output buffer is too small: MPI_ERR_TRUNCATE */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Aint small = 0;
    int err = MPI_Pack_external("external32", ints, 3, MPI_INT, buf, 8, &small);
    int cls = MPI_SUCCESS;
    if (err != MPI_SUCCESS) MPI_Error_class(err, &cls);
    if (cls != MPI_ERR_TRUNCATE) { errs++; printf("packing 12 bytes into 8: class %d\n", cls); }

    MPI_Type_free(&every_other);
    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
