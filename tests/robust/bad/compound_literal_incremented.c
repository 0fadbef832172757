/* a compound literal incremented: ++(int){5} was C# ++5 (CS1059; fuzz kind round10) */
#include <stdio.h>
int main(void) {
    printf("%d\n", ++(int){5});
    return 0;
}
