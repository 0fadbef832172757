namespace CloudMpi.Run.Tests;

public class SolutionTests
{
    /// <summary>CloudMpi.sln must name every project under src/ and tests/, including ones added later.</summary>
    [Fact]
    public void SolutionListsEveryProject()
    {
        string? root = AppContext.BaseDirectory;
        while (root is not null && !File.Exists(Path.Combine(root, "CloudMpi.sln")))
            root = Path.GetDirectoryName(root);
        Assert.True(root is not null, "CloudMpi.sln not found above " + AppContext.BaseDirectory);

        string sln = File.ReadAllText(Path.Combine(root!, "CloudMpi.sln")).Replace('\\', '/');
        var projects = new[] { "src", "tests" }
            .SelectMany(d => Directory.GetFiles(Path.Combine(root!, d), "*.csproj", SearchOption.AllDirectories))
            .Select(p => Path.GetRelativePath(root!, p).Replace('\\', '/'))
            .ToList();
        Assert.Contains("src/CloudMpi.Run/CloudMpi.Run.csproj", projects);
        var missing = projects.Where(p => !sln.Contains("\"" + p + "\"", StringComparison.Ordinal)).ToList();
        Assert.True(missing.Count == 0,
            "not in CloudMpi.sln: " + string.Join(", ", missing) +
            " (add with: dotnet sln CloudMpi.sln add <path>)");
    }
}
