namespace CloudMpi.Libc;

/// <summary>
/// A rank's stdout as mpirun gives it to a C program: a terminal (Open MPI 4's orted opens a pseudo-terminal for each
/// rank), so glibc buffers it by lines. A process that dies of a signal (abort(), a fault) never flushes its buffer:
/// the unfinished last line is lost unless fflush wrote it out.
/// </summary>
public interface ILineBufferedOutput
{
    /// <summary>Drops what was written after the last newline and not flushed since (the rank died with it).</summary>
    void DropUnflushedLine();
}
