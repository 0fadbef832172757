namespace CloudMpi.Libc;

/// <summary>Entry point helper for translated programs: <c>Main(args) => CProgram.Run("prog", args, main)</c>.</summary>
public static class CProgram
{
    /// <summary>Runs <c>int main(int argc, char **argv)</c> with argv[0] = <paramref name="programName"/>.</summary>
    public static int Run(string programName, string[] args, Func<int, string[], int> main)
    {
        ArgumentNullException.ThrowIfNull(programName);
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(main);
        var argv = new string[args.Length + 1];
        argv[0] = programName;
        Array.Copy(args, 0, argv, 1, args.Length);
        LibcState.Current.ProgramName = programName;
        LibcState.Current.ProgramArguments = args;
        return RunCore(() => main(argv.Length, argv));
    }

    /// <summary>Runs <c>int main(void)</c>.</summary>
    public static int Run(string programName, string[] args, Func<int> main)
    {
        ArgumentNullException.ThrowIfNull(programName);
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(main);
        LibcState.Current.ProgramName = programName;
        LibcState.Current.ProgramArguments = args;
        return RunCore(main);
    }

    private static int RunCore(Func<int> body)
    {
        var state = LibcState.Current;
        try
        {
            int code;
            try
            {
                code = body();
            }
            catch (ExitException e)
            {
                code = e.Code;
                if (e is AbortException or SignalException)
                {
                    state.DropUnflushedStdoutLine(); // the process dies with its stdio buffers
                    return code; // abort() and a signal run no atexit handlers
                }
            }
            catch (Exception e) when (e is NullReferenceException or DivideByZeroException or OverflowException
                                           or InsufficientExecutionStackException
                                           or PointerException { IsNullDereference: true })
            {
                state.DropUnflushedStdoutLine(); // natively SIGSEGV or SIGFPE (cmpi-run's status): no flush either
                throw;
            }

            // Returning from main is exit(code): its low 8 bits are the status (return 512 is a success natively);
            // then the atexit handlers run (which may call exit themselves).
            code &= 0xFF;
            try
            {
                state.RunAtExit();
            }
            catch (ExitException e)
            {
                code = e.Code;
            }

            return code;
        }
        finally
        {
            state.Flush();
            state.CloseFiles();
        }
    }
}
