namespace CloudMpi.Libc;

/// <summary>&lt;stdlib.h&gt;: exit, integer helpers, conversions, getenv, rand and drand48.</summary>
public static partial class Stdlib
{
    public const int RAND_MAX = 2147483647;
    public const int EXIT_SUCCESS = 0;
    public const int EXIT_FAILURE = 1;

    /// <summary>Ends the program (the rank) with <paramref name="status"/>: throws <see cref="ExitException"/>. The
    /// status is its low 8 bits, what the parent's wait sees (exit(256) is a success under a shell and mpirun).</summary>
    public static void exit(int status) => throw new ExitException(status & 0xFF);

    /// <summary>Ends without atexit handlers (treated like exit; stdout is still flushed by CProgram.Run).</summary>
    public static void _Exit(int status) => throw new ExitException(status & 0xFF);

    /// <summary>Abnormal termination: exit status 134 as a shell reports SIGABRT.</summary>
    public static void abort() => throw new AbortException();

    /// <summary>Registers a handler run at exit (after main returns or exit is called), last registered first.</summary>
    public static int atexit(Action handler)
    {
        ArgumentNullException.ThrowIfNull(handler);
        LibcState.Current.AddAtExit(handler);
        return 0;
    }

    // abs(INT_MIN) is undefined in C; like gcc's code, it wraps instead of throwing.
    public static int abs(int x) => x < 0 ? unchecked(-x) : x;

    public static long labs(long x) => x < 0 ? unchecked(-x) : x;

    public static long llabs(long x) => x < 0 ? unchecked(-x) : x;

    public static div_t div(int numerator, int denominator) => new(numerator / denominator, numerator % denominator);

    public static ldiv_t ldiv(long numerator, long denominator) => new(numerator / denominator, numerator % denominator);

    public static lldiv_t lldiv(long numerator, long denominator) => new(numerator / denominator, numerator % denominator);

    /// <summary>imaxdiv (inttypes.h): lldiv of intmax_t, which is long on x86-64.</summary>
    public static imaxdiv_t imaxdiv(long numerator, long denominator) => new(numerator / denominator, numerator % denominator);

    public const int EDOM = 33, ERANGE = 34, ENOENT = 2, EACCES = 13, EINVAL = 22;

    /// <summary>C's errno (the calling rank's), readable and assignable.</summary>
    public static int errno
    {
        get => LibcState.Current.Errno;
        set => LibcState.Current.Errno = value;
    }

    /// <summary>glibc's errno macro expands to (*__errno_location ()): a pointer to the rank's errno.</summary>
    public static Ptr<int> __errno_location() => LibcState.Current.ErrnoLocation;

    /// <summary>getenv: the variable's value as a C string (a new copy; C's points into the environment), or NULL.</summary>
    public static Ptr<sbyte> getenv(string name) =>
        (LibcState.Current.LaunchEnvironment?.GetValueOrDefault(name) ?? Environment.GetEnvironmentVariable(name)) is { } value
            ? CString.Lit(value) : default;

    public static Ptr<sbyte> getenv(Ptr<sbyte> name) => getenv(CString.Str(name));
}

// The results of div, ldiv and lldiv (<stdlib.h>): C programs read and assign their fields (`r.quot = 0`), so they
// are plain structs, not read-only records.
#pragma warning disable CS8981 // lower-case type names, as C spells them
public struct div_t
{
    public int quot, rem;

    public div_t(int quot, int rem) => (this.quot, this.rem) = (quot, rem);
}

public struct ldiv_t
{
    public long quot, rem;

    public ldiv_t(long quot, long rem) => (this.quot, this.rem) = (quot, rem);
}

public struct lldiv_t
{
    public long quot, rem;

    public lldiv_t(long quot, long rem) => (this.quot, this.rem) = (quot, rem);
}

public struct imaxdiv_t
{
    public long quot, rem;

    public imaxdiv_t(long quot, long rem) => (this.quot, this.rem) = (quot, rem);
}
#pragma warning restore CS8981
