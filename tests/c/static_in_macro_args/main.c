/* A file's static named as another file's global (IOR: mdtest.c's `static mdtest_options_t o` beside md-workbench.c's
 * `struct benchmark_options o`), used inside macro arguments (`VERBOSE(..., o.unique_dir)`, `MPI_CHECK(MPI_Bcast(&o.x,
 * ...), ...)`), where libclang places the use at the macro call: the static is renamed there too. And a header's
 * extern variable that no file defines and no code names (IOR's aiori.h declares every backend's table): left out,
 * as the linker never looks for it. */
#include "report.h"

int o = 7;
extern int never_defined_nor_used;
void other(void);

int main(void)
{
    REPORT("main o=%d", o);
    CHECK(o == 7, "main's o");
    other();
    REPORT("main o=%d again", o);
    return 0;
}
