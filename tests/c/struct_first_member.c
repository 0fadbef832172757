/* C's struct "inheritance" by a first member (C11 6.7.2.1p15: a pointer to a struct, suitably converted, points
 * to its first member, and back): a potential's common part is the first member of each kind of potential, a
 * `Base *` made from a `Lj *` or an `Eam *` is handed around and called through, and each kind's functions cast
 * it back to their own struct. */
#include <stdio.h>
#include <stdlib.h>

typedef struct Base {
    double cutoff;
    char name[4];
    double (*energy)(struct Base *pot, double r);
    void (*destroy)(struct Base **pot);
} Base;

typedef struct {
    Base base;
    double sigma, epsilon;
} Lj;

typedef struct {
    Base base;
    int nPoints;
    double *table;
} Eam;

static double ljEnergy(Base *pot, double r)
{
    Lj *lj = (Lj *) pot;
    double s = lj->sigma / r, s6 = s * s * s * s * s * s;
    return r > pot->cutoff ? 0.0 : 4.0 * lj->epsilon * (s6 * s6 - s6);
}

static double eamEnergy(Base *pot, double r)
{
    Eam *eam = (Eam *) pot;
    int i = (int) (r / eam->base.cutoff * (eam->nPoints - 1));
    return i >= eam->nPoints ? 0.0 : eam->table[i];
}

static void ljDestroy(Base **pot)
{
    Lj *lj = (Lj *) *pot;
    printf("destroy %s sigma %.2f\n", lj->base.name, lj->sigma);
    free(lj);
    *pot = NULL;
}

static void eamDestroy(Base **pot)
{
    Eam *eam = (Eam *) *pot;
    printf("destroy %s with %d points\n", (*pot)->name, eam->nPoints);
    free(eam->table);
    free(eam);
    *pot = NULL;
}

static Base *makeLj(void)
{
    Lj *pot = malloc(sizeof(Lj));
    pot->base.cutoff = 2.5;
    snprintf(pot->base.name, sizeof pot->base.name, "Lj");
    pot->base.energy = ljEnergy;
    pot->base.destroy = ljDestroy;
    pot->sigma = 1.0;
    pot->epsilon = 0.5;
    return (Base *) pot;
}

static Base *makeEam(int n)
{
    Eam *pot = calloc(1, sizeof(Eam));
    Base *base = &pot->base;
    base->cutoff = 4.0;
    snprintf(base->name, sizeof base->name, "Eam");
    base->energy = eamEnergy;
    base->destroy = eamDestroy;
    pot->nPoints = n;
    pot->table = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++)
        pot->table[i] = -1.0 + 0.25 * i;
    return base;
}

int main(int argc, char **argv)
{
    Base *pots[2] = {makeLj(), makeEam(argc + 4)};
    for (int k = 0; k < 2; k++) {
        Base *pot = pots[k];
        printf("%s cutoff %.1f:", pot->name, pot->cutoff);
        for (double r = 0.75; r < 4.5; r += 0.75)
            printf(" %.4f", pot->energy(pot, r));
        printf("\n");
    }
    Lj *lj = (Lj *) pots[0];
    lj->sigma = 1.5;
    pots[0]->cutoff = 3.0;
    printf("changed: %.4f %.1f\n", pots[0]->energy(pots[0], 1.5), lj->base.cutoff);
    for (int k = 0; k < 2; k++)
        pots[k]->destroy(&pots[k]);
    printf("%s\n", pots[0] == NULL && pots[1] == NULL ? "all destroyed" : "left");
    return 0;
}
