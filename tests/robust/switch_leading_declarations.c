/* Declarations between a switch's brace and its first case label (legal C, seen in legacy code): their names are in
   scope in every case, an automatic one's initializer never runs, a static one's does. Once a located error
   ("a statement before the first case label"); found by hand, round 10. */
#include <stdio.h>
static int h(int k) {
    int r = 0;
    if (k < 0) goto out;
    switch (k) {
        int t;
        static int calls = 100;
    case 0:
        t = 3;
        r = t + ++calls;
        break;
    case 1:
        t = 4;
        r = t * 2 + calls;
    }
out:
    return r;
}
int main(void) {
    int sum = 0;
    for (int k = 0; k < 3; k++) {
        switch (k) { int v; default: v = k * 2; sum += v; }
    }
    int v = 9;
    printf("%d %d %d %d %d %d\n", h(0), h(1), h(-1), h(5), sum, v);
    return 0;
}
