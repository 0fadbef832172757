namespace CloudMpi.Run.Compilation;

/// <summary>
/// One compiler diagnostic, already mapped through <c>#line</c> directives, printed as
/// <c>path:line:col: error|warning: message [CS1234]</c> (line and column 1-based).
/// </summary>
public sealed record CompileDiagnostic(
    string Path, int Line, int Column, bool IsError, string Id, string Message)
{
    public string Severity => IsError ? "error" : "warning";

    public override string ToString() =>
        Path.Length == 0
            ? $"cmpi-run: {Severity}: {Message} [{Id}]"
            : $"{Path}:{Line}:{Column}: {Severity}: {Message} [{Id}]";
}

/// <summary>The outcome of turning App.cs into an assembly.</summary>
public sealed class CompileResult
{
    public required byte[]? Image { get; init; }
    public required IReadOnlyList<CompileDiagnostic> Diagnostics { get; init; }
    /// <summary>True when the image came from the on-disk cache and Roslyn did not run.</summary>
    public bool FromCache { get; init; }
    public TimeSpan Elapsed { get; init; }
    /// <summary>Roslyn's share of <see cref="Elapsed"/> spent parsing (the rest: binding and emitting), for --verbose.</summary>
    public TimeSpan ParseTime { get; init; }
    /// <summary>Roslyn's whole time (parse, bind, emit) when it ran in this process.</summary>
    public TimeSpan RoslynTime { get; init; }

    public bool Success => Image is not null && !Diagnostics.Any(d => d.IsError);
    public int ErrorCount => Diagnostics.Count(d => d.IsError);
    public int WarningCount => Diagnostics.Count(d => !d.IsError);
}
