// A detached pthread for the client's blocking reads (no Foundation here, so no Thread): a read
// that waits must not hold one of Swift's few cooperative threads, and the thread ends by itself
// when its stream does.

#if canImport(Glibc)
import Glibc
#endif

/// A closure handed to a new pthread through an unmanaged pointer.
private final class DetachedThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

func startDetachedThread(_ body: @escaping () -> Void) {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(DetachedThreadBody(body)).toOpaque()
    let result = pthread_create(&thread, nil, { raw in
        Unmanaged<DetachedThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, box)
    precondition(result == 0, "coach: cannot start a socket reader thread")
    pthread_detach(thread)
}
