/* a.c's own macros: the files the unit reads after it must not see them */
#define FLAG 5
#define N 3
#define LIMIT 40
#define TWICE(x) ((x) + (x))

int work_a(int v)
{
    return v * N + FLAG + LIMIT + TWICE(1);
}
