#include <stdio.h>
int main(void) {
    double x[2] = {1, 2};
    int tag[8];
    snprintf(tag, sizeof tag, "r%d", 1);
    printf(x, "fmt");
    return 0;
}
