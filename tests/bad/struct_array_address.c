/* A pointer into an array inside a struct: the inline array has no array + offset form yet. */
struct row { int cells[4]; };
int main(void)
{
    struct row r = { { 1, 2, 3, 4 } };
    int *p = &r.cells[1];
    return *p;
}
