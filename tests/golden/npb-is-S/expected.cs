// Translated by cmpi-translate from c_timers.c, print_results.c, randdp.c, is.c. Edit freely: this is now your code.
// C idioms C# warns about: x != x as a NaN test, unused or write-only locals (static locals: fields here), code
// after a constant test, `|` on a sign-extended operand (C extends it the same way), a label no goto names.
#pragma warning disable CS1718, CS0168, CS0219, CS0162, CS0675, CS0164, CS0414
using System;
using System.Runtime.CompilerServices;
using CloudMpi;
using CloudMpi.Libc;
using static CloudMpi.Datatype;
using static CloudMpi.Op;
using static CloudMpi.Libc.Stdio;
using static CloudMpi.Libc.Stdlib;
using static CloudMpi.Libc.CMem;
using static CloudMpi.Libc.CString;

// One object per rank: its fields are the C program's globals.
public sealed class IS
{
    /* The NPB report. It ends with the verification line, the one a reader and
     * a test look for. */
    void print_results(sbyte[] name, sbyte class_id, int n1, int n2, int n3, int niter, int nprocs, double seconds, double mops, sbyte[] optype, int verified)
    {
        printf("\n\n %s Benchmark Completed.\n", name);
        printf(" Class           =             %12c\n", class_id);
        if (n2 == 0 && n3 == 0)
        {
            printf(" Size            =             %12d\n", n1);
        }
        else
        {
            printf(" Size            =           %4dx%4dx%4d\n", n1, n2, n3);
        }
        printf(" Iterations      =             %12d\n", niter);
        printf(" Total processes =             %12d\n", nprocs);
        printf(" Time in seconds =             %12.2f\n", seconds);
        printf(" Mop/s total     =             %12.2f\n", mops);
        printf(" Mop/s/process   =             %12.2f\n", mops / (double)nprocs);
        printf(" Operation type  = %24s\n", optype);
        printf(" Version         =             %12s\n", "3.3-cmpi");
        if (verified != 0)
        {
            printf(" Verification    =               SUCCESSFUL\n");
        }
        else
        {
            printf(" Verification    =             UNSUCCESSFUL\n");
        }
    }

    /* randlc and vranlc as NPB 3.3 defines them (see randdp.h).
     * Split a = 2^23 a1 + a2 and x = 2^23 x1 + x2, then
     *   z = (a1 x2 + a2 x1) mod 2^23,  x = (2^23 z + a2 x2) mod 2^46,
     * which keeps every product below 2^53. */
    const double R23 = 1.1920928955078125e-07; /* 2^-23 */
    const double T23 = 8388608.0; /* 2^23 */
    const double R46 = 1.4210854715202004e-14; /* 2^-46 */
    const double T46 = 70368744177664.0; /* 2^46 */

    /* One step of the generator on *x with multiplier a; returns the new x / 2^46. */
    double randlc(ref double x, double a)
    {
        double t1 = 0;
        double t2 = 0;
        double t3 = 0;
        double t4 = 0;
        double a1 = 0;
        double a2 = 0;
        double x1 = 0;
        double x2 = 0;
        double z = 0;

        t1 = R23 * a;
        a1 = CMath.IntPart(t1);
        a2 = a - T23 * a1;

        t1 = R23 * x;
        x1 = CMath.IntPart(t1);
        x2 = x - T23 * x1;

        t1 = a1 * x2 + a2 * x1;
        t2 = CMath.IntPart(R23 * t1);
        z = t1 - T23 * t2;
        t3 = T23 * z + a2 * x2;
        t4 = CMath.IntPart(R46 * t3);
        x = t3 - T46 * t4;
        return R46 * x;
    }

