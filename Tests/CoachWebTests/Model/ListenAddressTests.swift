// `--http` and `http.listen`: the forms people type, and which of them are loopback (anything
// else needs --http-public).

import CoachWeb
import Testing

@Suite struct ListenAddressTests {
    @Test func forms() {
        #expect(ListenAddress("127.0.0.1:8787") == ListenAddress(host: "127.0.0.1", port: 8787))
        #expect(ListenAddress("localhost") == ListenAddress(host: "localhost", port: 8787))
        #expect(ListenAddress(":9000") == ListenAddress(host: "127.0.0.1", port: 9000))
        #expect(ListenAddress("[::1]:8080") == ListenAddress(host: "::1", port: 8080))
        #expect(ListenAddress("::1") == ListenAddress(host: "::1", port: 8787))
        #expect(ListenAddress("0.0.0.0:0") == ListenAddress(host: "0.0.0.0", port: 0))
        for bad in ["", "127.0.0.1:99999", "127.0.0.1:x", "[::1", "[::1]x", "a b:80", "host/evil:80"] {
            #expect(ListenAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func loopbackOnly() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "LOCALHOST"] {
            #expect(ListenAddress(host: host, port: 1).isLoopback, "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.2", "::", "127.0.0.1.evil", "1127.0.0.1", "example.org", "127.0.0.256"] {
            #expect(!ListenAddress(host: host, port: 1).isLoopback, "\(host)")
        }
    }

    @Test func urlsBracketIPv6() {
        #expect(ListenAddress(host: "::1", port: 80).description == "[::1]:80")
        #expect(ListenAddress(host: "127.0.0.1", port: 80).description == "127.0.0.1:80")
    }
}
