/* A two-dimensional variable-length array: rows of run-time length. */
int main(int argc, char **argv)
{
    int n = argc + 1;
    double m[n][n];
    m[0][0] = 1.0;
    return (int)m[0][0];
}
