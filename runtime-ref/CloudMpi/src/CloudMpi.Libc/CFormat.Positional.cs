namespace CloudMpi.Libc;

/// <summary>
/// POSIX's positional printf arguments, `%2$s %1$s` and `%1$*2$.*3$f`: the format is rewritten into its sequential
/// form with the arguments in the order that form reads them (each conversion's `*m$` width, `.*m$` precision, then
/// its `n$` value), so the one formatting engine serves both. An argument may be named several times
/// (`%1$d %1$x`), as glibc allows.
/// </summary>
public static partial class CFormat
{
    /// <summary>Whether the format's first conversion specification names its argument (`%n$`); glibc reads the
    /// format as positional then, as POSIX leaves mixing the two forms undefined.</summary>
    private static bool IsPositional(ReadOnlySpan<byte> f)
    {
        for (int i = 0; i < f.Length; i++)
        {
            if (f[i] != '%') continue;
            if (i + 1 < f.Length && f[i + 1] == '%') { i++; continue; }
            int j = i + 1;
            while (j < f.Length && f[j] >= '0' && f[j] <= '9') j++;
            return j > i + 1 && j < f.Length && f[j] == '$';
        }

        return false;
    }

    /// <summary>The sequential format and arguments of a positional one.</summary>
    private static (byte[] Format, object?[] Args) Sequential(ReadOnlySpan<byte> f, object?[]? args)
    {
        var format = new List<byte>(f.Length);
        var ordered = new List<object?>();
        int i = 0;
        while (i < f.Length)
        {
            byte b = f[i++];
            format.Add(b);
            if (b != '%') continue;
            if (i < f.Length && f[i] == '%') { format.Add(f[i++]); continue; }
            int value = Position(f, ref i);
            while (i < f.Length && "-+ #0'I".Contains((char)f[i])) format.Add(f[i++]);
            if (i < f.Length && f[i] == '*')
            {
                format.Add(f[i++]);
                ordered.Add(Argument(args, Position(f, ref i)));
            }

            while (i < f.Length && f[i] >= '0' && f[i] <= '9') format.Add(f[i++]);
            if (i < f.Length && f[i] == '.')
            {
                format.Add(f[i++]);
                if (i < f.Length && f[i] == '*')
                {
                    format.Add(f[i++]);
                    ordered.Add(Argument(args, Position(f, ref i)));
                }
            }

            // the precision's digits, the length modifier and the conversion, as they stand
            while (i < f.Length && f[i] >= '0' && f[i] <= '9') format.Add(f[i++]);
            while (i < f.Length && "hlLqjzZt".Contains((char)f[i])) format.Add(f[i++]);
            if (i < f.Length) format.Add(f[i++]);
            if (value > 0) ordered.Add(Argument(args, value));
        }

        return (format.ToArray(), ordered.ToArray());
    }

    /// <summary>The `n$` at i (n), or 0 where there is none (i unchanged).</summary>
    private static int Position(ReadOnlySpan<byte> f, ref int i)
    {
        int j = i, n = 0;
        while (j < f.Length && f[j] >= '0' && f[j] <= '9' && n < 100_000) n = n * 10 + (f[j++] - '0');
        if (j == i || j >= f.Length || f[j] != '$') return 0;
        i = j + 1;
        return n;
    }

    private static object? Argument(object?[]? args, int position) =>
        args is not null && position >= 1 && position <= args.Length ? args[position - 1]
            : throw new FormatException($"printf: %{position}$ names no argument (the call has {args?.Length ?? 0})");
}
