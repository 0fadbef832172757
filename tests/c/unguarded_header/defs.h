/* No include guard: each file of the program includes it once, as C allows; the port reads the files as one
 * unit and the header once (translator/frontend.py, include_unguarded_headers_once). */
struct point { double x, y; };
typedef struct point point_t;
enum mode { FAST, SLOW };
double dist(point_t a, point_t b);
