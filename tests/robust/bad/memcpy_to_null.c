#include <string.h>
#include <stdio.h>
int main(void) {
    int tmp[4] = {1, 2, 3, 4};
    memcpy(0, tmp, sizeof tmp);
    printf("%d\n", tmp[0]);
    return 0;
}
