using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>MPI_Alloc_mem and MPI_Free_mem: memory for MPI is the GC's arrays, as every other buffer.</summary>
public static partial class cMPI
{
    /// <summary>
    /// MPI_Alloc_mem(size, info, &amp;p) with <c>T *p</c>: a new array of size bytes' worth of T (C's sizeof, rounded
    /// up), zeroed as .NET arrays are. T may be any type, a struct holding pointers too: a C program keeps what it
    /// likes in MPI's memory (the Intel MPI Benchmarks allocate their benchmark list, names and function pointers,
    /// there), and only the calls that move bytes need numbers (their <c>unmanaged</c> constraint).
    /// </summary>
    public static int Alloc_mem<T>(long size, Info info, out T[] baseptr)
    {
        const string call = "MPI_Alloc_mem";
        Ctx(call);
        if (size < 0) throw new MpiException(call, ERR_ARG, $"negative size {size}");
        int elementSize = CSizeOf<T>.Size;
        baseptr = new T[(size + elementSize - 1) / elementSize];
        return SUCCESS;
    }

    /// <summary>MPI_Alloc_mem into a pointer the program also moves, or a wrapper's generic result.</summary>
    public static int Alloc_mem<T>(long size, Info info, out Ptr<T> baseptr)
    {
        int rc = Alloc_mem(size, info, out T[] array);
        baseptr = array;
        return rc;
    }

    /// <summary>
    /// MPI_Alloc_mem(size, info, &amp;p) with a <c>void *p</c> that holds pointers of any type (an opaque handle,
    /// graph500's <c>void *xMPI_Alloc_mem(size_t)</c>): size bytes, which each cast back reads as its own type
    /// (Handle.As views a char buffer's bytes).
    /// </summary>
    public static int Alloc_mem(long size, Info info, out object baseptr)
    {
        Alloc_mem(size, info, out byte[] bytes);
        baseptr = bytes;
        return SUCCESS;
    }

    /// <summary>MPI_Free_mem: nothing to give back, the GC collects the array (of any type, as Alloc_mem's).</summary>
    public static int Free_mem<T>(T[]? @base, int offset)
    {
        Ctx("MPI_Free_mem");
        return SUCCESS;
    }
}
