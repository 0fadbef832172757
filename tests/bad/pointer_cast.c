/* Reading a double's bytes through an int pointer reinterprets memory. */
int main(void)
{
    double d = 1.0;
    double *pd = &d;
    int *bits = (int *)pd;
    return bits[1] != 0;
}
