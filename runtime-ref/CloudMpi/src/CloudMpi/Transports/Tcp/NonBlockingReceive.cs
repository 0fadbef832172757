using System.Net.Sockets;
using System.Runtime.InteropServices;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// One receive call that never waits: <c>recv(fd, buf, len, MSG_DONTWAIT)</c> on Linux. .NET's Socket has no
/// per-call "don't wait" flag, and switching the socket to non-blocking (<see cref="Socket.Blocking"/>) costs two
/// fcntl calls each way and would make the reader thread's blocking receives fail; <c>Socket.Available</c> (FIONREAD)
/// followed by a receive is two system calls where this is one. The socket's safe handle is passed, so a socket
/// disposed meanwhile fails the call (<see cref="ObjectDisposedException"/>) instead of reading a reused descriptor.
/// </summary>
internal static class NonBlockingReceive
{
    private const int MsgDontWait = 0x40; // Linux's MSG_DONTWAIT
    private const int EIntr = 4, EAgain = 11; // Linux errno values (EWOULDBLOCK == EAGAIN)

    /// <summary>Whether this platform has the call (Linux); elsewhere only the reader threads read.</summary>
    public static bool Supported { get; } = OperatingSystem.IsLinux() && Probe();

    [DllImport("libc", SetLastError = true)]
    private static extern nint recv(SafeSocketHandle socket, ref byte buffer, nint length, int flags);

    /// <summary>Bytes received into <paramref name="buffer"/> at <paramref name="offset"/>; 0 at the end of the stream;
    /// -1 when none are waiting.</summary>
    public static int Receive(Socket socket, byte[] buffer, int offset, int count)
    {
        nint n = recv(socket.SafeHandle, ref buffer[offset], count, MsgDontWait);
        if (n >= 0) return (int)n;
        int errno = Marshal.GetLastPInvokeError();
        if (errno is EAgain or EIntr) return -1;
        throw new IOException($"receive failed (errno {errno})");
    }

    /// <summary>Bytes received into <paramref name="buffer"/> (not empty); 0 at the end of the stream; -1 when none are waiting.</summary>
    public static int Receive(Socket socket, Span<byte> buffer)
    {
        nint n = recv(socket.SafeHandle, ref MemoryMarshal.GetReference(buffer), buffer.Length, MsgDontWait);
        if (n >= 0) return (int)n;
        int errno = Marshal.GetLastPInvokeError();
        if (errno is EAgain or EIntr) return -1;
        throw new IOException($"receive failed (errno {errno})");
    }

    // The library and its entry point resolve (they would throw on first use otherwise).
    private static bool Probe()
    {
        try
        {
            Marshal.Prelink(typeof(NonBlockingReceive).GetMethod(nameof(recv), System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)!);
            return true;
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
        {
            return false;
        }
    }
}
