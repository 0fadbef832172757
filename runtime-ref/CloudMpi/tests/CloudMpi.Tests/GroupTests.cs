using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class GroupTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Fact]
    public void SetOperationsKeepMpisOrder()
    {
        MpiRunner.Run(5, rank =>
        {
            cMPI.Comm_group(World, out var world);
            cMPI.Group_incl(world, 3, [4, 0, 2], out var a);
            cMPI.Group_incl(world, 3, [1, 2, 3], out var b);
            cMPI.Group_union(a, b, out var u);
            cMPI.Group_intersection(a, b, out var i);
            cMPI.Group_difference(a, b, out var d);
            var ranks = new int[5];
            cMPI.Group_translate_ranks(u, 5, [0, 1, 2, 3, 4], world, ranks);
            Assert.Equal([4, 0, 2, 1, 3], ranks);
            cMPI.Group_size(i, out int ni);
            cMPI.Group_translate_ranks(i, 1, [0], world, ranks);
            Assert.Equal((1, 2), (ni, ranks[0]));
            cMPI.Group_translate_ranks(d, 2, [0, 1], world, ranks);
            Assert.Equal([4, 0], ranks[..2]);
            cMPI.Group_rank(a, out int ra);
            Assert.Equal(rank switch { 4 => 0, 0 => 1, 2 => 2, _ => cMPI.UNDEFINED }, ra);
            cMPI.Group_compare(u, world, out int cmp);
            Assert.Equal(cMPI.SIMILAR, cmp);
            cMPI.Group_excl(world, 2, [1, 3], out var e);
            cMPI.Group_compare(e, a, out cmp);
            Assert.Equal(cMPI.SIMILAR, cmp);
            cMPI.Group_range_incl(world, 1, [[4, 0, -2]], out var r); // 4, 2, 0
            cMPI.Group_translate_ranks(r, 3, [0, 1, 2], world, ranks);
            Assert.Equal([4, 2, 0], ranks[..3]);
            cMPI.Group_free(ref r);
            Assert.Same(cMPI.GROUP_NULL, r);
            var ex = Assert.Throws<MpiException>(() => cMPI.Group_incl(world, 2, [1, 1], out _));
            Assert.Equal(cMPI.ERR_RANK, ex.ErrorClass);
        });
    }

    [Fact]
    public void CommCreateFollowsTheGroupsOrder()
    {
        MpiRunner.Run(4, rank =>
        {
            cMPI.Comm_group(World, out var world);
            cMPI.Group_incl(world, 3, [3, 1, 0], out var g);
            cMPI.Comm_create(World, g, out var c);
            if (rank == 2)
            {
                Assert.Same(cMPI.COMM_NULL, c);
                return;
            }
            cMPI.Comm_rank(c, out int r);
            Assert.Equal(rank switch { 3 => 0, 1 => 1, _ => 2 }, r);
            int sum = 0;
            cMPI.Allreduce(ref rank, ref sum, 1, MPI_INT, MPI_SUM, c);
            Assert.Equal(4, sum);
            cMPI.Comm_compare(c, World, out int cmp);
            Assert.Equal(cMPI.UNEQUAL, cmp);
        });
    }

    [Fact]
    public void CompareNamesAndAttributes()
    {
        MpiRunner.Run(3, rank =>
        {
            cMPI.Comm_dup(World, out var dup);
            cMPI.Comm_compare(World, World, out int c1);
            cMPI.Comm_compare(World, dup, out int c2);
            cMPI.Comm_split(World, 0, -rank, out var rev);
            cMPI.Comm_compare(World, rev, out int c3);
            Assert.Equal((cMPI.IDENT, cMPI.CONGRUENT, cMPI.SIMILAR), (c1, c2, c3));
            cMPI.Comm_get_name(dup, out string name, out _);
            Assert.Equal("", name);
            cMPI.Comm_set_name(World, $"w{rank}");
            cMPI.Comm_get_name(World, out name, out _);
            Assert.Equal($"w{rank}", name); // names are per rank even on the shared MPI_COMM_WORLD
            cMPI.Comm_get_attr(World, cMPI.TAG_UB_KEY, out int[] v, out int flag);
            Assert.Equal((1, int.MaxValue), (flag, v[0]));
            cMPI.Comm_split_type(World, cMPI.COMM_TYPE_SHARED, rank, cMPI.INFO_NULL, out var shm);
            cMPI.Comm_size(shm, out int n);
            Assert.Equal(3, n);
        });
    }
}
