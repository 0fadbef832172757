// Loopback TCP ping-pong of large messages between two processes (issue 28, round 16): how the receiving and the
// sending side wait for the bytes decides the bandwidth, not the copies (each side's kernel copies the payload once,
// whatever the program does). Receive modes: 0 = blocking recv() of what is there, in a loop (cmpi's direct receive
// until round 16), 1 = one recv(MSG_WAITALL) for the rest, 2 = recv(MSG_DONTWAIT) in a loop that never sleeps (Open
// MPI's progress loop), 3 = as 2 with sched_yield() between empty tries. Send modes: 0 = one blocking send() of the
// whole payload (cmpi's), 2 = send(MSG_DONTWAIT) in a loop that never sleeps, 3 = as 2 with sched_yield() between
// tries that moved nothing. SNDBUF/RCVBUF: 0 = the kernel's autotuning, else SO_SNDBUF/SO_RCVBUF in bytes.
//
//     gcc -O2 -o /tmp/tcp_bulk_probe bench/tcp_bulk_probe.c
//     /tmp/tcp_bulk_probe RECVMODE SENDMODE BYTES ITERS [SNDBUF RCVBUF]
//
// Prints the one-way time (half the median round trip of ITERS after ITERS / 10 untimed), MB/s, and per one-way
// message: receive and send calls, empty receive tries, and context switches of both processes (voluntary: the
// process slept; involuntary: it was preempted or yielded).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int recv_mode, send_mode, bytes, iters, sndbuf, rcvbuf;
static char *buf;
static long recv_calls, send_calls, empty_tries;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static void tune(int s) {
    int one = 1;
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (sndbuf) setsockopt(s, SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof sndbuf);
    if (rcvbuf) setsockopt(s, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
}
static void receive_all(int fd) {
    int got = 0;
    while (got < bytes) {
        int flags = recv_mode == 1 ? MSG_WAITALL : recv_mode >= 2 ? MSG_DONTWAIT : 0;
        ssize_t n = recv(fd, buf + got, bytes - got, flags);
        recv_calls++;
        if (n > 0) { got += n; continue; }
        if (n == 0) { fprintf(stderr, "closed\n"); exit(1); }
        if (errno != EAGAIN) { perror("recv"); exit(1); }
        empty_tries++;
        if (recv_mode == 3) sched_yield();
    }
}
static void send_all(int fd) {
    int sent = 0;
    while (sent < bytes) {
        ssize_t n = send(fd, buf + sent, bytes - sent, send_mode >= 2 ? MSG_DONTWAIT : 0);
        send_calls++;
        if (n > 0) { sent += n; continue; }
        if (n < 0 && errno != EAGAIN) { perror("send"); exit(1); }
        if (send_mode == 3) sched_yield();
    }
}
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: %s RECVMODE SENDMODE BYTES ITERS [SNDBUF RCVBUF]\n", argv[0]); return 2; }
    recv_mode = atoi(argv[1]); send_mode = atoi(argv[2]); bytes = atoi(argv[3]); iters = atoi(argv[4]);
    if (argc > 6) { sndbuf = atoi(argv[5]); rcvbuf = atoi(argv[6]); }
    buf = malloc(bytes);
    memset(buf, 1, bytes);
    int l = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(l, (void *)&a, sizeof a) || listen(l, 8)) { perror("listen"); return 1; }
    socklen_t len = sizeof a;
    getsockname(l, (void *)&a, &len);
    int warm = iters / 10 > 0 ? iters / 10 : 1;
    pid_t child = fork();
    if (child == 0) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        tune(s);
        if (connect(s, (void *)&a, sizeof a)) { perror("connect"); return 1; }
        for (int i = 0; i < warm + iters; i++) { receive_all(s); send_all(s); }
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("echo: per message recv %.1f (empty %.1f) send %.1f, switches voluntary %.1f involuntary %.1f\n",
               (double)recv_calls / (warm + iters), (double)empty_tries / (warm + iters), (double)send_calls / (warm + iters),
               (double)ru.ru_nvcsw / (warm + iters), (double)ru.ru_nivcsw / (warm + iters));
        return 0;
    }
    int s = accept(l, NULL, NULL);
    tune(s);
    double *rt = malloc(sizeof(double) * iters);
    for (int i = 0; i < warm + iters; i++) {
        double t0 = now();
        send_all(s);
        receive_all(s);
        if (i >= warm) rt[i - warm] = now() - t0;
    }
    fflush(stdout);
    waitpid(child, NULL, 0);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    qsort(rt, iters, sizeof(double), cmp);
    double one_way = rt[iters / 2] / 2 * 1e6;
    printf("recv mode %d send mode %d, %d bytes: one way %.1f us, %.0f MB/s; main: per message recv %.1f (empty %.1f) "
           "send %.1f, switches voluntary %.1f involuntary %.1f\n",
           recv_mode, send_mode, bytes, one_way, bytes / one_way, (double)recv_calls / (warm + iters),
           (double)empty_tries / (warm + iters), (double)send_calls / (warm + iters),
           (double)ru.ru_nvcsw / (warm + iters), (double)ru.ru_nivcsw / (warm + iters));
    return 0;
}
