/* Conditionals choosing an object: `*(c ? &a : &b) = v`, a conditional choosing an array then indexed,
 * nested conditionals as a lookup, comma-separated steps of a two-index for loop, and a comma expression's value. */
#include <stdio.h>

int main(void) {
    int a = 0, b = 0, lo[3] = {0}, hi[3] = {0};
    char s[] = "reverse me";
    for (int i = 0; i < 6; i++) {
        *(i % 2 ? &a : &b) += i;
        (i < 3 ? lo : hi)[i % 3] = i * i;
    }
    printf("a %d b %d lo %d %d %d hi %d %d %d\n", a, b, lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]);
    for (int i = 0, j = (int)sizeof s - 2; i < j; i++, j--) {
        char t = s[i];
        s[i] = s[j], s[j] = t;
    }
    printf("%s\n", s);
    for (int n = -2; n <= 2; n++)
        printf("%d:%s ", n, n < 0 ? "neg" : n == 0 ? "zero" : n == 1 ? "one" : "many");
    printf("\n");
    int x = (a++, b++, a + b);
    printf("x %d a %d b %d\n", x, a, b);
    return 0;
}
