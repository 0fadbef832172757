namespace CloudMpi.Run.Processes;

/// <summary>What cmpi-run tells every rank process once all have said hello (the Welcome frame).</summary>
public sealed record JobDescription
{
    public required int Size { get; init; }
    /// <summary>Unique per job: names the job's cloud resources (queues, containers, tables).</summary>
    public required string JobId { get; init; }
    public required string Transport { get; init; }
    /// <summary>Transport settings (for azure: the connection string, which is never printed).</summary>
    public required IReadOnlyDictionary<string, string> Settings { get; init; }
    /// <summary>Where each rank's data listener is, by world rank ("" for transports without one).</summary>
    public required IReadOnlyList<(string Host, int Port)> Endpoints { get; init; }
    public required byte[] Image { get; init; }
    public required IReadOnlyList<string> ProgramArgs { get; init; }

    public void Write(BinaryWriter w)
    {
        w.Write(Size);
        w.Write(JobId);
        w.Write(Transport);
        w.Write(Settings.Count);
        foreach (var (k, v) in Settings)
        {
            w.Write(k);
            w.Write(v);
        }
        w.Write(Endpoints.Count);
        foreach (var (host, port) in Endpoints)
        {
            w.Write(host);
            w.Write(port);
        }
        w.Write(Image.Length);
        w.Write(Image);
        w.Write(ProgramArgs.Count);
        foreach (string a in ProgramArgs) w.Write(a);
    }

    public static JobDescription Read(BinaryReader r)
    {
        int size = r.ReadInt32();
        string jobId = r.ReadString();
        string transport = r.ReadString();
        var settings = new Dictionary<string, string>();
        for (int i = r.ReadInt32(); i > 0; i--) settings[r.ReadString()] = r.ReadString();
        var endpoints = new List<(string, int)>();
        for (int i = r.ReadInt32(); i > 0; i--) endpoints.Add((r.ReadString(), r.ReadInt32()));
        byte[] image = r.ReadBytes(r.ReadInt32());
        var args = new List<string>();
        for (int i = r.ReadInt32(); i > 0; i--) args.Add(r.ReadString());
        return new JobDescription
        {
            Size = size, JobId = jobId, Transport = transport, Settings = settings,
            Endpoints = endpoints, Image = image, ProgramArgs = args,
        };
    }
}
