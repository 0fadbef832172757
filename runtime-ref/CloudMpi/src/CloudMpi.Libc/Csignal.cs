using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

/// <summary>
/// &lt;signal.h&gt;'s signal and raise within a rank: a handler installed with signal() runs when the rank itself
/// raises the signal (synchronously, as raise does in C); no signal comes from outside (the port's ranks are no
/// processes a shell can signal), so a handler for SIGINT or SIGTERM is kept and never run otherwise. The default
/// action of a raised signal that terminates a process ends the rank with the status a shell reports (128 + the
/// signal), running no atexit handler, as abort() does; SIG_IGN ignores it.
/// </summary>
public static class Csignal
{
    /// <summary>SIG_DFL is C's `(void (*)(int)) 0`, a null pointer (the translator writes null for it); SIG_IGN and
    /// SIG_ERR are handlers compared by identity, never run.</summary>
    public static readonly Action<int>? SIG_DFL = null;

    public static readonly Action<int> SIG_IGN = static _ => { };

    public static readonly Action<int> SIG_ERR = static _ => { };

    private const int NSIG = 65, SIGKILL = 9, SIGSTOP = 19;

    // Signals whose default action is to go on (glibc's: SIGCHLD, SIGCONT, SIGURG, SIGWINCH).
    private static readonly HashSet<int> IgnoredByDefault = [17, 18, 23, 28];

    private static readonly ConditionalWeakTable<LibcState, Action<int>?[]> Handlers = new();

    /// <summary>signal(sig, handler): the previous handler (SIG_DFL at first), or SIG_ERR and errno EINVAL for a
    /// signal out of range, SIGKILL or SIGSTOP.</summary>
    public static Action<int>? signal(int sig, Action<int>? handler)
    {
        var state = LibcState.Current;
        if (sig <= 0 || sig >= NSIG || sig == SIGKILL || sig == SIGSTOP)
        {
            state.Errno = 22;
            return SIG_ERR;
        }
        var table = Handlers.GetValue(state, static _ => new Action<int>?[NSIG]);
        var previous = table[sig];
        table[sig] = handler;
        return previous;
    }

    /// <summary>raise(sig): runs the handler before returning 0; the default action of a terminating signal ends
    /// the rank (status 128 + sig); nonzero for a signal out of range.</summary>
    public static int raise(int sig)
    {
        if (sig <= 0 || sig >= NSIG) return -1;
        var handler = Handlers.TryGetValue(LibcState.Current, out var table) ? table[sig] : null;
        if (ReferenceEquals(handler, SIG_IGN)) return 0;
        if (handler is null)
        {
            if (IgnoredByDefault.Contains(sig)) return 0;
            throw new SignalException(sig);
        }
        handler(sig);
        return 0;
    }
}

/// <summary>A rank ended by the default action of a signal it raised: the status a shell reports, 128 + the signal,
/// and no atexit handler (CProgram).</summary>
public sealed class SignalException : ExitException
{
    public SignalException(int sig)
        : base(128 + sig, $"raise({sig})")
    {
    }
}
