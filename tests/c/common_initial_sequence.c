/* C's struct "inheritance" by a common initial sequence (CoMD's potentials): each kind of potential repeats the
 * base's fields at its start and adds its own; a `Base *` cast from a kind's pointer is called through and read,
 * and each kind's functions cast it back. Initializers, field addresses and copies of the repeated fields too. */
#include <stdio.h>
#include <stdlib.h>

typedef struct BaseSt {
    double cutoff;
    char name[4];
    int atomicNo;
    double (*energy)(struct BaseSt *pot, double r);
} Base;

typedef struct {
    double cutoff;
    char name[4];
    int atomicNo;
    double (*energy)(struct BaseSt *pot, double r);
    double sigma, epsilon;
} Lj;

typedef struct {
    double cutoff;
    char name[4];
    int atomicNo;
    double (*energy)(struct BaseSt *pot, double r);
    int nPoints;
    double *table;
} Eam;

static double ljEnergy(Base *pot, double r)
{
    Lj *lj = (Lj *) pot;
    double s = lj->sigma / r, s6 = s * s * s * s * s * s;
    return r > lj->cutoff ? 0.0 : 4.0 * lj->epsilon * (s6 * s6 - s6);
}

static double eamEnergy(Base *pot, double r)
{
    Eam *eam = (Eam *) pot;
    int i = (int) (r / pot->cutoff * (eam->nPoints - 1));
    return i >= eam->nPoints ? 0.0 : eam->table[i];
}

static void scale(double *x, double by) { *x *= by; }

static Base *makeLj(void)
{
    Lj *pot = malloc(sizeof(Lj));
    Lj init = {2.5, "Lj", 29, ljEnergy, 1.0, 0.5};
    *pot = init;
    scale(&pot->cutoff, 1.2);
    return (Base *) pot;
}

static Base *makeEam(int n)
{
    Eam *pot = calloc(1, sizeof(Eam));
    pot->cutoff = 4.0;
    snprintf(pot->name, sizeof pot->name, "Eam");
    pot->atomicNo = 79;
    pot->energy = eamEnergy;
    pot->nPoints = n;
    pot->table = malloc(n * sizeof(double));
    for (int i = 0; i < n; i++)
        pot->table[i] = -1.0 + 0.25 * i;
    return (Base *) pot;
}

int main(int argc, char **argv)
{
    Base *pots[2] = {makeLj(), makeEam(argc + 4)};
    for (int k = 0; k < 2; k++) {
        Base *pot = pots[k];
        printf("%s (%d) cutoff %.2f:", pot->name, pot->atomicNo, pot->cutoff);
        for (double r = 0.75; r < 4.5; r += 0.75)
            printf(" %.4f", pot->energy(pot, r));
        printf("\n");
    }
    Lj *lj = (Lj *) pots[0];
    lj->sigma = 1.5;
    pots[0]->cutoff = 3.0;
    printf("changed: %.4f %.1f %s\n", pots[0]->energy(pots[0], 1.5), lj->cutoff, lj->name);
    Base **slot = &pots[1];
    Eam *eam = *(Eam **) slot;
    printf("%d points, %s\n", eam->nPoints, eam->table != NULL ? "a table" : "no table");
    free(((Eam *) pots[1])->table);
    free(pots[1]);
    *(Lj **) &pots[0] = NULL;
    printf("%s\n", pots[0] == NULL ? "cleared" : "set");
    free(lj);
    return 0;
}
