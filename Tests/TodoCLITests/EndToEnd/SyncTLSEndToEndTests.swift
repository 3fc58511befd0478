import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `todo sync` with a server whose TLS certificate this system does not trust (a self-signed one,
/// as a home server may have): refused before any HTTP is sent (so the password never leaves),
/// exit 69, a message that says why, nothing changed here — for a sync and for `--setup`.
@Suite struct SyncTLSEndToEndTests {
    /// A self-signed certificate for 127.0.0.1 and localhost, valid until 2126, and its key:
    /// made for this test with `openssl req -x509 -newkey rsa:2048 -nodes -days 36500
    /// -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1,DNS:localhost`. Its name matches
    /// the URL, so the only thing wrong with it is that no authority this system trusts signed it.
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIDJzCCAg+gAwIBAgIUVOwTOF6+GxB+TSn7jfD2mcr7gsswDQYJKoZIhvcNAQEL
        BQAwFDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNjEzMzIzOFoYDzIxMjYx
        MTAyMTMzMjM4WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwggEiMA0GCSqGSIb3DQEB
        AQUAA4IBDwAwggEKAoIBAQDCStz3D0ZJYQptsr0253E2ILK4HSSS3ggO8NyEW69m
        gLjXNfITrID1c66cE6rvHayE9oTANTkJ8Q23K+yW5bUuL2la5GKiDrfdY60u4ZXO
        HncBfgxmQF6bWnqbzhiyRyX7tSoJJoo4f+bEZXAMhGO5gUbTAuUkBb9Nhpbw65Df
        1s+L9mDsJ8xM4eM/dbAFFqu+uAhVO3rPV/XK0mRZ2xJH1XIHpr7WxxONh+A0XsLO
        SbO+PxBscgoKufs4grOXoVGN4RfyePnxQsNsHXCqCtDOZ2uQkzQ4U+HypeOEMzFQ
        r9XgzEuQcocFmrbPcSRu9yy5VzaL4H8SxXkLV98mhBujAgMBAAGjbzBtMB0GA1Ud
        DgQWBBS4usCOjnxa5Im9XFrekQEuyP0aGTAfBgNVHSMEGDAWgBS4usCOjnxa5Im9
        XFrekQEuyP0aGTAPBgNVHRMBAf8EBTADAQH/MBoGA1UdEQQTMBGHBH8AAAGCCWxv
        Y2FsaG9zdDANBgkqhkiG9w0BAQsFAAOCAQEAaGZEat3/uWLpA5DwMkS3+Koty9Rh
        wIq4Vw6MdN2HF78YD5bRbyNNydGNR7dPqronJCEDQ0mz/MrH3LlO6+Abt887d95j
        KcuADXDjcNoa41LROn/pzyNwQBMFDAgkfmwUelVpEFz9mgHSho6qzvOkRY8MMxbA
        o01fTeGz7yR81eoJmtWnoVA6iS9yk+js2xGhPP2aufX2pyb5wafUdFYPmRsYKo0j
        Xj244J1NvePB2wVL2QHx9jUPTFxTZGKxabL18vatXj7LHLaE72tX/Bq3Wwb7lTMs
        /4LpsAVoqysgJYudwOpjPggRg/k/wHTSqkLl5Pz5ZN0h75FtoIgGK9VVtg==
        -----END CERTIFICATE-----
        """

    static let key = """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDCStz3D0ZJYQpt
        sr0253E2ILK4HSSS3ggO8NyEW69mgLjXNfITrID1c66cE6rvHayE9oTANTkJ8Q23
        K+yW5bUuL2la5GKiDrfdY60u4ZXOHncBfgxmQF6bWnqbzhiyRyX7tSoJJoo4f+bE
        ZXAMhGO5gUbTAuUkBb9Nhpbw65Df1s+L9mDsJ8xM4eM/dbAFFqu+uAhVO3rPV/XK
        0mRZ2xJH1XIHpr7WxxONh+A0XsLOSbO+PxBscgoKufs4grOXoVGN4RfyePnxQsNs
        HXCqCtDOZ2uQkzQ4U+HypeOEMzFQr9XgzEuQcocFmrbPcSRu9yy5VzaL4H8SxXkL
        V98mhBujAgMBAAECggEABiauRIjFw2NLRrokFmhmY6h5BVja2bwmH374TvJuJP3J
        8aT3aIW2Fs9A8G0I+jADew7TmMLhRD4kSS/JT4+vLZVPrb0m8urUtFwdqqshUy4Q
        u3SHpPcVvQUKIQOkhtm3dfbALBuoau3VsFMRJJGjwfGPUfU4rEFy/dvXIdfQtYgT
        yYf1mD/Y8Yik/ApYGzNfHSJKhc1s/HS+lJg1AP/OzNMQqj1r52Hq0VnEQ9oflp7O
        Y7RtuBioGb/c4E3qc09WpGcJ83KzHtgoHDC9jZkREwHv753nllCwuLI8tGylbgJ5
        vQ/ibNyuczsA3obeoiCFJb90lZ7yc+EpB1UcB6farQKBgQD01PMxJtOuoV78TWi1
        yObdj/mF2AtdXv540VmjmXoksYtJkdihxbWPPHha2QwNhqXNGCb6SrHObtwkxCEE
        NPdspnpFg36ONT8VMKPnBbw/rcZ6bqvP3GiTwIyTVYwN6+2d2KFEmjnV37y8Aq/E
        LewFb8vq9pZiccWyojWqIEzV3wKBgQDLJ7vgQ/0gms127oOnev3bprnIAQeMRbZz
        /MR/idiIK48hc42Q9+uXxzXbuyTg6CzQcD02s7VPR48fyRGedDsPhhIobvBl08CG
        RmReMI747MPdy7L4VJBt1kP+2kbqzZWll3u4tNCpbUAJYDsS7yjlaJp9+dKQlu3v
        2Qu/bYCKvQKBgQCxHQQ5AG+OGysNtioTp5xrl+XYj2vZRgks+bWxBiw4M0AiHqHq
        lY48anBeuDlh55A2CEzaMALk5YnYBxIjavW64cv+UZvR4G8cMy2+yIVgQ6Qbmcgs
        /LOif16yjuZcg9pHoBk5+Z/xOoPcNs1UTCw72p5YAb7UxJ1SFspfojIzXQKBgCe0
        v2Koxyt9NhU9rtuoDT/GCV+O2/PNmEh5KcqnnXuXz+TA2fVwj0pd9CfbHu0aU8/1
        b/FmFFTHbrDOsrPekcCJ+riOXkv4pBNaZLmIEhmS5QFPk843cPcWvrlr3hp8TfhM
        cDD8nh/PK4nplgIwXjTgSfm/PyllZmHPcR1cAJidAoGAL7GVCDiUc4ZFtEg5f1zI
        Y0F/1Mk4VnyRgsfE4LcDBvSRayBxnfwALTmx3UwBsTttiIMRihQpYSqeJhU5IB9I
        3m1rjUzMg8XuCIwFBqKPV6NgrI0PdqKYL49v4Y3z1ihKuERxEeOYnFnDurQt9hKC
        QUod3KgDsUkP1ivmg26lHgA=
        -----END PRIVATE KEY-----
        """

    struct NotStarted: Error { let output: String }

    /// A TLS server on 127.0.0.1 (Python's `ssl`) that records each handshake's outcome and the
    /// first bytes of every request that gets through, and answers 401.
    final class TLSServer: @unchecked Sendable {
        // @unchecked Sendable: set up once, then only read
        let process = ChildProcess()
        let port: UInt16
        let log: String

        init(folder: String) throws {
            try Data(SyncTLSEndToEndTests.certificate.utf8).write(to: URL(fileURLWithPath: folder + "/cert.pem"))
            try Data(SyncTLSEndToEndTests.key.utf8).write(to: URL(fileURLWithPath: folder + "/key.pem"))
            log = folder + "/tls.log"
            let script = """
                import socket, ssl, sys, threading
                ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                ctx.load_cert_chain(sys.argv[2], sys.argv[3])
                s = socket.socket()
                s.bind(("127.0.0.1", 0))
                s.listen(16)
                def serve(c):
                    try:
                        t = ctx.wrap_socket(c, server_side=True)
                        data = t.recv(65536)
                        with open(sys.argv[1], "ab") as f: f.write(b"REQUEST " + data[:400] + b"\\n")
                        t.sendall(b"HTTP/1.1 401 Unauthorized\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n")
                        t.close()
                    except Exception as e:
                        with open(sys.argv[1], "ab") as f: f.write(b"HANDSHAKE FAILED " + str(e).encode() + b"\\n")
                print(s.getsockname()[1], flush=True)
                while True:
                    c, _ = s.accept()
                    threading.Thread(target=serve, args=(c,), daemon=True).start()
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, log, folder + "/cert.pem", folder + "/key.pem"]
            let output = ChildPipe()
            process.standardOutput = .pipe(output)
            try process.run()
            let line = String(decoding: output.readSome(), as: UTF8.self)
            guard let port = UInt16(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw NotStarted(output: line)
            }
            self.port = port
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        var logText: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    }

    @Test func aCertificateThisSystemDoesNotTrustIsRefusedBeforeThePasswordIsSent() throws {
        let sandbox = TodoSandbox()
        let server = try TLSServer(folder: sandbox.folder)
        defer { server.stop() }
        sandbox.writeConfig(
            """
            sync.url = https://127.0.0.1:\(server.port)/alice/tasks/
            sync.username = alice
            sync.password_command = echo 'correct horse'

            """)
        sandbox.run(["add", "Buy milk"])
        let store = sandbox.storeBytes
        let sync = sandbox.run(["sync"])
        #expect(sync.status == 69, "\(sync)")
        #expect(sync.stderr.contains("its TLS certificate is not trusted by this system"), "\(sync)")
        #expect(sync.stderr.contains("nothing was changed here"), "\(sync)")
        #expect(!sync.stderr.contains("correct horse"))
        #expect(sandbox.storeBytes == store)
        #expect(!FileManager.default.fileExists(atPath: sandbox.storePath + ".sync"))
        let setup = sandbox.run(["sync", "--setup", "https://127.0.0.1:\(server.port)/", "--user", "alice"])
        #expect(setup.status == 69, "\(setup)")
        #expect(setup.stderr.contains("its TLS certificate is not trusted by this system"), "\(setup)")
        let log = server.logText
        #expect(log.contains("HANDSHAKE FAILED"), "\(log)")
        #expect(!log.contains("REQUEST"), "a request got through the untrusted handshake: \(log)")
    }
}
