using System.Security.Cryptography;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// The key a job's processes share: 256 random bits made by cmpi-run for each job and handed to its rank processes
/// in their environment (<see cref="EnvironmentVariable"/>) or on their stdin (ranks started through ssh), never
/// on a command line. Every TCP connection of the job (rank to rank, rank to cmpi-run) proves knowledge of it
/// before a frame is read (<see cref="TcpHandshake"/>). Its text form is hex; <see cref="ToString"/> hides it so
/// that no log or exception message can carry it by accident.
/// </summary>
internal sealed class JobSecret
{
    /// <summary>Where a rank process finds the secret (also what an orchestrator sets for a rank that joins later).</summary>
    public const string EnvironmentVariable = "CMPI_JOB_SECRET";

    /// <summary>Bytes of a new secret (256 bits).</summary>
    public const int Size = 32;

    /// <summary>The fewest bytes a secret given from outside may have (128 bits).</summary>
    public const int MinSize = 16;

    internal byte[] Key { get; }

    private JobSecret(byte[] key) => Key = key;

    /// <summary>A fresh secret from the system's cryptographic random number generator.</summary>
    public static JobSecret New() => new(RandomNumberGenerator.GetBytes(Size));

    /// <summary>The hex text that travels to the ranks (environment or stdin).</summary>
    public string ToText() => Convert.ToHexStringLower(Key);

    /// <summary>Read the text form; a <see cref="FormatException"/> whose message never contains the text.</summary>
    public static JobSecret Parse(string text)
    {
        text = text.Trim();
        byte[] key;
        try
        {
            key = Convert.FromHexString(text);
        }
        catch (FormatException)
        {
            throw new FormatException($"the job secret ({EnvironmentVariable}) is not hexadecimal");
        }
        if (key.Length < MinSize)
            throw new FormatException($"the job secret ({EnvironmentVariable}) has {key.Length * 8} bits; at least {MinSize * 8} are needed");
        return new JobSecret(key);
    }

    /// <summary>The secret in <see cref="EnvironmentVariable"/>, removed from this process's environment so that the
    /// program it runs cannot read it (getenv); null when the variable is not set.</summary>
    public static JobSecret? TakeFromEnvironment()
    {
        string? text = Environment.GetEnvironmentVariable(EnvironmentVariable);
        if (string.IsNullOrEmpty(text)) return null;
        Environment.SetEnvironmentVariable(EnvironmentVariable, null);
        return Parse(text);
    }

    /// <summary>The first line of <paramref name="stream"/>, read a byte at a time so nothing after it is consumed.</summary>
    public static JobSecret ReadLine(Stream stream)
    {
        var chars = new List<char>(2 * Size + 2);
        while (chars.Count < 1024)
        {
            int b = stream.ReadByte();
            if (b is -1 or '\n') break;
            chars.Add((char)b);
        }
        if (chars.Count == 0)
            throw new FormatException($"no job secret: {EnvironmentVariable} is not set and stdin gave none");
        return Parse(new string(chars.ToArray()));
    }

    public override string ToString() => "JobSecret(hidden)";
}
