using System.Net.Security;
using System.Text;
using System.Text.Json;
using Azure.Core;
using Azure.Identity;
using CloudMpi.Hosting;
using CloudMpi.Tests.Contract;
using CloudMpi.Transports.Azure;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Azure;

/// <summary>How the azure transport reaches an account: connection strings, and account names with a token credential.</summary>
public class StorageConnectionTests
{
    [Fact]
    public void AnAccountNameMeansItsPublicEndpointsAndDefaultAzureCredential()
    {
        var c = StorageConnection.ForAccount("cmpiprod01");
        Assert.IsType<DefaultAzureCredential>(c.Credential);
        Assert.Null(c.ConnectionString);
        Assert.Equal("storage account cmpiprod01", c.ToString());
        using var clients = new StorageClients(c);
        Assert.Equal(new Uri("https://cmpiprod01.queue.core.windows.net"), clients.Queues.Endpoint);
        Assert.Equal(new Uri("https://cmpiprod01.blob.core.windows.net"), clients.Blobs.Endpoint);
        Assert.Equal(new Uri("https://cmpiprod01.table.core.windows.net"), clients.Tables.Endpoint);
    }

    [Theory]
    [InlineData("ab")]
    [InlineData("UpperCase")]
    [InlineData("with-dash")]
    [InlineData("a234567890123456789012345")]
    public void ABadAccountNameIsRefused(string name) =>
        Assert.Contains("is not a storage account name", Assert.Throws<FormatException>(() => StorageConnection.ForAccount(name)).Message);

    [Fact]
    public void ATokenNeedsHttps()
    {
        var e = Assert.Throws<FormatException>(() => StorageConnection.ForAccount("devstoreaccount1", new FakeCredential(), s => new Uri("http://127.0.0.1:10001/devstoreaccount1")));
        Assert.Contains("needs an https endpoint", e.Message);
    }

    [Fact]
    public void ConnectionStringsOfEveryKindAreRead()
    {
        Assert.Equal("devstoreaccount1", StorageConnection.FromConnectionString("UseDevelopmentStorage=true").AccountName);
        Assert.Equal("devstoreaccount1", StorageConnection.FromConnectionString(
            $"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={AzuriteServer.DevKey};QueueEndpoint=http://127.0.0.1:1/devstoreaccount1").AccountName);
        var sas = StorageConnection.FromConnectionString(
            "BlobEndpoint=https://acct1.blob.core.windows.net;QueueEndpoint=https://acct1.queue.core.windows.net;" +
            "TableEndpoint=https://acct1.table.core.windows.net;SharedAccessSignature=sv=2022-11-02&ss=bqt&srt=sco&sp=rwdlacup&sig=SECRETSIG");
        Assert.Equal("acct1", sas.AccountName);
        Assert.DoesNotContain("SECRET", sas.ToString());
    }

    [Theory]
    [InlineData("AccountName=x1;AccountKey=SECRET%%notbase64")]
    [InlineData("nothing=SECRET")]
    [InlineData("SECRET")]
    public void ABadConnectionStringIsRefusedWithoutRepeatingIt(string cs)
    {
        var e = Assert.Throws<FormatException>(() => StorageConnection.FromConnectionString(cs));
        Assert.Contains("connection string is not valid", e.Message);
        Assert.DoesNotContain("SECRET", e.Message);
    }

    [Fact]
    public void ACredentialThatFailsIsAnErrorNamingTheAccount()
    {
        var failing = new FakeCredential { Fail = "ManagedIdentityCredential authentication unavailable. No response from the managed identity endpoint." };
        using var clients = new StorageClients(StorageConnection.ForAccount("cmpiprod01", failing), retryFor: TimeSpan.FromSeconds(2));
        var e = Assert.Throws<StorageException>(() => clients.Blobs.CreateContainer("cmpijob"));
        Assert.Equal(
            "could not create container cmpijob: no Microsoft Entra ID token for storage account cmpiprod01 " +
            "(ManagedIdentityCredential authentication unavailable. No response from the managed identity endpoint.)", e.Message);
        Assert.True(failing.Calls >= 1);
    }
}

/// <summary>
/// The token path end to end, without a cloud: Azurite over https in OAuth mode (it checks a bearer token's issuer,
/// audience and lifetime, not its signature) and a credential that hands out such tokens, as DefaultAzureCredential hands
/// out Microsoft Entra ID ones. What only a real account checks (signatures, RBAC roles) is in docs/transports.md.
/// </summary>
public class AzureTokenTests : IClassFixture<AzureTokenTests.OAuthAzurite>
{
    public sealed class OAuthAzurite : IDisposable
    {
        public AzuriteServer Server { get; } = AzuriteServer.WithOAuth();
        public void Dispose() => Server.Dispose();
    }

