using System.Text;

namespace CloudMpi.Libc;

#pragma warning disable CS8981 // the C library's lower-case type name
/// <summary>struct tm of &lt;time.h&gt;, glibc's fields in glibc's order.</summary>
public struct tm
{
    public int tm_sec;
    public int tm_min;
    public int tm_hour;
    public int tm_mday;
    public int tm_mon;
    public int tm_year;
    public int tm_wday;
    public int tm_yday;
    public int tm_isdst;
    public long tm_gmtoff;
    public Ptr<sbyte> tm_zone;
}
#pragma warning restore CS8981

/// <summary>
/// &lt;time.h&gt;'s broken-down time: localtime, gmtime (one static struct tm per rank, as glibc shares one),
/// their _r forms, mktime, asctime, ctime and strftime in the C locale. The local time zone is .NET's, which
/// reads TZ and /etc/localtime as glibc does.
/// </summary>
public static partial class Ctime
{
    private static readonly string[] Days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    private static readonly string[] Months =
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

    public static Ptr<tm> localtime(ref long t) => Into(LibcState.Current.BrokenDownTime, Broken(t, local: true));
    public static Ptr<tm> localtime(Ptr<long> t) => localtime(ref t.Value);
    public static Ptr<tm> localtime(long[] t) => localtime(ref t[0]);
    public static Ptr<tm> gmtime(ref long t) => Into(LibcState.Current.BrokenDownTime, Broken(t, local: false));
    public static Ptr<tm> gmtime(Ptr<long> t) => gmtime(ref t.Value);
    public static Ptr<tm> gmtime(long[] t) => gmtime(ref t[0]);

    public static Ptr<tm> localtime_r(ref long t, Ptr<tm> result) => Into(result, Broken(t, local: true));
    public static Ptr<tm> localtime_r(Ptr<long> t, Ptr<tm> result) => localtime_r(ref t.Value, result);
    public static Ptr<tm> gmtime_r(ref long t, Ptr<tm> result) => Into(result, Broken(t, local: false));
    public static Ptr<tm> gmtime_r(Ptr<long> t, Ptr<tm> result) => gmtime_r(ref t.Value, result);

    private static Ptr<tm> Into(Ptr<tm> slot, tm value)
    {
        slot.Value = value;
        return slot;
    }

    private static tm Broken(long t, bool local)
    {
        var utc = DateTimeOffset.FromUnixTimeSeconds(t);
        var zone = local ? TimeZoneInfo.Local : TimeZoneInfo.Utc;
        var offset = zone.GetUtcOffset(utc);
        var d = utc.ToOffset(offset).DateTime;
        bool dst = local && zone.IsDaylightSavingTime(utc);
        string name = !local ? "GMT" : dst ? zone.DaylightName : zone.StandardName;
        return new tm
        {
            tm_sec = d.Second, tm_min = d.Minute, tm_hour = d.Hour, tm_mday = d.Day, tm_mon = d.Month - 1,
            tm_year = d.Year - 1900, tm_wday = (int)d.DayOfWeek, tm_yday = d.DayOfYear - 1, tm_isdst = dst ? 1 : 0,
            tm_gmtoff = (long)offset.TotalSeconds, tm_zone = CString.Lit(ZoneAbbreviation(name, offset)),
        };
    }

    // .NET names a zone by its IANA id or a long name; glibc prints the abbreviation (UTC, CET): the id when it
    // is one already, else the offset as glibc prints zones without one (+01).
    private static string ZoneAbbreviation(string name, TimeSpan offset)
    {
        if (name is "Coordinated Universal Time" or "Etc/UTC" or "UTC") return "UTC";
        if (name.Length <= 5 && !name.Contains(' ')) return name;
        return (offset < TimeSpan.Zero ? "-" : "+") + offset.Duration().ToString(offset.Minutes == 0 ? "hh" : "hhmm");
    }

    /// <summary>mktime: the local time the fields say, normalised (60 seconds is a minute more, month 12 the next
    /// year), written back with the weekday and day of the year; -1 if out of range.</summary>
    public static long mktime(ref tm t)
    {
        try
        {
            var d = new DateTime(1900 + t.tm_year, 1, 1, 0, 0, 0, DateTimeKind.Unspecified)
                .AddMonths(t.tm_mon).AddDays(t.tm_mday - 1).AddHours(t.tm_hour).AddMinutes(t.tm_min).AddSeconds(t.tm_sec);
            var zone = TimeZoneInfo.Local;
            var offset = zone.GetUtcOffset(d);
            long seconds = new DateTimeOffset(d, offset).ToUnixTimeSeconds();
            t = Broken(seconds, local: true);
            return seconds;
        }
        catch (ArgumentOutOfRangeException)
        {
            return -1;
        }
    }

