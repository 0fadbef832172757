namespace CloudMpi.Libc;

/// <summary>
/// C's jmp_buf (&lt;setjmp.h&gt;): the place a setjmp marked, as the token of that setjmp's execution. The translator
/// turns the statement that calls setjmp, and the rest of its block, into a try whose catch takes the
/// <see cref="LongJump"/> thrown for this token back to that statement, with setjmp's value set to the longjmp's.
/// </summary>
public struct JmpBuf
{
    internal object? Target;
}

/// <summary>longjmp(env, value) on its way to the setjmp that marked env: the stack unwinds as C's jump leaves the
/// functions in between.</summary>
public sealed class LongJump(object target, int value) : Exception("longjmp to a setjmp whose function has returned")
{
    /// <summary>The setjmp execution it goes back to (<see cref="CSetjmp.Arm"/>).</summary>
    public object Target { get; } = target;

    /// <summary>The value setjmp returns there: longjmp's, or 1 for a 0 (C11 7.13.2.1p4).</summary>
    public int Value { get; } = value == 0 ? 1 : value;
}

public static class CSetjmp
{
    /// <summary>setjmp(env): marks env with a new token, which the statement's catch compares with each
    /// <see cref="LongJump"/>'s.</summary>
    public static object Arm(ref JmpBuf env) => env.Target = new object();

    /// <summary>longjmp(env, value): back to the setjmp that last marked env (C11 7.13.2.1).</summary>
    public static void longjmp(JmpBuf env, int value) =>
        throw new LongJump(env.Target ?? throw new PointerException("longjmp to a jmp_buf no setjmp has marked"), value);
}
