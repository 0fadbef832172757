namespace CloudMpi.Libc;

public static partial class CFormat
{
    /// <summary>
    /// Formats sample numbers once, into bytes nobody reads, so that what formatted output runs is compiled before a
    /// program needs it. The exact decimal rounding of floating conversions works in 128-bit integers and BigInteger,
    /// which have no ReadyToRun code (crossgen leaves methods over Int128/UInt128 to the JIT, and the framework's
    /// vectorized span helpers are compiled again for AVX-512): the first <c>%e</c> of a value far from 1 compiled
    /// 15-25 methods on the rank thread, 5-30 ms inside whatever the program was timing (NPB CG and FT print their
    /// residuals and checksums inside their timed loops). cmpi-run calls this on its precompile thread, which the
    /// ranks wait for before their <c>main</c>. Pure: no stream, no rank state.
    /// </summary>
    /// <returns>The bytes formatted (so the work cannot be left out).</returns>
    public static long CompileAhead()
    {
        long bytes = 0;
        // Magnitudes that take each rounding path: 0, near 1 (64-bit digits), scalings beyond 10^27 either way and
        // more than 19 significant digits (BigInteger), subnormals, the largest finite, non-finite values.
        double[] values = [0.0, -0.0, 1.0, -12.0, 0.1, 123456.789, 1.73881944891901e-13, 2.2e-15, 9.87654321e27,
                           1e300, 5e-324, double.MaxValue, double.NaN, double.NegativeInfinity];
        string[] formats = ["%e", "%.14e", "%22.12e", "%E", "%f", "%.13f", "%20.13f", "%g", "%.17g", "%G", "%a",
                            "%8.3e", "%12.2f", "%-+#10.4g"];
        foreach (string format in formats)
        {
            foreach (double v in values)
            {
                bytes += FormatBytes(format, v).Length;
            }
        }
        // BigInteger's own paths change with its length (the span helpers vectorize by 4, 8 or 16 words): one value every
        // 10^20 across the range
        for (int e10 = -320; e10 <= 300; e10 += 20)
        {
            bytes += FormatBytes("%.14e %.17g", 1.2345678901234567 * Math.Pow(10, e10), 9.87654321 * Math.Pow(10, e10)).Length;
        }
        // long double (%L): x87 precision, its own digits
        foreach (string format in (string[])["%Le", "%.20Lf", "%Lg", "%.21Lg"])
        {
            foreach (double v in (double[])[0.1, 1.73881944891901e-13, 1e300])
            {
                bytes += FormatBytes(format, (CLongDouble)v).Length;
            }
        }
        // the integer conversions and widths around them
        bytes += FormatBytes("%d %5d %-3i %ld %lld %u %lu %x %X %o %c %s %10s %p %%", -7, 42, 3, -9L, long.MinValue, 7u,
                             ulong.MaxValue, 255, 255, 8, 'a', "s", "text", 16L).Length;
        return bytes;
    }
}