    public static long mktime(Ptr<tm> t) => mktime(ref t.Value);

    /// <summary>timegm (glibc, BSD): mktime for fields in UTC, whatever the local zone; normalised and written back
    /// as gmtime writes them (weekday, day of the year, "GMT"); -1 if out of range.</summary>
    public static long timegm(ref tm t)
    {
        try
        {
            var d = new DateTime(1900 + t.tm_year, 1, 1, 0, 0, 0, DateTimeKind.Utc)
                .AddMonths(t.tm_mon).AddDays(t.tm_mday - 1).AddHours(t.tm_hour).AddMinutes(t.tm_min).AddSeconds(t.tm_sec);
            long seconds = new DateTimeOffset(d, TimeSpan.Zero).ToUnixTimeSeconds();
            t = Broken(seconds, local: false);
            return seconds;
        }
        catch (ArgumentOutOfRangeException)
        {
            return -1;
        }
    }

    public static long timegm(Ptr<tm> t) => timegm(ref t.Value);

    /// <summary>asctime: "Www Mmm dd hh:mm:ss yyyy\n" in a static buffer.</summary>
    public static Ptr<sbyte> asctime(ref tm t)
    {
        string text = $"{Days[Mod(t.tm_wday, 7)][..3]} {Months[Mod(t.tm_mon, 12)][..3]} {t.tm_mday,2} " +
                      $"{t.tm_hour:00}:{t.tm_min:00}:{t.tm_sec:00} {1900 + t.tm_year}\n";
        var buffer = LibcState.Current.AsctimeText;
        Array.Clear(buffer);
        var bytes = Encoding.ASCII.GetBytes(text);
        for (int i = 0; i < bytes.Length && i < buffer.Length - 1; i++) buffer[i] = (sbyte)bytes[i];
        return new Ptr<sbyte>(buffer, 0);
    }

    public static Ptr<sbyte> asctime(Ptr<tm> t) => asctime(ref t.Value);

    public static Ptr<sbyte> ctime(ref long t) => asctime(ref localtime(ref t).Value);
    public static Ptr<sbyte> ctime(Ptr<long> t) => ctime(ref t.Value);
    public static Ptr<sbyte> ctime(long[] t) => ctime(ref t[0]);

    /// <summary>asctime_r(t, buf): asctime's text into the caller's buffer (at least 26 chars), which it returns.</summary>
    public static Ptr<sbyte> asctime_r(ref tm t, Ptr<sbyte> buf)
    {
        var text = asctime(ref t);
        int n = 0;
        while (text[n] != 0) n++;
        for (int i = 0; i <= n; i++) buf[i] = text[i];
        return buf;
    }

    public static Ptr<sbyte> asctime_r(Ptr<tm> t, Ptr<sbyte> buf) => asctime_r(ref t.Value, buf);

    /// <summary>ctime_r(t, buf): ctime's text into the caller's buffer, which it returns.</summary>
    public static Ptr<sbyte> ctime_r(ref long t, Ptr<sbyte> buf) => asctime_r(ref localtime(ref t).Value, buf);
    public static Ptr<sbyte> ctime_r(Ptr<long> t, Ptr<sbyte> buf) => ctime_r(ref t.Value, buf);

    /// <summary>strftime in the C locale: the conversions of C99 and POSIX; 0 when the result and its terminating
    /// NUL do not fit in max bytes (the buffer's contents are then unspecified, as in C).</summary>
    public static ulong strftime(Ptr<sbyte> s, SizeT max, string format, ref tm t)
    {
        string text = Format(format, t);
        if ((ulong)text.Length + 1 > max.Value) return 0;
        for (int i = 0; i < text.Length; i++) s[i] = (sbyte)text[i];
        s[text.Length] = 0;
        return (ulong)text.Length;
    }

    public static ulong strftime(Ptr<sbyte> s, SizeT max, Ptr<sbyte> format, ref tm t) =>
        strftime(s, max, CString.Str(format), ref t);

    public static ulong strftime(Ptr<sbyte> s, SizeT max, string format, Ptr<tm> t) => strftime(s, max, format, ref t.Value);

    public static ulong strftime(Ptr<sbyte> s, SizeT max, Ptr<sbyte> format, Ptr<tm> t) =>
        strftime(s, max, CString.Str(format), ref t.Value);

