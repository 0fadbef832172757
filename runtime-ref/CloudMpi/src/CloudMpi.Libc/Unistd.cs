using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

#pragma warning disable CS8981 // the C library's lower-case type name
/// <summary>struct option of &lt;getopt.h&gt; (getopt_long's table).</summary>
public struct option
{
    public Ptr<sbyte> name;
    public int has_arg;
    public Ptr<int> flag;
    public int val;
}
#pragma warning restore CS8981

/// <summary>&lt;unistd.h&gt;: getopt and getopt_long (glibc's, with its argument permutation), gethostname, getpid,
/// sleep/usleep.</summary>
public static class Unistd
{
    /// <summary>getopt's globals, one set per rank (each rank is a process in C).</summary>
    internal sealed class GetoptState
    {
        public Ptr<sbyte> Optarg;
        public int Optind = 1, Opterr = 1, Optopt = '?';
        public Ptr<sbyte> NextChar;          // the rest of a grouped option word (-abc), or NULL
        public int FirstNonOption = 1, LastNonOption = 1;
        public bool Initialized, Permute;
    }

    private static GetoptState S => LibcState.Current.Getopt;

    public static Ptr<sbyte> optarg { get => S.Optarg; set => S.Optarg = value; }

    /// <summary>The next argv index; a program sets it to 1 to scan again, or 0 to also re-read the ordering.</summary>
    public static int optind { get => S.Optind; set => S.Optind = value; }

    public static int opterr { get => S.Opterr; set => S.Opterr = value; }

    public static int optopt { get => S.Optopt; set => S.Optopt = value; }

    public static int getopt(int argc, Ptr<Ptr<sbyte>> argv, string optstring) => Next(argc, argv, optstring);

    public static int getopt(int argc, Ptr<Ptr<sbyte>> argv, Ptr<sbyte> optstring) =>
        Next(argc, argv, CString.Str(optstring));

    // getopt.h's has_arg values
    public const int no_argument = 0;
    public const int required_argument = 1;
    public const int optional_argument = 2;

    /// <summary>getopt_long: getopt, and `--name`, `--name=value`, `--name value` from longopts (ended by an
    /// entry with a NULL name); a unique prefix names an option, as in glibc. An option with a flag stores its val
    /// there and returns 0; longindex, when not NULL, gets the option's index.</summary>
    public static int getopt_long(int argc, Ptr<Ptr<sbyte>> argv, string optstring, Ptr<option> longopts, Ptr<int> longindex) =>
        Next(argc, argv, optstring, longopts, longindex);

    public static int getopt_long(int argc, Ptr<Ptr<sbyte>> argv, Ptr<sbyte> optstring, Ptr<option> longopts, Ptr<int> longindex) =>
        Next(argc, argv, CString.Str(optstring), longopts, longindex);

    public static int getopt_long(int argc, Ptr<Ptr<sbyte>> argv, string optstring, Ptr<option> longopts, ref int longindex)
    {
        var index = new int[] { longindex };
        int c = Next(argc, argv, optstring, longopts, index);
        longindex = index[0];
        return c;
    }

    public static int getopt_long(int argc, Ptr<Ptr<sbyte>> argv, Ptr<sbyte> optstring, Ptr<option> longopts, ref int longindex) =>
        getopt_long(argc, argv, CString.Str(optstring), longopts, ref longindex);

