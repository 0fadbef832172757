using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>
/// Buffered and ready sends. cMPI sends are eager (the data is copied into the message at once), so a buffered
/// send is a standard send that also checks the attached buffer could hold the message, as MPI requires, and a
/// ready send is a standard send (its precondition, a posted receive, only makes it faster).
/// </summary>
public static partial class cMPI
{
    /// <summary>Bytes MPI_Bsend needs beyond the data per message (Open MPI's MPI_BSEND_OVERHEAD).</summary>
    public const int BSEND_OVERHEAD = 128;

    /// <summary>The buffer attached by MPI_Buffer_attach, and its size in bytes.</summary>
    internal sealed class AttachedBuffer(Array buffer, int offset, int size, object pointer)
    {
        public Array Buffer { get; } = buffer;
        public int Offset { get; } = offset;
        public int Size { get; } = size;
        /// <summary>The attached pointer as the program gave it (a Ptr of the buffer's own element type), for a
        /// detach into a `void *` handle.</summary>
        public object Pointer { get; } = pointer;
    }

    public static int Buffer_attach<T>(T[] buffer, int offset, int size) where T : unmanaged
    {
        const string call = "MPI_Buffer_attach";
        var ctx = Ctx(call);
        if (ctx.Bsend != null) throw new MpiException(call, ERR_BUFFER, "a buffer is already attached");
        if (size < 0) throw new MpiException(call, ERR_ARG, $"negative size {size}");
        Buffers.Array(call, buffer, offset, size, Datatype.MPI_BYTE);
        ctx.Bsend = new AttachedBuffer(buffer, offset, size, new Ptr<T>(buffer, offset));
        return SUCCESS;
    }

    /// <summary>MPI_Buffer_detach: gives back the attached buffer and its size (every buffered message has left already).</summary>
    public static int Buffer_detach<T>(out Ptr<T> buffer, out int size) where T : unmanaged
    {
        // `void *p; MPI_Buffer_detach(&p, &size)`: the pointer the program attached, offset and all
        int rc = Buffer_detach(out T[] array, out size, out int offset);
        buffer = new Ptr<T>(array, offset);
        return rc;
    }

    /// <summary>MPI_Buffer_detach into a `void *` the program keeps as an opaque handle (it compares it with the pointer
    /// it attached, frees it): that pointer, as attached; NULL when no buffer was attached.</summary>
    public static int Buffer_detach(out object? buffer, out int size)
    {
        var attached = Ctx("MPI_Buffer_detach").Bsend;
        buffer = attached?.Pointer;
        size = attached?.Size ?? 0;
        RankContext.Current.Bsend = null;
        return SUCCESS;
    }

    public static int Buffer_detach<T>(out T[] buffer, out int size) where T : unmanaged =>
        Buffer_detach(out buffer, out size, out _);

    private static int Buffer_detach<T>(out T[] buffer, out int size, out int offset) where T : unmanaged
    {
        const string call = "MPI_Buffer_detach";
        var ctx = Ctx(call);
        var attached = ctx.Bsend;
        if (attached == null)
        {
            buffer = [];
            size = offset = 0;
            return SUCCESS;
        }
        buffer = attached.Buffer as T[]
                 ?? throw new MpiException(call, ERR_BUFFER, $"the attached buffer is a {attached.Buffer.GetType().Name}, not a {typeof(T).Name}[]");
        size = attached.Size;
        offset = attached.Offset;
        ctx.Bsend = null;
        return SUCCESS;
    }

    private static void CheckBsendSpace(string call, RankContext ctx, int bytes)
    {
        int available = ctx.Bsend?.Size ?? 0;
        if (bytes + BSEND_OVERHEAD > available)
            throw new MpiException(call, ERR_BUFFER,
                $"a buffered send of {bytes} bytes needs {bytes + BSEND_OVERHEAD} bytes of attached buffer (MPI_Buffer_attach), {available} attached");
    }

    public static int Bsend<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Bsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        var data = Buffers.PeerData(call, buf, offset, count, datatype, dest).Bytes;
        if (dest != PROC_NULL) CheckBsendSpace(call, ctx, data.Length);
        SendCore(ctx, call, data, dest, tag, comm, sync: false);
        return SUCCESS;
    }

    public static int Bsend<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Bsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        var data = Buffers.PeerDataScalar(call, ref buf, count, datatype, dest).Bytes;
        if (dest != PROC_NULL) CheckBsendSpace(call, ctx, data.Length);
        SendCore(ctx, call, data, dest, tag, comm, sync: false);
        return SUCCESS;
    }

    /// <summary>MPI_Ibsend of a pointer: a view (a struct field, memory read as another type) is staged, and a receive's
    /// completion writes it back (<see cref="PtrBuffer.Pending{T}"/>). NULL is null: the array overload checks it.</summary>
    public static int Ibsend<T>(Ptr<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        Ibsend(PtrBuffer.Pending(buf, out int offset)!, offset, count, datatype, dest, tag, comm, out request);

    public static int Ibsend<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Ibsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        var data = Buffers.PeerData(call, buf, offset, count, datatype, dest).Bytes;
        if (dest != PROC_NULL) CheckBsendSpace(call, ctx, data.Length);
        SendCore(ctx, call, data, dest, tag, comm, sync: false);
        request = new Request.Completed(default, "MPI_Ibsend (complete)");
        return SUCCESS;
    }

    public static int Rsend<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Rsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, Buffers.PeerData(call, buf, offset, count, datatype, dest).Bytes, dest, tag, comm, sync: false);
        return SUCCESS;
    }

    public static int Rsend<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Rsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, Buffers.PeerDataScalar(call, ref buf, count, datatype, dest).Bytes, dest, tag, comm, sync: false);
        return SUCCESS;
    }

    /// <summary>MPI_Irsend of a pointer: a view (a struct field, memory read as another type) is staged, and a receive's
    /// completion writes it back (<see cref="PtrBuffer.Pending{T}"/>). NULL is null: the array overload checks it.</summary>
    public static int Irsend<T>(Ptr<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        Irsend(PtrBuffer.Pending(buf, out int offset)!, offset, count, datatype, dest, tag, comm, out request);

    public static int Irsend<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Irsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, Buffers.PeerData(call, buf, offset, count, datatype, dest).Bytes, dest, tag, comm, sync: false);
        request = new Request.Completed(default, "MPI_Irsend (complete)");
        return SUCCESS;
    }

    public static int Irsend<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Irsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, Buffers.PeerDataScalar(call, ref buf, count, datatype, dest).Bytes, dest, tag, comm, sync: false);
        request = new Request.Completed(default, "MPI_Irsend (complete)");
        return SUCCESS;
    }

    public static int Ibsend<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Ibsend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        var data = Buffers.PeerDataScalar(call, ref buf, count, datatype, dest).Bytes;
        if (dest != PROC_NULL) CheckBsendSpace(call, ctx, data.Length);
        SendCore(ctx, call, data, dest, tag, comm, sync: false);
        request = new Request.Completed(default, "MPI_Ibsend (complete)");
        return SUCCESS;
    }
}
