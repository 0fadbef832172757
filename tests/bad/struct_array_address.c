/* An array inside a struct returned by a call, used as a pointer: the struct has no address. */
struct row { int cells[4]; };
static struct row make(void) { struct row r = { { 1, 2, 3, 4 } }; return r; }
int main(void)
{
    int *p = make().cells;
    return p[1];
}
