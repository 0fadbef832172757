/* sscanf of CSV-like records with scan sets (%[^,]), assignment suppression (%*d, %*[ ]), widths, %n to find where
 * parsing stopped, and the return count when a field is missing. */
#include <stdio.h>

int main(void) {
    const char *lines[] = {"alice,30,5.5", "bob,,7", "carol,41,x", "dave 12 skip 3.5"};
    char name[16];
    int age, used;
    double score;
    for (int i = 0; i < 3; i++) {
        age = -1;
        score = -1;
        int r = sscanf(lines[i], "%15[^,],%d,%lf", name, &age, &score);
        printf("%d: r=%d %s %d %g\n", i, r, name, age, score);
    }
    int r = sscanf(lines[3], "%4s %*d %*s %lf%n", name, &score, &used);
    printf("r=%d %s %g used %d\n", r, name, score, used);
    int a, b;
    r = sscanf("12-34", "%d%*[-]%d", &a, &b);
    printf("r=%d %d %d\n", r, a, b);
    r = sscanf("abc123", "%3c%d", name, &a);
    name[3] = '\0';
    printf("r=%d %s %d\n", r, name, a);
    return 0;
}
