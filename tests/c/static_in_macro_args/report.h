#ifndef REPORT_H
#define REPORT_H
#include <stdio.h>
#define REPORT(fmt, ...) printf(fmt "\n", __VA_ARGS__)
#define CHECK(x, msg) do { if (!(x)) printf("failed: %s\n", msg); } while (0)
#endif
