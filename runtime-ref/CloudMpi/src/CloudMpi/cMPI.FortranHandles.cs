using System.Runtime.CompilerServices;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Fortran handles of C handles (MPI-3.1 17.2.4, MPI_Comm_c2f and kin): an integer (MPI_Fint) per handle, numbered per
/// rank and kind in the order the program first converts them, after the predefined ones Open MPI 4.1 numbers the
/// same way (MPI_COMM_WORLD 0, MPI_COMM_SELF 1, MPI_COMM_NULL 2; each kind's null handle 0 elsewhere, MPI_GROUP_EMPTY
/// and MPI_ERRORS_ARE_FATAL 1, MPI_ERRORS_RETURN 2). A C program gets them to hand to Fortran code or to keep a handle
/// in an int (hypre's MPI layer); MPI_X_f2c gives the handle back, and the null handle for a number it never gave.
/// </summary>
public static partial class cMPI
{
    /// <summary>Each rank's numbering: per kind of handle, the handles in the order of their numbers.</summary>
    private static readonly ConditionalWeakTable<RankContext, Dictionary<Type, List<object>>> s_fortranHandles = new();

    private static List<object> FortranTable<T>(params T[] predefined) where T : class
    {
        var tables = s_fortranHandles.GetValue(RankContext.Current, _ => []);
        if (!tables.TryGetValue(typeof(T), out var table))
            tables[typeof(T)] = table = [.. predefined];
        return table;
    }

    private static int ToFortran<T>(string call, T handle, params T[] predefined) where T : class
    {
        Ctx(call);
        var table = FortranTable(predefined);
        int i = table.FindIndex(h => Equals(h, handle));
        if (i >= 0) return i;
        table.Add(handle);
        return table.Count - 1;
    }

    /// <summary>The handle numbered <paramref name="handle"/>, or <paramref name="nullHandle"/> for a number never given.</summary>
    private static T FromFortran<T>(string call, int handle, T nullHandle, params T[] predefined) where T : class
    {
        Ctx(call);
        var table = FortranTable(predefined);
        return handle >= 0 && handle < table.Count ? (T)table[handle] : nullHandle;
    }

    private static Comm[] PredefinedComms => [COMM_WORLD, COMM_SELF, COMM_NULL];

    public static int Comm_c2f(Comm comm) => ToFortran("MPI_Comm_c2f", comm, PredefinedComms);
    public static Comm Comm_f2c(int comm) => FromFortran("MPI_Comm_f2c", comm, COMM_NULL, PredefinedComms);

    public static int Type_c2f(Datatype datatype) => ToFortran("MPI_Type_c2f", datatype, Datatype.MPI_DATATYPE_NULL);
    public static Datatype Type_f2c(int datatype) => FromFortran("MPI_Type_f2c", datatype, Datatype.MPI_DATATYPE_NULL, Datatype.MPI_DATATYPE_NULL);
    public static int Group_c2f(Group group) => ToFortran("MPI_Group_c2f", group, Group.Null, Group.Empty);
    public static Group Group_f2c(int group) => FromFortran("MPI_Group_f2c", group, Group.Null, Group.Null, Group.Empty);
    public static int Op_c2f(Op op) => ToFortran("MPI_Op_c2f", op, Op.MPI_OP_NULL);
    public static Op Op_f2c(int op) => FromFortran("MPI_Op_f2c", op, Op.MPI_OP_NULL, Op.MPI_OP_NULL);
    public static int Info_c2f(Info info) => ToFortran("MPI_Info_c2f", info, Info.Null);
    public static Info Info_f2c(int info) => FromFortran("MPI_Info_f2c", info, Info.Null, Info.Null);
    public static int Request_c2f(Request request) => ToFortran("MPI_Request_c2f", request, REQUEST_NULL);
    public static Request Request_f2c(int request) => FromFortran("MPI_Request_f2c", request, REQUEST_NULL, REQUEST_NULL);
    public static int Win_c2f(Win win) => ToFortran("MPI_Win_c2f", win, Win.Null);
    public static Win Win_f2c(int win) => FromFortran("MPI_Win_f2c", win, Win.Null, Win.Null);
    public static int File_c2f(MpiFile file) => ToFortran("MPI_File_c2f", file, MpiFile.Null);
    public static MpiFile File_f2c(int file) => FromFortran("MPI_File_f2c", file, MpiFile.Null, MpiFile.Null);
    public static int Errhandler_c2f(Errhandler errhandler) =>
        ToFortran("MPI_Errhandler_c2f", errhandler, Errhandler.Null, Errhandler.Fatal, Errhandler.Return);
    public static Errhandler Errhandler_f2c(int errhandler) =>
        FromFortran("MPI_Errhandler_f2c", errhandler, Errhandler.Null, Errhandler.Null, Errhandler.Fatal, Errhandler.Return);
    public static int Message_c2f(MpiMessage message) => ToFortran("MPI_Message_c2f", message, MESSAGE_NULL);
    public static MpiMessage Message_f2c(int message) => FromFortran("MPI_Message_f2c", message, MESSAGE_NULL, MESSAGE_NULL);
}
