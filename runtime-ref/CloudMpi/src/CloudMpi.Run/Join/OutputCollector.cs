using CloudMpi.Transports.Azure;

namespace CloudMpi.Run.Join;

/// <summary>
/// <c>--collect-output</c>: a stream that writes through to this process's own stdout or stderr (the orchestrator's
/// log) and keeps a copy that goes to an append blob of the job's output container, <c>rank-R.out</c> or
/// <c>rank-R.err</c>, once a second and when the rank ends. One append per second, not per line: a rank printing
/// in a loop must not make a storage request per printf.
/// </summary>
internal sealed class OutputCollector : Stream
{
    private static readonly TimeSpan UploadPeriod = TimeSpan.FromSeconds(1);

    private readonly Stream _console;
    private readonly StorageClients _client;
    private readonly string _container;
    private readonly string _blob;
    private readonly object _gate = new();
    private readonly object _uploadGate = new();
    private readonly Timer _timer;
    private MemoryStream _pending = new();
    private string? _failure;

    public OutputCollector(Stream console, StorageClients client, string container, string blob)
    {
        _console = console;
        _client = client;
        _container = container;
        _blob = blob;
        _client.Blobs.CreateAppend(container, blob);
        _timer = new Timer(_ => Upload(), null, UploadPeriod, UploadPeriod);
    }

    /// <summary>The first upload that failed (the output still reached the console).</summary>
    public string? Failure => _failure;

    public override void Write(byte[] buffer, int offset, int count)
    {
        _console.Write(buffer, offset, count);
        lock (_gate) _pending.Write(buffer, offset, count);
    }

    public override void Flush() => _console.Flush();

    /// <summary>Append what was written since the last upload (chunks of at most the service's block size).</summary>
    public void Upload()
    {
        MemoryStream batch;
        lock (_gate)
        {
            if (_pending.Length == 0 || _failure is not null) return;
            batch = _pending;
            _pending = new MemoryStream();
        }
        byte[] bytes = batch.GetBuffer();
        try
        {
            lock (_uploadGate)  // the timer and the final upload never append at once: blocks keep their order
            {
                for (int at = 0; at < batch.Length; at += BlobStore.MaxAppendBytes)
                {
                    int n = (int)Math.Min(BlobStore.MaxAppendBytes, batch.Length - at);
                    _client.Blobs.Append(_container, _blob, at == 0 ? bytes : bytes[at..(at + n)], n);
                }
            }
        }
        catch (StorageException e)
        {
            _failure ??= e.Message;
        }
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _timer.Dispose();
            Upload();
        }
        base.Dispose(disposing);
    }

    public override bool CanRead => false;
    public override bool CanSeek => false;
    public override bool CanWrite => true;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
}
