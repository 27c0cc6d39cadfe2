import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging

/// Sends activated `widgetURL`s and `Link`s to the configured handler (WIDGETKIT item 26): a
/// program run without a shell with the URL as its last argument, or an HTTP POST whose body
/// is the URL. Without a handler the URL is logged.
enum URLOpener {
    static func open(_ url: URL, with handler: FaceConfiguration.URLHandler?, logger: Logger) {
        switch handler {
        case nil:
            logger.notice("opened \(url.absoluteString) (no url-handler configured)")
        case .command(let words)?:
            let process = Process()
            process.executableURL = URL(fileURLWithPath: words[0].contains("/") ? words[0] : "/usr/bin/env")
            process.arguments = (words[0].contains("/") ? Array(words.dropFirst()) : words) + [url.absoluteString]
            do {
                try process.run()
                logger.info("opened \(url.absoluteString) with \(words.joined(separator: " "))")
            } catch {
                logger.error("url-handler \(words[0]) could not start for \(url.absoluteString): \(error.localizedDescription)")
            }
        case .http(let address)?:
            guard let endpoint = URL(string: address) else { return }
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.httpBody = Data(url.absoluteString.utf8)
            request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
            URLSession.shared.dataTask(with: request) { _, response, error in
                if let error {
                    logger.error("url-handler \(address) failed for \(url.absoluteString): \(error.localizedDescription)")
                } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                    logger.error("url-handler \(address) answered \(http.statusCode) for \(url.absoluteString)")
                }
            }.resume()
        }
    }
}
