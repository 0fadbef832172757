/* htonl/htons/ntohl/ntohs (arpa/inet.h): legacy codes write binary records in network (big-endian) order so that
 * other machines read them; a header packed by hand into bytes and read back, and the swaps' values. */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct header { uint32_t magic; uint16_t version; uint16_t count; uint32_t length; };

int main(void) {
    printf("%08x %04x %08x %04x\n", htonl(0x01020304u), htons(0x0102), ntohl(0xdeadbeefu), ntohs(0xfffe));
    printf("%u %u\n", ntohl(htonl(4000000000u)), ntohs(htons(65535)));
    struct header h = {htonl(0xCAFEF00Du), htons(3), htons(258), htonl(70000)};
    unsigned char bytes[sizeof h];
    memcpy(bytes, &h, sizeof h);
    for (size_t i = 0; i < sizeof h; i++) printf("%02x", bytes[i]);
    printf("\n");
    struct header back;
    memcpy(&back, bytes, sizeof back);
    printf("%x %u %u %u\n", ntohl(back.magic), ntohs(back.version), ntohs(back.count), ntohl(back.length));
    uint32_t words[4] = {1, 256, 65536, 16777216};
    uint32_t sum = 0;
    for (int i = 0; i < 4; i++) sum += htonl(words[i]);
    printf("%u\n", sum);
    unsigned short port = 8080;
    int narrowed = htons(port) >> 8;
    printf("%d %d\n", narrowed, (short)htons(0x80));
    return 0;
}
