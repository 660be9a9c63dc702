/* Browser display fan-out: N event-stream clients of `coach serve --http` against N `feed`
 * subscribers on the gateway's Unix socket — the same changes, the same gateway, the same run, the
 * same reader. Each change is a heart-rate sample sent on a control connection; its latency at a
 * client is from just before the sample was written to the first byte carrying that value
 * (`"heartRate":V` in an SSE status, `"heartRate","value":V` in a socket feed line).
 * Prints one JSON object: p50/p99 per transport, n, and the gateway's RSS before and after the
 * HTTP clients connected (RSS added per client).
 *   http_fanout PORT TOKEN SOCKET GATEWAY_PID [CLIENTS] [CHANGES] [INTERVAL_MS] */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define MAX_CLIENTS 4096
#define MAX_CHANGES 10000
static char tail[2 * MAX_CLIENTS][256];  /* the end of the last read: a value split across reads */
static int seen_upto[2 * MAX_CLIENTS];   /* per client: the last change index it showed */
static double sent_at[MAX_CHANGES];
static int value_of[MAX_CHANGES];
static double *latency[2];
static int latency_count[2];

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { perror("write"); exit(1); }
        bytes += n; count -= (size_t)n;
    }
}

static int unix_connect(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, path, sizeof a.sun_path - 1);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) { perror("connect unix"); exit(1); }
    return fd;
}

static int tcp_connect(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) { perror("connect tcp"); exit(1); }
    return fd;
}

static long rss_kb(int pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(line, sizeof line, f)) if (sscanf(line, "VmRSS: %ld", &kb) == 1) break;
    if (f) fclose(f);
    return kb;
}

/* Scans the bytes a client just got for the values of changes after the last one it showed. */
static void scan(int client, int kind, const char *bytes, size_t n, int changes_sent, double at) {
    static char joined[256 + 65536 + 1];
    size_t t = strlen(tail[client]);
    memcpy(joined, tail[client], t);
    memcpy(joined + t, bytes, n);
    joined[t + n] = 0;
    const char *pattern = kind == 0 ? "\"heartRate\":" : "\"heartRate\",\"value\":";
    for (const char *p = strstr(joined, pattern); p; p = strstr(p + 1, pattern)) {
        int value = atoi(p + strlen(pattern));
        for (int i = seen_upto[client] + 1; i < changes_sent; i++) {
            if (value_of[i] == value) {
                latency[kind][latency_count[kind]++] = at - sent_at[i];
                seen_upto[client] = i;
                break;
            }
        }
    }
    size_t keep = t + n < 200 ? t + n : 200;
    memcpy(tail[client], joined + t + n - keep, keep);
    tail[client][keep] = 0;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *values, int n, double p) {
    if (n == 0) return -1;
    qsort(values, (size_t)n, sizeof *values, compare);
    int i = (int)(p * (n - 1) + 0.5);
    return values[i] / 1000.0;
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: http_fanout PORT TOKEN SOCKET GATEWAY_PID [CLIENTS] [CHANGES] [INTERVAL_MS]\n"); return 64; }
    int port = atoi(argv[1]), pid = atoi(argv[4]);
    const char *token = argv[2], *socket_path = argv[3];
    int clients = argc > 5 ? atoi(argv[5]) : 200, changes = argc > 6 ? atoi(argv[6]) : 200;
    int interval_ms = argc > 7 ? atoi(argv[7]) : 50;
    if (clients > MAX_CLIENTS || changes > MAX_CHANGES) return 64;
    latency[0] = calloc((size_t)clients * changes, sizeof(double));
    latency[1] = calloc((size_t)clients * changes, sizeof(double));
    char line[1024];

    int control = unix_connect(socket_path);
    int n = snprintf(line, sizeof line, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"start\",\"params\":{\"activity\":\"running\"}}\n");
    write_all(control, line, (size_t)n);

    int epoll = epoll_create1(0);
    int fds[2 * MAX_CLIENTS];
    long rss_before = rss_kb(pid);
    for (int i = 0; i < clients; i++) {
        fds[i] = tcp_connect(port);
        n = snprintf(line, sizeof line, "GET /events?token=%s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n", token);
        write_all(fds[i], line, (size_t)n);
    }
    usleep(500000);
    long rss_http = rss_kb(pid);
    for (int i = 0; i < clients; i++) {
        fds[clients + i] = unix_connect(socket_path);
        n = snprintf(line, sizeof line, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscribe\",\"params\":{\"events\":false,\"status\":false,\"feed\":true}}\n");
        write_all(fds[clients + i], line, (size_t)n);
    }
    for (int i = 0; i < 2 * clients; i++) {
        struct epoll_event e = {.events = EPOLLIN, .data.u32 = (unsigned)i};
        epoll_ctl(epoll, EPOLL_CTL_ADD, fds[i], &e);
        seen_upto[i] = -1;
    }
    char buffer[65536];
    struct epoll_event ready[256];
    /* Settle: read whatever the subscriptions sent first. */
    for (double end = now_us() + 1e6; now_us() < end;) {
        int k = epoll_wait(epoll, ready, 256, 50);
        for (int j = 0; j < k; j++) (void)!read(fds[ready[j].data.u32], buffer, sizeof buffer);
    }
    for (int i = 0; i < changes; i++) {
        value_of[i] = 60 + i % 180;
        sent_at[i] = now_us();
        n = snprintf(line, sizeof line, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"sample\",\"params\":{\"type\":\"heartRate\",\"value\":%d}}\n",
                     i + 10, value_of[i]);
        write_all(control, line, (size_t)n);
        for (double end = sent_at[i] + interval_ms * 1000.0; now_us() < end;) {
            int k = epoll_wait(epoll, ready, 256, 5);
            double at = now_us();
            for (int j = 0; j < k; j++) {
                int client = (int)ready[j].data.u32;
                ssize_t got = read(fds[client], buffer, sizeof buffer);
                if (got > 0) scan(client, client < clients ? 0 : 1, buffer, (size_t)got, i + 1, at);
            }
        }
        (void)!read(control, buffer, sizeof buffer);
    }
    long rss_after = rss_kb(pid);
    double http50 = percentile(latency[0], latency_count[0], .5), http99 = percentile(latency[0], latency_count[0], .99);
    double unix50 = percentile(latency[1], latency_count[1], .5), unix99 = percentile(latency[1], latency_count[1], .99);
    printf("{\"clients\":%d,\"changes\":%d,\"http_n\":%d,\"http_p50_ms\":%.3f,\"http_p99_ms\":%.3f,"
           "\"unix_n\":%d,\"unix_p50_ms\":%.3f,\"unix_p99_ms\":%.3f,"
           "\"rss_before_kb\":%ld,\"rss_http_clients_kb\":%ld,\"rss_after_kb\":%ld,\"rss_per_http_client_kb\":%.1f}\n",
           clients, changes, latency_count[0], http50, http99, latency_count[1], unix50, unix99,
           rss_before, rss_http, rss_after, (double)(rss_http - rss_before) / clients);
    return 0;
}
