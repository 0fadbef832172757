using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;

namespace CloudMpi.Transports.Azure;

/// <summary>
/// Signs storage REST requests with the account key ("Shared Key" authorization, HMAC-SHA256 of a canonical
/// string; Microsoft's "Authorize with Shared Key" specification). The blob and queue services sign the verb,
/// the standard headers, the x-ms-* headers and the resource with all its query parameters; the table service
/// signs the verb, Content-MD5, Content-Type, the date and the resource with only its comp parameter.
/// </summary>
internal sealed class SharedKeySigner(string accountName, byte[] key)
{
    public void SignBlobOrQueue(HttpRequestMessage request)
    {
        var sb = new StringBuilder();
        sb.Append(request.Method.Method).Append('\n');
        HttpContentHeaders? ch = request.Content?.Headers;
        long? length = ch?.ContentLength;
        sb.Append(ch?.ContentEncoding.Count > 0 ? string.Join(",", ch.ContentEncoding) : "").Append('\n');
        sb.Append(ch?.ContentLanguage.Count > 0 ? string.Join(",", ch.ContentLanguage) : "").Append('\n');
        sb.Append(length is > 0 ? length.Value.ToString(System.Globalization.CultureInfo.InvariantCulture) : "").Append('\n');
        sb.Append(ch?.ContentMD5 is { } md5 ? Convert.ToBase64String(md5) : "").Append('\n');
        sb.Append(ch?.ContentType?.ToString() ?? "").Append('\n');
        sb.Append('\n'); // Date: x-ms-date is used instead
        sb.Append('\n'); // If-Modified-Since
        sb.Append('\n'); // If-Match
        sb.Append('\n'); // If-None-Match
        sb.Append('\n'); // If-Unmodified-Since
        sb.Append('\n'); // Range
        foreach (var (name, value) in request.Headers
                     .Where(h => h.Key.StartsWith("x-ms-", StringComparison.OrdinalIgnoreCase))
                     .Select(h => (Name: h.Key.ToLowerInvariant(), Value: string.Join(",", h.Value).Trim()))
                     .OrderBy(h => h.Name, StringComparer.Ordinal))
        {
            sb.Append(name).Append(':').Append(value).Append('\n');
        }
        Uri uri = request.RequestUri!;
        sb.Append('/').Append(accountName).Append(uri.AbsolutePath);
        foreach (var (name, values) in QueryParameters(uri).OrderBy(p => p.Key, StringComparer.Ordinal))
            sb.Append('\n').Append(name).Append(':').Append(string.Join(",", values.Order(StringComparer.Ordinal)));
        Authorize(request, sb.ToString());
    }

    public void SignTable(HttpRequestMessage request)
    {
        HttpContentHeaders? ch = request.Content?.Headers;
        var sb = new StringBuilder();
        sb.Append(request.Method.Method).Append('\n');
        sb.Append(ch?.ContentMD5 is { } md5 ? Convert.ToBase64String(md5) : "").Append('\n');
        sb.Append(ch?.ContentType?.ToString() ?? "").Append('\n');
        sb.Append(request.Headers.GetValues("x-ms-date").First()).Append('\n');
        Uri uri = request.RequestUri!;
        sb.Append('/').Append(accountName).Append(uri.AbsolutePath);
        if (QueryParameters(uri).TryGetValue("comp", out var comp)) sb.Append("?comp=").Append(comp[0]);
        Authorize(request, sb.ToString());
    }

    private void Authorize(HttpRequestMessage request, string stringToSign)
    {
        byte[] mac = HMACSHA256.HashData(key, Encoding.UTF8.GetBytes(stringToSign));
        request.Headers.TryAddWithoutValidation("Authorization", $"SharedKey {accountName}:{Convert.ToBase64String(mac)}");
    }

    private static Dictionary<string, List<string>> QueryParameters(Uri uri)
    {
        var result = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        string q = uri.Query;
        if (q.Length <= 1) return result;
        foreach (string pair in q[1..].Split('&', StringSplitOptions.RemoveEmptyEntries))
        {
            int eq = pair.IndexOf('=', StringComparison.Ordinal);
            string name = Uri.UnescapeDataString(eq < 0 ? pair : pair[..eq]).ToLowerInvariant();
            string value = eq < 0 ? "" : Uri.UnescapeDataString(pair[(eq + 1)..]);
            if (!result.TryGetValue(name, out var list)) result[name] = list = [];
            list.Add(value);
        }
        return result;
    }
}
