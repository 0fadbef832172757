namespace CloudMpi.Libc.Tests;

/// <summary>Two ranks on two threads, each with its own LibcState: output and generators do not mix.</summary>
public sealed class IsolationTests
{
    private sealed record RankResult(string Stdout, string Stderr, List<int> Rand, List<double> Drand);

    private static List<int> ReferenceRand(uint seed, int n)
    {
        using var scope = LibcState.Enter(new LibcState(TextWriter.Null, TextWriter.Null));
        Stdlib.srand(seed);
        return Enumerable.Range(0, n).Select(_ => Stdlib.rand()).ToList();
    }

    private static List<double> ReferenceDrand(long seed, int n)
    {
        using var scope = LibcState.Enter(new LibcState(TextWriter.Null, TextWriter.Null));
        Stdlib.srand48(seed);
        return Enumerable.Range(0, n).Select(_ => Stdlib.drand48()).ToList();
    }

    [Fact]
    public void Two_ranks_on_two_threads_keep_their_own_state()
    {
        const int Steps = 200;
        using var barrier = new Barrier(2);
        var results = new RankResult[2];
        var threads = Enumerable.Range(0, 2).Select(rank => new Thread(() =>
        {
            var stdout = new StringWriter();
            var stderr = new StringWriter();
            LibcState.Current = new LibcState(stdout, stderr);
            var rand = new List<int>();
            var drand = new List<double>();
            int code = CProgram.Run("iso", [], () =>
            {
                Stdlib.srand((uint)(100 + rank));
                Stdlib.srand48(1000 + rank);
                for (int i = 0; i < Steps; i++)
                {
                    barrier.SignalAndWait(); // interleave the two ranks step by step
                    rand.Add(Stdlib.rand());
                    drand.Add(Stdlib.drand48());
                    Stdio.printf("rank %d step %d\n", rank, i);
                    Stdio.fprintf(Stdio.stderr, "err %d\n", rank);
                }

                return 0;
            });
            Assert.Equal(0, code);
            results[rank] = new RankResult(stdout.ToString(), stderr.ToString(), rand, drand);
        })).ToList();

        threads.ForEach(t => t.Start());
        threads.ForEach(t => t.Join());

        for (int rank = 0; rank < 2; rank++)
        {
            var r = results[rank];
            Assert.NotNull(r);
            Assert.Equal(ReferenceRand((uint)(100 + rank), Steps), r.Rand);
            Assert.Equal(ReferenceDrand(1000 + rank, Steps), r.Drand);
            string expectedOut = string.Concat(Enumerable.Range(0, Steps).Select(i => $"rank {rank} step {i}\n"));
            Assert.Equal(expectedOut, r.Stdout);
            Assert.Equal(string.Concat(Enumerable.Repeat($"err {rank}\n", Steps)), r.Stderr);
        }

        Assert.NotEqual(results[0].Rand, results[1].Rand);
    }

    [Fact]
    public void Without_a_rank_state_the_fallback_is_used()
    {
        var seen = new LibcState?[1];
        var t = new Thread(() => seen[0] = LibcState.Current);
        t.Start();
        t.Join();
        Assert.Same(LibcState.Fallback, seen[0]);
    }

    [Fact]
    public void Enter_restores_the_previous_state()
    {
        var outer = new LibcState(TextWriter.Null, TextWriter.Null);
        var inner = new LibcState(TextWriter.Null, TextWriter.Null);
        using (LibcState.Enter(outer))
        {
            using (LibcState.Enter(inner))
            {
                Assert.Same(inner, LibcState.Current);
            }

            Assert.Same(outer, LibcState.Current);
        }
    }
}
