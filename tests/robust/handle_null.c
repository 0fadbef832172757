/* MPI handles compared with 0 / NULL, assigned 0 / NULL (legal C). No handle MPI gives is 0 (Open MPI's are
   addresses, MPICH's nonzero integers), MPI_COMM_NULL and MPI_REQUEST_NULL included: the test is whether the
   variable still holds zero bits. */
#include <stdio.h>
#include <mpi.h>

static MPI_Comm saved;                 /* zero bits until assigned */
struct job { MPI_Request req; int tag; };
static struct job jobs[2];

static const char *yes(int b) { return b ? "yes" : "no"; }

int main(int argc, char **argv) {
  int rank, size, value = 0;
  MPI_Request pending[3] = {0, NULL};
  MPI_Comm half;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  printf("%d: saved==0 %s, !saved %s, jobs[1].req==NULL %s, pending[2]==0 %s\n", rank, yes(saved == 0),
         yes(!saved), yes(jobs[1].req == NULL), yes(pending[2] == 0));
  printf("%d: MPI_COMM_NULL==0 %s, MPI_REQUEST_NULL!=NULL %s, world!=0 %s\n", rank, yes(MPI_COMM_NULL == 0),
         yes(MPI_REQUEST_NULL != NULL), yes(0 != MPI_COMM_WORLD));
  if (saved == NULL)
    MPI_Comm_dup(MPI_COMM_WORLD, &saved);
  printf("%d: after dup saved!=0 %s\n", rank, yes(saved != 0));
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, rank, &half);
  printf("%d: half==MPI_COMM_NULL %s, half==0 %s\n", rank, yes(half == MPI_COMM_NULL), yes(half == (MPI_Comm)0));
  if (half != MPI_COMM_NULL)
    MPI_Comm_free(&half);
  MPI_Irecv(&value, 1, MPI_INT, MPI_PROC_NULL, 0, saved, &jobs[0].req);
  printf("%d: posted req!=NULL %s\n", rank, yes(jobs[0].req != NULL));
  MPI_Wait(&jobs[0].req, MPI_STATUS_IGNORE);
  printf("%d: waited req==MPI_REQUEST_NULL %s, req==NULL %s\n", rank, yes(jobs[0].req == MPI_REQUEST_NULL),
         yes(jobs[0].req == NULL));
  MPI_Comm_free(&saved);
  saved = 0;
  printf("%d: reset saved==0 %s\n", rank, yes(saved == 0));
  MPI_Finalize();
  return 0;
}
