/* `void *` as an opaque handle (CoMD's halo exchange): a struct field `void *parms` holds a pointer to one of
 * two parameter structs, chosen when the exchange is made; function pointers taking `void *` parameters are
 * given the handle and cast it back to the struct they know. The handle is only stored, passed on, compared
 * with NULL and cast back: it holds whichever pointer it was given. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int nCells[2];
    double *shift;
} AtomParms;

typedef struct {
    int sendCells[3];
} ForceParms;

typedef struct {
    double scale;
    int count;
} SimData;

typedef struct {
    int (*load)(void *parms, void *data, int face);
    void (*destroy)(void *parms);
    void *parms;
    int id;
} Exchange;

static int loadAtoms(void *vparms, void *data, int face)
{
    AtomParms *parms = (AtomParms *) vparms;
    SimData *s = (SimData *) data;
    return parms->nCells[face] + (int) (parms->shift[face] * s->scale) + s->count;
}

static int loadForces(void *vparms, void *vdata, int face)
{
    ForceParms *parms = (ForceParms *) vparms;
    int *extra = (int *) vdata;
    return parms->sendCells[face] * 10 + (extra ? *extra : -1);
}

static void destroyAtoms(void *vparms)
{
    AtomParms *parms = vparms;
    printf("destroy atoms %d %d\n", parms->nCells[0], parms->nCells[1]);
    free(parms->shift);
}

static void destroyForces(void *vparms)
{
    ForceParms *parms = (ForceParms *) vparms;
    printf("destroy forces %d\n", parms->sendCells[2]);
}

static Exchange *makeAtomExchange(int n)
{
    Exchange *e = malloc(sizeof(Exchange));
    AtomParms *p = malloc(sizeof(AtomParms));
    p->nCells[0] = n;
    p->nCells[1] = 2 * n;
    p->shift = malloc(2 * sizeof(double));
    p->shift[0] = 0.5;
    p->shift[1] = -1.5;
    e->load = loadAtoms;
    e->destroy = destroyAtoms;
    e->parms = p;
    e->id = 1;
    return e;
}

static Exchange *makeForceExchange(int n)
{
    Exchange *e = malloc(sizeof(Exchange));
    ForceParms *p = malloc(sizeof(ForceParms));
    for (int i = 0; i < 3; i++)
        p->sendCells[i] = n + i;
    e->load = loadForces;
    e->destroy = destroyForces;
    e->parms = (void *) p;
    e->id = 2;
    return e;
}

static void exchange(Exchange *e, void *data)
{
    for (int face = 0; face < 2; face++)
        printf("exchange %d face %d: %d\n", e->id, face, e->load(e->parms, data, face));
}

/* a free wrapper (CoMD's comdFree) given handles and typed pointers alike */
static void releaseMemory(void *ptr)
{
    if (ptr)
        free(ptr);
}

static void destroyExchange(Exchange **e)
{
    if ((*e)->parms != NULL)
        (*e)->destroy((*e)->parms);
    releaseMemory((*e)->parms);
    releaseMemory(*e);
    *e = NULL;
}

int main(int argc, char **argv)
{
    SimData sim = {4.0, 3};
    int extra = 7;
    Exchange *atoms = makeAtomExchange(argc);
    Exchange *forces = makeForceExchange(10 * argc);
    exchange(atoms, &sim);
    exchange(forces, &extra);
    exchange(forces, NULL);

    /* an array of exchanges, each handle chosen at run time */
    Exchange table[3];
    for (int i = 0; i < 3; i++) {
        Exchange *src = (i + argc) % 2 ? atoms : forces;
        table[i] = *src;
    }
    table[2].parms = NULL;
    for (int i = 0; i < 3; i++) {
        if (table[i].parms == NULL) {
            printf("table %d: no parms\n", i);
            continue;
        }
        void *data = table[i].id == 1 ? (void *) &sim : (void *) &extra;
        printf("table %d: %d\n", i, table[i].load(table[i].parms, data, 1));
    }
    if (atoms->parms != forces->parms)
        printf("distinct handles\n");

    destroyExchange(&atoms);
    destroyExchange(&forces);
    printf("%s %s\n", atoms == NULL ? "null" : "set", forces == NULL ? "null" : "set");
    return 0;
}