    /* n steps of the generator: y[0..n-1] get the next n numbers, *x the last seed. */
    void vranlc(int n, ref double x, double a, double[] y)
    {
        double t1 = 0;
        double t2 = 0;
        double t3 = 0;
        double t4 = 0;
        double a1 = 0;
        double a2 = 0;
        double x1 = 0;
        double x2 = 0;
        double z = 0;
        double xs = 0;
        int i = 0;

        t1 = R23 * a;
        a1 = CMath.IntPart(t1);
        a2 = a - T23 * a1;
        xs = x;

        for (i = 0; i < n; i++)
        {
            t1 = R23 * xs;
            x1 = CMath.IntPart(t1);
            x2 = xs - T23 * x1;
            t1 = a1 * x2 + a2 * x1;
            t2 = CMath.IntPart(R23 * t1);
            z = t1 - T23 * t2;
            t3 = T23 * z + a2 * x2;
            t4 = CMath.IntPart(R46 * t3);
            xs = t3 - T46 * t4;
            y[i] = R46 * xs;
        }
        x = xs;
    }

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
    const int TOTAL_KEYS = (1<< (16));
    const int MAX_KEY = (1<< (11));
    const int NUM_BUCKETS = (1<< (9));
    const int BUCKET_SHIFT = ((11) - (9));
    const int MAX_ITERATIONS = 10;
    const int TEST_ARRAY_SIZE = 5;
    const int MAX_PROCS = 64;
    const double KEY_SEED = 314159265.0;
    const double KEY_MULT = 1220703125.0;
    const int TAG_LAST_KEY = 1000;

    int[] key_array = new int[TOTAL_KEYS]; /* my keys; at the end my sorted keys */
    int[] key_buff1 = new int[TOTAL_KEYS]; /* my keys grouped by bucket (to send) */
    int[] key_buff2 = new int[TOTAL_KEYS]; /* the keys of my buckets (received) */
    int[] key_counts = new int[MAX_KEY]; /* per value of my key range: keys <= value */

    /* Per bucket counts; the last TEST_ARRAY_SIZE slots carry the values of
     * the test keys through the same Allreduce. */
    int[] bucket_size = new int[NUM_BUCKETS + TEST_ARRAY_SIZE];
    int[] bucket_size_totals = new int[NUM_BUCKETS + TEST_ARRAY_SIZE];
    int[] bucket_start = new int[NUM_BUCKETS];

    int[] send_count = new int[MAX_PROCS];

    int[] send_displ = new int[MAX_PROCS];
    int[] recv_count = new int[MAX_PROCS];
    int[] recv_displ = new int[MAX_PROCS];
    int[] first_bucket = new int[MAX_PROCS];
    int[] last_bucket = new int[MAX_PROCS];

    /* The official partial-verification data: global indices of 5 test keys
     * and their ranks in iteration 0. */
    int[] test_index_array = new int[] { 48427, 17148, 23627, 62548, 4431 };
    int[] test_rank_array = new int[] { 0, 18, 346, 64917, 65463 };

    int my_rank = 0;

    int comm_size = 0;

    int num_keys = 0;
    int total_local_keys = 0;
    int total_lesser_keys = 0;
    int min_key_val = 0;
    int max_key_val = 0;
    int passed_verification = 0;

    /* seed * a^n mod 2^46, by binary powering of a. */
    double jump_seed(double seed, double a, int n)
    {
        double power = a;

        while (n != 0)
        {
            if (n % 2 == 1)
            {
                randlc(ref seed, power);
            }
            randlc(ref power, power);
            n = n / 2;
        }
        return seed;
    }

    /* My NUM_KEYS keys; each takes four random numbers. */
    void create_seq()
    {
        double seed = jump_seed(KEY_SEED, KEY_MULT, 4 * num_keys * my_rank);
        double k = (double)(MAX_KEY / 4);
        double x = 0;
        int i = 0;

        for (i = 0; i < num_keys; i++)
        {
            x = randlc(ref seed, KEY_MULT);
            x += randlc(ref seed, KEY_MULT);
            x += randlc(ref seed, KEY_MULT);
            x += randlc(ref seed, KEY_MULT);
            key_array[i] = double.ConvertToIntegerNative<int>(k * x);
        }
    }

    /* Give every rank a run of whole buckets: rank p takes buckets until the
     * keys of ranks 0..p reach (p+1) * num_keys; the last rank takes the rest. */
    void assign_buckets()
    {
        int p = 0;
        int b = 0;
        long cumulative = 0;

        for (p = 0; p < comm_size - 1; p++)
        {
            first_bucket[p] = b;
            while (b < NUM_BUCKETS && cumulative < (long)(p + 1) * num_keys)
            {
                cumulative += bucket_size_totals[b];
                b++;
            }
            last_bucket[p] = b - 1;
        }
        first_bucket[comm_size - 1] = b;
        last_bucket[comm_size - 1] = NUM_BUCKETS - 1;
    }

