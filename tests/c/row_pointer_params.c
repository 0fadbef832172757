/* A parameter declared as an array of rows of constant lengths (`vect_t p[]` of a `typedef double vect_t[2]`,
 * `double m[][3]`, `int c[][2][2]`) is a pointer to rows (C11 6.7.6.3p7), and callers point it into the middle of
 * their rows: Pacheco's n-body (IPP ch. 6) updates `loc_pos = pos + my_rank*loc_n`, a rank's slice of the
 * positions, through `Update_part(..., vect_t loc_pos[], ...)`. The port stopped there ("a pointer at offset 4
 * used where the start of an array is needed"): such parameters stayed whole arrays. */
#include <stdio.h>
#include <stdlib.h>

typedef double vect_t[2];

static void kick(int i, vect_t pos[], vect_t vel[], double dt)
{
    pos[i][0] += dt * vel[i][0];
    pos[i][1] += dt * vel[i][1];
}

/* passed on to another function, and moved inside it */
static double row_sum(double m[][3], int rows)
{
    double s = 0;
    for (int r = 0; r < rows; r++, m++)
        s += m[0][0] + m[0][1] + m[0][2];
    return s;
}

static double tail_sum(double m[][3], int from, int rows)
{
    return row_sum(m + from, rows - from);
}

static int corner(int c[][2][2], int k)
{
    return c[k][1][1];
}

int main(void)
{
    int n = 6, loc_n = 2;
    vect_t *pos = malloc(n * sizeof(vect_t));
    vect_t vel[2] = {{0.5, -0.25}, {1.5, 2.0}};
    for (int p = 0; p < n; p++) {
        pos[p][0] = p;
        pos[p][1] = -p;
    }
    for (int rank = 0; rank < n / loc_n; rank++) {
        vect_t *loc_pos = pos + rank * loc_n;
        for (int p = 0; p < loc_n; p++)
            kick(p, loc_pos, vel, 0.5 * (rank + 1));
    }
    for (int p = 0; p < n; p++)
        printf("pos[%d] = %.3f %.3f\n", p, pos[p][0], pos[p][1]);

    double m[4][3];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 3; c++)
            m[r][c] = 10 * r + c;
    printf("rows 1..3: %g, rows 2..3: %g, row 3 alone: %g\n", tail_sum(m, 1, 4), row_sum(&m[2], 2),
           row_sum(m + 3, 1));

    int cube[3][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}, {{9, 10}, {11, 12}}};
    int (*second)[2][2] = cube + 1;
    printf("corners: %d %d %d\n", corner(cube, 2), corner(second, 0), corner(second + 1, 0));
    free(pos);
    return 0;
}
