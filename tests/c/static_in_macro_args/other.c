#include <string.h>
#include "report.h"

typedef struct { int count; char name[8]; } opts;
static opts o;

void other(void)
{
    o.count = 3;
    strcpy(o.name, "posix");
    CHECK(o.count == 3, "other's o");
    REPORT("other o.count=%d o.name=%s", o.count, o.name);
    REPORT("%s %d", "o.count + 1 =", o.count + 1);
}