    /* The rank the test key i must have in this iteration (official values). */
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    int expected_test_rank(int i, int iteration)
    {
        if (i < TEST_UP_COUNT)
        {
            return test_rank_array[i] + (iteration - TEST_UP_LAG);
        }
        return test_rank_array[i] - (iteration - TEST_DOWN_LAG);
    }

    /* One ranking of all keys, with the partial verification. */
    void rank_keys(int iteration)
    {
        int i = 0;
        int p = 0;
        int b = 0;
        int key = 0;
        int k = 0;
        int key_rank = 0;
        int count = 0;

        /* The two keys each iteration alters (global indices < NUM_KEYS are rank 0's). */
        if (my_rank == 0)
        {
            key_array[iteration] = iteration;
            key_array[iteration + MAX_ITERATIONS] = MAX_KEY - iteration;
        }

        i = Spans.Fill<int>(bucket_size, 0, 0, NUM_BUCKETS + TEST_ARRAY_SIZE, 0);
        for (i = 0; i < TEST_ARRAY_SIZE; i++)
        {
            if (test_index_array[i] / num_keys == my_rank)
            {
                bucket_size[NUM_BUCKETS + i] = key_array[test_index_array[i] % num_keys];
            }
        }

        Span<int> key_array_span = Spans.From(key_array, 0);
        Span<int> bucket_size_span = Spans.From(bucket_size, 0);
        int i_limit = num_keys;
        for (i = 0; i < i_limit; i++)
        {
            bucket_size_span[key_array_span[i] >> BUCKET_SHIFT]++;
        }

        bucket_start[0] = 0;
        Span<int> bucket_start_from1 = Spans.From(bucket_start, 1);
        Span<int> bucket_start_span = Spans.From(bucket_start, 0);
        Span<int> bucket_size_span2 = Spans.From(bucket_size, 0);
        int b_count = Math.Max(NUM_BUCKETS, 1) - 1;
        for (int b_k = 0; b_k < b_count; b_k++)
        {
            bucket_start_from1[b_k] = bucket_start_span[b_k] + bucket_size_span2[b_k];
        }
        b = 1 + b_count;
        Span<int> key_array_span2 = Spans.From(key_array, 0);
        Span<int> key_buff1_span = Spans.From(key_buff1, 0);
        Span<int> bucket_start_span2 = Spans.From(bucket_start, 0);
        int i_limit2 = num_keys;
        for (i = 0; i < i_limit2; i++)
        {
            key = key_array_span2[i];
            b = key >> BUCKET_SHIFT;
            key_buff1_span[bucket_start_span2[b]] = key;
            bucket_start_span2[b]++;
        }

        cMPI.Allreduce(bucket_size, 0, bucket_size_totals, 0, NUM_BUCKETS + TEST_ARRAY_SIZE, MPI_INT, MPI_SUM, cMPI.COMM_WORLD);
        assign_buckets();

        /* My keys for rank p are the contiguous run of its buckets in key_buff1. */
        Span<int> bucket_size_span3 = Spans.From(bucket_size, 0);
        for (p = 0; p < comm_size; p++)
        {
            count = 0;
            int b_start = first_bucket[p];
            int b_limit = last_bucket[p];
            for (b = b_start; b <= b_limit; b++)
            {
                count += bucket_size_span3[b];
            }
            send_count[p] = count;
            send_displ[p] = p == 0 ? 0 : send_displ[p - 1] + send_count[p - 1];
        }
        cMPI.Alltoall(send_count, 0, 1, MPI_INT, recv_count, 0, 1, MPI_INT, cMPI.COMM_WORLD);
        total_local_keys = 0;
        Span<int> recv_displ_span = Spans.From(recv_displ, 0);
        Span<int> recv_count_span = Spans.From(recv_count, 0);
        int p_limit = comm_size;
        for (p = 0; p < p_limit; p++)
        {
            recv_displ_span[p] = total_local_keys;
            total_local_keys += recv_count_span[p];
        }
        cMPI.Alltoallv(key_buff1, 0, send_count, send_displ, MPI_INT, key_buff2, 0, recv_count, recv_displ, MPI_INT, cMPI.COMM_WORLD);

        /* Count my keys per value; key_counts[v - min_key_val] = my keys <= v. */
        min_key_val = first_bucket[my_rank] << BUCKET_SHIFT;
        max_key_val = ((last_bucket[my_rank] + 1) << BUCKET_SHIFT) - 1;
        total_lesser_keys = 0;
        Span<int> bucket_size_totals_span = Spans.From(bucket_size_totals, 0);
        int b_limit2 = first_bucket[my_rank];
        for (b = 0; b < b_limit2; b++)
        {
            total_lesser_keys += bucket_size_totals_span[b];
        }
        k = Spans.Fill<int>(key_counts, 0, 0, (long)(max_key_val - min_key_val) + 1, 0);
        Span<int> key_buff2_span = Spans.From(key_buff2, 0);
        Span<int> key_counts_span = Spans.From(key_counts, 0);
        int i_limit3 = total_local_keys;
        int min_key_val_value = min_key_val;
        for (i = 0; i < i_limit3; i++)
        {
            key_counts_span[key_buff2_span[i] - min_key_val_value]++;
        }
        Span<int> key_counts_from1 = Spans.From(key_counts, 1);
        Span<int> key_counts_span2 = Spans.From(key_counts, 0);
        int k_count = Math.Max(max_key_val - min_key_val, 0);
        for (int k_k = 0; k_k < k_count; k_k++)
        {
            key_counts_from1[k_k] += key_counts_span2[k_k];
        }
        k = 1 + k_count;

        /* Partial verification, by the rank whose range holds the test key. */
        for (i = 0; i < TEST_ARRAY_SIZE; i++)
        {
            k = bucket_size_totals[NUM_BUCKETS + i];
            if (min_key_val <= k && k <= max_key_val)
            {
                key_rank = total_lesser_keys;
                if (k > min_key_val)
                {
                    key_rank += key_counts[k - 1 - min_key_val];
                }
                if (key_rank == expected_test_rank(i, iteration))
                {
                    passed_verification++;
                }
                else
                {
                    printf("Failed partial verification: iteration %d, processor %d, test key %d\n", iteration, my_rank, i);
                }
            }
        }
    }

