/* Bit-fields laid out as gcc lays them out: each in the storage unit of its declared type, packed with its
 * neighbours, so a union that overlays the struct, memcpy/memset of it, its bytes read through an
 * `unsigned char *`, and arrays of it inside other structs see C's bits. A struct that holds a pointer
 * keeps each bit-field apart (it has no C layout in C#), and still reads and writes like C. */
#include <stdio.h>
#include <string.h>
#include <stddef.h>
#include <stdint.h>
struct mixed { char tag; int x:4; int y; unsigned short s:9, t:7; long long big:40; signed char sc:3; double d; };
struct zero { unsigned a:5; unsigned :0; unsigned b:3; unsigned :4; unsigned c:2; };
struct wide { uint64_t lo:33, hi:31; uint32_t m:1; };
struct holder { char c; struct zero z[3]; short sh; };
struct withptr { int *p; unsigned k:3, j:5; };
#pragma pack(push, 1)
struct tight { char c; unsigned u:12; int i; };
#pragma pack(pop)
union view { struct mixed m; unsigned char b[sizeof(struct mixed)]; };
static void dump(const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
  printf("\n");
}
int main(void) {
  union view v; memset(&v, 0, sizeof v);
  v.m.tag = 'A'; v.m.x = -5; v.m.y = 123456; v.m.s = 300; v.m.t = 99;
  v.m.big = -1234567890123LL; v.m.sc = -2; v.m.d = 2.5;
  printf("sizes %zu %zu %zu %zu\n", sizeof(struct mixed), sizeof(struct zero), sizeof(struct wide), sizeof(struct holder));
  printf("offs %zu %zu\n", offsetof(struct mixed, y), offsetof(struct mixed, d));
  dump(&v.m, sizeof v.m);
  printf("%d %d %u %u %lld %d %.1f\n", v.m.x, v.m.y, v.m.s, v.m.t, (long long)v.m.big, v.m.sc, v.m.d);
  struct holder h; memset(&h, 0xff, sizeof h);
  h.c = 1; h.sh = -1;
  for (int i = 0; i < 3; i++) { h.z[i].a = i + 7; h.z[i].b = i; h.z[i].c = 3 - i; }
  dump(&h, sizeof h);
  struct wide w = { 0x1ffffffffULL, 0x12345678, 1 };
  w.lo += 5; w.hi++;
  int r = (w.m = 3);
  printf("%llx %llx %u %d\n", (unsigned long long)w.lo, (unsigned long long)w.hi, (unsigned)w.m, r);
  dump(&w, sizeof w);
  struct mixed copy; memcpy(&copy, v.b, sizeof copy);
  copy.x += 9;
  printf("%d %d\n", copy.x, copy.sc * 3);
  int val = 4; struct withptr wp = { &val, 9, 33 };
  printf("%d %u %u\n", *wp.p, wp.k, wp.j);
  struct zero arr[4]; memset(arr, 0, sizeof arr);
  arr[2].b = 5; arr[3].a = 31;
  dump(arr, sizeof arr);
  struct tight t = { 'x', 4095, -7 };
  t.u += 2;
  printf("tight %zu %u %d\n", sizeof t, t.u, t.i);
  return 0;
}
