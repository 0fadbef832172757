/* A program of three files whose file-scope (static) names repeat: each is private to its file in C, so the
 * port renames the later ones (translator/frontend.py, rename_colliding_statics). */
#ifndef COMMON_H
#define COMMON_H
#define SQR(x) ((x) * (x))
extern double shared_total;
double work_a(int n);
double work_b(int n);
int next_id(void);
#endif
