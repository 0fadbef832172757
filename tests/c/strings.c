/* Strings, stdio files, scanf and the stdlib helpers, compared with gcc's build. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct rec { char name[16]; int score; };

static int by_score(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    return x->score - y->score;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static int count_vowels(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if (strchr("aeiou", tolower((unsigned char)*s)))
            n++;
    return n;
}

int main(void)
{
    char buf[64], word[16];
    int a = 0, b = 0;
    double d = 0;
    strcpy(buf, "Hello");
    strcat(buf, ", World");
    printf("%s %d %d\n", buf, (int)strlen(buf), count_vowels(buf));
    printf("%d %d %d\n", strcmp("abc", "abd") < 0, strncmp("abcdef", "abcxyz", 3), strcmp(buf, buf));
    char *comma = strchr(buf, ',');
    printf("after comma: '%s' at %ld\n", comma + 2, (long)(comma - buf));
    printf("strstr: %s\n", strstr(buf, "World"));
    snprintf(word, sizeof word, "%s-%03d", "id", 7);
    printf("%s\n", word);
    sprintf(buf, "%d %f %s", 42, 2.5, "tail");
    if (sscanf(buf, "%d %lf %15s", &a, &d, word) == 3)
        printf("scanned %d %.2f %s\n", a, d, word);
    printf("%d %.3f %ld\n", atoi("  123xyz"), atof("3.25e1"), strtol("-ff", NULL, 16));

    FILE *f = fopen("strings_test.txt", "w");
    for (int i = 0; i < 3; i++)
        fprintf(f, "line %d %d\n", i, i * i);
    fclose(f);
    f = fopen("strings_test.txt", "r");
    while (fgets(buf, sizeof buf, f) != NULL) {
        if (sscanf(buf, "line %d %d", &a, &b) == 2)
            printf("read %d -> %d\n", a, b);
    }
    fclose(f);
    remove("strings_test.txt");

    struct rec table[4] = { {"carol", 72}, {"alice", 91}, {"bob", 65}, {"dave", 80} };
    qsort(table, 4, sizeof(struct rec), by_score);
    for (int i = 0; i < 4; i++)
        printf("%-6s %d\n", table[i].name, table[i].score);
    int keys[6] = { 9, 2, 7, 4, 1, 8 };
    qsort(keys, 6, sizeof(int), cmp_int);
    int want = 7;
    int *hit = bsearch(&want, keys, 6, sizeof(int), cmp_int);
    printf("found %d at %ld\n", *hit, (long)(hit - keys));
    srand(12345);
    int r1 = rand(), r2 = rand();
    printf("%d %d\n", r1 % 1000, r2 % 1000);
    char up[8];
    for (int i = 0; i < 5; i++)
        up[i] = (char)toupper("mixed"[i]);
    up[5] = '\0';
    puts(up);
    /* string literals where the library takes const char * first, or void * */
    char lit[8];
    memcpy(lit, "copy", 5);
    printf("%s %zu %zu %s %d %s\n", lit, strspn("aaabbc", "ab"), strcspn("hello world", " "),
           strpbrk("hello world", "ow"), memcmp("abc", "abd", 3) < 0, (char *)memchr("find-me", '-', 7));
    printf("%d %d\n", strcoll("apple", "apricot") < 0, strcoll(lit, "copy"));
    {   /* the end pointer of a plain local `char *end` */
        const char *text = "  42xyz 0x1fq 2.5e3!";
        char *end;
        long v = strtol(text, &end, 0);
        unsigned long h = strtoul(end + 4, &end, 0);
        double d = strtod(end + 1, &end);
        printf("%ld %lu %.1f rest=\"%s\" at %d\n", v, h, d, end, (int)(end - text));
    }
    return 0;
}
