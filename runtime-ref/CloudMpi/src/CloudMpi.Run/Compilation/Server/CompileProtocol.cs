namespace CloudMpi.Run.Compilation.Server;

internal enum RequestKind : byte
{
    Compile = 1,
    Shutdown = 2,
}

internal enum ReplyStatus : byte
{
    /// <summary>Roslyn ran: the diagnostics, and the image's path when it succeeded.</summary>
    Compiled = 0,
    /// <summary>Every compile slot stayed taken: compile in-process.</summary>
    Busy = 1,
    /// <summary>The server is of another build (version key): never used.</summary>
    OtherBuild = 2,
    /// <summary>The server failed (the message says why).</summary>
    Failed = 3,
    /// <summary>Shutdown accepted.</summary>
    Stopping = 4,
}

/// <param name="CacheFile">Where the client's cache keeps this program; null (--no-cache): the server writes the
/// image to a private temporary file that the client deletes after reading it.</param>
internal sealed record CompileRequest(RequestKind Kind, string BuildKey, string DisplayPath, string Source, string? CacheFile);

/// <param name="ImagePath">The compiled assembly (null when the compile failed).</param>
/// <param name="ImageIsTemporary">The client deletes the image after reading it (it is not a cache entry).</param>
internal sealed record CompileReply(ReplyStatus Status, string Message, string? ImagePath, bool ImageIsTemporary,
                                    IReadOnlyList<CompileDiagnostic> Diagnostics, TimeSpan CompileTime);

/// <summary>
/// One request and one reply per connection, each a magic string and length-prefixed fields (BinaryWriter's
/// encoding). A peer that sends anything else is answered with nothing and closed.
/// </summary>
internal static class CompileProtocol
{
    private const string RequestMagic = "cmpi-compile-request/1";
    private const string ReplyMagic = "cmpi-compile-reply/1";

    /// <summary>Bounds a request's source text (a translation of a large program is a few MB).</summary>
    private const int MaxSourceChars = 256 << 20;

    public static void Write(BinaryWriter w, CompileRequest r)
    {
        w.Write(RequestMagic);
        w.Write((byte)r.Kind);
        w.Write(r.BuildKey);
        w.Write(r.DisplayPath);
        w.Write(r.Source);
        WriteOptional(w, r.CacheFile);
        w.Flush();
    }

    public static CompileRequest ReadRequest(BinaryReader rd)
    {
        if (rd.ReadString() != RequestMagic)
            throw new InvalidDataException("not a cmpi compile request");
        var kind = (RequestKind)rd.ReadByte();
        string key = rd.ReadString();
        string path = rd.ReadString();
        string source = rd.ReadString();
        if (source.Length > MaxSourceChars)
            throw new InvalidDataException("source too large");
        return new CompileRequest(kind, key, path, source, ReadOptional(rd));
    }

    public static void Write(BinaryWriter w, CompileReply r)
    {
        w.Write(ReplyMagic);
        w.Write((byte)r.Status);
        w.Write(r.Message);
        WriteOptional(w, r.ImagePath);
        w.Write(r.ImageIsTemporary);
        w.Write(r.Diagnostics.Count);
        foreach (CompileDiagnostic d in r.Diagnostics)
        {
            w.Write(d.Path);
            w.Write(d.Line);
            w.Write(d.Column);
            w.Write(d.IsError);
            w.Write(d.Id);
            w.Write(d.Message);
        }
        w.Write(r.CompileTime.Ticks);
        w.Flush();
    }

    public static CompileReply ReadReply(BinaryReader rd)
    {
        if (rd.ReadString() != ReplyMagic)
            throw new InvalidDataException("not a cmpi compile server's answer");
        var status = (ReplyStatus)rd.ReadByte();
        string message = rd.ReadString();
        string? image = ReadOptional(rd);
        bool temporary = rd.ReadBoolean();
        int n = rd.ReadInt32();
        if (n is < 0 or > 1_000_000)
            throw new InvalidDataException("bad diagnostic count");
        var diagnostics = new List<CompileDiagnostic>(n);
        for (int i = 0; i < n; i++)
            diagnostics.Add(new CompileDiagnostic(rd.ReadString(), rd.ReadInt32(), rd.ReadInt32(), rd.ReadBoolean(), rd.ReadString(), rd.ReadString()));
        return new CompileReply(status, message, image, temporary, diagnostics, TimeSpan.FromTicks(rd.ReadInt64()));
    }

    private static void WriteOptional(BinaryWriter w, string? s)
    {
        w.Write(s is not null);
        if (s is not null)
            w.Write(s);
    }

    private static string? ReadOptional(BinaryReader rd) => rd.ReadBoolean() ? rd.ReadString() : null;
}
