using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace CloudMpi.Tests.Azure;

/// <summary>
/// Azurite (installed by <c>make setup</c> into build/azurite) on free loopback ports with in-memory persistence,
/// for one test class; stopped (its whole process tree) at the end. <see cref="Restart"/> stops it and starts a
/// fresh one on the same ports (in memory: everything stored is gone).
/// </summary>
public sealed class AzuriteServer : IDisposable
{
    /// <summary>Azurite's development account key, published in its README.</summary>
    public const string DevKey = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private Process? process;
    private readonly string executable;
    private readonly string? certDir;

    public int BlobPort { get; }
    public int QueuePort { get; }
    public int TablePort { get; }

    public AzuriteServer() : this(oauth: false)
    {
    }

    /// <param name="oauth">
    /// Serve https with a self-signed certificate for 127.0.0.1 (<see cref="Certificate"/>) and accept Microsoft Entra
    /// ID bearer tokens (Azurite's <c>--oauth basic</c>: it checks a token's issuer, audience and lifetime, not its
    /// signature), besides the development account's Shared Key.
    /// </param>
    private AzuriteServer(bool oauth)
    {
        executable = Find() ?? throw new InvalidOperationException(
            "Azurite is not installed (build/azurite/node_modules/.bin/azurite): run `make setup` at the repository root");
        (BlobPort, QueuePort, TablePort) = (FreePort(), FreePort(), FreePort());
        if (oauth)
        {
            certDir = Directory.CreateTempSubdirectory("cmpi-azurite-cert").FullName;
            using var rsa = System.Security.Cryptography.RSA.Create(2048);
            var request = new System.Security.Cryptography.X509Certificates.CertificateRequest(
                "CN=127.0.0.1", rsa, System.Security.Cryptography.HashAlgorithmName.SHA256, System.Security.Cryptography.RSASignaturePadding.Pkcs1);
            var san = new System.Security.Cryptography.X509Certificates.SubjectAlternativeNameBuilder();
            san.AddIpAddress(IPAddress.Loopback);
            san.AddDnsName("localhost");
            request.CertificateExtensions.Add(san.Build());
            Certificate = request.CreateSelfSigned(DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddDays(2));
            File.WriteAllText(Path.Combine(certDir, "cert.pem"), Certificate.ExportCertificatePem());
            File.WriteAllText(Path.Combine(certDir, "key.pem"), rsa.ExportPkcs8PrivateKeyPem());
        }
        Start();
    }

    /// <summary>An Azurite that serves https and accepts bearer tokens (see the constructor).</summary>
    public static AzuriteServer WithOAuth() => new(oauth: true);

    /// <summary>The https certificate of an OAuth-mode Azurite (null otherwise).</summary>
    public System.Security.Cryptography.X509Certificates.X509Certificate2? Certificate { get; }

    /// <summary>The endpoint of one service ("queue", "blob", "table") for the development account.</summary>
    public Uri Endpoint(string service) =>
        new($"{(Certificate is null ? "http" : "https")}://127.0.0.1:{service switch { "queue" => QueuePort, "blob" => BlobPort, _ => TablePort }}/devstoreaccount1");

    public string ConnectionString =>
        $"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={DevKey};" +
        $"BlobEndpoint=http://127.0.0.1:{BlobPort}/devstoreaccount1;" +
        $"QueueEndpoint=http://127.0.0.1:{QueuePort}/devstoreaccount1;" +
        $"TableEndpoint=http://127.0.0.1:{TablePort}/devstoreaccount1";

    private static string? Find()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
        {
            string candidate = Path.Combine(dir.FullName, "build", "azurite", "node_modules", ".bin", "azurite");
            if (File.Exists(candidate)) return candidate;
        }
        return null;
    }

    private static int FreePort()
    {
        using var l = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        l.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        return ((IPEndPoint)l.LocalEndPoint!).Port;
    }

    public void Start()
    {
        var psi = new ProcessStartInfo(executable)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string a in new[]
                 {
                     "--silent", "--inMemoryPersistence", "--loose", "--skipApiVersionCheck", "--disableTelemetry",
                     "--blobHost", "127.0.0.1", "--queueHost", "127.0.0.1", "--tableHost", "127.0.0.1",
                     "--blobPort", BlobPort.ToString(), "--queuePort", QueuePort.ToString(), "--tablePort", TablePort.ToString(),
                 })
        {
            psi.ArgumentList.Add(a);
        }
        if (certDir is not null)
        {
            foreach (string a in new[] { "--oauth", "basic", "--cert", Path.Combine(certDir, "cert.pem"), "--key", Path.Combine(certDir, "key.pem") })
                psi.ArgumentList.Add(a);
        }
        process = Process.Start(psi)!;
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var sw = Stopwatch.StartNew();
        while (sw.Elapsed < TimeSpan.FromSeconds(90))
        {
            if (process.HasExited) throw new InvalidOperationException($"Azurite exited at start with status {process.ExitCode}");
            if (Listening(BlobPort) && Listening(QueuePort) && Listening(TablePort)) return;
            Thread.Sleep(100);
        }
        throw new TimeoutException("Azurite did not start listening within 90 s");
    }

    private static bool Listening(int port)
    {
        try
        {
            using var c = new TcpClient();
            c.Connect(IPAddress.Loopback, port);
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    public void Stop()
    {
        if (process is null) return;
        try { process.Kill(entireProcessTree: true); } catch (InvalidOperationException) { }
        process.WaitForExit(10_000);
        process.Dispose();
        process = null;
        // wait until the ports are free again
        var sw = Stopwatch.StartNew();
        while (sw.Elapsed < TimeSpan.FromSeconds(10) && (Listening(BlobPort) || Listening(QueuePort) || Listening(TablePort)))
            Thread.Sleep(50);
    }

    public void Restart()
    {
        Stop();
        Start();
    }

    public void Dispose()
    {
        Stop();
        if (certDir is not null) Directory.Delete(certDir, recursive: true);
    }
}

/// <summary>Two Azurite instances on different ports: two storage accounts for one job.</summary>
public sealed class TwoAzurites : IDisposable
{
    public AzuriteServer[] Servers { get; } = [new AzuriteServer(), new AzuriteServer()];

    public void Dispose()
    {
        foreach (var s in Servers) s.Dispose();
    }
}
