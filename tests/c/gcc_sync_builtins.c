/* GCC's legacy __sync builtins (type-generic: clang names them by the object's size, __sync_fetch_and_add_4) as
 * hybrid codes use them: counters, compare-and-swap claims of hash buckets (LLNL AMG's hopscotch hash casts a
 * volatile field to a plain pointer), spin flags; every operation on char, short, int, long, unsigned and through
 * array elements, struct fields and pointers. The values are C's (wrapping arithmetic, the old or the new value). */
#include <stdio.h>
#include <stdint.h>

typedef int Int;
typedef struct { volatile Int hash; Int key; } bucket_t;
typedef struct { bucket_t *buckets; Int n; Int used; } table_t;

static Int claims;

static Int compare_and_swap(Int *ptr, Int oldval, Int newval) { return __sync_val_compare_and_swap(ptr, oldval, newval); }
static Int fetch_and_add(Int *ptr, Int value) { return __sync_fetch_and_add(ptr, value); }

static int claim(table_t *t, Int key) {
  for (Int i = 0; i < t->n; i++) {
    Int at = (key + i) % t->n;
    bucket_t *b = &t->buckets[at];
    if (b->hash == 0 && 0 == compare_and_swap((Int *)&b->hash, 0, 1)) {
      b->key = key;
      fetch_and_add(&t->used, 1);
      __sync_fetch_and_add(&claims, 1);
      return at;
    }
  }
  return -1;
}

int main(void) {
  bucket_t buckets[5] = {{0, 0}, {1, 9}, {0, 0}, {0, 0}, {1, 8}};
  table_t t = {buckets, 5, 2};
  int keys[] = {1, 2, 3, 6, 7};
  for (int i = 0; i < 5; i++)
    printf("key %d -> %d\n", keys[i], claim(&t, keys[i]));
  printf("used %d claims %d\n", t.used, claims);

  int x = 5, r;
  r = __sync_val_compare_and_swap(&x, 5, 7); printf("cas %d -> %d\n", r, x);
  r = __sync_val_compare_and_swap(&x, 5, 9); printf("cas %d -> %d\n", r, x);
  r = __sync_bool_compare_and_swap(&x, 7, 11); printf("bool %d -> %d\n", r, x);
  r = __sync_bool_compare_and_swap(&x, 7, 12); printf("bool %d -> %d\n", r, x);
  r = __sync_fetch_and_add(&x, 3); printf("faa %d -> %d\n", r, x);
  printf("aaf %d\n", __sync_add_and_fetch(&x, 3));
  r = __sync_fetch_and_sub(&x, 20); printf("fas %d -> %d\n", r, x);
  printf("saf %d\n", __sync_sub_and_fetch(&x, 1));

  long l = 1L << 40;
  printf("long %ld\n", __sync_fetch_and_add(&l, 1L << 40));
  printf("long %ld\n", __sync_add_and_fetch(&l, -1));
  unsigned u = 0xf0f0u;
  printf("or %x\n", __sync_fetch_and_or(&u, 0x0f00u));
  printf("and %x\n", __sync_and_and_fetch(&u, 0xff0fu));
  printf("xor %x\n", __sync_xor_and_fetch(&u, 0xffffffffu));
  printf("nand %x\n", __sync_fetch_and_nand(&u, 0xffu));
  printf("nand %x\n", __sync_nand_and_fetch(&u, 0xf0u));
  unsigned char c = 250;
  printf("char %d\n", __sync_fetch_and_add(&c, 10));
  printf("char %d\n", __sync_add_and_fetch(&c, 250));
  signed char sc = 127;
  printf("schar %d\n", __sync_add_and_fetch(&sc, 1));
  short s = -32768;
  printf("short %d\n", __sync_sub_and_fetch(&s, 1));
  printf("short %d\n", __sync_fetch_and_xor(&s, (short)0x7f00));
  printf("short %d\n", s);
  uint64_t big = UINT64_MAX;
  printf("u64 %llu\n", (unsigned long long)__sync_add_and_fetch(&big, 2));

  int flag = 0;
  printf("lock %d\n", __sync_lock_test_and_set(&flag, 1));
  printf("again %d\n", __sync_lock_test_and_set(&flag, 1));
  __sync_lock_release(&flag);
  printf("released %d\n", flag);
  __sync_synchronize();

  int counts[4] = {0, 0, 0, 0};
  int *p = counts + 1;
  for (int i = 0; i < 10; i++) {
    __sync_fetch_and_add(&counts[i % 4], i);
    __sync_add_and_fetch(p, 1);
  }
  printf("counts %d %d %d %d\n", counts[0], counts[1], counts[2], counts[3]);

  int a = 1, b = 2;
  int *q = &a;
  int *seen = __sync_val_compare_and_swap(&q, &a, &b);
  printf("pointer %d %d\n", *seen, *q);
  r = __sync_bool_compare_and_swap(&q, &a, &a);
  printf("pointer bool %d %d\n", r, *q);
  return 0;
}
