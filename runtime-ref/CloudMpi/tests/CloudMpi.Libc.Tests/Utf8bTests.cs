using System.Text;
using Xunit;

namespace CloudMpi.Libc.Tests;

/// <summary>Utf8b: C's bytes through C# text and back unchanged, valid UTF-8 as Encoding.UTF8 reads it.</summary>
public class Utf8bTests
{
    [Fact]
    public void EveryByteSequenceRoundTrips()
    {
        var rng = new Random(27);
        for (int trial = 0; trial < 2000; trial++)
        {
            var bytes = new byte[rng.Next(0, 24)];
            rng.NextBytes(bytes);
            string text = Utf8b.Instance.GetString(bytes);
            Assert.Equal(bytes, Utf8b.Instance.GetBytes(text));
        }
    }

    [Fact]
    public void ValidUtf8ReadsAsUtf8AndStrayBytesAsEscapes()
    {
        Assert.Equal("café", Utf8b.Instance.GetString(Encoding.UTF8.GetBytes("café")));
        Assert.Equal("caf\uDCE9", Utf8b.Instance.GetString(new byte[] { 0x63, 0x61, 0x66, 0xE9 }));
        Assert.Equal(new byte[] { 0xE9, 0x0A }, Utf8b.Instance.GetBytes("\uDCE9\n"));
        Assert.Equal(Encoding.UTF8.GetBytes("\U0001F600"), Utf8b.Instance.GetBytes("\U0001F600"));
    }

    [Fact]
    public void PiecesDecodeAsTheWhole()
    {
        byte[] whole = [0x61, 0xC3, 0xA9, 0xE9, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x62];
        for (int cut = 0; cut <= whole.Length; cut++)
        {
            var decoder = Utf8b.Instance.GetDecoder();
            var sb = new StringBuilder();
            foreach (var piece in new[] { whole[..cut], whole[cut..] })
            {
                var chars = new char[decoder.GetCharCount(piece, flush: false) + 4];
                int n = decoder.GetChars(piece, chars, flush: false);
                sb.Append(chars, 0, n);
            }
            var tail = new char[8];
            sb.Append(tail, 0, decoder.GetChars(Array.Empty<byte>(), tail, flush: true));
            Assert.Equal(Utf8b.Instance.GetString(whole), sb.ToString());
            Assert.Equal(whole, Utf8b.Instance.GetBytes(sb.ToString()));
        }
    }
}