    /* Sort my keys by the counts of the last ranking and check the order,
     * locally and against the last key of the rank below. */
    void full_verify()
    {
        int i = 0;
        int key = 0;
        int out_of_order = 0;
        int last_key = 0;
        int[] previous_last = { 0 };
        Request request = default;
        Status status = default;

        Span<int> key_buff2_span = Spans.From(key_buff2, 0);
        Span<int> key_counts_span = Spans.From(key_counts, 0);
        Span<int> key_array_span = Spans.From(key_array, 0);
        int i_limit = total_local_keys;
        int min_key_val_value = min_key_val;
        for (i = 0; i < i_limit; i++)
        {
            key = key_buff2_span[i];
            key_counts_span[key - min_key_val_value]--;
            key_array_span[key_counts_span[key - min_key_val_value]] = key;
        }

        out_of_order = 0;
        for (i = 1; i < total_local_keys; i++)
        {
            if (key_array[i - 1] > key_array[i])
            {
                out_of_order++;
            }
        }

        if (my_rank > 0)
        {
            cMPI.Irecv(previous_last, 0, 1, MPI_INT, my_rank - 1, TAG_LAST_KEY, cMPI.COMM_WORLD, out request);
        }
        if (my_rank < comm_size - 1)
        {
            last_key = total_local_keys > 0 ? key_array[total_local_keys - 1] : min_key_val;
            cMPI.Send(ref last_key, 1, MPI_INT, my_rank + 1, TAG_LAST_KEY, cMPI.COMM_WORLD);
        }
        if (my_rank > 0)
        {
            cMPI.Wait(ref request, out status);
            if (total_local_keys > 0 && previous_last[0] > key_array[0])
            {
                out_of_order++;
            }
        }

        if (out_of_order != 0)
        {
            printf("Full_verify: number of keys out of sort on processor %d: %d\n", my_rank, out_of_order);
        }
        else
        {
            passed_verification++;
        }
    }

    int is_power_of_two(int n)
    {
        return n > 0 && (n & (n - 1)) == 0 ? 1 : 0;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int iteration = 0;
        int total_passed = 0;
        int verified = 0;
        double seconds = 0;
        double tmax = 0;
        double mops = 0;

        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out my_rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out comm_size);

