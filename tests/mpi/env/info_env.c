/* MPI_INFO_ENV (MPI-3.1 10.3.4): the keys Open MPI 4.1 gives first, in its order, that hold for any launcher:
 * command (the program's name), argv (the arguments, joined by spaces), maxprocs and soft (the job's size), host,
 * arch, wdir (the working directory), thread_level (the level provided). "file" is absent (no app file). The object
 * is read like any info: nkeys, nthkey, valuelen, get, dup.
  * args: alpha b c */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int errs;

static const char *value(const char *key, char *buf, int room)
{
    int flag = 0, len = -1;
    MPI_Info_get_valuelen(MPI_INFO_ENV, key, &len, &flag);
    if (!flag) { errs++; printf("no key %s\n", key); return ""; }
    MPI_Info_get(MPI_INFO_ENV, key, room - 1, buf, &flag);
    if (!flag || (int)strlen(buf) != len) { errs++; printf("%s: flag %d, length %d, valuelen %d\n", key, flag, (int)strlen(buf), len); }
    return buf;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    const char *keys[] = {"command", "argv", "maxprocs", "soft", "host", "arch", "wdir", "thread_level"};
    int nkeys = 0;
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
    if (nkeys < 8) { errs++; printf("%d keys\n", nkeys); }
    for (int i = 0; i < 8 && i < nkeys; i++) {
        char key[MPI_MAX_INFO_KEY + 1];
        MPI_Info_get_nthkey(MPI_INFO_ENV, i, key);
        if (strcmp(key, keys[i]) != 0) { errs++; printf("key %d is %s, not %s\n", i, key, keys[i]); }
    }

    char buf[1024], expected[1024];
    const char *slash = strrchr(argv[0], '/');
    if (strcmp(value("command", buf, sizeof buf), slash ? slash + 1 : argv[0]) != 0) { errs++; printf("command %s (argv[0] %s)\n", buf, argv[0]); }
    expected[0] = 0;
    for (int i = 1; i < argc; i++) {
        if (i > 1) strcat(expected, " ");
        strcat(expected, argv[i]);
    }
    if (argc != 4 || strcmp(value("argv", buf, sizeof buf), expected) != 0 || strcmp(buf, "alpha b c") != 0) { errs++; printf("argv '%s'\n", buf); }
    if (atoi(value("maxprocs", buf, sizeof buf)) != size) { errs++; printf("maxprocs %s\n", buf); }
    if (atoi(value("soft", buf, sizeof buf)) != size) { errs++; printf("soft %s\n", buf); }
    char host[256];
    gethostname(host, sizeof host);
    if (strcmp(value("host", buf, sizeof buf), host) != 0) { errs++; printf("host %s, not %s\n", buf, host); }
    if (strlen(value("arch", buf, sizeof buf)) == 0) { errs++; printf("empty arch\n"); }
    char cwd[1024];
    if (getcwd(cwd, sizeof cwd) == NULL || strcmp(value("wdir", buf, sizeof buf), cwd) != 0) { errs++; printf("wdir %s, not %s\n", buf, cwd); }
    int provided;
    MPI_Query_thread(&provided);
    if (provided != MPI_THREAD_SINGLE || strcmp(value("thread_level", buf, sizeof buf), "MPI_THREAD_SINGLE") != 0) { errs++; printf("thread_level %s\n", buf); }

    int flag = 1;
    MPI_Info_get(MPI_INFO_ENV, "file", sizeof buf - 1, buf, &flag);
    if (flag) { errs++; printf("a file key: %s\n", buf); }

    /* a dup has the same keys, and is the program's own */
    MPI_Info dup;
    int dupkeys = -1;
    MPI_Info_dup(MPI_INFO_ENV, &dup);
    MPI_Info_get_nkeys(dup, &dupkeys);
    MPI_Info_set(dup, "mine", "yes");
    MPI_Info_get_nkeys(MPI_INFO_ENV, &flag);
    if (dupkeys != nkeys || flag != nkeys) { errs++; printf("dup has %d keys, env %d after a set on the dup\n", dupkeys, flag); }
    MPI_Info_free(&dup);

    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
