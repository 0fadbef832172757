namespace CloudMpi.Libc;

/// <summary>qsort and bsearch on C arrays, with the comparator as the C program wrote it.</summary>
public static partial class Stdlib
{
    /// <summary>
    /// qsort as glibc 2.36 does it for arrays that fit in memory: a top-down merge sort
    /// (glibc's msort: halves of n/2 and n - n/2, ties taken from the left half). So equal
    /// elements keep their order and the comparator sees the same calls, in the same order,
    /// as under glibc. (glibc falls back to quicksort only when it cannot allocate the
    /// temporary array, and glibc 2.37+ sorts differently.)
    /// </summary>
    public static void qsort<T>(Ptr<T> @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare)
    {
        ArgumentNullException.ThrowIfNull(compare);
        CheckElementSize<T>(size, "qsort");
        if (count.Value <= 1) return;
        int n = checked((int)count.Value);
        @base.AsSpan(n); // bounds check once, up front
        MergeSort(@base.Array!, @base.Offset, n, new T[n], compare);
    }

    public static void qsort<T>(T[] @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        qsort((Ptr<T>)@base, count, size, compare);

    private static void MergeSort<T>(T[] a, int start, int n, T[] tmp, Func<Ptr<T>, Ptr<T>, int> compare)
    {
        if (n <= 1) return;
        int n1 = n / 2, n2 = n - n1;
        MergeSort(a, start, n1, tmp, compare);
        MergeSort(a, start + n1, n2, tmp, compare);
        int i = start, j = start + n1, k = 0;
        while (n1 > 0 && n2 > 0)
        {
            if (compare(new Ptr<T>(a, i), new Ptr<T>(a, j)) <= 0)
            {
                tmp[k++] = a[i++];
                n1--;
            }
            else
            {
                tmp[k++] = a[j++];
                n2--;
            }
        }

        // The rest of the left half goes after the merged part; the rest of the right half is in place.
        Array.Copy(a, i, tmp, k, n1);
        Array.Copy(tmp, 0, a, start, n - n2);
    }

    /// <summary>bsearch as glibc's: probes the middle (l + u) / 2 and returns the first match met, or NULL.</summary>
    public static Ptr<T> bsearch<T>(Ptr<T> key, Ptr<T> @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare)
    {
        ArgumentNullException.ThrowIfNull(compare);
        CheckElementSize<T>(size, "bsearch");
        ulong l = 0, u = count.Value;
        while (l < u)
        {
            ulong middle = (l + u) / 2;
            var p = @base + (long)middle;
            int c = compare(key, p);
            if (c < 0) u = middle;
            else if (c > 0) l = middle + 1;
            else return p;
        }

        return default;
    }

    public static Ptr<T> bsearch<T>(Ptr<T> key, T[] @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        bsearch(key, (Ptr<T>)@base, count, size, compare);

    /// <summary>bsearch(&amp;x, ...): the key passed as the value it points to.</summary>
    public static Ptr<T> bsearch<T>(T key, Ptr<T> @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        bsearch(new Ptr<T>([key]), @base, count, size, compare);

    public static Ptr<T> bsearch<T>(T key, T[] @base, SizeT count, SizeT size, Func<Ptr<T>, Ptr<T>, int> compare) =>
        bsearch(new Ptr<T>([key]), (Ptr<T>)@base, count, size, compare);

    private static void CheckElementSize<T>(SizeT size, string function)
    {
        if (size.Value != (ulong)CSizeOf<T>.Size)
        {
            throw new ArgumentException(
                $"{function}: element size {size} is not sizeof({typeof(T).Name}) = {CSizeOf<T>.Size}; the array must hold the elements being sorted");
        }
    }
}
