/* The I/O build's settings, under the same guard as settings.h: a file reads whichever it includes first. */
#ifndef SETTINGS_H
#define SETTINGS_H

#define FILENAME "io_out"
#define MAXLOG 24
#define BUF_VALUE(i) (10 * (i) + 1)

typedef int value_t;

#endif
