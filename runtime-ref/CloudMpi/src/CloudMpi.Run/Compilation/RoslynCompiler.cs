using System.Collections.Immutable;
using System.Globalization;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Microsoft.CodeAnalysis.Text;

namespace CloudMpi.Run.Compilation;

/// <summary>
/// The only type that touches Roslyn, so that a cache hit never loads the compiler.
/// </summary>
internal static class RoslynCompiler
{
    private static readonly object RefLock = new();
    private static ImmutableArray<MetadataReference> s_frameworkRefs;
    // one reference object per file for the process's life: the compile server's later compiles reuse its metadata
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, MetadataReference> s_runtimeRefs = new(StringComparer.Ordinal);

    /// <summary>The compiler's version, part of the cache key.</summary>
    public static string Version =>
        typeof(CSharpCompilation).Assembly.GetName().Version?.ToString() ?? "unknown";

    /// <param name="concurrentBuild">Roslyn binds method bodies on pool threads (false: all on the calling thread, the
    /// compile server's warm-up at low priority).</param>
    public static CompileResult Compile(string displayPath, string source, string assemblyName,
                                        IReadOnlyList<string> runtimeAssemblyPaths, bool concurrentBuild = true,
                                        CancellationToken cancellationToken = default)
    {
        var sw = System.Diagnostics.Stopwatch.StartNew();
        PhaseTrace.Mark("roslyn start");
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest, DocumentationMode.None, SourceCodeKind.Regular);
        SourceText text = SourceText.From(source, Encoding.UTF8, SourceHashAlgorithm.Sha256);
        SyntaxTree tree = CSharpSyntaxTree.ParseText(text, parseOptions, displayPath, cancellationToken);
        PhaseTrace.Mark("roslyn parsed");

        var references = new List<MetadataReference>(FrameworkRefs());
        foreach (string p in runtimeAssemblyPaths)
            references.Add(s_runtimeRefs.GetOrAdd(p, static path => MetadataReference.CreateFromFile(path)));

        var options = new CSharpCompilationOptions(
            OutputKind.ConsoleApplication,
            optimizationLevel: OptimizationLevel.Release,
            nullableContextOptions: NullableContextOptions.Disable,
            allowUnsafe: false,
            deterministic: true,
            concurrentBuild: concurrentBuild);

        TimeSpan parsed = sw.Elapsed;
        PhaseTrace.Mark("roslyn references made");
        CSharpCompilation compilation = CSharpCompilation.Create(assemblyName, [tree], references, options);

        using var pe = new MemoryStream();
        // An embedded portable PDB gives stack traces file:line, mapped through #line to the C source.
        var emitOptions = new EmitOptions(debugInformationFormat: DebugInformationFormat.Embedded);
        EmitResult result = compilation.Emit(pe, options: emitOptions, cancellationToken: cancellationToken);
        PhaseTrace.Mark("roslyn emitted");

        var diagnostics = result.Diagnostics
            .Where(d => d.Severity is DiagnosticSeverity.Error or DiagnosticSeverity.Warning)
            .Select(Map)
            .Distinct()
            .OrderBy(d => d.Path, StringComparer.Ordinal)
            .ThenBy(d => d.Line)
            .ThenBy(d => d.Column)
            .ThenBy(d => d.Id, StringComparer.Ordinal)
            .ToList();

        return new CompileResult
        {
            Image = result.Success ? pe.ToArray() : null,
            Diagnostics = diagnostics,
            Elapsed = sw.Elapsed,
            ParseTime = parsed,
        };
    }

    private static CompileDiagnostic Map(Diagnostic d)
    {
        string message = d.GetMessage(CultureInfo.InvariantCulture);
        bool isError = d.Severity == DiagnosticSeverity.Error;
        if (!d.Location.IsInSource)
            return new CompileDiagnostic("", 0, 0, isError, d.Id, message);
        FileLinePositionSpan span = d.Location.GetMappedLineSpan();
        string path = span.Path;
        if (string.IsNullOrEmpty(path))
            path = d.Location.SourceTree?.FilePath ?? "";
        return new CompileDiagnostic(path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1,
                                     isError, d.Id, message);
    }

    private static ImmutableArray<MetadataReference> FrameworkRefs()
    {
        lock (RefLock)
        {
            if (s_frameworkRefs.IsDefault)
            {
                s_frameworkRefs = FrameworkReferences.Find()
                    .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
                    .ToImmutableArray();
            }
            return s_frameworkRefs;
        }
    }
}