        if (!(is_power_of_two(comm_size) != 0) || comm_size > MAX_PROCS)
        {
            if (my_rank == 0)
            {
                printf(" IS needs a power-of-two number of processes up to %d, not %d\n", MAX_PROCS, comm_size);
            }
            cMPI.Finalize();
            return 1;
        }
        num_keys = TOTAL_KEYS / comm_size;

        if (my_rank == 0)
        {
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
        {
            printf("\n   iteration\n");
        }
        timer_clear(0);
        timer_start(0);
        for (iteration = 1; iteration <= MAX_ITERATIONS; iteration++)
        {
            if (my_rank == 0)
            {
                printf("        %d\n", iteration);
            }
            rank_keys(iteration);
        }
        timer_stop(0);
        seconds = timer_read(0);
        cMPI.Reduce(ref seconds, ref tmax, 1, MPI_DOUBLE, MPI_MAX, 0, cMPI.COMM_WORLD);

        full_verify();

        cMPI.Reduce(ref passed_verification, ref total_passed, 1, MPI_INT, MPI_SUM, 0, cMPI.COMM_WORLD);

        if (my_rank == 0)
        {
            verified = total_passed == TEST_ARRAY_SIZE * MAX_ITERATIONS + comm_size ? 1 : 0;
            printf(" Verification checks passed: %d of %d\n", total_passed, TEST_ARRAY_SIZE * MAX_ITERATIONS + comm_size);
            mops = tmax > 0.0 ? (double)MAX_ITERATIONS * TOTAL_KEYS / tmax / 1000000.0 : 0.0;
            print_results(CStrings.FromString("IS"), (sbyte)CLASS_CHAR, TOTAL_KEYS, 0, 0, MAX_ITERATIONS, comm_size, tmax, mops, CStrings.FromString("keys ranked"), verified);
        }

        cMPI.Finalize();
        return 0;
    }

    /* IS problem size by class, and how the official test ranks move. */
    const int CLASS_CHAR = 'S';

    /* How the test ranks move with the iteration number (it): the first
     * TEST_UP_COUNT test keys are expected at rank + (it - TEST_UP_LAG), the
     * others at rank - (it - TEST_DOWN_LAG). */
    const int TEST_UP_COUNT = 3;
    const int TEST_UP_LAG = 0;
    const int TEST_DOWN_LAG = 0;
    /* Wall-clock timers on MPI_Wtime, numbered 0..NPB_MAX_TIMERS-1. */
    const int NPB_MAX_TIMERS = 64;
    /* Accumulating timers: timer_stop adds the time since timer_start. */
    double[] timer_started_at = new double[NPB_MAX_TIMERS];
    double[] timer_elapsed = new double[NPB_MAX_TIMERS];

    void timer_clear(int n)
    {
        timer_elapsed[n] = 0.0;
    }

    void timer_start(int n)
    {
        timer_started_at[n] = cMPI.Wtime();
    }

    void timer_stop(int n)
    {
        timer_elapsed[n] += cMPI.Wtime() - timer_started_at[n];
    }

    double timer_read(int n)
    {
        return timer_elapsed[n];
    }
    /* The NPB-style end-of-run report, printed by rank 0. Timing-dependent
     * values are only on the lines that start with " Time in seconds =" and
     * " Mop/s", so a test can mask exactly those. */
    /* n2 == 0 and n3 == 0: a 1-D size n1; otherwise an n1 x n2 x n3 grid. */
    /* NPB pseudo-random numbers: the linear congruential generator
     * x(k+1) = a * x(k) mod 2^46, returned as x(k+1) * 2^-46 in (0, 1).
     * a = 5^13 in every kernel. All intermediates are exact integers below
     * 2^53, so the sequence is the same on any IEEE double machine. */
    /* The problem class is chosen at compile time with -DCLASS=S, W or A
     * (S when not given). npbparams.h of each kernel tests NPB_CLASS:
     *   #if NPB_CLASS == NPB_CLASS_S ... #elif NPB_CLASS == NPB_CLASS_W ... */

    public static int Main(string[] args) => CProgram.Run("c_timers", args, (argc, argv) => new IS().main(argc, CArgv.From(argv)));
}
