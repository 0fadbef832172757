using CloudMpi.Run;
using CloudMpi.Run.Hosting;
using CloudMpi.Run.Processes;

PhaseTrace.Mark("main");
if (args.Length > 0 && args[0] == RankWorker.Flag)
    return RankWorker.Run(args);
if (args.Length > 0 && args[0] == CloudMpi.Run.Compilation.Server.CompileServer.Flag)
    return CloudMpi.Run.Compilation.Server.CompileServer.Run(args);

TextWriter stdout = OutputSink.OpenStandard(Console.OpenStandardOutput());
TextWriter stderr = OutputSink.OpenStandard(Console.OpenStandardError());
LaunchResult result;
try
{
    result = Launcher.Run(args, stdout, stderr, stdoutIsTerminal: !Console.IsOutputRedirected, useCompileServer: true);
}
finally
{
    stdout.Flush();
    stderr.Flush();
}

int code = Launcher.ProcessExitCode(result.ExitCode);
PhaseTrace.Mark("exit");
if (result.MustExitProcess)
{
    // ranks stuck in pure compute cannot be interrupted: end the process without them
    Environment.Exit(code);
}
return code;
