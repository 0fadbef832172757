/* The goto cleanup chain of C error handling: resources acquired in order (malloc, malloc, tmpfile: once an unmapped
 * function), released in reverse from the label of the step that failed; and a goto out of nested loops. */
#include <stdio.h>
#include <stdlib.h>

static int attempt(int fail_at) {
    int rc = -1;
    char *a = NULL, *b = NULL;
    FILE *f = NULL;
    a = malloc(16);
    if (!a || fail_at == 1) goto out;
    b = malloc(32);
    if (!b || fail_at == 2) goto free_a;
    f = tmpfile();
    if (!f || fail_at == 3) goto free_b;
    fputs("data", f);
    rc = 0;
    printf("all acquired\n");
    fclose(f);
free_b:
    free(b);
    printf("freed b\n");
free_a:
    free(a);
    printf("freed a\n");
out:
    printf("attempt(%d) = %d\n", fail_at, rc);
    return rc;
}

int main(void) {
    int i, j, found = -1;
    for (i = 0; i < 4; i++) attempt(i);
    for (i = 0; i < 10; i++)
        for (j = 0; j < 10; j++)
            if (i * j == 42) { found = i * 10 + j; goto done; }
done:
    printf("found %d\n", found);
    i = 0;
again:
    if (++i < 5) goto again;
    printf("i=%d\n", i);
    return 0;
}
