/* A function's address turned into an integer has no meaning for a C# delegate (data pointers have one:
   cMPI.AddressOf, tests/c/pointer_integers.c). */
int main(void)
{
    long address = (long)&main;
    return address == 0;
}
