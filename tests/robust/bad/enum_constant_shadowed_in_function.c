/* fuzz seed 5 input 9713: a function-local enum constant named as a file-scope one (CS0102) */
#include <stdio.h>
enum sync { LOCK, FLUSH };
int main(void) {
    enum sync { LOCK = 5 };
    enum sync s = LOCK;
    printf("%d %d\n", (int)s, FLUSH);
    return 0;
}
