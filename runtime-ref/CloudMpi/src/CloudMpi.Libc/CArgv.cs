namespace CloudMpi.Libc;

/// <summary>main's argv as C sees it: an array of C strings, with argv[argc] == NULL.</summary>
public static class CArgv
{
    /// <summary>The launcher's arguments (program name first) as <c>char *argv[]</c>.</summary>
    public static Ptr<sbyte>[] From(string[] argv)
    {
        var result = new Ptr<sbyte>[argv.Length + 1];
        for (int i = 0; i < argv.Length; i++)
            result[i] = CStrings.FromString(argv[i]);
        return result; // the last element stays null, as C guarantees
    }

    /// <summary>main's third parameter, <c>char **envp</c>: the process's environment as getenv reads it,
    /// "NAME=value" strings in name order, ending with NULL (<see cref="Posix.environ"/>).</summary>
    public static Ptr<sbyte>[] Environment() => Posix.environ.Array!;
}
