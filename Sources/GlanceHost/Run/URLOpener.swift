import Foundation
import GlanceLinux
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
            // Off the drawing thread: a slow or absent server may take seconds to answer.
            DispatchQueue.global(qos: .utility).async {
                do {
                    let status = try HTTPPost.send(url.absoluteString, to: address)
                    if (200..<300).contains(status) {
                        logger.info("opened \(url.absoluteString) through \(address)")
                    } else {
                        logger.error("url-handler \(address) answered \(status) for \(url.absoluteString)")
                    }
                } catch {
                    logger.error("url-handler failed for \(url.absoluteString): \(error)")
                }
            }
        }
    }
}
