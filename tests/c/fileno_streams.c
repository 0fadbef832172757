/* fileno: the standard streams' 0, 1, 2, and a file stream's own descriptor, given to fsync, fstat and ftruncate
 * after fflush (a checkpoint made durable, a log's size read), a tmpfile's, and a stream fdopen'ed on a descriptor. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
    printf("%d %d %d\n", fileno(stdin), fileno(stdout), fileno(stderr));
    const char *path = "/tmp/cmpi_fileno_probe.txt";
    FILE *f = fopen(path, "w");
    int written = fprintf(f, "checkpoint step=%d t=%.3f\n", 12, 0.625);
    fflush(f);
    int fd = fileno(f);
    printf("descriptor above 2 %d, fsync %d\n", fd > 2, fsync(fd));
    struct stat st;
    int r = fstat(fd, &st);
    printf("fstat %d size %lld of %d written\n", r, (long long)st.st_size, written);
    r = ftruncate(fd, 10);
    fstat(fd, &st);
    printf("ftruncate %d size %lld\n", r, (long long)st.st_size);
    fclose(f);
    f = fopen(path, "r");
    char buf[64] = "";
    printf("reads back [%s]\n", fgets(buf, sizeof buf, f) ? buf : "?");
    fclose(f);
    remove(path);
    FILE *t = tmpfile();
    printf("tmpfile descriptor above 2 %d\n", fileno(t) > 2);
    fclose(t);
    int raw = open("/tmp/cmpi_fileno_raw.txt", O_RDWR | O_CREAT | O_TRUNC, 0600);
    FILE *g = fdopen(raw, "r+");
    printf("fdopen keeps the descriptor %d\n", fileno(g) == raw);
    fclose(g);
    unlink("/tmp/cmpi_fileno_raw.txt");
    return 0;
}
