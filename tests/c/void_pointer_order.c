/* Relational comparison of `void *` pointers, and of pointers to different types converted to `void *`
 * (`(void *)&t.x < (void *)&t.y`): C orders them by address. The cast form translated to `Ptr<short> < Ptr<int>`, which
 * C# refuses (CS0019: a translation that did not compile); the `void *` variables were refused as "a pointer that points
 * into no array". Only layout-independent facts are printed: members by their order in the struct, elements by index,
 * distinct objects consistently, NULL below every object. */
#include <stdio.h>

struct T { short x; int y; double z; char *name; };

int main(void)
{
    struct T t, u[2];
    short s[4];
    int i[4];
    void *a = &t.x, *b = &t.y, *none = 0;

    printf("cast members: %d %d %d\n", (void *)&t.x < (void *)&t.y, (void *)&u[1].x > (void *)&u[0].z,
           (void *)&t.name >= (void *)&t.z);
    printf("handles: %d %d %d\n", a < b, a >= b, b > a);
    printf("elements: %d %d\n", (void *)&s[1] < (void *)&s[2], (void *)&i[3] <= (void *)&i[0]);
    printf("distinct objects: %d\n", ((void *)&s[0] < (void *)&i[0]) != ((void *)&i[0] < (void *)&s[0]));
    printf("null: %d %d\n", none < a, (void *)&t.x > none);
    return 0;
}
