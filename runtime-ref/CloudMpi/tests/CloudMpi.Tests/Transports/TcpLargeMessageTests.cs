using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Transports;

/// <summary>
/// Large tcp messages without the copies of a message array (issue 28): a send written straight from the user's memory
/// (<see cref="IDirectSendTransport"/>), a payload read straight into the buffer of the receive it matches
/// (<see cref="IDirectReceiveSink"/>). Every byte arrives, in MPI's order among the small (copied) messages around
/// them, for every send mode, a derived datatype's packed bytes and a buffer at an offset; a message to oneself, a
/// receive posted late and a receive too small still take the message path (a truncation is still an error).
/// </summary>
public class TcpLargeMessageTests
{
    private readonly TcpJob job = new();

    private static byte Pattern(int size, int i) => (byte)(i * 31 + size);

    private static byte[] Filled(int size)
    {
        var a = new byte[size];
        for (int i = 0; i < size; i++) a[i] = Pattern(size, i);
        return a;
    }

    private static void AssertFilled(int size, byte[] a, int count)
    {
        Assert.Equal(size, count);
        for (int i = 0; i < size; i++)
            if (a[i] != Pattern(size, i)) Assert.Fail($"{size}-byte message: byte {i} is {a[i]}, sent {Pattern(size, i)}");
    }

    [Fact]
    public void EveryByteArrivesInOrderForEverySendMode()
    {
        // Around the direct receives' threshold (4096, the small-frame buffer) and the direct sends' (128 KiB), and large
        // ones (more than the socket buffers hold).
        int[] sizes = [1, 4095, 4096, 4097, 65_536 + 3, (128 << 10) - 1, 128 << 10, (128 << 10) + 1, (1 << 20) + 7, 5 << 20];
        const int modes = 3; // Send, Ssend, Isend
        job.Run(2, rank =>
        {
            var world = cMPI.COMM_WORLD;
            int[] marker = new int[1];
            foreach (int size in sizes)
            {
                for (int mode = 0; mode < modes; mode++)
                {
                    if (rank == 0)
                    {
                        var data = Filled(size);
                        if (mode == 0) cMPI.Send(data, 0, size, MPI_BYTE, 1, 7, world);
                        else if (mode == 1) cMPI.Ssend(data, 0, size, MPI_BYTE, 1, 7, world);
                        else
                        {
                            cMPI.Isend(data, 0, size, MPI_BYTE, 1, 7, world, out var r);
                            cMPI.Wait(ref r, out _);
                        }
                        Array.Clear(data); // the buffer is free once the send returned
                        marker[0] = size + mode;
                        cMPI.Send(marker, 0, 1, MPI_INT, 1, 7, world); // same tag: must not overtake
                    }
                    else
                    {
                        var got = new byte[size];
                        cMPI.Recv(got, 0, size, MPI_BYTE, 0, 7, world, out var st);
                        AssertFilled(size, got, st.ByteCount);
                        cMPI.Recv(marker, 0, 1, MPI_INT, 0, 7, world, out _);
                        Assert.Equal(size + mode, marker[0]);
                    }
                }
            }
        });
        var sender = job.Transports[0];
        int direct = sizes.Count(s => s >= sender.DirectSendMinBytes) * modes;
        Assert.Equal((long)direct, sender.FramesSentDirect);
    }

    [Fact]
    public void ADerivedDatatypesPackedBytesAreSentDirectly()
    {
        const int blocks = 100_000; // every other int of 200 000: 400 000 packed bytes
        job.Run(2, rank =>
        {
            var world = cMPI.COMM_WORLD;
            cMPI.Type_vector(blocks, 1, 2, MPI_INT, out var everyOther);
            cMPI.Type_commit(ref everyOther);
            if (rank == 0)
            {
                var all = Enumerable.Range(0, 2 * blocks).ToArray();
                cMPI.Send(all, 0, 1, everyOther, 1, 3, world);
            }
            else
            {
                var got = new int[blocks];
                cMPI.Recv(got, 0, blocks, MPI_INT, 0, 3, world, out _);
                for (int i = 0; i < blocks; i++)
                    if (got[i] != 2 * i) Assert.Fail($"element {i} is {got[i]}, sent {2 * i}");
            }
            cMPI.Type_free(ref everyOther);
        });
        Assert.Equal(1L, job.Transports[0].FramesSentDirect);
    }

