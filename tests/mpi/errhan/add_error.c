/* Error classes, codes and strings of the program's own (MPI-3.1 8.5): MPI_Add_error_class and MPI_Add_error_code
 * give new values above MPI_ERR_LASTCODE, MPI_Error_class maps a code to its class (and an added class, in Open MPI
 * 4.1, to MPI_ERR_UNKNOWN), MPI_Error_string gives the
 * string MPI_Add_error_string set (and "" before), MPI_LASTUSEDCODE follows the largest value given, and
 * MPI_Comm_call_errhandler with an added code reaches a handler of the program's own, which sees that code.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

static int seen = -1;

static void handler(MPI_Comm *comm, int *code, ...)
{
    seen = *code;
}

int main(int argc, char **argv)
{
    int rank, cls, code, code2, other, len, flag, toterrs, errs = 0, *last;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Add_error_class(&cls);
    MPI_Add_error_code(cls, &code);
    MPI_Add_error_code(MPI_ERR_ARG, &code2);
    if (cls <= MPI_ERR_LASTCODE || code <= cls || code2 <= code) {
        errs++;
        printf("class %d code %d code %d (MPI_ERR_LASTCODE %d)\n", cls, code, code2, MPI_ERR_LASTCODE);
    }
    if (rank == 0) printf("new class %d, codes %d %d\n", cls, code, code2);
    MPI_Error_class(code, &other);
    if (other != cls) { errs++; printf("class of %d: %d\n", code, other); }
    MPI_Error_class(code2, &other);
    if (other != MPI_ERR_ARG) { errs++; printf("class of %d: %d\n", code2, other); }
    MPI_Error_class(cls, &other);  /* Open MPI 4.1: MPI_ERR_UNKNOWN (the standard maps only its own classes to themselves) */
    if (rank == 0) printf("class of the new class: %d\n", other);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
    if (!flag || *last != code2) { errs++; printf("MPI_LASTUSEDCODE %d (flag %d)\n", flag ? *last : -1, flag); }

    MPI_Error_string(code, text, &len);
    if (len != 0 || text[0] != '\0') { errs++; printf("string before one was set: [%s] %d\n", text, len); }
    MPI_Add_error_string(cls, "our own class of errors");
    MPI_Add_error_string(code, "one of ours");
    MPI_Error_string(code, text, &len);
    if (strcmp(text, "one of ours") != 0 || len != 11) { errs++; printf("code string [%s] %d\n", text, len); }
    MPI_Error_string(cls, text, &len);
    if (strcmp(text, "our own class of errors") != 0) { errs++; printf("class string [%s] %d\n", text, len); }
    MPI_Add_error_string(code, "replaced");
    MPI_Error_string(code, text, &len);
    if (strcmp(text, "replaced") != 0) { errs++; printf("replaced string [%s]\n", text); }
    if (rank == 0) printf("%d: %s\n", code, text);

    MPI_Comm_create_errhandler(handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, code);
    if (seen != code) { errs++; printf("the handler saw %d, not %d\n", seen, code); }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
