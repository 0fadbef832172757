using System.Reflection;
using System.Text.RegularExpressions;
using CloudMpi.Run.Hosting;

namespace CloudMpi.Run.Tests;

/// <summary>What the JIT compiles before the ranks run and on their threads (issue 28: first-call compiles in timed sections).</summary>
public class RuntimeJitTests
{
    [Fact]
    public void TheRuntimesHotPathsCompileAhead()
    {
        // every non-generic AggressiveOptimization method of CloudMpi (the message paths: mailboxes, matching, checks)
        int compiled = RuntimePrecompiler.CompileHotPaths(typeof(CloudMpi.cMPI).Assembly);
        Assert.True(compiled >= 30, $"{compiled} methods compiled");
    }

    [Fact]
    public void NoHotPathIsVirtual()
    {
        // RuntimeHelpers.PrepareMethod returns without compiling a virtual method (an interface implementation such as
        // Mailbox.Deliver was JIT-compiled at the job's first message, on a rank thread): a hot path that must be
        // compiled ahead is a non-virtual method, behind the interface's one-line entry (which has ReadyToRun code)
        const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                                 BindingFlags.Instance | BindingFlags.DeclaredOnly;
        var virtualHotPaths =
            from assembly in new[] { typeof(CloudMpi.cMPI).Assembly, typeof(CloudMpi.Libc.LibcState).Assembly }
            from type in assembly.GetTypes()
            from m in type.GetMethods(all)
            where (m.MethodImplementationFlags & MethodImplAttributes.AggressiveOptimization) != 0 && m.IsVirtual
            select $"{type.FullName}.{m.Name}";
        Assert.Empty(virtualHotPaths);
    }

    [Fact]
    public void RanksRunAsThreadsWithoutTieredCompilation()
    {
        // cmpi-run's runtimeconfig turns tiering off (CloudMpi.Run.csproj): the ReadyToRun code the ranks call is not
        // compiled again inside the program's timed sections (NPB CG W at 2 ranks: 153-242 methods, bench/README.md
        // round 19). The ranks are threads of cmpi-run's own process, so the program sees cmpi-run's setting; a user's
        // DOTNET_TieredCompilation still wins over it.
        using var s = new Scratch();
        string app = s.Write("Tiering.cs", Sources.Program("Tiering", """
                printf("rank %d tiering %s\n", rank, System.AppContext.GetData("System.Runtime.TieredCompilation")?.ToString() ?? "unset");
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, TimeSpan.FromSeconds(90), "-n", "2", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(["rank 0 tiering false", "rank 1 tiering false"], r.StdoutLines.Order());
    }

    [Fact]
    public void TheReductionKernelsOfAProgramsTypesCompileAhead()
    {
        // the kernel is chosen by the datatype below non-generic code, where the walk through the program's calls does
        // not reach; PortPrecompiler compiles it for the element types of the program's runtime calls
        using var s = new Scratch();
        string app = s.Write("Kernels.cs", Sources.Program("Kernels", """
                ushort[] x = new ushort[4], y = new ushort[4];
                cMPI.Allreduce(x, 0, y, 0, 4, MPI_UNSIGNED_SHORT, MPI_SUM, cMPI.COMM_WORLD);
                cMPI.Finalize();
                return 0;
        """));
        Assert.True(Cmpi.InProc(s, "--check", app).ExitCode == 0);
        var prepared = new HashSet<MethodBase>();
        Precompile(app, prepared);
        MethodInfo kernel = CloudMpi.Core.Reduction.KernelFor(typeof(ushort))!;
        Assert.Equal("Typed", kernel.Name);
        Assert.Contains(prepared, m => m.MethodHandle == kernel.MethodHandle);
        // and not the kernels of types the program does not use
        MethodInfo unused = CloudMpi.Core.Reduction.KernelFor(typeof(float))!;
        Assert.DoesNotContain(prepared, m => m.MethodHandle == unused.MethodHandle);
        Assert.Null(CloudMpi.Core.Reduction.KernelFor(typeof(decimal)));
    }

    [Fact]
    public void AProgramIsCompiledBeforeItsMainRuns()
    {
        // compiled ahead: the program's own methods and the runtime's generic methods at the program's instantiations
        // (cMPI.Send over double brings Buffers.Data over double); at its first timed call nothing is left to compile
        using var s = new Scratch();
        string app = s.Write("Ahead.cs", Sources.Program("Ahead", """
                double[] x = new double[4];
                if (rank == 0) cMPI.Send(x, 0, 4, MPI_DOUBLE, 1, 0, cMPI.COMM_WORLD);
                else if (rank == 1) cMPI.Recv(x, 0, 4, MPI_DOUBLE, 0, 0, cMPI.COMM_WORLD, out _);
                cMPI.Finalize();
                return 0;
        """));
        var r = Cmpi.InProc(s, "-n", "2", "--check", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        int compiled = Precompile(app, new HashSet<MethodBase>());
        // main, Main, its lambda, Send<double>, Recv<double>, and below them Buffers' generic methods
        Assert.True(compiled >= 8, $"{compiled} methods compiled");
    }

    /// <summary>The program's image loaded in a rank context of its own and compiled ahead, as cmpi-run does before
    /// the ranks start; the methods it compiled go into <paramref name="prepared"/>, how many is returned.</summary>
    private static int Precompile(string app, HashSet<MethodBase> prepared)
    {
        byte[] image = new Compilation.ProgramCompiler(null).Compile(app, File.ReadAllText(app)).Image!;
        var alc = new RankLoadContext("test");
        try
        {
            return PortPrecompiler.Compile(alc.LoadProgram(image), prepared);
        }
        finally
        {
            alc.Unload();
        }
    }

    [Fact]
    public void AFirstPrintfOfSmallNumbersCompilesNothingOnTheRankThread()
    {
        // NPB CG prints its residual (1e-13: 128-bit and BigInteger rounding, no ReadyToRun code) with %20.14e inside its
        // timed loop; the first such call compiled 15-25 methods there, 5-30 ms. A process of its own: in this one
        // another test may have formatted such numbers already.
        using var s = new Scratch();
        string app = s.Write("Residual.cs", Sources.Program("Residual", """
                printf(" Eigenvalue shift: %8.3e\n", 12.0);
                long before = System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: true);
                printf("    %5d       %20.14e%20.13f\n", 1, 1.73881944891901e-13, 11.9997003727381);
                printf(" T = %5d     Checksum = %22.12e %22.12e\n", 1, 504.6735008193, 511.4039226504);
                long compiled = System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: true) - before;
                printf("compiled %ld\n", compiled);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, TimeSpan.FromMinutes(5), app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Contains("1.73881944891901e-13    11.9997003727381", r.Stdout);
        Assert.Contains("compiled 0\n", r.Stdout);
    }