    [Fact]
    public void ALargeMessageToOneselfIsAMessageOfItsOwn()
    {
        const int size = 1 << 20;
        job.Run(2, rank =>
        {
            var world = cMPI.COMM_WORLD;
            var data = Filled(size);
            cMPI.Isend(data, 0, size, MPI_BYTE, rank, 9, world, out var r);
            Array.Clear(data); // the eager send copied it: the receive below must still see the pattern
            var got = new byte[size];
            cMPI.Recv(got, 0, size, MPI_BYTE, rank, 9, world, out var st);
            cMPI.Wait(ref r, out _);
            AssertFilled(size, got, st.ByteCount);
        });
        Assert.Equal(0L, job.Transports[0].FramesSentDirect + job.Transports[1].FramesSentDirect);
    }

    [Fact]
    public void APostedReceiveGetsThePayloadStraightInItsBuffer()
    {
        const int doubles = 1 << 17, at = 3; // 1 MiB, at an offset of the receive's array
        long inPlaceBefore = 0, inPlaceAfter = 0;
        job.Run(2, rank =>
        {
            var world = cMPI.COMM_WORLD;
            if (rank == 0)
            {
                var data = Enumerable.Range(0, doubles).Select(i => i * 0.5).ToArray();
                var waited = Stopwatch.StartNew(); // until rank 1 has posted its receive (or, failing, 20 s)
                while (job.Mailbox(1).PostedWithTargetCount == 0 && waited.Elapsed < TimeSpan.FromSeconds(20)) Thread.Sleep(1);
                cMPI.Send(data, 0, doubles, MPI_DOUBLE, 1, 4, world);
                cMPI.Send(data, 0, doubles, MPI_DOUBLE, 1, 5, world); // arrives before its receive is posted
                cMPI.Sendrecv(data, 0, doubles, MPI_DOUBLE, 1, 6, new double[1], 0, 1, MPI_DOUBLE, 1, 7, world, out _);
                return;
            }
            inPlaceBefore = job.Transports[1].FramesReceivedInPlace;
            var got = new double[doubles + at + 1];
            cMPI.Recv(got, at, doubles, MPI_DOUBLE, 0, 4, world, out var st);
            Assert.Equal(doubles * 8, st.ByteCount);
            for (int i = 0; i < doubles; i++) if (got[at + i] != i * 0.5) Assert.Fail($"element {i} is {got[at + i]}");
            Assert.Equal((0.0, 0.0), (got[at - 1], got[at + doubles])); // nothing written outside the receive's elements
            Thread.Sleep(50); // the second message is there before this receive
            Array.Clear(got);
            cMPI.Recv(got, 0, doubles, MPI_DOUBLE, 0, 5, world, out _);
            Assert.Equal(((doubles - 1) * 0.5, 0.0), (got[doubles - 1], got[doubles]));
            Array.Clear(got);
            cMPI.Sendrecv(new double[1], 0, 1, MPI_DOUBLE, 0, 7, got, 1, doubles, MPI_DOUBLE, 0, 6, world, out _);
            Assert.Equal((0.5, (doubles - 1) * 0.5), (got[2], got[doubles]));
            inPlaceAfter = job.Transports[1].FramesReceivedInPlace;
        });
        if (OperatingSystem.IsLinux()) Assert.True(inPlaceAfter - inPlaceBefore >= 1, "no payload was read into a posted receive's buffer");
    }

    /// <summary>Large messages to a rank waiting in MPI_Recv, every byte checked.</summary>
    private static void ReceiveLargeMessages(TcpJob job, int messages, int size)
    {
        job.Run(2, rank =>
        {
            var world = cMPI.COMM_WORLD;
            for (int i = 0; i < messages; i++)
            {
                if (rank == 0)
                {
                    cMPI.Send(Filled(size + i), 0, size + i, MPI_BYTE, 1, 2, world);
                    continue;
                }
                var got = new byte[size + i];
                cMPI.Recv(got, 0, size + i, MPI_BYTE, 0, 2, world, out var st);
                AssertFilled(size + i, got, st.ByteCount);
            }
        });
    }

    /// <summary>
    /// Large messages to a rank waiting in MPI_Recv arrive whole, whichever thread reads them: the rank's own (which
    /// polls for the rest of a frame it has begun instead of sleeping in a blocking receive each time it has emptied
    /// the socket, bench/README.md round 16) or the connection's reader. Which one reads, and whether the rank ever
    /// finds the socket empty, is the machine's timing: the two tests after this one hold the rest of a frame back to
    /// see each way the rank takes.
    /// </summary>
    [Fact]
    public void LargeMessagesToAWaitingRankArriveWhole()
    {
        ReceiveLargeMessages(new TcpJob(), 6, 4 << 20); // every byte checked as it arrives
    }