    /// <summary>glibc's default ordering: options are found anywhere in argv, and the non-options are moved
    /// after them (so optind ends at the first non-option); a leading '+' (or POSIXLY_CORRECT) stops at the
    /// first non-option; a leading ':' reports a missing argument as ':' without a message.</summary>
    private static int Next(int argc, Ptr<Ptr<sbyte>> argv, string optstring, Ptr<option> longopts = default,
                            Ptr<int> longindex = default)
    {
        var s = S;
        if (s.Optind == 0 || !s.Initialized)
        {
            // As glibc, the ordering is read once: later scans started with optind = 1 keep it.
            if (s.Optind == 0) s.Optind = 1;
            s.FirstNonOption = s.LastNonOption = s.Optind;
            s.NextChar = default;
            s.Permute = !(optstring.StartsWith('+') || Environment.GetEnvironmentVariable("POSIXLY_CORRECT") is not null);
            s.Initialized = true;
        }

        bool permute = s.Permute;
        string spec = optstring.TrimStart('+', '-');
        bool quiet = spec.StartsWith(':');
        s.Optarg = default;

        if (s.NextChar.IsNull || s.NextChar.Value == 0)
        {
            if (s.LastNonOption > s.Optind) s.LastNonOption = s.Optind;
            if (s.FirstNonOption > s.Optind) s.FirstNonOption = s.Optind;
            if (permute)
            {
                if (s.FirstNonOption != s.LastNonOption && s.LastNonOption != s.Optind) Exchange(argv, s);
                else if (s.LastNonOption != s.Optind) s.FirstNonOption = s.Optind;
                while (s.Optind < argc && !IsOption(argv[s.Optind])) s.Optind++;
                s.LastNonOption = s.Optind;
            }

            if (s.Optind != argc && IsDoubleDash(argv[s.Optind]))
            {
                s.Optind++;
                if (s.FirstNonOption != s.LastNonOption && s.LastNonOption != s.Optind) Exchange(argv, s);
                else if (s.FirstNonOption == s.LastNonOption) s.FirstNonOption = s.Optind;
                s.LastNonOption = argc;
                s.Optind = argc;
            }

            if (s.Optind == argc)
            {
                if (s.FirstNonOption != s.LastNonOption) s.Optind = s.FirstNonOption;
                return -1;
            }

            if (!IsOption(argv[s.Optind])) return -1;  // in order: the first non-option ends the options
            if (!longopts.IsNull && argv[s.Optind][1] == '-')
                return LongOption(argc, argv, optstring.TrimStart('+', '-').StartsWith(':'), longopts, longindex);
            s.NextChar = argv[s.Optind] + 1;
        }

        int c = (byte)s.NextChar.Value;
        s.NextChar += 1;
        int at = spec.IndexOf((char)c);
        if (s.NextChar.Value == 0) s.Optind++;
        if (at < 0 || c == ':')
        {
            if (s.Opterr != 0 && !quiet) Complain(argv, $"invalid option -- '{(char)c}'");
            s.Optopt = c;
            return '?';
        }

        bool takesArgument = at + 1 < spec.Length && spec[at + 1] == ':';
        bool optional = takesArgument && at + 2 < spec.Length && spec[at + 2] == ':';
        if (!takesArgument) return c;
        if (s.NextChar.Value != 0)
        {
            s.Optarg = s.NextChar;   // -n5
            s.Optind++;
        }
        else if (!optional)
        {
            if (s.Optind == argc)
            {
                if (s.Opterr != 0 && !quiet) Complain(argv, $"option requires an argument -- '{(char)c}'");
                s.Optopt = c;
                c = quiet ? ':' : '?';
            }
            else
            {
                s.Optarg = argv[s.Optind++];   // -n 5
            }
        }

        s.NextChar = default;
        return c;
    }

