/* Three places the translator cannot take, in three functions (a function's address as a number, inline assembly
   the front end refuses, a void pointer given a number and an address): one run names all three, in source order. */
static long where(int (*f)(void))
{
    return (long)f;
}

static int twice(int x)
{
    __asm__("" : "+r"(x));
    return 2 * x;
}

int main(void)
{
    int cells[4] = {0};
    void *p = (void *)(long)cells[0];
    p = cells[1] ? &cells[2] : p;
    return (int)where(main) + twice(1) + (p != 0);
}
