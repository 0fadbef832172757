namespace CloudMpi.Libc;

/// <summary>qsort and bsearch on C arrays, with the comparator as the C program wrote it.</summary>
public static partial class Stdlib
{
    /// <summary>
    /// qsort as glibc 2.36 does it for arrays that fit in memory: a top-down merge sort
    /// (glibc's msort: halves of n/2 and n - n/2, ties taken from the left half). So equal
    /// elements keep their order and the comparator sees the same calls, in the same order,
    /// as under glibc: elements of up to 32 bytes are merged where they lie, larger ones
    /// through pointers to where they were, moved once at the end (glibc's indirect sort).
    /// An element may span several slots of the array (the rows of `char names[5][12]`).
    /// (glibc falls back to quicksort only when it cannot allocate the temporary array, and
    /// glibc 2.37+ sorts differently.)
    /// </summary>
    public static void qsort<T>(Ptr<T> @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare)
    {
        ArgumentNullException.ThrowIfNull(compare);
        int width = ElementWidth<T>(size, "qsort");
        if (count.Value <= 1) return;
        int n = checked((int)count.Value);
        @base.AsSpan(checked(n * width)); // bounds check once, up front
        T[] a = @base.Array!;
        int start = @base.Offset;
        if (size.Value <= 32)
        {
            MergeSort(a, start, n, width, new T[n * width], compare);
            return;
        }

        var order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        MergeSort(order, 0, n, 1, new int[n],
            (x, y) => compare(new Ptr<T>(a, start + x[0] * width), new Ptr<T>(a, start + y[0] * width)));
        var sorted = new T[n * width];
        for (int i = 0; i < n; i++) Array.Copy(a, start + order[i] * width, sorted, i * width, width);
        Array.Copy(sorted, 0, a, start, n * width);
    }

    public static void qsort<T>(T[] @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        qsort((Ptr<T>)@base, count, size, compare);

    /// <summary>Merge-sorts n elements of `width` slots each, from slot `start` of a.</summary>
    private static void MergeSort<T>(T[] a, int start, int n, int width, T[] tmp, Func<Ptr<T>, Ptr<T>, int> compare)
    {
        if (n <= 1) return;
        int n1 = n / 2, n2 = n - n1;
        MergeSort(a, start, n1, width, tmp, compare);
        MergeSort(a, start + n1 * width, n2, width, tmp, compare);
        int i = start, j = start + n1 * width, k = 0;
        while (n1 > 0 && n2 > 0)
        {
            if (compare(new Ptr<T>(a, i), new Ptr<T>(a, j)) <= 0)
            {
                Move(a, ref i, tmp, ref k, width);
                n1--;
            }
            else
            {
                Move(a, ref j, tmp, ref k, width);
                n2--;
            }
        }

        // The rest of the left half goes after the merged part; the rest of the right half is in place.
        Array.Copy(a, i, tmp, k, n1 * width);
        Array.Copy(tmp, 0, a, start, (n - n2) * width);
    }

    private static void Move<T>(T[] from, ref int i, T[] to, ref int k, int width)
    {
        if (width == 1)
        {
            to[k++] = from[i++];
            return;
        }

        Array.Copy(from, i, to, k, width);
        i += width;
        k += width;
    }

    /// <summary>bsearch as glibc's: probes the middle (l + u) / 2 and returns the first match met, or NULL.</summary>
    public static Ptr<T> bsearch<T>(Ptr<T> key, Ptr<T> @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        bsearch_by_key<T, T>(key, @base, count, size, compare);

    public static Ptr<T> bsearch<T>(Ptr<T> key, T[] @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        bsearch_by_key<T, T>(key, (Ptr<T>)@base, count, size, compare);

    /// <summary>bsearch(&amp;x, ...): the key passed as the value it points to.</summary>
    public static Ptr<T> bsearch<T>(T key, Ptr<T> @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        bsearch_by_key<T, T>(new Ptr<T>([key]), @base, count, size, compare);

    public static Ptr<T> bsearch<T>(T key, T[] @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        bsearch_by_key<T, T>(new Ptr<T>([key]), (Ptr<T>)@base, count, size, compare);

    /// <summary>
    /// bsearch with a key of another type than the elements (`bsearch(&amp;id, recs, n, sizeof *recs, by_id)` or
    /// `bsearch(name, table, ...)`, the comparator reading its first pointer as the key and its second as an element):
    /// the translation names it and both types (`bsearch_by_key&lt;int, rec&gt;(...)`): as overloads of bsearch these
    /// would make a search by an element of the buffer's own type ambiguous (CS0121).
    /// </summary>
    public static Ptr<T> bsearch_by_key<TKey, T>(Ptr<TKey> key, Ptr<T> @base, SizeT count, SizeT size,
        Func<Ptr<TKey>, Ptr<T>, int> compare)
    {
        ArgumentNullException.ThrowIfNull(compare);
        int width = ElementWidth<T>(size, "bsearch");
        ulong l = 0, u = count.Value;
        while (l < u)
        {
            ulong middle = (l + u) / 2;
            var p = @base + (long)middle * width;
            int c = compare(key, p);
            if (c < 0) u = middle;
            else if (c > 0) l = middle + 1;
            else return p;
        }

        return default;
    }

    public static Ptr<T> bsearch_by_key<TKey, T>(Ptr<TKey> key, T[] @base, SizeT count, SizeT size,
        Func<Ptr<TKey>, Ptr<T>, int> compare) => bsearch_by_key(key, (Ptr<T>)@base, count, size, compare);

    public static Ptr<T> bsearch_by_key<TKey, T>(TKey key, Ptr<T> @base, SizeT count, SizeT size,
        Func<Ptr<TKey>, Ptr<T>, int> compare) => bsearch_by_key(new Ptr<TKey>([key]), @base, count, size, compare);

    public static Ptr<T> bsearch_by_key<TKey, T>(TKey key, T[] @base, SizeT count, SizeT size,
        Func<Ptr<TKey>, Ptr<T>, int> compare) => bsearch_by_key(new Ptr<TKey>([key]), (Ptr<T>)@base, count, size, compare);

    /// <summary>How many slots of the array one element of `size` bytes takes: 1, or a row of several.</summary>
    private static int ElementWidth<T>(SizeT size, string function)
    {
        ulong slot = (ulong)CSizeOf<T>.Size;
        if (size.Value == 0 || size.Value % slot != 0)
        {
            throw new ArgumentException(
                $"{function}: element size {size} is not a multiple of sizeof({typeof(T).Name}) = {slot}; the array must hold the elements being sorted");
        }

        return checked((int)(size.Value / slot));
    }
}
