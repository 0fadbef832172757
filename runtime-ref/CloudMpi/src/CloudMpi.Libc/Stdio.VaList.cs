namespace CloudMpi.Libc;

/// <summary>The v*printf functions given a va_list, as a translated variadic function forwards it.</summary>
public static partial class Stdio
{
    public static int vprintf(Ptr<sbyte> format, VaList ap) => vfprintf(FILE.Stdout, format, ap.Rest());

    public static int vprintf(string format, VaList ap) => vfprintf(FILE.Stdout, format, ap.Rest());

    public static int vfprintf(FILE stream, Ptr<sbyte> format, VaList ap) => vfprintf(stream, format, ap.Rest());

    public static int vfprintf(FILE stream, string format, VaList ap) => vfprintf(stream, format, ap.Rest());

    public static int vsprintf(Ptr<sbyte> buffer, Ptr<sbyte> format, VaList ap) => sprintf(buffer, format, ap.Rest());

    public static int vsprintf(Ptr<sbyte> buffer, string format, VaList ap) => vsprintf(buffer, format, ap.Rest());

    public static int vsnprintf(Ptr<sbyte> buffer, SizeT size, Ptr<sbyte> format, VaList ap) =>
        snprintf(buffer, size, format, ap.Rest());

    public static int vsnprintf(Ptr<sbyte> buffer, SizeT size, string format, VaList ap) =>
        vsnprintf(buffer, size, format, ap.Rest());
}
