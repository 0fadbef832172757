using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// Where a waiting tcp rank sleeps once its polling phase is over: in the kernel, in one <c>poll(2)</c> on its own
/// incoming connections and an <c>eventfd(2)</c> (Linux). A frame that arrives wakes the rank itself, which reads it on
/// its own thread: one wake-up per frame. Sleeping on the mailbox's lock instead, as before, left the frame to the
/// connection's reader thread, which the kernel woke, and which then woke the rank: two wake-ups and two switches per
/// frame, which with more ranks than cores (a barrier on 7 ranks on 2 cores) is most of what a message costs.
/// <para>
/// The eventfd is the way in for everything that is not a frame: a delivery by another thread (a reader thread still
/// finishing a frame it had begun, a self-message of another thread), a new connection the sleeper does not poll yet,
/// an abort. <see cref="Signal"/> writes it; the sleeper drains it when it wakes. File descriptors are polled by number:
/// a socket disposed meanwhile can only make the poll return early (its number reused), never read the wrong socket,
/// since reading goes through the <see cref="System.Net.Sockets.Socket"/> object, which is then disposed. The eventfd
/// is held by a safe handle, so a <see cref="Signal"/> racing <see cref="Dispose"/> never writes to a reused number.
/// </para>
/// </summary>
internal sealed class SocketSleep : IDisposable
{
    private const int EfdNonBlock = 0x800, EfdCloexec = 0x80000; // Linux's O_NONBLOCK, O_CLOEXEC

    [DllImport("libc", SetLastError = true)]
    private static extern int eventfd(uint initial, int flags);

    [DllImport("libc", SetLastError = true)]
    private static extern nint write(SafeFileHandle fd, ref ulong value, nint count);

    [DllImport("libc", SetLastError = true)]
    private static extern nint read(SafeFileHandle fd, out ulong value, nint count);

    private readonly SafeFileHandle wake;
    private LinuxPoll.PollFd[] fds = new LinuxPoll.PollFd[8];

    private SocketSleep(int wakeFd) => wake = new SafeFileHandle(wakeFd, ownsHandle: true);

    /// <summary>A sleep place for one rank; null where the calls do not exist (not Linux) or the eventfd cannot be made.</summary>
    public static SocketSleep? Create()
    {
        if (!NonBlockingReceive.Supported) return null;
        try
        {
            int fd = eventfd(0, EfdNonBlock | EfdCloexec);
            return fd < 0 ? null : new SocketSleep(fd);
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
        {
            return null;
        }
    }

    /// <summary>
    /// Sleep until one of <paramref name="sockets"/> (file descriptors) has bytes or has ended, <see cref="Signal"/> was
    /// called (since the last sleep), or <paramref name="timeoutMilliseconds"/> passed. The rank's thread only. False
    /// when it cannot sleep here (disposed: the transport closed; or the poll call failed).
    /// </summary>
    public bool Sleep(ReadOnlySpan<int> sockets, int timeoutMilliseconds)
    {
        bool held = false;
        try
        {
            wake.DangerousAddRef(ref held); // throws once disposed: the transport is closing
            if (fds.Length < sockets.Length + 1) fds = new LinuxPoll.PollFd[Math.Max(sockets.Length + 1, 2 * fds.Length)];
            fds[0] = new LinuxPoll.PollFd { Fd = (int)wake.DangerousGetHandle(), Events = LinuxPoll.In };
            for (int i = 0; i < sockets.Length; i++) fds[i + 1] = new LinuxPoll.PollFd { Fd = sockets[i], Events = LinuxPoll.In };
            int n = LinuxPoll.poll(fds, (nuint)(sockets.Length + 1), timeoutMilliseconds);
            if (n < 0 && Marshal.GetLastPInvokeError() != LinuxPoll.EIntr) return false; // (ENOMEM, too many descriptors) sleep elsewhere
            if (n > 0 && (fds[0].Revents & LinuxPoll.In) != 0) read(wake, out _, sizeof(ulong)); // drained: the next sleep waits again
            return true;
        }
        catch (ObjectDisposedException)
        {
            return false; // the transport closed
        }
        finally
        {
            if (held) wake.DangerousRelease();
        }
    }

    /// <summary>Whether the last <see cref="Sleep"/> found socket <paramref name="index"/> (of those it was given) readable,
    /// closed or failed: something to read there.</summary>
    public bool Ready(int index) => fds[index + 1].Revents != 0;

    /// <summary>Wake the sleeper, or make its next sleep return at once (any thread).</summary>
    public void Signal()
    {
        try
        {
            ulong one = 1;
            write(wake, ref one, sizeof(ulong));
        }
        catch (ObjectDisposedException)
        {
        }
    }

    public void Dispose() => wake.Dispose();
}
