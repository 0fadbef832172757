/* K&R comparators for qsort over arrays of structs: old-style definitions taking `char *` (pre-ANSI qsort's
 * element pointer) cast to the struct, a two-key order, and a sort of pointers to structs by a field.
 * (Such a comparator over structs of numbers was CS1503 before round 15: it gets byte views of the elements.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct emp { char name[12]; int dept; double pay; };

int by_dept_then_pay(a, b)
char *a, *b;
{
    struct emp *x = (struct emp *)a, *y = (struct emp *)b;
    if (x->dept != y->dept) return x->dept - y->dept;
    return x->pay < y->pay ? 1 : x->pay > y->pay ? -1 : 0;
}

int by_name(pa, pb)
const void *pa, *pb;
{
    const struct emp *const *x = pa, *const *y = pb;
    return strcmp((*x)->name, (*y)->name);
}

int main() {
    struct emp staff[5] = {
        {"kim", 2, 50.0}, {"ada", 1, 70.0}, {"bob", 2, 65.5}, {"eve", 1, 70.5}, {"cy", 3, 10.0}};
    struct emp *order[5];
    int i;
    for (i = 0; i < 5; i++) order[i] = &staff[i];
    qsort((char *)staff, 5, sizeof(struct emp), by_dept_then_pay);
    for (i = 0; i < 5; i++) printf("%d %-4s %.1f\n", staff[i].dept, staff[i].name, staff[i].pay);
    qsort(order, 5, sizeof order[0], by_name);
    for (i = 0; i < 5; i++) printf("%s ", order[i]->name);
    printf("\n");
    return 0;
}
