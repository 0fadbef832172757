/* The address of a struct field: C# has no array + offset form for it. */
struct point { int x, y; };
int main(void)
{
    struct point p = { 1, 2 };
    int *py = &p.y;
    return *py;
}
