/* cmpi's sched.h: glibc's, with the CPU_* macros of a cpu_set_t (_GNU_SOURCE) as functions, so the translator
 * sees their arguments (glibc's expand to statement expressions over the set's words) and calls CloudMpi.Libc's
 * CSched, where cpu_set_t is a value type of the same 1024 bits. No include guard of its own: glibc's has one,
 * and the declarations below may be read twice. */
#include_next <sched.h>
#ifdef __USE_GNU
#undef CPU_ZERO
#undef CPU_SET
#undef CPU_CLR
#undef CPU_ISSET
#undef CPU_COUNT
void CPU_ZERO(cpu_set_t *set);
void CPU_SET(int cpu, cpu_set_t *set);
void CPU_CLR(int cpu, cpu_set_t *set);
int CPU_ISSET(int cpu, const cpu_set_t *set);
int CPU_COUNT(const cpu_set_t *set);
#endif
