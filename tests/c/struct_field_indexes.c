/* Arrays inside structs indexed by size_t, unsigned and long values (`s.name[sizeof s.name - 1] = '\0'`
 * after strncpy, as record-reading code does): C# indexes a struct's inline array with an int only. */
#include <stdio.h>
#include <string.h>

typedef struct {
    char name[8];
    short codes[2][3];
    int score;
} record;

int main(void)
{
    record r[2];
    size_t k;
    unsigned u;
    long l;
    int i;
    memset(r, 0, sizeof r);
    strncpy(r[0].name, "a-very-long-name", sizeof r[0].name);
    r[0].name[sizeof r[0].name - 1] = '\0';
    for (k = 0; k < sizeof r[1].name - 1; k++)
        r[1].name[k] = (char)('p' + k);
    for (u = 0; u < 2; u++)
        for (l = 0; l < 3; l++)
            r[u % 2].codes[u][l] = (short)(u * 10 + l);
    for (i = 0; i < 2; i++) {
        record *p = &r[i];
        p->score = (int)strlen(p->name) * 3 + p->codes[i][2];
        printf("%s %d %d %d\n", p->name, p->score, p->codes[1][(size_t)i], p->name[(unsigned)i + 1u]);
    }
    return 0;
}
