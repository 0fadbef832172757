/* Declarations every file includes; it reads the I/O settings (IMB_declare.h under -DMPIIO), unless a file read
 * settings.h before it, so its struct holds a float * in that file and an int * in the others (IMB_comm_info.h's
 * assign_type *s_data). */
#ifndef DECL_H
#define DECL_H

#include "settings_io.h"

struct buffers {
    value_t *data;
    int n;
};

void show_a(struct buffers *b);
void show_b(struct buffers *b);

#endif
