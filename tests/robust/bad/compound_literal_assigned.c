/* a compound literal assigned to: an lvalue in C, a C# value (CS0131; fuzz kind round10) */
struct pt { int x, y; };
int main(void) {
    (struct pt){1, 2}.x = 5;
    return 0;
}
