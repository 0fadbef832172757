/* Three places the translator cannot take, in three functions: one run names all three, in source order. */
static long where(int *cells)
{
    return (long)&cells[1];
}

static unsigned long address_of(const char *s)
{
    return (unsigned long)s;
}

int main(void)
{
    int cells[4] = {0};
    int *p = (int *)(long)cells[0];
    return (int)where(cells) + (int)address_of("x") + (p != 0);
}
