using System.Buffers.Binary;
using System.Net.Sockets;
using System.Runtime.InteropServices;

namespace CloudMpi.Run.Compilation.Server;

/// <summary>
/// Who owns a directory and who is at the other end of a Unix socket (Linux): what the compile server and its
/// clients check before trusting each other. Only fixed-layout kernel structures are read (<c>statx</c>, <c>ucred</c>),
/// never glibc's architecture-dependent <c>struct stat</c>.
/// </summary>
internal static class UnixIdentity
{
    [DllImport("libc", SetLastError = true)]
    private static extern uint geteuid();

    [DllImport("libc", SetLastError = true)]
    private static extern int setsid();

    [DllImport("libc", SetLastError = true)]
    private static extern int setpriority(int which, int who, int prio);

    [DllImport("libc", SetLastError = true)]
    private static extern int gettid();

    [DllImport("libc", SetLastError = true)]
    private static extern int statx(int dirfd, [MarshalAs(UnmanagedType.LPUTF8Str)] string path, int flags, uint mask, byte[] buffer);

    private const int AtFdCwd = -100;
    private const int AtSymlinkNoFollow = 0x100;
    private const uint StatxBasicStats = 0x7ff;
    private const int SolSocket = 1;
    private const int SoPeerCred = 17;

    /// <summary>Whether the checks can be made here (Linux on x64 or arm64, where the constants above hold).</summary>
    public static bool Supported =>
        OperatingSystem.IsLinux() && RuntimeInformation.ProcessArchitecture is Architecture.X64 or Architecture.Arm64;

    public static uint EffectiveUid => geteuid();

    /// <summary>Leaves the caller's session and process group: a Ctrl-C at the terminal that started the first client
    /// does not end the server, and the server has no controlling terminal.</summary>
    public static void NewSession() => setsid();

    /// <summary>The calling thread at nice 19 (Linux: a thread's priority is its own; PRIO_PROCESS with a thread id),
    /// for background work that must not take a core from anything else. Best effort: a libc without gettid leaves it.</summary>
    public static void LowerThreadPriority()
    {
        const int prioProcess = 0;
        try
        {
            setpriority(prioProcess, gettid(), 19);
        }
        catch (EntryPointNotFoundException)
        {
        }
    }

    /// <summary>Owner, permission bits (the low 12) and whether <paramref name="path"/> is itself a directory (a symbolic
    /// link is not followed); null when it does not exist or cannot be read.</summary>
    public static (uint Uid, int Mode, bool IsDirectory)? Status(string path)
    {
        // struct statx (256 bytes): fixed layout on every architecture; stx_uid at byte 20, stx_mode (16 bits) at 28
        var bytes = new byte[256];
        if (statx(AtFdCwd, path, AtSymlinkNoFollow, StatxBasicStats, bytes) != 0)
            return null;
        uint uid = BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(20));
        int mode = BinaryPrimitives.ReadUInt16LittleEndian(bytes.AsSpan(28));
        const int typeMask = 0xF000, directory = 0x4000;
        return (uid, mode & 0xFFF, (mode & typeMask) == directory);
    }

    /// <summary>The user id of the process at the other end of a connected Unix socket (SO_PEERCRED: the credentials
    /// of the process that connected, or that called listen); null when the kernel does not say.</summary>
    public static uint? PeerUid(Socket socket)
    {
        Span<byte> cred = stackalloc byte[12];  // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        try
        {
            return socket.GetRawSocketOption(SolSocket, SoPeerCred, cred) == 12
                ? BinaryPrimitives.ReadUInt32LittleEndian(cred[4..])
                : null;
        }
        catch (SocketException)
        {
            return null;
        }
    }
}