    /// <summary>The long option at argv[optind] ("--name" or "--name=value"), as glibc's process_long_option.</summary>
    private static int LongOption(int argc, Ptr<Ptr<sbyte>> argv, bool quiet, Ptr<option> longopts, Ptr<int> longindex)
    {
        var s = S;
        string word = CString.Str(argv[s.Optind]);
        string text = word[2..];
        int eq = text.IndexOf('=');
        string name = eq < 0 ? text : text[..eq];
        int found = -1;
        var candidates = new List<int>();
        for (int i = 0; !longopts[i].name.IsNull; i++)
        {
            string candidate = CString.Str(longopts[i].name);
            if (candidate == name)
            {
                found = i;
                candidates.Clear();
                break;
            }

            if (candidate.StartsWith(name, StringComparison.Ordinal)) candidates.Add(i);
        }

        if (found < 0 && candidates.Count > 0)
        {
            var first = longopts[candidates[0]];
            bool same = candidates.All(i => longopts[i].has_arg == first.has_arg && longopts[i].flag == first.flag &&
                                            longopts[i].val == first.val);
            if (candidates.Count == 1 || same)
            {
                found = candidates[0];
            }
            else
            {
                if (s.Opterr != 0 && !quiet)
                {
                    string options = string.Concat(candidates.Select(i => $" '--{CString.Str(longopts[i].name)}'"));
                    Complain(argv, $"option '--{name}' is ambiguous; possibilities:{options}");
                }

                s.Optind++;
                s.Optopt = 0;
                return '?';
            }
        }

        s.Optind++;
        if (found < 0)
        {
            if (s.Opterr != 0 && !quiet) Complain(argv, $"unrecognized option '{word}'");
            s.Optopt = 0;
            return '?';
        }

        var opt = longopts[found];
        string full = CString.Str(opt.name);
        if (eq >= 0)
        {
            if (opt.has_arg == no_argument)
            {
                if (s.Opterr != 0 && !quiet) Complain(argv, $"option '--{full}' doesn't allow an argument");
                s.Optopt = opt.val;
                return '?';
            }

            s.Optarg = argv[s.Optind - 1] + (2 + eq + 1);
        }
        else if (opt.has_arg == required_argument)
        {
            if (s.Optind >= argc)
            {
                if (s.Opterr != 0 && !quiet) Complain(argv, $"option '--{full}' requires an argument");
                s.Optopt = opt.val;
                return quiet ? ':' : '?';
            }

            s.Optarg = argv[s.Optind++];
        }

        if (!longindex.IsNull) longindex.Value = found;
        if (!opt.flag.IsNull)
        {
            opt.flag.Value = opt.val;
            return 0;
        }

        return opt.val;
    }

    private static bool IsOption(Ptr<sbyte> arg) => !arg.IsNull && arg[0] == '-' && arg[1] != 0;

    private static bool IsDoubleDash(Ptr<sbyte> arg) => !arg.IsNull && arg[0] == '-' && arg[1] == '-' && arg[2] == 0;

    /// <summary>Moves the options found after a run of non-options in front of it (glibc's exchange).</summary>
    private static void Exchange(Ptr<Ptr<sbyte>> argv, GetoptState s)
    {
        int bottom = s.FirstNonOption, middle = s.LastNonOption, top = s.Optind;
        var nonOptions = argv.AsSpan(top)[bottom..middle].ToArray();
        var options = argv.AsSpan(top)[middle..top].ToArray();
        options.CopyTo(argv.AsSpan(top)[bottom..]);
        nonOptions.CopyTo(argv.AsSpan(top)[(bottom + options.Length)..]);
        s.FirstNonOption += top - s.LastNonOption;
        s.LastNonOption = top;
    }

    private static void Complain(Ptr<Ptr<sbyte>> argv, string what)
    {
        string program = argv[0].IsNull ? "" : CString.Str(argv[0]);
        Stdio.fprintf(Stdio.stderr, "%s: %s\n", program, what);
    }

    /// <summary>gethostname(name, len): the machine's name, NUL-terminated; -1 when it does not fit (as glibc,
    /// which reports ENAMETOOLONG).</summary>
    public static int gethostname(Ptr<sbyte> name, SizeT len)
    {
        byte[] host = System.Text.Encoding.UTF8.GetBytes(Environment.MachineName);
        if ((ulong)host.Length + 1 > len.Value) return -1;
        for (int i = 0; i < host.Length; i++) name[i] = unchecked((sbyte)host[i]);
        name[host.Length] = 0;
        return 0;
    }

    /// <summary>The process id (in-process ranks share one, where mpirun's ranks each have their own).</summary>
    public static int getpid() => Environment.ProcessId;

    /// <summary>getppid(): the parent of the process running the rank (cmpi-run's launcher or shell; natively mpirun's
    /// daemon): a number as meaningless across runs as the native one.</summary>
    public static int getppid() => NativeGetppid();

    [DllImport("libc", EntryPoint = "getppid")]
    private static extern int NativeGetppid();

    /// <summary>sleep(seconds): the rank's thread waits; returns 0 (not interrupted).</summary>
    public static uint sleep(uint seconds)
    {
        Thread.Sleep(TimeSpan.FromSeconds(seconds));
        return 0;
    }

    public static int usleep(uint microseconds)
    {
        Thread.Sleep(TimeSpan.FromTicks(microseconds * 10L));
        return 0;
    }
}
