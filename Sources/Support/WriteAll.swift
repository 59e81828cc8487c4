#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to a file descriptor, resuming after short writes and signals.
/// Returns nil when everything was written, else the `errno` of the failing write (`EIO`
/// if the descriptor stopped taking bytes without saying why). Callers decide whether a
/// failure matters: the file writer reports it, standard error has nowhere to.
public func writeAll(fd: Int32, bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if n == 0 { return EIO }
        offset += n
    }
    return nil
}
