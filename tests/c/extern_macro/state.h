/* the EXTERN idiom: one file defines the header's variables, the others declare them */
#ifdef STATE_MAIN
#define EXTERN
#else
#define EXTERN extern
#endif

typedef struct {
    int id;
    double value;
} cell;

EXTERN cell *cells;
EXTERN int num_cells;
EXTERN double total;
