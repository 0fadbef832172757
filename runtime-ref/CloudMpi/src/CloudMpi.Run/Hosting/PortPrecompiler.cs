using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// Compiles a loaded program before its <c>main</c> runs, as mpicc compiled the native one before mpirun started: every
/// method of the program, and the runtime's generic methods at the instantiations the program calls (cMPI.Send over
/// double, Buffers.Data over a struct of the program...), which have no ReadyToRun code. Otherwise each compiles at
/// its first call, inside whatever the program is timing then: cannon's n = 128 multiply took 0.09-0.2 s at 1 rank
/// against gcc's 0.002 s, nearly all of it compiling. Nothing runs: no data is touched, no static constructor of the
/// program is run (they run at first access, as before), so the timer measures the same work as natively.
/// <c>CMPI_PRECOMPILE=0</c> turns it off (for measuring the difference).
/// </summary>
internal static class PortPrecompiler
{
    /// <summary>
    /// How deep calls are followed from the program into the runtime's generic methods: a collective's public overload,
    /// its core, the buffer wrapper, its staging and the buffer checks below it (<c>cMPI.Allreduce&lt;double&gt;(ref,
    /// ref)</c> to <c>Buffers.CheckType&lt;double&gt;</c> is 5 calls; at 4 the checks compiled at the program's first call
    /// over each element type, often inside its timed loop).
    /// </summary>
    private const int RuntimeDepth = 6;

    public static bool Enabled => Environment.GetEnvironmentVariable("CMPI_PRECOMPILE") != "0";

    /// <summary>The number of methods compiled; <paramref name="seen"/> collects the methods prepared (tests).</summary>
    public static int Compile(Assembly program, HashSet<MethodBase>? seen = null)
    {
        seen ??= [];
        int compiled = 0;
        const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                                 BindingFlags.Instance | BindingFlags.DeclaredOnly;
        Type[] types;
        try
        {
            types = program.GetTypes();
        }
        catch (ReflectionTypeLoadException e)
        {
            types = e.Types.Where(t => t is not null).ToArray()!;
        }
        foreach (Type type in types)
        {
            if (type.ContainsGenericParameters)
                continue;
            foreach (MethodBase m in type.GetMethods(all).Cast<MethodBase>().Concat(type.GetConstructors(all)))
            {
                if (m.IsAbstract || m.ContainsGenericParameters || m is ConstructorInfo { IsStatic: true })
                    continue; // a static constructor runs when the program first needs it, not here
                compiled += Prepare(m, seen);
                foreach (MethodBase callee in Callees(m))
                    compiled += PrepareRuntimeGeneric(callee, seen, RuntimeDepth);
            }
        }
        return compiled + PrepareReductionKernels(seen);
    }

    /// <summary>
    /// The reduction kernels (<c>Reduction.KernelFor</c>) of the arithmetic types the program's runtime calls are
    /// instantiated over (<c>cMPI.Allreduce&lt;int&gt;</c>: the int kernel). The kernel is chosen by the datatype when
    /// the call runs, below non-generic code, so the walk above does not reach it. A type the program only sends costs
    /// one compile that is never used.
    /// </summary>
    private static int PrepareReductionKernels(HashSet<MethodBase> seen)
    {
        var elements = new HashSet<Type>();
        foreach (MethodBase m in seen.ToList())
        {
            if (!IsRuntime(m.Module.Assembly))
                continue;
            if (m.IsGenericMethod)
                elements.UnionWith(m.GetGenericArguments());
            if (m.DeclaringType is { IsConstructedGenericType: true } t)
                elements.UnionWith(t.GetGenericArguments());
        }
        int compiled = 0;
        foreach (Type element in elements)
        {
            if (global::CloudMpi.Core.Reduction.KernelFor(element) is MethodInfo kernel)
                compiled += Prepare(kernel, seen);
        }
        return compiled;
    }

