/* The address of a field reached through `(*p).f` rather than `p->f`, in a function whose pointer parameter p is
 * otherwise only dereferenced: given to byte calls (fread into a header, memcpy, memset) and kept in a pointer.
 * C# did not compile (CS1503): p was made a `ref` parameter, which has no address to build a pointer from. */
#include <stdio.h>
#include <string.h>

struct header { unsigned short type; unsigned int size; };
struct info { int width, height; unsigned short bits; };
struct image { struct header header; struct info info; int tag; };

static int read_headers(FILE *fp, struct image *img)
{
    if (sizeof((*img).header) != fread(&(*img).header, 1, sizeof((*img).header), fp))
        return -1;
    if (sizeof((*img).info) != fread(&(*img).info, 1, sizeof((*img).info), fp))
        return -2;
    return (*img).header.type == 0x4D42 ? 0 : 1;
}

static void copy_info(struct image *dst, const struct info *src)
{
    memcpy(&(*dst).info, src, sizeof(*src));
    memset(&(*dst).tag, 0xff, sizeof((*dst).tag));
}

static int *tag_of(struct image *img) { return &(*img).tag; }

int main(void)
{
    struct image a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    FILE *fp = fopen("star_field_address.tmp", "w+b");
    struct header h = {0x4D42, 1234};
    struct info i = {15, 10, 24};
    fwrite(&h, 1, sizeof h, fp);
    fwrite(&i, 1, sizeof i, fp);
    rewind(fp);
    int r = read_headers(fp, &a);
    printf("read %d: type %x size %u %dx%d bits %u\n", r, a.header.type, a.header.size, a.info.width, a.info.height,
           a.info.bits);
    r = read_headers(fp, &b);  /* at the end: nothing left */
    printf("again %d\n", r);
    fclose(fp);
    remove("star_field_address.tmp");
    copy_info(&b, &a.info);
    printf("copied %dx%d tag %d\n", b.info.width, b.info.height, b.tag);
    *tag_of(&b) = 42;
    int *t = tag_of(&a);
    *t += 7;
    printf("tags %d %d\n", b.tag, a.tag);
    return 0;
}
