using System.Net;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Tests.Contract;

/// <summary>Every rank has its own TCP endpoint on loopback, as the rank processes of <c>--transport tcp</c> have.</summary>
public class TcpContractTests : TransportContract
{
    internal override IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes)
    {
        int n = mailboxes.Length;
        var secret = JobSecret.New();
        var transports = Enumerable.Range(0, n)
            .Select(r => new TcpTransport(r, n, TcpTransport.Listen(IPAddress.Loopback), secret, "cmpi-contract"))
            .ToArray();
        var endpoints = transports.Select(t => t.LocalEndPoint).ToArray();
        for (int r = 0; r < n; r++) transports[r].Start(mailboxes[r], endpoints);
        return transports;
    }
}