    private readonly AzuriteServer azurite;

    public AzureTokenTests(OAuthAzurite fixture) => azurite = fixture.Server;

    private StorageClients Clients(FakeCredential credential)
    {
        string thumbprint = azurite.Certificate!.Thumbprint;
        var handler = new SocketsHttpHandler
        {
            UseProxy = false,
            SslOptions = new SslClientAuthenticationOptions
            {
                // only Azurite's own self-signed certificate
                RemoteCertificateValidationCallback = (_, cert, _, _) => cert is not null && cert.GetCertHashString() == thumbprint,
            },
        };
        return new StorageClients(StorageConnection.ForAccount("devstoreaccount1", credential, azurite.Endpoint),
                                  retryFor: TimeSpan.FromSeconds(40), handler: handler);
    }

    [Fact]
    public void AJobRunsOnQueuesBlobsAndTablesWithATokenCredential()
    {
        var credential = new FakeCredential();
        var clients = Clients(credential);
        AzureTransport? transport = null;
        var (errors, job) = AzureFaultTests.RunRaw(2, sinks => transport = AzureJobs.Create(clients, sinks), rank =>
        {
            var big = new double[20_000]; // 160 KB: through a blob
            if (rank == 0)
            {
                for (int i = 0; i < big.Length; i++) big[i] = i * 0.5;
                int v = 42;
                cMPI.Send(ref v, 1, MPI_INT, 1, 0, cMPI.COMM_WORLD);
                cMPI.Send(big, 0, big.Length, MPI_DOUBLE, 1, 1, cMPI.COMM_WORLD);
            }
            else
            {
                int v = 0;
                cMPI.Recv(ref v, 1, MPI_INT, 0, 0, cMPI.COMM_WORLD, out _);
                Assert.Equal(42, v);
                cMPI.Recv(big, 0, big.Length, MPI_DOUBLE, 0, 1, cMPI.COMM_WORLD, out _);
                Assert.Equal(19_999 * 0.5, big[^1]);
            }
            transport!.Barrier(rank, 0, 1, rank, 2, () => { }); // the table barrier
        });
        job.Dispose();
        Assert.All(errors, e => Assert.Null(e));
        Assert.True(credential.Calls >= 1);
        Assert.All(credential.Scopes, s => Assert.Equal("https://storage.azure.com/.default", s));
        using var admin = Clients(new FakeCredential());
        Assert.Empty(admin.Queues.List(transport!.JobId)); // the job deleted what it made, with a token too
    }

    [Fact]
    public void ATokenTheServiceRefusesIsAClearError()
    {
        using var clients = Clients(new FakeCredential { Issuer = "https://evil.example.com/tenant/" });
        var e = Assert.Throws<StorageException>(() => clients.Queues.Create("cmpirefused"));
        Assert.Matches(@"^could not create queue cmpirefused: 40[13] ", e.Message);
        Assert.Contains("AuthenticationFailed", e.Message);
    }
}

/// <summary>A token credential for tests: unsigned JWTs with Azure Storage's audience, or a failure.</summary>
internal sealed class FakeCredential : TokenCredential
{
    public string Issuer { get; init; } = "https://sts.windows.net/00000000-0000-0000-0000-000000000001/";
    public string? Fail { get; init; }
    public int Calls;
    public readonly System.Collections.Concurrent.ConcurrentBag<string> Scopes = [];

    public override AccessToken GetToken(TokenRequestContext requestContext, CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref Calls);
        foreach (string s in requestContext.Scopes) Scopes.Add(s);
        if (Fail is not null) throw new AuthenticationFailedException(Fail);
        var now = DateTimeOffset.UtcNow;
        string Part(object o) => Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(o)).TrimEnd('=').Replace('+', '-').Replace('/', '_');
        string jwt = Part(new { alg = "RS256", typ = "JWT" }) + "." +
                     Part(new { aud = "https://storage.azure.com", iss = Issuer, iat = now.AddMinutes(-5).ToUnixTimeSeconds(), nbf = now.AddMinutes(-5).ToUnixTimeSeconds(),
                                exp = now.AddHours(1).ToUnixTimeSeconds(), oid = "00000000-0000-0000-0000-000000000002", tid = "00000000-0000-0000-0000-000000000001" }) +
                     "." + Convert.ToBase64String(Encoding.ASCII.GetBytes("not-signed")).TrimEnd('=');
        return new AccessToken(jwt, now.AddHours(1));
    }

    public override ValueTask<AccessToken> GetTokenAsync(TokenRequestContext requestContext, CancellationToken cancellationToken) =>
        new(GetToken(requestContext, cancellationToken));
}
