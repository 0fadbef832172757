namespace CloudMpi.Libc;

/// <summary>Helpers the translator uses for C array initializers.</summary>
public static class CArray
{
    /// <summary>
    /// An array of <paramref name="length"/> elements starting with <paramref name="items"/>, the rest zero:
    /// C's <c>int a[1000] = {1, 2, 3};</c> without listing 997 zeros.
    /// </summary>
    public static T[] Padded<T>(long length, T[] items)
    {
        if (items.Length > length)
            throw new ArgumentException($"{items.Length} initializers for an array of {length}");
        var result = new T[length];
        Array.Copy(items, result, items.Length);
        return result;
    }

    /// <summary>
    /// A copy of a fixed array that lives inside a struct (a C# inline array), for reading it as a C
    /// string or buffer: <c>printf("%s", rec.name)</c>.
    /// </summary>
    public static T[] Copy<T>(ReadOnlySpan<T> elements) => elements.ToArray();
}
