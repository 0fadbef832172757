/* Calls of function-like macros nested in each other's arguments deeper than the rewrite's rounds (8): C replaces
 * an argument's macros before it substitutes it, so one round expands the whole nest (rewrite.expand_nested_calls).
 * csmith's safe-math macros (-DUSE_MATH_MACROS_NOTMP, csmith --math-notmp) nest twenty deep and assign their
 * temporaries: csmith tier 4 seed 1600001 was a -Wmacro-operator error. An operand of # is still substituted as
 * written, a pp-number with an exponent stays one token, and variadic arguments are expanded each. */
#include <stdio.h>

#define INC(x) ((x) + 1)
#define MUL3(v, _v) ((int)(v = (_v), (v) * 3 - (v) / 2))
#define HALF(x) ((x) * 5.0e-1)
#define STR(x) #x
#define FIRST(a, ...) (a)
#define PICK(...) FIRST(__VA_ARGS__, 0)

int main(void)
{
    int a = 5, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10;
    int deep = INC(INC(INC(INC(INC(INC(INC(INC(INC(INC(INC(INC(a))))))))))));
    int temps = MUL3(t1, MUL3(t2, MUL3(t3, MUL3(t4, MUL3(t5, MUL3(t6, MUL3(t7, MUL3(t8, MUL3(t9, MUL3(t10, a))))))))));
    double halves = HALF(HALF(HALF(HALF(HALF(HALF(HALF(HALF(HALF(HALF(1.024e+3))))))))));
    int picked = PICK(INC(INC(INC(INC(INC(INC(INC(INC(INC(INC(2)))))))))), INC(7));
    printf("%d %d %.4f %d %d\n", deep, temps, halves, picked, t5);
    printf("%s\n", STR(INC(INC(INC(INC(INC(INC(INC(INC(INC(a)))))))))));
    return 0;
}
