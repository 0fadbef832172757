/* ctype.h over every byte of a buffer: counting classes, toupper/tolower of a line, a tokenizer of
 * identifiers and numbers written with isalpha/isalnum/isdigit/isspace/ispunct/isxdigit. */
#include <ctype.h>
#include <stdio.h>

int main(void) {
    const char *src = "x1 = foo_bar(42, 0x1F) + 3.5e2; // done\t\n";
    int alpha = 0, digit = 0, space = 0, punct = 0, xdigit = 0;
    const char *p;
    for (p = src; *p; p++) {
        alpha += isalpha((unsigned char)*p) != 0;
        digit += isdigit((unsigned char)*p) != 0;
        space += isspace((unsigned char)*p) != 0;
        punct += ispunct((unsigned char)*p) != 0;
        xdigit += isxdigit((unsigned char)*p) != 0;
    }
    printf("%d %d %d %d %d\n", alpha, digit, space, punct, xdigit);
    for (p = src; *p; ) {
        if (isspace((unsigned char)*p)) { p++; continue; }
        const char *start = p;
        if (isalpha((unsigned char)*p) || *p == '_') {
            while (isalnum((unsigned char)*p) || *p == '_') p++;
            printf("ID(%.*s) ", (int)(p - start), start);
        } else if (isdigit((unsigned char)*p)) {
            while (isalnum((unsigned char)*p) || *p == '.') p++;
            printf("NUM(%.*s) ", (int)(p - start), start);
        } else {
            printf("P(%c) ", *p++);
        }
    }
    printf("\n");
    char line[] = "Mixed Case Line 7";
    char *q;
    for (q = line; *q; q++) *q = (char)(islower((unsigned char)*q) ? toupper((unsigned char)*q) : tolower((unsigned char)*q));
    printf("%s %c %c %d\n", line, toupper('z'), tolower('Q'), toupper('5'));
    return 0;
}
