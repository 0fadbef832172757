/* A diagnostic after two uses of a macro whose body continues over lines (CoMD's timers) keeps its line. */
#define startTimer(handle)    \
   do                         \
{                          \
   (handle)++;             \
} while(0)
struct point { double x; int tag; const char *name; };
int main(void)
{
    struct point p = {1.0, 2};
    int n = 0;
    startTimer(n);
    startTimer(n);
    int *words = (int *)&p;
    return words[2] != n;
}
