using System.Net;
using CloudMpi.Core;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Contract;

/// <summary>Every rank has its own TCP endpoint on loopback, as the rank processes of <c>--transport tcp</c> have.</summary>
public class TcpContractTests : TransportContract
{
    internal override IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes)
    {
        int n = mailboxes.Length;
        var secret = JobSecret.New();
        var transports = Enumerable.Range(0, n)
            // A sleep on the connections that only its timeout ended would show as a stall of seconds (TcpJob).
            .Select(r => new TcpTransport(r, n, TcpTransport.Listen(IPAddress.Loopback), secret, "cmpi-contract") { LongestSleep = TimeSpan.FromSeconds(10) })
            .ToArray();
        var endpoints = transports.Select(t => t.LocalEndPoint).ToArray();
        for (int r = 0; r < n; r++) transports[r].Start(mailboxes[r], endpoints);
        return transports;
    }

    private static byte Pattern(int round, int rank, int i) => (byte)(round * 29 + rank * 5 + i);

    /// <summary>
    /// A large message that no blocking receive awaits (here an Irecv: the transport never reads into a nonblocking
    /// receive's buffer) is read into a pooled array that its receive gives back: the ping-pong allocates nothing
    /// after its first rounds, and no array is reused while its bytes are still wanted (every byte checked). The
    /// sender writes straight from its buffer (a send from 128 KiB: docs/transports.md), so no array is kept for it.
    /// The length is this test's own, so other tests sharing the process-wide pool do not disturb the count.
    /// </summary>
    [Fact]
    public void LargeMessagesOfNonblockingReceivesReuseTheirArrays()
    {
        const int bytes = 200_000 + 2 * 8 + 7; // on the large-object heap, where a fresh array per message costs most
        Run(2, rank =>
        {
            byte[] send = new byte[bytes], recv = new byte[bytes];
            int peer = 1 - rank;
            for (int round = 0; round < 30; round++)
            {
                if (rank == round % 2)
                {
                    for (int i = 0; i < bytes; i++) send[i] = Pattern(round, rank, i);
                    cMPI.Send(send, 0, bytes, MPI_BYTE, peer, round, cMPI.COMM_WORLD);
                }
                else
                {
                    cMPI.Irecv(recv, 0, bytes, MPI_BYTE, peer, round, cMPI.COMM_WORLD, out var request);
                    cMPI.Wait(ref request, out var st);
                    Assert.Equal(bytes, st.ByteCount);
                    for (int i = 0; i < bytes; i++)
                        if (recv[i] != Pattern(round, peer, i))
                            Assert.Fail($"rank {rank}, round {round}: byte {i} is {recv[i]}, expected {Pattern(round, peer, i)}");
                }
            }
        });
        // Both ranks live in this process and share the pool: a few arrays kept, reused rather than one per message.
        Assert.InRange(PayloadPool.Kept(bytes), 1, 4);
    }
}
