/* NPB IS (integer sort), written for cmpi from the NPB 3.3 definition.
 *
 * Keys: TOTAL_KEYS integers in [0, MAX_KEY), key = (MAX_KEY/4) * (sum of
 * four randlc numbers), seed 314159265, a = 5^13. Rank r generates the keys
 * with global indices [r * NUM_KEYS, (r+1) * NUM_KEYS) by jumping ahead in the
 * random sequence, so the key sequence does not depend on the rank count.
 *
 * Each of the MAX_ITERATIONS rankings alters two keys, counts the keys per
 * bucket, agrees the bucket totals (Allreduce), gives every rank a run of
 * whole buckets holding about NUM_KEYS keys, moves the keys there
 * (Alltoall of the counts, Alltoallv of the keys) and counts them per value.
 * Partial verification: the rank of 5 test keys (the number of keys below
 * them) against the official values. Full verification at the end: every
 * rank's keys sorted, and in order across neighbouring ranks (Send/Irecv).
 * The run passes when the checks add up to 5 * MAX_ITERATIONS + nprocs. */
#include <stdio.h>
#include <mpi.h>
#include "npbparams.h"
#include "randdp.h"
#include "c_timers.h"
#include "print_results.h"

#define TOTAL_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS (1 << NUM_BUCKETS_LOG_2)
#define BUCKET_SHIFT (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2)
#define MAX_ITERATIONS 10
#define TEST_ARRAY_SIZE 5
#define MAX_PROCS 64
#define KEY_SEED 314159265.0
#define KEY_MULT 1220703125.0
#define TAG_LAST_KEY 1000

static int key_array[TOTAL_KEYS];   /* my keys; at the end my sorted keys */
static int key_buff1[TOTAL_KEYS];   /* my keys grouped by bucket (to send) */
static int key_buff2[TOTAL_KEYS];   /* the keys of my buckets (received) */
static int key_counts[MAX_KEY];     /* per value of my key range: keys <= value */

/* Per bucket counts; the last TEST_ARRAY_SIZE slots carry the values of
 * the test keys through the same Allreduce. */
static int bucket_size[NUM_BUCKETS + TEST_ARRAY_SIZE];
static int bucket_size_totals[NUM_BUCKETS + TEST_ARRAY_SIZE];
static int bucket_start[NUM_BUCKETS];

static int send_count[MAX_PROCS], send_displ[MAX_PROCS];
static int recv_count[MAX_PROCS], recv_displ[MAX_PROCS];
static int first_bucket[MAX_PROCS], last_bucket[MAX_PROCS];

/* The official partial-verification data: global indices of 5 test keys
 * and their ranks in iteration 0. */
#if NPB_CLASS == NPB_CLASS_S
static int test_index_array[TEST_ARRAY_SIZE] = {48427, 17148, 23627, 62548, 4431};
static int test_rank_array[TEST_ARRAY_SIZE] = {0, 18, 346, 64917, 65463};
#elif NPB_CLASS == NPB_CLASS_W
static int test_index_array[TEST_ARRAY_SIZE] = {357773, 934767, 875723, 898999, 404505};
static int test_rank_array[TEST_ARRAY_SIZE] = {1249, 11698, 1039987, 1043896, 1048018};
#else
static int test_index_array[TEST_ARRAY_SIZE] = {2112377, 662041, 5336171, 3642833, 4250760};
static int test_rank_array[TEST_ARRAY_SIZE] = {104, 17523, 123928, 8288932, 8388264};
#endif

static int my_rank, comm_size, num_keys;
static int total_local_keys, total_lesser_keys, min_key_val, max_key_val;
static int passed_verification;

/* seed * a^n mod 2^46, by binary powering of a. */
static double jump_seed(double seed, double a, int n)
{
    double power = a;

    while (n != 0) {
        if (n % 2 == 1)
            randlc(&seed, power);
        randlc(&power, power);
        n = n / 2;
    }
    return seed;
}

/* My NUM_KEYS keys; each takes four random numbers. */
static void create_seq(void)
{
    double seed = jump_seed(KEY_SEED, KEY_MULT, 4 * num_keys * my_rank);
    double k = (double)(MAX_KEY / 4);
    double x;
    int i;

    for (i = 0; i < num_keys; i++) {
        x = randlc(&seed, KEY_MULT);
        x += randlc(&seed, KEY_MULT);
        x += randlc(&seed, KEY_MULT);
        x += randlc(&seed, KEY_MULT);
        key_array[i] = (int)(k * x);
    }
}