    /// <summary>A closed generic method of the runtime (or a method of a closed generic runtime type) and, below it, the
    /// closed generic runtime methods it calls.</summary>
    private static int PrepareRuntimeGeneric(MethodBase m, HashSet<MethodBase> seen, int depth)
    {
        if (depth == 0 || seen.Contains(m) || !IsRuntime(m.Module.Assembly) || m.ContainsGenericParameters || m.IsAbstract)
            return 0;
        bool generic = m.IsGenericMethod || (m.DeclaringType?.IsConstructedGenericType ?? false);
        if (!generic)
            return 0; // non-generic runtime methods have ReadyToRun code, or RuntimePrecompiler compiles them
        int compiled = Prepare(m, seen);
        foreach (MethodBase callee in Callees(m))
            compiled += PrepareRuntimeGeneric(callee, seen, depth - 1);
        return compiled;
    }

    internal static bool IsRuntime(Assembly a) =>
        a == typeof(global::CloudMpi.cMPI).Assembly || a == typeof(global::CloudMpi.Libc.LibcState).Assembly;

    internal static int Prepare(MethodBase m, HashSet<MethodBase> seen)
    {
        if (!seen.Add(m) || m.GetMethodBody() is null)
            return 0;
        try
        {
            if (m.IsGenericMethod)
                RuntimeHelpers.PrepareMethod(m.MethodHandle, m.GetGenericArguments().Select(t => t.TypeHandle).ToArray());
            else
                RuntimeHelpers.PrepareMethod(m.MethodHandle);
            return 1;
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or InvalidOperationException
                                       or TypeLoadException or BadImageFormatException or MissingMethodException)
        {
            return 0; // compiled at its first call instead, as without this
        }
    }

    /// <summary>The methods <paramref name="m"/>'s IL calls (call, callvirt, newobj, ldftn), resolved in its generic context.</summary>
    internal static IEnumerable<MethodBase> Callees(MethodBase m)
    {
        byte[]? il;
        try
        {
            il = m.GetMethodBody()?.GetILAsByteArray();
        }
        catch (Exception e) when (e is InvalidOperationException or BadImageFormatException)
        {
            il = null;
        }
        if (il is null)
            yield break;
        Type[]? typeArgs = m.DeclaringType is { IsGenericType: true } t ? t.GetGenericArguments() : null;
        Type[]? methodArgs = m.IsGenericMethod ? m.GetGenericArguments() : null;
        foreach (int token in CallTokens(il))
        {
            MethodBase? callee;
            try
            {
                callee = m.Module.ResolveMethod(token, typeArgs, methodArgs);
            }
            catch (Exception e) when (e is ArgumentException or TypeLoadException or MissingMethodException or BadImageFormatException)
            {
                callee = null;
            }
            if (callee is not null)
                yield return callee;
        }
    }

    private static readonly Dictionary<short, OpCode> OpCodesByValue = typeof(OpCodes)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!)
        .ToDictionary(o => o.Value);

    /// <summary>The method tokens of the IL's calls; an opcode the table does not know ends the walk (nothing is lost
    /// but the compiles ahead: those methods compile at their first call).</summary>
    private static IEnumerable<int> CallTokens(byte[] il)
    {
        int i = 0;
        while (i < il.Length)
        {
            short value = il[i] == 0xFE && i + 1 < il.Length ? (short)(0xFE00 | il[i + 1]) : il[i];
            if (!OpCodesByValue.TryGetValue(value, out OpCode op))
                yield break;
            i += op.Size;
            if (op.OperandType == OperandType.InlineMethod && i + 4 <= il.Length)
                yield return BitConverter.ToInt32(il, i);
            i += op.OperandType switch
            {
                OperandType.InlineNone => 0,
                OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
                OperandType.InlineVar => 2,
                OperandType.InlineI8 or OperandType.InlineR => 8,
                OperandType.InlineSwitch when i + 4 <= il.Length => 4 + 4 * BitConverter.ToInt32(il, i),
                _ => 4,
            };
        }
    }
}
