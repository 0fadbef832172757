/* putenv as MPI codes call it before MPI_Init (`putenv("OMPI_MCA_btl=^openib")`): "NAME=value" sets the variable
 * getenv then reads, "NAME" alone removes it, and setenv/unsetenv beside it. It was refused ("no translation for the
 * library function 'putenv'"). */
#include <stdio.h>
#include <stdlib.h>

static void show(const char *name)
{
    const char *v = getenv(name);
    printf("%s=%s\n", name, v ? v : "(unset)");
}

int main(void)
{
    char *setting = "CMPI_TEST_PUTENV_A=^openib";
    static char other[] = "CMPI_TEST_PUTENV_B=two words";
    printf("%d\n", putenv(setting));
    printf("%d\n", putenv(other));
    show("CMPI_TEST_PUTENV_A");
    show("CMPI_TEST_PUTENV_B");
    printf("%d\n", putenv("CMPI_TEST_PUTENV_A"));
    show("CMPI_TEST_PUTENV_A");
    setenv("CMPI_TEST_PUTENV_C", "3", 1);
    show("CMPI_TEST_PUTENV_C");
    unsetenv("CMPI_TEST_PUTENV_C");
    show("CMPI_TEST_PUTENV_C");
    return 0;
}
