/* cmpi's own assert.h: what cmpi-translate parses C programs against.
 *
 * glibc's assert, under GNU C, is a comma expression around a statement expression whose
 * operators live in the header, where the translator cannot read them back. The ISO form
 * below calls the same __assert_fail with the same message (the expression's text, the
 * file, the line and the function), which the runtime prints as glibc does before aborting
 * (CloudMpi.Libc's CAssert). Native builds use the system's assert.h; this file is never compiled. */
#ifdef assert
#undef assert
#endif

#ifdef NDEBUG
#define assert(expr) ((void) 0)
#else
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function);
#define assert(expr) ((expr) ? (void) 0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#ifndef CMPI_ASSERT_H
#define CMPI_ASSERT_H
#define static_assert _Static_assert
#endif
