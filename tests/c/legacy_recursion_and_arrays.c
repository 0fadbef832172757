/* Recursive algorithms on arrays of old codes: quicksort by hand with index arguments, binary search
 * recursion, the towers of Hanoi counting moves through a pointer, permutations by swapping, and an
 * Ackermann-style deep recursion. */
#include <stdio.h>

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }

static void quick(int *v, int lo, int hi) {
    if (lo >= hi) return;
    int pivot = v[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (v[i] < pivot) i++;
        while (v[j] > pivot) j--;
        if (i <= j) swap(&v[i++], &v[j--]);
    }
    quick(v, lo, j);
    quick(v, i, hi);
}

static int find(const int *v, int lo, int hi, int key) {
    if (lo > hi) return -1;
    int mid = lo + (hi - lo) / 2;
    return v[mid] == key ? mid : v[mid] < key ? find(v, mid + 1, hi, key) : find(v, lo, mid - 1, key);
}

static void hanoi(int n, char from, char to, char via, long *moves) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to, moves);
    ++*moves;
    hanoi(n - 1, via, to, from, moves);
}

static void permute(char *s, int k, int n, int *count) {
    int i;
    if (k == n) { if (*count < 4) printf("%s ", s); ++*count; return; }
    for (i = k; i < n; i++) {
        char t = s[k]; s[k] = s[i]; s[i] = t;
        permute(s, k + 1, n, count);
        t = s[k]; s[k] = s[i]; s[i] = t;
    }
}

static int ack(int m, int n) { return m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1)); }

int main(void) {
    int v[] = {9, -3, 5, 0, 12, 7, 7, 1, -8, 4};
    int n = sizeof v / sizeof v[0], i;
    quick(v, 0, n - 1);
    for (i = 0; i < n; i++) printf("%d ", v[i]);
    printf("\n%d %d\n", find(v, 0, n - 1, 7) >= 0, find(v, 0, n - 1, 2));
    long moves = 0;
    hanoi(12, 'A', 'C', 'B', &moves);
    char s[] = "abcd";
    int count = 0;
    permute(s, 0, 4, &count);
    printf("\n%ld %d %d\n", moves, count, ack(2, 3));
    return 0;
}
