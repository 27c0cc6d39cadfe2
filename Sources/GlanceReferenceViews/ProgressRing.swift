// Written as SwiftUI code on Apple platforms writes it; only the import differs.
import GlanceUI

/// A progress ring made of a trimmed circle rotated to start at 12 o'clock.
public struct ProgressRing: View {
    let progress: Double

    public init(progress: Double = 0.68) {
        self.progress = progress
    }

    public var body: some View {
        ZStack {
            Circle()
                .stroke(lineWidth: 5)
                .opacity(0.3)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(style: StrokeStyle(lineWidth: 5, lineCap: .round))
                .rotationEffect(.degrees(-90))
            Text("\(Int(progress * 100))%")
                .font(.caption.bold())
        }
        .padding(3)
    }
}
