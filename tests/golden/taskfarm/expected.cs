// Translated by cmpi-translate from taskfarm.c. Edit freely: this is now your code.
// C idioms C# warns about: x != x as a NaN test, unused or write-only locals (static locals: fields here), code
// after a constant test, `|` on a sign-extended operand (C extends it the same way), a label no goto names.
#pragma warning disable CS1718, CS0168, CS0219, CS0162, CS0675, CS0164, CS0414
using System;
using CloudMpi;
using CloudMpi.Libc;
using static CloudMpi.Datatype;
using static CloudMpi.Op;
using static CloudMpi.Libc.Stdio;
using static CloudMpi.Libc.Stdlib;
using static CloudMpi.Libc.CMem;
using static CloudMpi.Libc.CString;

// One object per rank: its fields are the C program's globals.
public sealed class Taskfarm
{
    /* Master/worker task farm: Probe with MPI_ANY_SOURCE/ANY_TAG, Get_count, variable-length results, a stop tag. */
    const int NTASKS = 23;
    const int WORK = 1;
    const int STOP = 2;

    public struct task_t
    {
        public int id;
        public double x;
    }

    int cmp_double(Ptr<double> a, Ptr<double> b)
    {
        double x = a[0];
        double y = b[0];
        return ((x > y) ? 1 : 0) - ((x < y) ? 1 : 0);
    }

    int collatz(long n)
    {
        int k = 0;
        while (n != 1)
        {
            n = (n % 2) != 0 ? 3 * n + 1 : n / 2;
            k++;
        }
        return k;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        if (size < 2)
        {
            if (rank == 0)
            {
                fprintf(stderr, "need 2 ranks\n");
            }
            cMPI.Abort(cMPI.COMM_WORLD, 1);
        }
        if (rank == 0)
        {
            double[] results = new double[NTASKS];
            int next = 0;
            int done = 0;
            int w = 0;
            Status st = default;
            for (w = 1; w < size; w++)
            {
                int tag = next < NTASKS ? WORK : STOP;
                cMPI.Send(ref next, 1, MPI_INT, w, tag, cMPI.COMM_WORLD);
                if (tag == WORK)
                {
                    next++;
                }
            }
            while (done < NTASKS)
            {
                int count = 0;
                cMPI.Probe(cMPI.ANY_SOURCE, cMPI.ANY_TAG, cMPI.COMM_WORLD, out st);
                cMPI.Get_count(ref st, MPI_DOUBLE, out count);
                double[] buf = new double[count];
                cMPI.Recv(buf, 0, count, MPI_DOUBLE, st.MPI_SOURCE, st.MPI_TAG, cMPI.COMM_WORLD, out st);
                results[double.ConvertToIntegerNative<int>(buf[0])] = buf[count - 1];
                free(buf);
                done++;
                int tag = next < NTASKS ? WORK : STOP;
                cMPI.Send(ref next, 1, MPI_INT, st.MPI_SOURCE, tag, cMPI.COMM_WORLD);
                if (tag == WORK)
                {
                    next++;
                }
            }
            qsort(results, NTASKS, 8, cmp_double);
            for (w = 0; w < NTASKS; w++)
            {
                printf("%s%.0f", w != 0 ? CString.Lit(" ") : CString.Lit(""), results[w]);
            }
            printf("\n");
        }
        else
        {
            int task = 0;
            Status st = default;
            for (; ;)
            {
                cMPI.Recv(ref task, 1, MPI_INT, 0, cMPI.ANY_TAG, cMPI.COMM_WORLD, out st);
                if (st.MPI_TAG == STOP)
                {
                    break;
                }
                int n = 2 + task % 5;
                double[] @out = new double[n];
                @out[0] = task;
                @out[n - 1] = collatz(27 + task * 7);
                cMPI.Send(@out, 0, n, MPI_DOUBLE, 0, st.MPI_TAG, cMPI.COMM_WORLD);
                free(@out);
            }
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("taskfarm", args, (argc, argv) => new Taskfarm().main(argc, CArgv.From(argv)));
}