    [Fact]
    public void OnlyAProgramThatPrintsFloatingValuesFormatsAhead()
    {
        using var s = new Scratch();
        string floats = s.Write("Floats.cs", Sources.Program("Floats", """
                printf("%d: %22.12e\n", rank, 1.5);
                cMPI.Finalize();
                return 0;
        """));
        string hello = s.Write("Hello.cs", Sources.Hello);
        var compiler = new Compilation.ProgramCompiler(null);
        Assert.True(RuntimePrecompiler.FormatsFloatingPoint(compiler.Compile(floats, File.ReadAllText(floats)).Image!));
        Assert.False(RuntimePrecompiler.FormatsFloatingPoint(compiler.Compile(hello, File.ReadAllText(hello)).Image!));
    }

    [Fact]
    public void TheWaitsGenericInstantiationsCompileAhead()
    {
        // Mailbox.WaitFor -> SpinUntil(Completion) -> WaitPolicy.SpinUntil<Completed>, and SleepInTransport<Completed>:
        // instantiations have no ReadyToRun code; they compiled at a rank's first wait (or first sleep), inside whatever
        // the program was timing then
        var seen = new HashSet<MethodBase>();
        RuntimePrecompiler.CompileHotPaths(typeof(CloudMpi.cMPI).Assembly, seen);
        Assert.Contains(seen, m => m.Name == "SpinUntil" && m.IsGenericMethod && m.GetGenericArguments()[0].Name == "Completed");
        Assert.Contains(seen, m => m.Name == "SleepInTransport" && m.IsGenericMethod && m.GetGenericArguments()[0].Name == "Completed");
    }

    [Fact]
    public void TheBufferChecksOfAProgramsTypesCompileAhead()
    {
        // cMPI.Allreduce<int>(ref, ref) -> Allreduce(UserBuffer<int>) -> UserBuffer<int>.Data -> Buffers -> CheckType<int>:
        // five calls down; at four levels it compiled at the program's first reduction over ints (nbody's first step)
        using var s = new Scratch();
        string app = s.Write("Checks.cs", Sources.Program("Checks", """
                int mine = rank, total = 0;
                cMPI.Allreduce(ref mine, ref total, 1, MPI_INT, MPI_SUM, cMPI.COMM_WORLD);
                cMPI.Finalize();
                return 0;
        """));
        Assert.True(Cmpi.InProc(s, "--check", app).ExitCode == 0);
        var prepared = new HashSet<MethodBase>();
        Precompile(app, prepared);
        Assert.Contains(prepared, m => m.Name == "CheckType" && m.IsGenericMethod && m.GetGenericArguments()[0] == typeof(int));
    }

    [Fact]
    public void StatsShowTheCompilingOnEachRankThread()
    {
        using var s = new Scratch();
        string app = s.Write("Hello.cs", Sources.Hello);
        Ran r = Cmpi.InProc(s, "-n", "2", "--stats", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Matches(new Regex(@"JIT on the rank threads while the program ran: rank 0: \d+ methods, [0-9.]+ ms; rank 1: \d+ methods, [0-9.]+ ms"),
                       r.Stderr);
    }
}
