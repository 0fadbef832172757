// Loopback TCP ping-pong of two processes (issue 28, round 15): a connection per direction (cmpi's tcp until round 15)
// against one connection both ways (Open MPI's, and cmpi's since), to see what the receiver's acknowledgement costs
// when it is a segment of its own. Receives poll with MSG_DONTWAIT (optionally yielding between polls), as cmpi's
// waiting rank does; frames are a 42-byte header (cmpi's) plus PAYLOAD bytes.
//
//     gcc -O2 -o /tmp/tcp_ack_probe bench/tcp_ack_probe.c
//     chrt -f 10 unshare -n sh -c 'ip link set lo up; /tmp/tcp_ack_probe MODE YIELD PAYLOAD ITERS'
//
// MODE 0 = a connection each way, 1 = one connection both ways, 2 = a connection each way with TCP_QUICKACK 0 re-armed
// after each read. Prints the one-way time, the TCP segments sent per message (OutSegs of /proc/net/snmp: run it in a
// network namespace of its own so that nothing else counts) and context switches per round trip of rank 0.
#define _GNU_SOURCE
#include <arpa/inet.h>
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

static int mode, yield_between, payload, iters;
static char buf[65536], frame[4096];

static long outsegs(void) {
    FILE *f = fopen("/proc/net/snmp", "r"); char hdr[2048], val[2048]; long r = -1;
    while (fgets(hdr, sizeof hdr, f)) {
        if (strncmp(hdr, "Tcp:", 4) || !fgets(val, sizeof val, f)) continue;
        char *h = hdr, *v = val, *hs, *vs; int idx = 0;
        for (char *ht = strtok_r(h, " \n", &hs), *vt = strtok_r(v, " \n", &vs); ht && vt;
             ht = strtok_r(NULL, " \n", &hs), vt = strtok_r(NULL, " \n", &vs), idx++)
            if (!strcmp(ht, "OutSegs")) r = atol(vt);
        break;
    }
    fclose(f); return r;
}
static int listener(void) {
    int s = socket(AF_INET, SOCK_STREAM, 0); struct sockaddr_in a = {.sin_family = AF_INET};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(s, (void *)&a, sizeof a); listen(s, 8); return s;
}
static int connect_to(int l) {
    struct sockaddr_in a; socklen_t n = sizeof a; getsockname(l, (void *)&a, &n);
    int s = socket(AF_INET, SOCK_STREAM, 0); if (connect(s, (void *)&a, sizeof a)) { perror("connect"); exit(1); }
    int one = 1; setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); return s;
}
static int accept_from(int l) { int s = accept(l, NULL, NULL); int one = 1; setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); return s; }
static void send_frame(int fd) { int len = 42 + payload, n = 0; while (n < len) n += send(fd, frame + n, len - n, 0); }
static void recv_frame(int fd) {
    int len = 42 + payload, got = 0;
    while (got < len) {
        ssize_t n = recv(fd, buf + got, sizeof buf - got, MSG_DONTWAIT);
        if (n > 0) { got += n; continue; }
        if (n == 0) { fprintf(stderr, "closed\n"); exit(1); }
        if (yield_between) sched_yield();
    }
    if (mode == 2) { int zero = 0; setsockopt(fd, IPPROTO_TCP, TCP_QUICKACK, &zero, sizeof zero); }
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

int main(int argc, char **argv) {
    mode = atoi(argv[1]); yield_between = atoi(argv[2]); payload = atoi(argv[3]); iters = atoi(argv[4]);
    int l0 = listener(), l1 = listener();
    pid_t child = fork();
    int rank = child == 0, wfd, rfd;
    if (mode == 1) {
        if (rank == 0) wfd = rfd = connect_to(l1); else wfd = rfd = accept_from(l1);
    } else {
        wfd = connect_to(rank == 0 ? l1 : l0);
        rfd = accept_from(rank == 0 ? l0 : l1);
    }
    for (int phase = 0; phase < 2; phase++) {
        int n = phase == 0 ? 2000 : iters;
        long s0 = outsegs(); double t0 = now();
        struct rusage r0, r1; getrusage(RUSAGE_SELF, &r0);
        for (int i = 0; i < n; i++) {
            if (rank == 0) { send_frame(wfd); recv_frame(rfd); } else { recv_frame(rfd); send_frame(wfd); }
        }
        double t1 = now(); long s1 = outsegs(); getrusage(RUSAGE_SELF, &r1);
        if (phase == 1 && rank == 0)
            printf("mode %d yield %d payload %d: one-way %.2f us, segments per message %.2f, csw per round trip %.3f\n",
                   mode, yield_between, payload, (t1 - t0) / (2.0 * n) * 1e6, (double)(s1 - s0) / (2.0 * n),
                   (double)(r1.ru_nvcsw + r1.ru_nivcsw - r0.ru_nvcsw - r0.ru_nivcsw) / n);
    }
    if (rank == 0) waitpid(child, NULL, 0);
    return 0;
}
