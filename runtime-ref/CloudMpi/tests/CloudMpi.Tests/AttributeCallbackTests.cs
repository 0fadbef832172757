using CloudMpi.Libc;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>Attribute copy and delete functions of the program's own (cMPI.CopyFunction / DeleteFunction).</summary>
public class AttributeCallbackTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Fact]
    public void DupCopiesThroughTheFunctionAndFreeDeletesTheLastSetFirst()
    {
        MpiRunner.Run(2, rank =>
        {
            var deleted = new List<int>();
            var copy = cMPI.CopyFunction<Comm>((Comm c, int key, object? value, out object? copied, out int flag) =>
            {
                var p = cMPI.AttrPointer<int>(value);
                copied = new Ptr<int>(new[] { p[0] + 1 }, 0);
                flag = 1;
                return cMPI.SUCCESS;
            });
            var noCopy = cMPI.CopyFunction<Comm>((Comm c, int key, object? value, out object? copied, out int flag) =>
            {
                copied = null;
                flag = 0;
                return cMPI.SUCCESS;
            });
            var delete = cMPI.DeleteFunction<Comm>((c, key, value) => { deleted.Add(key); return cMPI.SUCCESS; });
            cMPI.Comm_create_keyval(copy, delete, out int k1, null);
            cMPI.Comm_create_keyval(noCopy, delete, out int k2, null);
            cMPI.Comm_set_attr(World, k1, new[] { 10 }, 0);
            cMPI.Comm_set_attr(World, k2, new[] { 20 }, 0);
            cMPI.Comm_dup(World, out var dup);
            cMPI.Comm_get_attr(dup, k1, out int[] got, out int flag);
            Assert.Equal((1, 11), (flag, got[0]));
            cMPI.Comm_get_attr(dup, k2, out got, out flag);
            Assert.Equal(0, flag);
            cMPI.Comm_set_attr(dup, k2, new[] { 30 }, 0);
            cMPI.Comm_free(ref dup);
            Assert.Equal(new[] { k2, k1 }, deleted);
            cMPI.Comm_delete_attr(World, k1);
            cMPI.Comm_delete_attr(World, k2);
            Assert.Equal(new[] { k2, k1, k1, k2 }, deleted);
        });
    }

    [Fact]
    public void ADeleteFunctionsErrorFailsTheCallAndKeepsTheValue()
    {
        MpiRunner.Run(1, rank =>
        {
            var failing = cMPI.DeleteFunction<Datatype>((t, key, value) => cMPI.ERR_OTHER);
            cMPI.Type_create_keyval(cMPI.TYPE_NULL_COPY_FN, failing, out int key, null);
            cMPI.Type_contiguous(2, MPI_INT, out var pair);
            cMPI.Type_set_attr(pair, key, new[] { 1 }, 0);
            var error = Assert.Throws<MpiException>(() => cMPI.Type_delete_attr(pair, key));
            Assert.Equal(cMPI.ERR_OTHER, error.ErrorClass);
            cMPI.Type_get_attr(pair, key, out int[] got, out int flag);
            Assert.Equal((1, 1), (flag, got[0]));
        });
    }

    [Fact]
    public void APredefinedAttributeReadAsBytesIsItsValuesBytes()
    {
        MpiRunner.Run(1, rank =>
        {
            cMPI.Comm_get_attr(World, cMPI.TAG_UB_KEY, out Ptr<byte> bytes, out int flag);
            Assert.Equal(1, flag);
            Assert.Equal(cMPI.TAG_UB, BitConverter.ToInt32(new[] { bytes[0], bytes[1], bytes[2], bytes[3] }));
        });
    }
}
