namespace CloudMpi.Libc;

/// <summary>Thrown by <see cref="Stdlib.exit"/>: unwinds the rank back to <see cref="CProgram.Run(string, string[], Func{int})"/>.</summary>
public class ExitException : Exception
{
    public ExitException(int code)
        : base($"exit({code})")
    {
        Code = code;
    }

    protected ExitException(int code, string message)
        : base(message)
    {
        Code = code;
    }

    /// <summary>The status passed to exit().</summary>
    public int Code { get; }
}

/// <summary>Thrown by <see cref="Stdlib.abort"/>; its code is 134 (128 + SIGABRT), what a shell reports.</summary>
public sealed class AbortException : ExitException
{
    public AbortException()
        : base(134, "abort()")
    {
    }
}
