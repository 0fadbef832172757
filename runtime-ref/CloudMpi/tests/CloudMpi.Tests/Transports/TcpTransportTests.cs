using System.Net;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Tests.Transports;

/// <summary>How the tcp transport counts the ranks that share this machine's cores (it picks the ranks' wait policy).</summary>
public class TcpTransportTests
{
    [Fact]
    public void LoopbackEndpointsAreAllOnThisHost()
    {
        var eps = Enumerable.Range(0, 7).Select(i => new IPEndPoint(IPAddress.Loopback, 40000 + i)).ToArray();
        Assert.Equal(7, TcpTransport.RanksOnThisHost(eps));
    }

    [Fact]
    public void EndpointsOnAnotherHostAreNotCounted()
    {
        // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never an address of this machine.
        IPEndPoint[] eps = [new(IPAddress.Loopback, 40000), new(IPAddress.Parse("192.0.2.7"), 40001), new(IPAddress.Parse("192.0.2.8"), 40002)];
        Assert.Equal(1, TcpTransport.RanksOnThisHost(eps));
    }
}
