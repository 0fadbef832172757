#include <string.h>
struct opt { void *ptr; int sz; };
void set(struct opt *o, const char *value) {
    strncpy((long *) o->ptr, value, o->sz);
}
int main(void) {
    char buf[8];
    struct opt o = {buf, 8};
    set(&o, "abc");
    return buf[0] != 97;
}
