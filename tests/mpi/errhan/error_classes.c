/* Every error class of MPI-3.1 by its constant: its class is itself and MPI_Error_string says what Open MPI says;
 * the classes a window's arguments get (MPI_ERR_SIZE, MPI_ERR_DISP, MPI_ERR_LOCKTYPE); MPI_Type_dup's name.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define CLASS(c) {c, #c}

static const struct { int code; const char *name; } classes[] = {
    CLASS(MPI_SUCCESS), CLASS(MPI_ERR_BUFFER), CLASS(MPI_ERR_COUNT), CLASS(MPI_ERR_TYPE), CLASS(MPI_ERR_TAG),
    CLASS(MPI_ERR_COMM), CLASS(MPI_ERR_RANK), CLASS(MPI_ERR_REQUEST), CLASS(MPI_ERR_ROOT), CLASS(MPI_ERR_GROUP),
    CLASS(MPI_ERR_OP), CLASS(MPI_ERR_TOPOLOGY), CLASS(MPI_ERR_DIMS), CLASS(MPI_ERR_ARG), CLASS(MPI_ERR_UNKNOWN),
    CLASS(MPI_ERR_TRUNCATE), CLASS(MPI_ERR_OTHER), CLASS(MPI_ERR_INTERN), CLASS(MPI_ERR_IN_STATUS),
    CLASS(MPI_ERR_PENDING), CLASS(MPI_ERR_KEYVAL), CLASS(MPI_ERR_NO_MEM), CLASS(MPI_ERR_BASE),
    CLASS(MPI_ERR_INFO_KEY), CLASS(MPI_ERR_INFO_VALUE), CLASS(MPI_ERR_INFO_NOKEY), CLASS(MPI_ERR_SPAWN),
    CLASS(MPI_ERR_PORT), CLASS(MPI_ERR_SERVICE), CLASS(MPI_ERR_NAME), CLASS(MPI_ERR_WIN), CLASS(MPI_ERR_SIZE),
    CLASS(MPI_ERR_DISP), CLASS(MPI_ERR_INFO), CLASS(MPI_ERR_LOCKTYPE), CLASS(MPI_ERR_ASSERT),
    CLASS(MPI_ERR_RMA_CONFLICT), CLASS(MPI_ERR_RMA_SYNC), CLASS(MPI_ERR_RMA_RANGE), CLASS(MPI_ERR_RMA_ATTACH),
    CLASS(MPI_ERR_RMA_SHARED), CLASS(MPI_ERR_RMA_FLAVOR), CLASS(MPI_ERR_FILE), CLASS(MPI_ERR_NOT_SAME),
    CLASS(MPI_ERR_AMODE), CLASS(MPI_ERR_UNSUPPORTED_DATAREP), CLASS(MPI_ERR_UNSUPPORTED_OPERATION),
    CLASS(MPI_ERR_NO_SUCH_FILE), CLASS(MPI_ERR_FILE_EXISTS), CLASS(MPI_ERR_BAD_FILE), CLASS(MPI_ERR_ACCESS),
    CLASS(MPI_ERR_NO_SPACE), CLASS(MPI_ERR_QUOTA), CLASS(MPI_ERR_READ_ONLY), CLASS(MPI_ERR_FILE_IN_USE),
    CLASS(MPI_ERR_DUP_DATAREP), CLASS(MPI_ERR_CONVERSION), CLASS(MPI_ERR_IO),
};

static int expect_class(const char *what, int rc, int expected)
{
    int cls;
    MPI_Error_class(rc, &cls);
    if (cls == expected) return 0;
    printf("%s: class %d, expected %d\n", what, cls, expected);
    return 1;
}

int main(int argc, char **argv)
{
    int rank, size, i, j, cls, len, rc, toterrs, errs = 0;
    int n = sizeof classes / sizeof classes[0];
    char text[MPI_MAX_ERROR_STRING];
    int buf[4];
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (i = 0; i < n; i++) {
        for (j = 0; j < i; j++)
            if (classes[j].code == classes[i].code) { errs++; printf("%s and %s are both %d\n", classes[j].name, classes[i].name, classes[i].code); }
        MPI_Error_class(classes[i].code, &cls);
        if (cls != classes[i].code) { errs++; printf("class of %s is %d\n", classes[i].name, cls); }
        if (classes[i].code > MPI_ERR_LASTCODE) { errs++; printf("%s beyond MPI_ERR_LASTCODE\n", classes[i].name); }
        MPI_Error_string(classes[i].code, text, &len);
        if (len != (int)strlen(text) || strncmp(text, classes[i].name, strlen(classes[i].name)) != 0) {
            errs++;
            printf("string of %s: '%s' (%d)\n", classes[i].name, text, len);
        }
        if (rank == 0) printf("%s\n", text);
    }

    /* a window's arguments, reported to the communicator's handler, then to the window's */
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    rc = MPI_Win_create(buf, -4, sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &win);
    errs += expect_class("negative window size", rc, MPI_ERR_SIZE);
    rc = MPI_Win_create(buf, sizeof buf, 0, MPI_INFO_NULL, MPI_COMM_SELF, &win);
    errs += expect_class("displacement unit 0", rc, MPI_ERR_DISP);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    rc = MPI_Win_lock(MPI_LOCK_EXCLUSIVE + MPI_LOCK_SHARED + 7, 0, 0, win);
    errs += expect_class("lock type", rc, MPI_ERR_LOCKTYPE);
    MPI_Win_free(&win);

    /* a duplicated type is named after its original */
    {
        MPI_Datatype d1, d2, pair, d3;
        MPI_Type_dup(MPI_DOUBLE, &d1);
        MPI_Type_get_name(d1, text, &len);
        if (rank == 0) printf("dup of MPI_DOUBLE: '%s' (%d)\n", text, len);
        MPI_Type_dup(d1, &d2);
        MPI_Type_get_name(d2, text, &len);
        if (rank == 0) printf("dup of that: '%s' (%d)\n", text, len);
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_dup(pair, &d3);
        MPI_Type_get_name(d3, text, &len);
        if (rank == 0) printf("dup of an unnamed type: '%s' (%d)\n", text, len);
        MPI_Type_set_name(d3, "pair copy");
        MPI_Type_get_name(d3, text, &len);
        if (strcmp(text, "pair copy") != 0) { errs++; printf("set name: '%s'\n", text); }
        MPI_Type_free(&d1); MPI_Type_free(&d2); MPI_Type_free(&pair); MPI_Type_free(&d3);
    }

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs) printf(" Found %d errors\n", toterrs);
        else printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