    private static string Format(string format, tm t)
    {
        var sb = new StringBuilder();
        int year = 1900 + t.tm_year;
        for (int i = 0; i < format.Length; i++)
        {
            char c = format[i];
            if (c != '%' || i + 1 == format.Length)
            {
                sb.Append(c);
                continue;
            }

            char k = format[++i];
            if (k is 'E' or 'O' && i + 1 < format.Length) k = format[++i]; // the C locale's alternatives are the plain forms
            switch (k)
            {
                case 'a': sb.Append(Days[Mod(t.tm_wday, 7)][..3]); break;
                case 'A': sb.Append(Days[Mod(t.tm_wday, 7)]); break;
                case 'b' or 'h': sb.Append(Months[Mod(t.tm_mon, 12)][..3]); break;
                case 'B': sb.Append(Months[Mod(t.tm_mon, 12)]); break;
                case 'c': sb.Append(Format("%a %b %e %H:%M:%S %Y", t)); break;
                case 'C': sb.Append((year / 100).ToString("00")); break;
                case 'd': sb.Append(t.tm_mday.ToString("00")); break;
                case 'D' or 'x': sb.Append(Format("%m/%d/%y", t)); break;
                case 'e': sb.Append(t.tm_mday.ToString().PadLeft(2)); break;
                case 'F': sb.Append(Format("%Y-%m-%d", t)); break;
                case 'g': sb.Append((IsoYear(t) % 100).ToString("00")); break;
                case 'G': sb.Append(IsoYear(t)); break;
                case 'H': sb.Append(t.tm_hour.ToString("00")); break;
                case 'I': sb.Append(Hour12(t).ToString("00")); break;
                case 'j': sb.Append((t.tm_yday + 1).ToString("000")); break;
                case 'k': sb.Append(t.tm_hour.ToString().PadLeft(2)); break;
                case 'l': sb.Append(Hour12(t).ToString().PadLeft(2)); break;
                case 'm': sb.Append((t.tm_mon + 1).ToString("00")); break;
                case 'M': sb.Append(t.tm_min.ToString("00")); break;
                case 'n': sb.Append('\n'); break;
                case 'p': sb.Append(t.tm_hour < 12 ? "AM" : "PM"); break;
                case 'P': sb.Append(t.tm_hour < 12 ? "am" : "pm"); break;
                case 'r': sb.Append(Format("%I:%M:%S %p", t)); break;
                case 'R': sb.Append(Format("%H:%M", t)); break;
                case 's': sb.Append(mktime(ref t)); break;
                case 'S': sb.Append(t.tm_sec.ToString("00")); break;
                case 't': sb.Append('\t'); break;
                case 'T' or 'X': sb.Append(Format("%H:%M:%S", t)); break;
                case 'u': sb.Append(t.tm_wday == 0 ? 7 : t.tm_wday); break;
                case 'U': sb.Append(((t.tm_yday + 7 - t.tm_wday) / 7).ToString("00")); break;
                case 'V': sb.Append(IsoWeek(t).ToString("00")); break;
                case 'w': sb.Append(t.tm_wday); break;
                case 'W': sb.Append(((t.tm_yday + 7 - (t.tm_wday + 6) % 7) / 7).ToString("00")); break;
                case 'y': sb.Append(Mod(year, 100).ToString("00")); break;
                case 'Y': sb.Append(year); break;
                case 'z':
                    long off = t.tm_gmtoff;
                    sb.Append(off < 0 ? '-' : '+').Append((Math.Abs(off) / 3600).ToString("00")).Append((Math.Abs(off) / 60 % 60).ToString("00"));
                    break;
                case 'Z': sb.Append(t.tm_zone.IsNull ? "" : CString.Str(t.tm_zone)); break;
                case '%': sb.Append('%'); break;
                default: sb.Append('%').Append(k); break; // glibc prints an unknown conversion as written
            }
        }

        return sb.ToString();
    }

    private static int Mod(int a, int n) => ((a % n) + n) % n;

    private static int Hour12(tm t) => t.tm_hour % 12 == 0 ? 12 : t.tm_hour % 12;

    // ISO 8601 weeks: week 1 holds the year's first Thursday; the days before it belong to the last week of the
    // year before, and late December days may belong to week 1 of the next year.
    private static int IsoWeek(tm t) => IsoWeekAndYear(t).Week;

    private static int IsoYear(tm t) => IsoWeekAndYear(t).Year;

    private static (int Week, int Year) IsoWeekAndYear(tm t)
    {
        int year = 1900 + t.tm_year;
        int ordinal = t.tm_yday + 1;            // 1 for January 1st
        int isoDay = t.tm_wday == 0 ? 7 : t.tm_wday; // Monday 1 .. Sunday 7
        int week = (ordinal - isoDay + 10) / 7;
        if (week < 1)
        {
            year--;
            week = (ordinal + (DateTime.IsLeapYear(year) ? 366 : 365) - isoDay + 10) / 7;
        }
        else if (week == 53 && ordinal - isoDay + 4 > (DateTime.IsLeapYear(year) ? 366 : 365))
        {
            week = 1; // this week's Thursday is in the next year
            year++;
        }

        return (week, year);
    }
}
