/* Declarations old C code puts inside a block: functions declared K&R style
 * (`double area(), scale();`, no prototype) before their definitions later in
 * the file, a prototype inside a nested block, and an extern variable named in
 * a block, also where a local of the same name is in scope around it. C# needs
 * none of them: the calls reach the definitions, the names the global. */
#include <stdio.h>

int calls = 0;

static int shadowed(void)
{
    int calls = 5;                     /* this local ... */
    {
        extern int calls;              /* ... hidden here by the global */
        calls += 100;
    }
    return calls;
}

int main(int argc, char **argv)
{
    double area(), total = 0.0;
    void scale(), report();
    double sides[3] = {1.5, 2.0, 4.0};
    int i;
    for (i = 0; i < 3; i++)
        total += area(sides[i], i + 1);
    scale(sides, 3, 2);
    {
        int twice(int x);
        extern int calls;
        printf("%d %d\n", twice(argc), calls);
    }
    report(sides, 3, total);
    i = shadowed();                    /* before reading calls: C leaves the order of arguments open */
    printf("%d %d\n", i, calls);
    return 0;
}

double area(double side, int copies)
{
    calls++;
    return side * side * copies;
}

void scale(double *v, int n, int by)
{
    int i;
    calls++;
    for (i = 0; i < n; i++)
        v[i] *= by;
}

int twice(int x) { return 2 * x; }

void report(const double *v, int n, double total)
{
    int i;
    for (i = 0; i < n; i++)
        printf("%.2f ", v[i]);
    printf("| %.3f after %d calls\n", total, calls);
}
