namespace CloudMpi;

/// <summary>MPI_Status: who sent a received message, with which tag, and how many bytes it carried.</summary>
public struct Status
{
    public int MPI_SOURCE;
    public int MPI_TAG;
    public int MPI_ERROR;
    /// <summary>Bytes received (for <see cref="cMPI.Get_count(Status, Datatype, out int)"/>).</summary>
    internal int ByteCount;
    /// <summary>Set when the receive was cancelled (MPI_Test_cancelled).</summary>
    internal bool Cancelled;

    internal Status(int source, int tag, int byteCount)
    {
        MPI_SOURCE = source;
        MPI_TAG = tag;
        MPI_ERROR = cMPI.SUCCESS;
        ByteCount = byteCount;
    }

    /// <summary>The status of a receive from MPI_PROC_NULL (source PROC_NULL, tag ANY_TAG, count 0).</summary>
    internal static Status ProcNull => new(cMPI.PROC_NULL, cMPI.ANY_TAG, 0);

    public override readonly string ToString() => $"Status(source={MPI_SOURCE}, tag={MPI_TAG}, error={MPI_ERROR}, bytes={ByteCount})";
}
