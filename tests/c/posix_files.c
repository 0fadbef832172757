/* POSIX files by descriptor and the file system, as IOR's POSIX backend and mdtest use them: open with flags and a
 * mode, write, lseek, read, pread, pwrite, fsync, fstat and stat (S_ISREG, S_ISDIR, st_size), access, unlink,
 * mkdir, rmdir, statvfs, errno after a failure, write(1, ...) in order with printf, nanosleep. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

typedef long long offset_t;

static int check(int ok, const char *what)
{
    printf("%-28s %s\n", what, ok ? "ok" : "FAILED");
    return ok;
}

int main(void)
{
    char dir[128], file[192];
    snprintf(dir, sizeof dir, "/tmp/cmpi_posix_files.%d", (int)getpid());
    check(mkdir(dir, S_IRWXU | S_IRGRP | S_IXGRP) == 0, "mkdir");
    check(mkdir(dir, 0755) == -1 && errno == EEXIST, "mkdir again: EEXIST");
    struct stat st;
    check(stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode), "stat dir: S_ISDIR");

    snprintf(file, sizeof file, "%s/data", dir);
    int fd = open(file, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    check(fd > 2, "open O_CREAT");
    offset_t values[64];
    for (int i = 0; i < 64; i++)
        values[i] = (offset_t)i * 1000003;
    long n = write(fd, values, sizeof values);
    printf("write: %ld bytes\n", n);
    printf("lseek end: %ld\n", (long)lseek(fd, 0, SEEK_END));
    printf("lseek set: %ld\n", (long)lseek(fd, 16, SEEK_SET));
    char *bytes = (char *)&values[2];
    n = write(fd, bytes, 8); /* overwrites values[2] with itself */
    printf("write at 16: %ld\n", n);
    check(fsync(fd) == 0, "fsync");
    struct stat fst;
    check(fstat(fd, &fst) == 0 && S_ISREG(fst.st_mode), "fstat: S_ISREG");
    printf("st_size: %lld\n", (long long)fst.st_size);
    check(close(fd) == 0, "close");

    fd = open(file, O_RDWR);
    offset_t back[64];
    memset(back, 0, sizeof back);
    n = read(fd, back, 10 * sizeof(offset_t));
    printf("read: %ld bytes, back[9] = %lld\n", n, back[9]);
    n = read(fd, &back[10], 54 * sizeof(offset_t));
    printf("read rest: %ld bytes, back[63] = %lld\n", n, back[63]);
    n = read(fd, back, 8);
    printf("read at end: %ld\n", n);
    offset_t one = -7;
    n = pwrite(fd, &one, sizeof one, 8 * 5);
    offset_t again = 0;
    n = pread(fd, &again, sizeof again, 8 * 5);
    printf("pwrite/pread: %ld %lld, position %ld\n", n, again, (long)lseek(fd, 0, SEEK_CUR));
    int same = 1;
    for (int i = 0; i < 64; i++)
        same &= back[i] == values[i];
    check(same, "read back what was written");
    close(fd);

    check(stat(file, &st) == 0 && st.st_size == (off_t)sizeof values, "stat file: st_size");
    check(access(file, F_OK) == 0 && access(file, R_OK | W_OK) == 0, "access");
    check(open("/tmp/cmpi_posix_files.no/such", O_RDONLY) == -1 && errno == ENOENT, "open missing: ENOENT");
    check(unlink(file) == 0, "unlink");
    check(access(file, F_OK) == -1 && errno == ENOENT, "access after unlink: ENOENT");
    check(stat(file, &st) == -1 && errno == ENOENT, "stat after unlink: ENOENT");
    check(rmdir(dir) == 0, "rmdir");
    check(rmdir(dir) == -1 && errno == ENOENT, "rmdir again: ENOENT");

    struct statvfs vfs;
    check(statvfs("/tmp", &vfs) == 0 && vfs.f_bsize > 0 && vfs.f_blocks >= vfs.f_bfree, "statvfs");

    struct timespec wait = {0, 1000000};
    check(nanosleep(&wait, NULL) == 0, "nanosleep");
    char cwd[4096];
    check(getcwd(cwd, sizeof cwd) != NULL && cwd[0] == '/', "getcwd");

    printf("before write(1)\n");
    fflush(stdout);
    const char *line = "written by write(1)\n";
    write(1, line, strlen(line));
    printf("after write(1)\n");
    return 0;
}
