/* Bit-fields have no C# layout equivalent yet. */
struct flags { unsigned ready : 1; unsigned count : 7; };
int main(void)
{
    struct flags f = { 1, 3 };
    return f.count;
}
