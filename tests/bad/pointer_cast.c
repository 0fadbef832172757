/* Reading a struct's memory through an int pointer reinterprets memory (one that holds a pointer). */
struct point { double x; int tag; const char *name; };
int main(void)
{
    struct point p = {1.0, 2};
    int *words = (int *)&p;
    return words[2] != 2;
}
