/* The C floor: a single-threaded poll() Unix-socket server that answers every newline-terminated
 * request with one line of about the same size, coalescing the replies found in one read() into
 * one write(), as reference/ipc-and-status-lines.md §5.1 measured. Usage: pingpong_server PATH */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_CLIENTS 64
static const char reply[] = "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":\"pong\"}\n";

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s PATH\n", argv[0]); return 64; }
    int listener = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    strncpy(addr.sun_path, argv[1], sizeof addr.sun_path - 1);
    unlink(argv[1]);
    if (bind(listener, (struct sockaddr *)&addr, sizeof addr) || listen(listener, 64)) { perror("bind"); return 1; }
    struct pollfd fds[MAX_CLIENTS + 1] = {{.fd = listener, .events = POLLIN}};
    int count = 1;
    static char in[65536], out[1 << 22];
    for (;;) {
        if (poll(fds, count, -1) < 0 && errno != EINTR) return 1;
        if (fds[0].revents & POLLIN && count <= MAX_CLIENTS) {
            fds[count].fd = accept(listener, NULL, NULL);
            fds[count].events = POLLIN;
            count++;
        }
        for (int i = 1; i < count; i++) {
            if (!(fds[i].revents & (POLLIN | POLLHUP))) continue;
            ssize_t n = read(fds[i].fd, in, sizeof in);
            if (n <= 0) { close(fds[i].fd); fds[i] = fds[--count]; i--; continue; }
            size_t used = 0;
            for (ssize_t j = 0; j < n; j++)
                if (in[j] == '\n') { memcpy(out + used, reply, sizeof reply - 1); used += sizeof reply - 1; }
            for (size_t sent = 0; sent < used;) {
                ssize_t w = write(fds[i].fd, out + sent, used - sent);
                if (w <= 0) break;
                sent += (size_t)w;
            }
        }
    }
}
