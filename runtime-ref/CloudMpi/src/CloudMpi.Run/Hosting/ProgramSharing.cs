using System.Reflection;
using System.Runtime.CompilerServices;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// Whether the ranks of an in-process job may share one load of the program. A load is what the JIT
/// compiles for: one load for all ranks compiles each method once per job instead of once per rank
/// (50-100 ms a rank for an NPB kernel). It is safe when the program keeps no state in statics: a
/// translated program keeps the C globals in fields of one object per rank (the translator's
/// rank_state.py) and has only constants in statics. A hand-written program whose statics are its
/// state gets a load per rank, as before, so each rank still sees its own.
/// </summary>
internal static class ProgramSharing
{
    public static bool KeepsNoStateInStatics(Assembly program)
    {
        foreach (Type type in program.GetTypes())
        {
            if (IsCompilerGenerated(type))
                continue; // lambda caches, array-initializer data: the compiler's, the same in every rank
            const BindingFlags statics = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;
            foreach (FieldInfo field in type.GetFields(statics))
            {
                if (field.IsLiteral || IsCompilerGenerated(field))
                    continue;
                if (!field.IsInitOnly || !IsImmutable(field.FieldType))
                    return false;
            }
        }
        return true;
    }

    /// <summary>Values a readonly static cannot change through: numbers, strings, the runtime's handles.</summary>
    private static bool IsImmutable(Type t) =>
        t.IsPrimitive || t.IsEnum || t == typeof(string) || t == typeof(decimal)
        || t == typeof(Datatype) || t == typeof(Op) || t == typeof(Comm) || t == typeof(Libc.SizeT);

    private static bool IsCompilerGenerated(MemberInfo m) => m.IsDefined(typeof(CompilerGeneratedAttribute), inherit: false);
}
