using System.Security.Cryptography;
using System.Text;
using CloudMpi.Run.Compilation;

namespace CloudMpi.Run.Tests;

/// <summary>The compile cache's managed SHA-256 gives the framework's digest.</summary>
public class Sha256Tests
{
    [Fact]
    public void FipsExampleAbc()
    {
        // FIPS 180-4's example (NIST's "SHA256.pdf", one block): SHA-256("abc")
        Assert.Equal("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                     Convert.ToHexStringLower(Sha256.Hash(Encoding.ASCII.GetBytes("abc"))));
    }

    [Fact]
    public void EqualsTheFrameworksDigestAtEveryPaddingBoundary()
    {
        var random = new Random(28);
        // every length around the one- and two-block paddings (55, 56, 63, 64, 119, 120 ...) and a few big ones
        foreach (int length in Enumerable.Range(0, 300).Concat([1000, 4095, 4096, 65_537]))
        {
            byte[] data = new byte[length];
            random.NextBytes(data);
            Assert.Equal(SHA256.HashData(data), Sha256.Hash(data));
        }
    }
}
