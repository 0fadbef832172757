namespace CloudMpi.Libc;

/// <summary>
/// &lt;fenv.h&gt;'s rounding direction. A port computes in round-to-nearest only: .NET has no control of the rounding
/// mode its code runs in (RyuJIT folds constant expressions to nearest, its number formatting and Math functions
/// assume it, and the runtime's own code shares the thread's MXCSR), so a directed mode could not reach every
/// operation after the call as C's reaches them (glibc's printf rounds its decimal digits in the current mode too).
/// fegetround is FE_TONEAREST, which the program can never leave; fesetround(FE_TONEAREST) succeeds. The translator
/// refuses a constant other direction where the call is (-Wunsupported-rounding-mode); one known only at run time
/// fails the rank here, rather than compute in another mode than the native program does.
/// </summary>
public static class CFenv
{
    // glibc's x86 values (bits 10-11 of the x87 control word)
    public const int FE_TONEAREST = 0, FE_DOWNWARD = 0x400, FE_UPWARD = 0x800, FE_TOWARDZERO = 0xc00;

    public static int fegetround() => FE_TONEAREST;

    public static int fesetround(int round)
    {
        if (round == FE_TONEAREST)
            return 0;
        string name = round switch
        {
            FE_DOWNWARD => "FE_DOWNWARD", FE_UPWARD => "FE_UPWARD", FE_TOWARDZERO => "FE_TOWARDZERO",
            _ => round.ToString(System.Globalization.CultureInfo.InvariantCulture),
        };
        if (name[0] != 'F')
            return 1; // no rounding direction (glibc: nonzero, the mode unchanged)
        throw new NotSupportedException($"fesetround({name}): a port computes in round-to-nearest only (.NET has no " +
                                        "rounding-mode control), so it cannot compute as the C program does after this call");
    }
}
