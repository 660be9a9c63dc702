/* One client for both servers, so the comparison is fair: round trips one request at a time
 * (p50/p99), then pipelined throughput with a window of outstanding requests on one connection.
 * Prints one JSON line. Usage: bench_client PATH ROUND_TRIPS PIPELINED WINDOW METHOD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

static char buffer[1 << 20];
static size_t have = 0;
/* Reads until `lines` newlines have arrived; keeps any surplus. */
static int read_lines(int fd, long lines) {
    while (lines > 0) {
        char *nl;
        while (lines > 0 && (nl = memchr(buffer, '\n', have))) {
            size_t used = (size_t)(nl - buffer) + 1;
            memmove(buffer, buffer + used, have - used);
            have -= used;
            lines--;
        }
        if (lines == 0) break;
        ssize_t n = read(fd, buffer + have, sizeof buffer - have);
        if (n <= 0) return -1;
        have += (size_t)n;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: %s PATH ROUND_TRIPS PIPELINED WINDOW METHOD\n", argv[0]); return 64; }
    long trips = atol(argv[2]), pipelined = atol(argv[3]), window = atol(argv[4]);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    strncpy(addr.sun_path, argv[1], sizeof addr.sun_path - 1);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr)) { perror("connect"); return 69; }
    char request[256];
    /* "sample" sends a heart-rate sample (accepted while a workout runs, durable before the reply). */
    int length = strcmp(argv[5], "sample") == 0
        ? snprintf(request, sizeof request, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"sample\",\"params\":{\"type\":\"heartRate\",\"value\":120}}\n")
        : snprintf(request, sizeof request, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"%s\"}\n", argv[5]);

    for (int i = 0; i < 1000; i++) { write(fd, request, length); read_lines(fd, 1); } /* warm up */
    double *rtt = malloc(sizeof(double) * trips);
    for (long i = 0; i < trips; i++) {
        double start = now();
        if (write(fd, request, length) != length || read_lines(fd, 1)) return 1;
        rtt[i] = (now() - start) * 1e6;
    }
    qsort(rtt, trips, sizeof(double), cmp);

    static char batch[1 << 20];
    long per_write = window < 1024 ? window : 1024;
    for (long i = 0; i < per_write; i++) memcpy(batch + i * length, request, length);
    double start = now();
    long sent = 0, answered = 0;
    while (answered < pipelined) {
        while (sent < pipelined && sent - answered < window) {
            long n = per_write;
            if (n > pipelined - sent) n = pipelined - sent;
            if (n > window - (sent - answered)) n = window - (sent - answered);
            if (write(fd, batch, n * length) != n * length) return 1;
            sent += n;
        }
        long chunk = (sent - answered) < per_write ? (sent - answered) : per_write / 2 + 1;
        if (chunk > sent - answered) chunk = sent - answered;
        if (read_lines(fd, chunk)) return 1;
        answered += chunk;
    }
    double elapsed = now() - start;
    printf("{\"p50_us\":%.2f,\"p99_us\":%.2f,\"min_us\":%.2f,\"round_trips\":%ld,\"pipelined\":%ld,\"window\":%ld,\"req_per_s\":%.0f}\n",
           rtt[trips / 2], rtt[(long)(trips * 0.99)], rtt[0], trips, pipelined, window, pipelined / elapsed);
    return 0;
}
