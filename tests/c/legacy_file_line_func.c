/* __FILE__, __LINE__ and __func__ in diagnostics, through macros, a multi-line macro call and #line. */
#include <stdio.h>
#include <string.h>

#define WHERE(msg) printf("%s:%d: %s: %s\n", base(__FILE__), __LINE__, __func__, msg)
#define CHECK(c) do { if (!(c)) printf("check failed at line %d in %s: %s\n", __LINE__, __func__, #c); } while (0)

static const char *base(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void worker(int n) {
    WHERE("in worker");
    CHECK(n > 3);
    CHECK(n
          < 0);
}

int main(void) {
    int line = __LINE__;
    WHERE("start");
    worker(2);
    printf("line %d, next %d\n", line, __LINE__);
#line 500 "renamed.c"
    WHERE("after #line");
    printf("%s %d\n", __FILE__, __LINE__);
    return 0;
}
