/* Splitting a line in place as old parsers do: strchr and a '\0' written over the separator, an argv-like array
 * of pointers into one buffer, strsep and strtok_r with their own state, trailing whitespace trimmed through a
 * pointer walking back. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static char *trim(char *s) {
    char *end;
    while (isspace((unsigned char)*s)) s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1])) end--;
    *end = '\0';
    return s;
}

int main(void) {
    char line[] = "  key = some value  \n";
    char *eq = strchr(line, '=');
    *eq = '\0';
    printf("[%s] [%s]\n", trim(line), trim(eq + 1));
    char cmd[] = "mpirun -np 4 ./a.out input.dat";
    char *argv[8];
    int argc = 0;
    char *p = cmd;
    while (*p && argc < 8) {
        argv[argc++] = p;
        while (*p && *p != ' ') p++;
        if (*p) *p++ = '\0';
    }
    int i;
    for (i = 0; i < argc; i++) printf("%d:%s ", i, argv[i]);
    printf("\n");
    char csv[] = "a,,b,c";
    char *rest = csv, *field;
    while ((field = strsep(&rest, ",")) != NULL) printf("<%s>", field);
    printf("\n");
    char outer[] = "x=1;y=2", *s1, *s2;
    char *tok = strtok_r(outer, ";", &s1);
    while (tok) {
        char *k = strtok_r(tok, "=", &s2), *v = strtok_r(NULL, "=", &s2);
        printf("%s->%s ", k, v);
        tok = strtok_r(NULL, ";", &s1);
    }
    printf("\n");
    return 0;
}
