/* math.h's signgam, which lgamma and lgammaf set to the sign of gamma at their argument (X/Open; legacy statistics
 * codes read it after lgamma), and lgamma_r, which stores that sign through its pointer instead. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    double xs[] = {0.5, -0.5, -1.5, -2.5, 3.0, -0.0, 0.0, 1e-300, -1e-300, 171.5, -171.5, 1e10, -3.25, 2.0, 1.0};
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        signgam = 7;
        double l = lgamma(xs[i]);
        int s = signgam;
        int r = 9;
        double lr = lgamma_r(xs[i], &r);
        signgam = 5;
        float lf = lgammaf((float)xs[i]);
        int sf = signgam;
        printf("lgamma(%g) = %.17g sign %d; lgamma_r %.17g sign %d; lgammaf %.9g sign %d\n", xs[i], l, s, lr, r, lf, sf);
    }
    signgam = 0;
    int before = signgam;
    lgamma_r(-0.5, &before);  /* lgamma_r leaves signgam alone */
    printf("signgam after lgamma_r: %d (its sign %d)\n", signgam, before);
    return 0;
}
