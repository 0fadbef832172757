using System.Runtime.InteropServices;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// <c>poll(2)</c> (Linux), shared by the rank's look at its connections (<see cref="ConnectionReadiness"/>) and its sleep
/// on them (<see cref="SocketSleep"/>). The array is blittable, so the call pins it: no copy, no allocation per call.
/// </summary>
internal static class LinuxPoll
{
    public const short In = 0x001;
    public const int EIntr = 4;

    [StructLayout(LayoutKind.Sequential)]
    public struct PollFd
    {
        public int Fd;
        public short Events;
        public short Revents;
    }

    [DllImport("libc", SetLastError = true)]
    public static extern int poll([In, Out] PollFd[] fds, nuint count, int timeoutMilliseconds);
}
