using System.Buffers.Binary;
using System.Numerics;

namespace CloudMpi.Run.Compilation;

/// <summary>
/// SHA-256 (FIPS 180-4, section 6.2) in managed code, for the compile cache's key. The framework's SHA256 calls
/// OpenSSL, whose first use loads and initializes the library: 25-45 ms of a cached run that otherwise takes about
/// 0.2 s. This is the same digest (tests compare it with the framework's), computed in well under a millisecond for a
/// port's source, with no native library.
/// </summary>
internal static class Sha256
{
    // the first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4, 4.2.2)
    private static readonly uint[] K =
    [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ];

    public static byte[] Hash(ReadOnlySpan<byte> data)
    {
        // the first 32 bits of the fractional parts of the square roots of the first 8 primes (FIPS 180-4, 5.3.3)
        Span<uint> h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
        Span<uint> w = stackalloc uint[64];
        int whole = data.Length / 64 * 64;
        for (int i = 0; i < whole; i += 64)
            Block(data.Slice(i, 64), h, w);

        // padding (5.1.1): a 1 bit, zeros, then the message length in bits as a 64-bit big-endian number
        Span<byte> tail = stackalloc byte[128];
        int rest = data.Length - whole;
        data[whole..].CopyTo(tail);
        tail[rest] = 0x80;
        int tailLength = rest + 1 + 8 <= 64 ? 64 : 128;
        BinaryPrimitives.WriteUInt64BigEndian(tail.Slice(tailLength - 8, 8), (ulong)data.Length * 8);
        for (int i = 0; i < tailLength; i += 64)
            Block(tail.Slice(i, 64), h, w);

        byte[] digest = new byte[32];
        for (int i = 0; i < 8; i++)
            BinaryPrimitives.WriteUInt32BigEndian(digest.AsSpan(4 * i, 4), h[i]);
        return digest;
    }

    /// <summary>One 512-bit block into the hash value (6.2.2).</summary>
    private static void Block(ReadOnlySpan<byte> block, Span<uint> h, Span<uint> w)
    {
        for (int t = 0; t < 16; t++)
            w[t] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * t, 4));
        for (int t = 16; t < 64; t++)
        {
            uint s0 = BitOperations.RotateRight(w[t - 15], 7) ^ BitOperations.RotateRight(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint s1 = BitOperations.RotateRight(w[t - 2], 17) ^ BitOperations.RotateRight(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
        for (int t = 0; t < 64; t++)
        {
            uint sum1 = BitOperations.RotateRight(e, 6) ^ BitOperations.RotateRight(e, 11) ^ BitOperations.RotateRight(e, 25);
            uint ch = (e & f) ^ (~e & g);
            uint t1 = hh + sum1 + ch + K[t] + w[t];
            uint sum0 = BitOperations.RotateRight(a, 2) ^ BitOperations.RotateRight(a, 13) ^ BitOperations.RotateRight(a, 22);
            uint maj = (a & b) ^ (a & c) ^ (b & c);
            uint t2 = sum0 + maj;
            hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
}
