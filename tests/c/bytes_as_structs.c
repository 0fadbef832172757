/* A char buffer read and written as an array of structs (CoMD's halo messages: `AtomMsg *buf = (AtomMsg *) charBuf`,
 * filled, copied as bytes, read back): a struct of numbers only is its bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct { int gid; int type; double rx, ry, rz; } AtomMsg;
static int load(char *charBuf, int n)
{
    AtomMsg *buf = (AtomMsg *) charBuf;
    for (int i = 0; i < n; i++) {
        buf[i].gid = 100 + i;
        buf[i].type = i % 2;
        buf[i].rx = i * 0.5;
        buf[i].ry = -i;
        buf[i].rz = i * i;
    }
    return n * sizeof(AtomMsg);
}
static void unload(char *charBuf, int bufSize)
{
    AtomMsg *buf = (AtomMsg *) charBuf;
    int n = bufSize / sizeof(AtomMsg);
    for (int i = 0; i < n; i++)
        printf("%d %d %.1f %.1f %.1f\n", buf[i].gid, buf[i].type, buf[i].rx, buf[i].ry, buf[i].rz);
}
int main(void)
{
    char *send = malloc(10 * sizeof(AtomMsg));
    char *recv = malloc(10 * sizeof(AtomMsg));
    int bytes = load(send, 3);
    memcpy(recv, send, bytes);
    unload(recv, bytes);
    printf("%d bytes\n", bytes);
    return 0;
}
