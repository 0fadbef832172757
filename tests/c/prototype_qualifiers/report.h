#ifndef REPORT_H
#define REPORT_H
void report(const char *label, const double *values, int n);
#endif
