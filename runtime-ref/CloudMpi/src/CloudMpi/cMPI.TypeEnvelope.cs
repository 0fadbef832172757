namespace CloudMpi;

/// <summary>
/// Datatype decoding (MPI-3.1 4.1.13): MPI_Type_get_envelope says how a datatype was made (its combiner) and how many
/// integers, addresses and datatypes its constructor took; MPI_Type_get_contents gives them back. Each constructor
/// records its arguments (<see cref="Datatype.Envelope"/>); libraries that walk a user's datatype (I/O layers,
/// serializers) call these two.
/// </summary>
public static partial class cMPI
{
    // The combiners, Open MPI 4.1's values (its enum keeps the places of the MPI-1 *_INTEGER ones MPI-3.0 removed).
    public const int COMBINER_NAMED = 0;
    public const int COMBINER_DUP = 1;
    public const int COMBINER_CONTIGUOUS = 2;
    public const int COMBINER_VECTOR = 3;
    public const int COMBINER_HVECTOR = 5;
    public const int COMBINER_INDEXED = 6;
    public const int COMBINER_HINDEXED = 8;
    public const int COMBINER_INDEXED_BLOCK = 9;
    public const int COMBINER_STRUCT = 11;
    public const int COMBINER_SUBARRAY = 12;
    public const int COMBINER_DARRAY = 13;
    public const int COMBINER_F90_REAL = 14;
    public const int COMBINER_F90_COMPLEX = 15;
    public const int COMBINER_F90_INTEGER = 16;
    public const int COMBINER_RESIZED = 17;
    public const int COMBINER_HINDEXED_BLOCK = 18;

    /// <summary>MPI_Type_get_envelope: the combiner and the sizes of the three argument arrays MPI_Type_get_contents fills.</summary>
    public static int Type_get_envelope(Datatype datatype, out int num_integers, out int num_addresses, out int num_datatypes, out int combiner)
    {
        const string call = "MPI_Type_get_envelope";
        var e = EnvelopeOf(call, datatype);
        num_integers = e.Integers.Length;
        num_addresses = e.Addresses.Length;
        num_datatypes = e.Types.Length;
        combiner = e.Combiner;
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Type_get_contents: the constructor's arguments. A predefined datatype among them is the handle itself; a
    /// derived one is a new handle to the same type (the program frees it), as Open MPI gives. A predefined
    /// <paramref name="datatype"/> has no contents: MPI_ERR_INTERN, the class Open MPI 4.1 returns.
    /// </summary>
    public static int Type_get_contents(Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
        int[]? array_of_integers, long[]? array_of_addresses, Datatype[]? array_of_datatypes)
    {
        const string call = "MPI_Type_get_contents";
        var e = EnvelopeOf(call, datatype);
        if (e.Combiner == COMBINER_NAMED)
            throw new MpiException(call, ERR_INTERN, $"{datatype.Name} is a predefined datatype: it has no contents (MPI_COMBINER_NAMED)");
        Fill(call, "integers", e.Integers, max_integers, array_of_integers);
        Fill(call, "addresses", e.Addresses, max_addresses, array_of_addresses);
        Fill(call, "datatypes", e.Types, max_datatypes, array_of_datatypes);
        for (int i = 0; i < e.Types.Length; i++)
        {
            var t = e.Types[i];
            if (t.IsPredefined) continue;
            Type_dup(t, out var handle);
            handle.Envelope = t.Envelope;  // the type itself under a new handle, not a dup of it
            array_of_datatypes![i] = handle;
        }
        return SUCCESS;
    }

    private static TypeEnvelope EnvelopeOf(string call, Datatype datatype)
    {
        if (datatype is null || datatype.IsNull) throw new MpiException(call, ERR_TYPE, "invalid datatype (MPI_DATATYPE_NULL)");
        if (datatype.Freed) throw new MpiException(call, ERR_TYPE, $"datatype {datatype.Name} was freed");
        return datatype.Envelope;
    }

    private static void Fill<T>(string call, string what, T[] values, int max, T[]? into)
    {
        if (values.Length == 0) return;
        if (max < values.Length)
            throw new MpiException(call, ERR_ARG, $"max_{what} is {max}, the datatype has {values.Length} (MPI_Type_get_envelope)");
        if (into is null || into.Length < values.Length)
            throw new MpiException(call, ERR_ARG, $"the array of {what} holds {into?.Length ?? 0}, the datatype has {values.Length}");
        values.CopyTo(into, 0);
    }
}