    /// <summary>A connected pair of loopback sockets: the test writes on the first, a <see cref="TcpInbound"/> reads the second.</summary>
    private static (Socket Writer, Socket Reader) LoopbackPair()
    {
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        listener.Listen(1);
        var writer = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        writer.Connect(listener.LocalEndPoint!);
        return (writer, listener.Accept());
    }

    private sealed class Collected : IMessageSink
    {
        public readonly List<cMPIMessage> Messages = [];
        public void Deliver(cMPIMessage message) { lock (Messages) Messages.Add(message); }
    }

    /// <summary>
    /// The rank's own thread reads a frame whose first bytes have come and whose rest the sender holds back until
    /// <paramref name="releaseWhen"/> says so (the test is the sender, so no timing of the machine decides what the rank
    /// sees): the frame is delivered whole; the connection's counters after it.
    /// </summary>
    private static TcpInbound ReadAFrameWhoseRestIsHeldBack(TimeSpan patience, Func<TcpInbound, bool> releaseWhen)
    {
        const int payload = 200_000, first = 1_000;
        var (writer, reader) = LoopbackPair();
        using var _w = writer;
        using var _r = reader;
        var sink = new Collected();
        var inbound = new TcpInbound(reader, from: 1, worldSize: 2, maxPayload: 1 << 20, directMin: int.MaxValue, sink, patience);
        var frame = MessageCodec.Encode(new cMPIMessage { Data = Filled(payload), Source = 1, SenderWorldRank = 1, Tag = 2, MsgId = 1 });
        writer.Send(frame.AsSpan(0, MessageCodec.HeaderSize + first));
        var rest = new Thread(() =>
        {
            var waited = Stopwatch.StartNew();
            while (!releaseWhen(inbound) && waited.Elapsed < TimeSpan.FromSeconds(20)) Thread.Sleep(1);
            writer.Send(frame.AsSpan(MessageCodec.HeaderSize + first));
        }) { IsBackground = true };
        rest.Start();
        Assert.True(inbound.TryTake());
        while (!inbound.ReadArrived()) Thread.Yield(); // the first bytes may not be readable yet
        rest.Join();
        var m = Assert.Single(sink.Messages);
        AssertFilled(payload, m.Data, payload);
        return inbound;
    }

    /// <summary>When no byte of a frame's rest comes for the patience (zero here: at once), the rank waits for it in the
    /// kernel, and the frame still arrives whole: the rest is sent only once the rank has gone to wait for it.</summary>
    [Fact]
    public void AfterThePatienceTheRestOfAFrameIsWaitedForInTheKernel()
    {
        var inbound = ReadAFrameWhoseRestIsHeldBack(TimeSpan.Zero, c => Volatile.Read(ref c.RankRestSleeps) > 0);
        Assert.True(inbound.RankRestSleeps > 0, "the rank never waited in the kernel for the rest of the frame");
    }

    /// <summary>Within the patience the rank polls for the rest of a frame and never sleeps on it.</summary>
    [Fact]
    public void WithinThePatienceTheRestOfAFrameIsPolledFor()
    {
        var inbound = ReadAFrameWhoseRestIsHeldBack(TimeSpan.FromMinutes(5), c => Volatile.Read(ref c.RankRestPolls) > 100);
        Assert.Equal(0L, inbound.RankRestSleeps);
        Assert.True(inbound.RankRestPolls > 100);
    }

    [Fact]
    public void AMessageLargerThanThePostedReceiveIsTruncatedAsBefore()
    {
        const int sent = 16 << 10, room = 8 << 10;
        job.Run(2, rank =>
        {
            var world = cMPI.COMM_WORLD;
            if (rank == 0)
            {
                Thread.Sleep(50); // rank 1 has posted its receive
                cMPI.Send(Filled(sent), 0, sent, MPI_BYTE, 1, 8, world);
                return;
            }
            var got = new byte[room];
            var e = Assert.Throws<MpiException>(() => cMPI.Recv(got, 0, room, MPI_BYTE, 0, 8, world, out _));
            Assert.Equal(cMPI.ERR_TRUNCATE, e.ErrorClass);
            for (int i = 0; i < room; i++) if (got[i] != Pattern(sent, i)) Assert.Fail($"byte {i} of the part that fits is {got[i]}");
        });
    }
}
