namespace CloudMpi.Libc;

/// <summary>
/// &lt;ctype.h&gt; in glibc's "C" locale. glibc's classifiers return the class's bit in its
/// table (isdigit('5') is 2048, not 1) and programs sometimes print or add those values,
/// so the same bits are returned here. Only ASCII is classified; EOF and bytes 128-255
/// (and glibc's tolerated -128..-2) belong to no class.
/// </summary>
public static partial class CString
{
    // glibc <ctype.h>: _ISbit(bit) on a little-endian machine.
    private const int Upper = 1 << 8, Lower = 1 << 9, Alpha = 1 << 10, Digit = 1 << 11, XDigit = 1 << 12,
        Space = 1 << 13, Print = 1 << 14, Graph = 1 << 15, Blank = 1 << 0, Cntrl = 1 << 1, Punct = 1 << 2,
        Alnum = 1 << 3;

    private static readonly int[] Classes = BuildClasses();

    private static int[] BuildClasses()
    {
        var table = new int[128];
        for (int c = 0; c < 128; c++)
        {
            int bits = 0;
            bool upper = c is >= 'A' and <= 'Z', lower = c is >= 'a' and <= 'z', digit = c is >= '0' and <= '9';
            if (upper) bits |= Upper | Alpha | Alnum | Print | Graph;
            if (lower) bits |= Lower | Alpha | Alnum | Print | Graph;
            if (digit) bits |= Digit | Alnum | Print | Graph;
            if (digit || c is >= 'a' and <= 'f' || c is >= 'A' and <= 'F') bits |= XDigit;
            if (c is ' ' or '\t' or '\n' or '\v' or '\f' or '\r') bits |= Space;
            if (c is ' ' or '\t') bits |= Blank;
            if (c < 32 || c == 127) bits |= Cntrl;
            if (c == ' ') bits |= Print;
            if (c is > 32 and < 127 && !upper && !lower && !digit) bits |= Punct | Print | Graph;
            table[c] = bits;
        }

        return table;
    }

    private static int Class(int c, int bit) => (uint)c < 128 ? Classes[c] & bit : 0;

    // glibc's <ctype.h> macros expand isdigit(c) to ((*__ctype_b_loc())[(int)(c)] & (unsigned short)_ISdigit),
    // and toupper/tolower to lookups in __ctype_toupper_loc()/__ctype_tolower_loc() tables; a
    // translation of the expanded text uses these. The tables cover -128..255 (offset 128), as glibc's.
    public const int _ISupper = Upper, _ISlower = Lower, _ISalpha = Alpha, _ISdigit = Digit, _ISxdigit = XDigit,
        _ISspace = Space, _ISprint = Print, _ISgraph = Graph, _ISblank = Blank, _IScntrl = Cntrl, _ISpunct = Punct,
        _ISalnum = Alnum;

    // A nested class: its tables are built on first use, after CString's own (partial-class) fields.
    private static class Tables
    {
        public static readonly Ptr<ushort>[] Class = [new(Build(c => (ushort)CString.Class(c, 0xFFFF)), 128)];
        public static readonly Ptr<int>[] Upper = [new(Build(toupper), 128)];
        public static readonly Ptr<int>[] Lower = [new(Build(tolower), 128)];

        private static T[] Build<T>(Func<int, T> entry)
        {
            var table = new T[384];
            for (int c = -128; c < 256; c++) table[c + 128] = entry(c);
            return table;
        }
    }

    /// <summary>glibc's per-thread pointer to the class table (the same read-only table for every rank).</summary>
    public static Ptr<Ptr<ushort>> __ctype_b_loc() => Tables.Class;

    public static Ptr<Ptr<int>> __ctype_toupper_loc() => Tables.Upper;

    public static Ptr<Ptr<int>> __ctype_tolower_loc() => Tables.Lower;

    public static int isupper(int c) => Class(c, Upper);

    public static int islower(int c) => Class(c, Lower);

    public static int isalpha(int c) => Class(c, Alpha);

    public static int isdigit(int c) => Class(c, Digit);

    public static int isxdigit(int c) => Class(c, XDigit);

    public static int isspace(int c) => Class(c, Space);

    public static int isprint(int c) => Class(c, Print);

    public static int isgraph(int c) => Class(c, Graph);

    public static int isblank(int c) => Class(c, Blank);

    /// <summary>isascii (X/Open, glibc's macro): whether c fits 7 bits, `(c &amp; ~0x7f) == 0`, EOF and negatives
    /// not.</summary>
    public static int isascii(int c) => (c & ~0x7F) == 0 ? 1 : 0;

    /// <summary>toascii (X/Open): the low 7 bits of c.</summary>
    public static int toascii(int c) => c & 0x7F;

    public static int iscntrl(int c) => Class(c, Cntrl);

    public static int ispunct(int c) => Class(c, Punct);

    public static int isalnum(int c) => Class(c, Alnum);

    // glibc's case tables cover -128..255; a negative (signed char) index maps to the byte's
    // unsigned value, so toupper((char)0xE9) is 233, not -23.
    public static int toupper(int c) => c is >= 'a' and <= 'z' ? c - 32 : CaseTableIdentity(c);

    public static int tolower(int c) => c is >= 'A' and <= 'Z' ? c + 32 : CaseTableIdentity(c);

    private static int CaseTableIdentity(int c) => c is >= -128 and < -1 ? c + 256 : c;
}
