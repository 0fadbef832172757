/* a table of static data in a header without an include guard, included by two files */
static int weights[2][3] = {{1, 2, 3}, {4, 5, 6}};

static inline int weight(int i, int j)
{
    return weights[i][j];
}
