/* A file mapped into memory as IOR's MMAP backend maps it: ftruncate to the size, mmap MAP_SHARED with PROT_READ |
 * PROT_WRITE into a struct's `void *` field, memcpy to and from `ptr + offset` (GNU C's byte arithmetic), msync,
 * posix_madvise, munmap; the file then holds what was copied in. A read-only map of it reads the bytes back; a map of
 * a closed descriptor is MAP_FAILED. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    int direct_io_ignored;
    void *mmap_ptr;
    int madv_pattern;
} mmap_options_t;

int main(void)
{
    char name[64];
    snprintf(name, sizeof name, "/tmp/cmpi_posix_mmap.%d", (int)getpid());
    const long size = 3 * 4096;
    int fd = open(name, O_CREAT | O_RDWR | O_TRUNC, 0600);
    if (ftruncate(fd, size) != 0)
        printf("ftruncate failed\n");
    mmap_options_t *o = calloc(1, sizeof(mmap_options_t));
    o->mmap_ptr = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    printf("mapped: %s\n", o->mmap_ptr == MAP_FAILED ? "MAP_FAILED" : "ok");
    if (posix_madvise(o->mmap_ptr, size, POSIX_MADV_SEQUENTIAL) != 0)
        printf("madvise failed\n");
    long long block[512];
    for (long offset = 0; offset < size; offset += sizeof block) {
        for (int i = 0; i < 512; i++)
            block[i] = offset + i;
        memcpy(o->mmap_ptr + offset, block, sizeof block);
        if (msync(o->mmap_ptr + offset, sizeof block, MS_SYNC) != 0)
            printf("msync failed\n");
    }
    long long back[512];
    memcpy(back, o->mmap_ptr + 4096, sizeof back);
    printf("back[0] %lld back[511] %lld\n", back[0], back[511]);
    if (munmap(o->mmap_ptr, size) != 0)
        printf("munmap failed\n");
    o->mmap_ptr = NULL;
    close(fd);

    struct stat st;
    stat(name, &st);
    printf("file size %lld\n", (long long)st.st_size);
    fd = open(name, O_RDONLY);
    long long word = 0;
    pread(fd, &word, sizeof word, 8192 + 8 * 100);
    printf("in the file at 8992: %lld\n", word);
    o->mmap_ptr = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    long long first, last;
    memcpy(&first, o->mmap_ptr, sizeof first);
    memcpy(&last, o->mmap_ptr + size - 8, sizeof last);
    printf("read-only map: %lld %lld\n", first, last);
    munmap(o->mmap_ptr, size);
    close(fd);

    o->mmap_ptr = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
    printf("closed descriptor: %s errno %s\n", o->mmap_ptr == MAP_FAILED ? "MAP_FAILED" : "mapped",
           errno == EBADF ? "EBADF" : "other");
    unlink(name);
    free(o);
    return 0;
}
