/* A pointer turned into an integer has no meaning for a C# array and offset. */
int main(void)
{
    int cells[4];
    long address = (long)&cells[1];
    return address == 0;
}
