/* The fan-out floor: the least a server can do to hand one change to N subscribers over Unix
 * sockets, for FeedBenchmark's gateway fan-out to be compared with in the same run.
 * Speaks just enough of Coach's protocol for the benchmark: `subscribe` is answered
 * {"subscribed":true} plus one feed line; `pause` / `resume` write a feed line showing the new
 * phase to every subscriber (one write(2) each, as the gateway does), then reply; anything else
 * with an id is answered "pong". Feed lines are padded to LINE_BYTES (the gateway's own line
 * length, measured by the benchmark), so both write the same bytes.
 *   fanout_floor SOCKET_PATH LINE_BYTES */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_FDS 8192
static char inbox[MAX_FDS][4096];
static size_t filled[MAX_FDS];
static int subscriber[MAX_FDS];
static size_t line_bytes = 300;

static void write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes += n; count -= (size_t)n;
    }
}

static size_t feed_line(char *out, const char *phase) {
    int n = snprintf(out, 8192, "{\"jsonrpc\":\"2.0\",\"method\":\"feed\",\"params\":{\"state\":{\"phase\":\"%s\"},\"pad\":\"", phase);
    while ((size_t)n < line_bytes - 4 && n < 8000) out[n++] = 'x';
    n += snprintf(out + n, 16, "\"}}\n");
    return (size_t)n;
}

static void id_of(const char *line, char *id, size_t size) {
    const char *at = strstr(line, "\"id\":");
    size_t i = 0;
    if (at) for (at += 5; *at && *at != ',' && *at != '}' && i + 1 < size; at++) id[i++] = *at;
    if (i == 0) { strcpy(id, "null"); return; }
    id[i] = 0;
}

static void handle(int fd, const char *line) {
    char id[64], reply[256], feed[8192];
    id_of(line, id, sizeof id);
    if (strstr(line, "\"method\":\"subscribe\"")) {
        subscriber[fd] = 1;
        int n = snprintf(reply, sizeof reply, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"subscribed\":true}}\n", id);
        write_all(fd, reply, (size_t)n);
        write_all(fd, feed, feed_line(feed, "running"));
        return;
    }
    const char *phase = strstr(line, "\"method\":\"pause\"") ? "paused" : strstr(line, "\"method\":\"resume\"") ? "running" : NULL;
    if (phase) {
        size_t length = feed_line(feed, phase);
        for (int other = 0; other < MAX_FDS; other++) if (subscriber[other]) write_all(other, feed, length);
    }
    int n = snprintf(reply, sizeof reply, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}\n", id, phase ? "{}" : "\"pong\"");
    write_all(fd, reply, (size_t)n);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s SOCKET_PATH LINE_BYTES\n", argv[0]); return 64; }
    line_bytes = (size_t)atol(argv[2]);
    signal(SIGPIPE, SIG_IGN);
    int listener = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1024) != 0) { perror("bind"); return 1; }
    int epoll = epoll_create1(0);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
    epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event ready[256];
    for (;;) {
        int count = epoll_wait(epoll, ready, 256, -1);
        for (int i = 0; i < count; i++) {
            int fd = ready[i].data.fd;
            if (fd == listener) {
                int client = accept(listener, NULL, NULL);
                if (client < 0 || client >= MAX_FDS) { if (client >= 0) close(client); continue; }
                filled[client] = 0; subscriber[client] = 0;
                struct epoll_event add = {.events = EPOLLIN, .data.fd = client};
                epoll_ctl(epoll, EPOLL_CTL_ADD, client, &add);
                continue;
            }
            ssize_t n = read(fd, inbox[fd] + filled[fd], sizeof inbox[fd] - filled[fd] - 1);
            if (n <= 0) { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL); subscriber[fd] = 0; close(fd); continue; }
            filled[fd] += (size_t)n;
            inbox[fd][filled[fd]] = 0;
            char *start = inbox[fd], *newline;
            while ((newline = strchr(start, '\n'))) { *newline = 0; handle(fd, start); start = newline + 1; }
            filled[fd] = (size_t)(inbox[fd] + filled[fd] - start);
            memmove(inbox[fd], start, filled[fd]);
        }
    }
}
