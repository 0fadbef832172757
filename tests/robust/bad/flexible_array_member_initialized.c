/* A flexible array member given elements by a static initializer (GNU): an internal error once (fuzz round 9) */
struct fl { int n; double d[]; };
static struct fl g = {2, {1.0, 2.0}};
int main(void) { return g.n; }
