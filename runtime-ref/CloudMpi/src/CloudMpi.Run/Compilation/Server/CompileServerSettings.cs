using System.Globalization;
using System.Text;

namespace CloudMpi.Run.Compilation.Server;

/// <summary>
/// Where this build's compile server listens and how long it and its clients wait, from the environment:
/// <c>CMPI_COMPILE_SERVER</c> (<c>off</c> disables it), <c>CMPI_COMPILE_SERVER_DIR</c> (default
/// <c>$XDG_RUNTIME_DIR/cmpi</c>, else <c>/tmp/cmpi-UID</c>), <c>CMPI_COMPILE_SERVER_IDLE</c> (seconds a server
/// stays without a request, default 600) and <c>CMPI_COMPILE_SERVER_TIMEOUT</c> (seconds a client waits for a
/// compile's answer, default 120).
/// </summary>
internal sealed record CompileServerSettings(string Directory, double IdleSeconds, double ReplyTimeoutSeconds)
{
    public const double DefaultIdleSeconds = 600;
    public const double DefaultReplyTimeoutSeconds = 120;

    /// <summary>Null when the server is turned off or cannot be used on this platform.</summary>
    public static CompileServerSettings? FromEnvironment(Func<string, string?>? getEnv = null)
    {
        getEnv ??= Environment.GetEnvironmentVariable;
        string? mode = getEnv("CMPI_COMPILE_SERVER");
        if (string.Equals(mode, "off", StringComparison.OrdinalIgnoreCase) || mode == "0" || !UnixIdentity.Supported)
            return null;
        return new CompileServerSettings(
            DirectoryFrom(getEnv),
            Seconds(getEnv("CMPI_COMPILE_SERVER_IDLE"), DefaultIdleSeconds),
            Seconds(getEnv("CMPI_COMPILE_SERVER_TIMEOUT"), DefaultReplyTimeoutSeconds));
    }

    /// <summary>The per-user directory of the servers' sockets (not $TMPDIR: a test harness that gives every run its
    /// own would start a server per run).</summary>
    public static string DirectoryFrom(Func<string, string?> getEnv)
    {
        if (getEnv("CMPI_COMPILE_SERVER_DIR") is { Length: > 0 } dir)
            return Path.GetFullPath(dir);
        if (getEnv("XDG_RUNTIME_DIR") is { Length: > 0 } runtimeDir && Path.IsPathRooted(runtimeDir))
            return Path.Combine(runtimeDir, "cmpi");
        return $"/tmp/cmpi-{UnixIdentity.EffectiveUid}";
    }

    private static double Seconds(string? text, double fallback) =>
        double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double v) && v > 0 && !double.IsInfinity(v)
            ? v
            : fallback;

    /// <summary>
    /// What identifies this build: the compiler, the runtime and the launcher's, CloudMpi's and CloudMpi.Libc's module
    /// ids (the compile cache key's own lines). A server answers only clients of the same key, and its socket's name
    /// carries it, so a server of another build is never used.
    /// </summary>
    public static string BuildKey { get; } = Convert.ToHexStringLower(Sha256.Hash(Encoding.UTF8.GetBytes(ProgramCompiler.BuildText())));

    public string SocketPath => Path.Combine(Directory, $"compile-{BuildKey[..16]}.sock");

    /// <summary>Held (flock) by the live server of this build for its whole life; it holds the server's pid.</summary>
    public string LockPath => Path.Combine(Directory, $"compile-{BuildKey[..16]}.lock");

    /// <summary>
    /// Makes sure the directory exists, belongs to this user, is a real directory and is private (mode 0700): its
    /// sockets and images are trusted only then. Returns why not, or null when it is fine.
    /// </summary>
    public string? CheckPrivateDirectory()
    {
        if (OperatingSystem.IsWindows())
            return "no Unix sockets with peer credentials here";
        try
        {
            if (UnixIdentity.Status(Directory) is null)
                System.IO.Directory.CreateDirectory(Directory, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return $"cannot create {Directory}: {e.Message}";
        }
        if (UnixIdentity.Status(Directory) is not { } status)
            return $"cannot read {Directory}";
        var (uid, mode, isDirectory) = status;
        if (!isDirectory)
            return $"{Directory} is not a directory (a symbolic link?)";
        if (uid != UnixIdentity.EffectiveUid)
            return $"{Directory} belongs to user {uid}, not to this user ({UnixIdentity.EffectiveUid})";
        if ((mode & 0x3F) != 0)
            return $"{Directory} has mode {Convert.ToString(mode, 8)}, not 700 (others could reach its sockets)";
        return null;
    }
}
