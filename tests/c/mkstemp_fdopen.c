/* mkstemp and fdopen: a scratch file named from a template (the name written back into the array), a stream on its
 * descriptor, written, rewound, read, closed (which closes the descriptor) and unlinked; fdopen's failures. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    char name[] = "/tmp/cmpi_mkstemp_XXXXXX";
    int fd = mkstemp(name);
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    printf("opened %d, name kept its prefix %d, length %zu, Xs replaced %d\n", fd >= 3,
           strncmp(name, "/tmp/cmpi_mkstemp_", 18) == 0, strlen(name), strchr(name, 'X') == NULL ||
           strcmp(name + 18, "XXXXXX") != 0);
    FILE *f = fdopen(fd, "w+");
    if (!f) return 2;
    for (int i = 0; i < 3; i++) fprintf(f, "line %d %.2f\n", i, i * 1.25);
    fflush(f);
    rewind(f);
    char buf[64];
    while (fgets(buf, sizeof buf, f)) printf("read: %s", buf);
    printf("eof %d\n", feof(f) != 0);
    fseek(f, 0, SEEK_END);
    printf("size %ld\n", ftell(f));
    fclose(f);
    FILE *again = fopen(name, "r");
    printf("reopened %d first char %c\n", again != NULL, again ? fgetc(again) : '?');
    if (again) fclose(again);
    printf("unlink %d\n", unlink(name));
    char bad[] = "/tmp/cmpi_no_xs";
    errno = 0;
    int r = mkstemp(bad);
    printf("bad template %d errno EINVAL %d name %s\n", r, errno == EINVAL, bad);
    char missing[] = "/nonexistent-dir-cmpi/fXXXXXX";
    errno = 0;
    r = mkstemp(missing);
    printf("missing dir %d errno ENOENT %d\n", r, errno == ENOENT);
    errno = 0;
    FILE *none = fdopen(0, "q");
    printf("fdopen of a bad mode %d errno EINVAL %d\n", none == NULL, errno == EINVAL);
    return 0;
}