/* Give every rank a run of whole buckets: rank p takes buckets until the
 * keys of ranks 0..p reach (p+1) * num_keys; the last rank takes the rest. */
static void assign_buckets(void)
{
    int p, b = 0;
    long cumulative = 0;

    for (p = 0; p < comm_size - 1; p++) {
        first_bucket[p] = b;
        while (b < NUM_BUCKETS && cumulative < (long)(p + 1) * num_keys) {
            cumulative += bucket_size_totals[b];
            b++;
        }
        last_bucket[p] = b - 1;
    }
    first_bucket[comm_size - 1] = b;
    last_bucket[comm_size - 1] = NUM_BUCKETS - 1;
}

/* The rank the test key i must have in this iteration (official values). */
static int expected_test_rank(int i, int iteration)
{
    if (i < TEST_UP_COUNT)
        return test_rank_array[i] + (iteration - TEST_UP_LAG);
    return test_rank_array[i] - (iteration - TEST_DOWN_LAG);
}

/* One ranking of all keys, with the partial verification. */
static void rank_keys(int iteration)
{
    int i, p, b, key, k, key_rank, count;

    /* The two keys each iteration alters (global indices < NUM_KEYS are rank 0's). */
    if (my_rank == 0) {
        key_array[iteration] = iteration;
        key_array[iteration + MAX_ITERATIONS] = MAX_KEY - iteration;
    }

    for (i = 0; i < NUM_BUCKETS + TEST_ARRAY_SIZE; i++)
        bucket_size[i] = 0;
    for (i = 0; i < TEST_ARRAY_SIZE; i++)
        if (test_index_array[i] / num_keys == my_rank)
            bucket_size[NUM_BUCKETS + i] = key_array[test_index_array[i] % num_keys];

    for (i = 0; i < num_keys; i++)
        bucket_size[key_array[i] >> BUCKET_SHIFT]++;

    bucket_start[0] = 0;
    for (b = 1; b < NUM_BUCKETS; b++)
        bucket_start[b] = bucket_start[b - 1] + bucket_size[b - 1];
    for (i = 0; i < num_keys; i++) {
        key = key_array[i];
        b = key >> BUCKET_SHIFT;
        key_buff1[bucket_start[b]] = key;
        bucket_start[b]++;
    }

    MPI_Allreduce(bucket_size, bucket_size_totals, NUM_BUCKETS + TEST_ARRAY_SIZE,
                  MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assign_buckets();

    /* My keys for rank p are the contiguous run of its buckets in key_buff1. */
    for (p = 0; p < comm_size; p++) {
        count = 0;
        for (b = first_bucket[p]; b <= last_bucket[p]; b++)
            count += bucket_size[b];
        send_count[p] = count;
        send_displ[p] = p == 0 ? 0 : send_displ[p - 1] + send_count[p - 1];
    }
    MPI_Alltoall(send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
    total_local_keys = 0;
    for (p = 0; p < comm_size; p++) {
        recv_displ[p] = total_local_keys;
        total_local_keys += recv_count[p];
    }
    MPI_Alltoallv(key_buff1, send_count, send_displ, MPI_INT,
                  key_buff2, recv_count, recv_displ, MPI_INT, MPI_COMM_WORLD);

    /* Count my keys per value; key_counts[v - min_key_val] = my keys <= v. */
    min_key_val = first_bucket[my_rank] << BUCKET_SHIFT;
    max_key_val = ((last_bucket[my_rank] + 1) << BUCKET_SHIFT) - 1;
    total_lesser_keys = 0;
    for (b = 0; b < first_bucket[my_rank]; b++)
        total_lesser_keys += bucket_size_totals[b];
    for (k = 0; k <= max_key_val - min_key_val; k++)
        key_counts[k] = 0;
    for (i = 0; i < total_local_keys; i++)
        key_counts[key_buff2[i] - min_key_val]++;
    for (k = 1; k <= max_key_val - min_key_val; k++)
        key_counts[k] += key_counts[k - 1];

    /* Partial verification, by the rank whose range holds the test key. */
    for (i = 0; i < TEST_ARRAY_SIZE; i++) {
        k = bucket_size_totals[NUM_BUCKETS + i];
        if (min_key_val <= k && k <= max_key_val) {
            key_rank = total_lesser_keys;
            if (k > min_key_val)
                key_rank += key_counts[k - 1 - min_key_val];
            if (key_rank == expected_test_rank(i, iteration))
                passed_verification++;
            else
                printf("Failed partial verification: iteration %d, processor %d, test key %d\n",
                       iteration, my_rank, i);
        }
    }
}

/* Sort my keys by the counts of the last ranking and check the order,
 * locally and against the last key of the rank below. */
static void full_verify(void)
{
    int i, key, out_of_order, last_key, previous_last = 0;
    MPI_Request request;
    MPI_Status status;

    for (i = 0; i < total_local_keys; i++) {
        key = key_buff2[i];
        key_counts[key - min_key_val]--;
        key_array[key_counts[key - min_key_val]] = key;
    }

    out_of_order = 0;
    for (i = 1; i < total_local_keys; i++)
        if (key_array[i - 1] > key_array[i])
            out_of_order++;

    if (my_rank > 0)
        MPI_Irecv(&previous_last, 1, MPI_INT, my_rank - 1, TAG_LAST_KEY,
                  MPI_COMM_WORLD, &request);
    if (my_rank < comm_size - 1) {
        last_key = total_local_keys > 0 ? key_array[total_local_keys - 1] : min_key_val;
        MPI_Send(&last_key, 1, MPI_INT, my_rank + 1, TAG_LAST_KEY, MPI_COMM_WORLD);
    }
    if (my_rank > 0) {
        MPI_Wait(&request, &status);
        if (total_local_keys > 0 && previous_last > key_array[0])
            out_of_order++;
    }

    if (out_of_order != 0)
        printf("Full_verify: number of keys out of sort on processor %d: %d\n",
               my_rank, out_of_order);
    else
        passed_verification++;
}

static int is_power_of_two(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int main(int argc, char **argv)
{
    int iteration, total_passed, verified;
    double seconds, tmax, mops;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &comm_size);

    if (!is_power_of_two(comm_size) || comm_size > MAX_PROCS) {
        if (my_rank == 0)
            printf(" IS needs a power-of-two number of processes up to %d, not %d\n",
                   MAX_PROCS, comm_size);
        MPI_Finalize();
        return 1;
    }
    num_keys = TOTAL_KEYS / comm_size;

    if (my_rank == 0) {
        printf("\n\n NAS Parallel Benchmarks 3.3 -- IS Benchmark (cmpi C+MPI)\n\n");
        printf(" Size:  %d  (class %c)\n", TOTAL_KEYS, CLASS_CHAR);
        printf(" Iterations:   %d\n", MAX_ITERATIONS);
        printf(" Number of processes:     %d\n", comm_size);
    }

    create_seq();

    /* One untimed ranking touches all the data; its checks do not count. */
    rank_keys(1);
    passed_verification = 0;

    if (my_rank == 0)
        printf("\n   iteration\n");
    timer_clear(0);
    timer_start(0);
    for (iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
        if (my_rank == 0)
            printf("        %d\n", iteration);
        rank_keys(iteration);
    }
    timer_stop(0);
    seconds = timer_read(0);
    MPI_Reduce(&seconds, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    full_verify();

    MPI_Reduce(&passed_verification, &total_passed, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);

    if (my_rank == 0) {
        verified = total_passed == TEST_ARRAY_SIZE * MAX_ITERATIONS + comm_size;
        printf(" Verification checks passed: %d of %d\n", total_passed,
               TEST_ARRAY_SIZE * MAX_ITERATIONS + comm_size);
        mops = tmax > 0.0 ? (double)MAX_ITERATIONS * TOTAL_KEYS / tmax / 1000000.0 : 0.0;
        print_results("IS", CLASS_CHAR, TOTAL_KEYS, 0, 0, MAX_ITERATIONS, comm_size,
                      tmax, mops, "keys ranked", verified);
    }

    MPI_Finalize();
    return 0;
}
