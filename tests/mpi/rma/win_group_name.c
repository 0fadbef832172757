/* A window's group and name: MPI_Win_get_group is the group of the window's communicator (compared with
 * MPI_Comm_group's, on MPI_COMM_WORLD and on a split half), MPI_Win_set_name/MPI_Win_get_name give back the name
 * set, cut at MPI_MAX_OBJECT_NAME - 1 characters.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, result, gsize, grank, len, toterrs, errs = 0, buf[2];
    char name[MPI_MAX_OBJECT_NAME], longname[100];
    MPI_Comm half;
    MPI_Group wgroup, cgroup;
    MPI_Win win, hwin;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_get_group(win, &wgroup);
    MPI_Comm_group(MPI_COMM_WORLD, &cgroup);
    MPI_Group_compare(wgroup, cgroup, &result);
    MPI_Group_size(wgroup, &gsize);
    MPI_Group_rank(wgroup, &grank);
    if (result != MPI_IDENT || gsize != size || grank != rank) {
        errs++;
        printf("world window group: compare %d size %d rank %d\n", result, gsize, grank);
    }
    MPI_Group_free(&wgroup);
    MPI_Group_free(&cgroup);

    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, half, &hwin);
    MPI_Win_get_group(hwin, &wgroup);
    MPI_Comm_group(half, &cgroup);
    MPI_Group_compare(wgroup, cgroup, &result);
    MPI_Group_rank(wgroup, &grank);
    MPI_Group_size(wgroup, &gsize);
    if (result != MPI_IDENT || gsize != (size + 1 - rank % 2) / 2) {
        errs++;
        printf("half window group: compare %d size %d rank %d\n", result, gsize, grank);
    }
    MPI_Group_free(&wgroup);
    MPI_Group_free(&cgroup);

    MPI_Win_set_name(win, "the world's window");
    MPI_Win_get_name(win, name, &len);
    if (strcmp(name, "the world's window") != 0 || len != (int)strlen("the world's window")) {
        errs++;
        printf("name [%s] %d\n", name, len);
    }
    memset(longname, 'w', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    MPI_Win_set_name(hwin, longname);
    MPI_Win_get_name(hwin, name, &len);
    if (len != MPI_MAX_OBJECT_NAME - 1 || strlen(name) != MPI_MAX_OBJECT_NAME - 1) {
        errs++;
        printf("long name: %d characters, resultlen %d\n", (int)strlen(name), len);
    }
    MPI_Win_set_name(hwin, "renamed");
    MPI_Win_get_name(hwin, name, &len);
    if (strcmp(name, "renamed") != 0 || len != 7) { errs++; printf("renamed: [%s] %d\n", name, len); }

    MPI_Win_free(&hwin);
    MPI_Win_free(&win);
    MPI_Comm_free(&half);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
