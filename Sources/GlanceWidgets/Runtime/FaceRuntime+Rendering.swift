import Foundation

extension FaceRuntime {
    /// Renders the visible slots and returns a frame when the picture or the display state changed.
    func compose(at now: Date) -> Frame? {
        let state = machine.state
        if state == .off {
            // Display off: nothing is drawn; the panel keeps the last picture.
            guard lastState != .off else { return nil }
            let bitmap = lastBitmap ?? blankFace
            return emit(bitmap, state: state, changed: false, at: now)
        }
        let live = activityCenter.liveActivities(at: now)
        var changedSlots = [Int]()
        for slot in face.slots.indices {
            let result = render(slot: slot, activities: live, at: now)
            if renderDates[slot] == now || renders[slot] == nil { changedSlots.append(slot) }
            renders[slot] = result
        }
        // Only slots rendered anew are copied into the composite; the rest is still in place.
        var composite = lastComposite ?? blankFace
        for slot in (lastComposite == nil ? Array(face.slots.indices) : changedSlots) {
            if let result = renders[slot] { Self.copy(result.bitmap, into: &composite, at: face.slots[slot].rect.origin) }
        }
        lastComposite = composite
        var bitmap = composite
        drawFocusRing(into: &bitmap)
        let changed = lastBitmap.map { $0 != bitmap } ?? true
        guard changed || state != lastState else { return nil }
        return emit(bitmap, state: state, changed: changed, at: now)
    }

    /// A black picture of the face: gray, or in colour for `fullColor` rendering.
    private var blankFace: Bitmap {
        Bitmap(size: face.size, antialiasing: face.antialiased, color: settings.renderingMode == .fullColor)
    }

    private func emit(_ bitmap: Bitmap, state: DisplayState, changed: Bool, at now: Date) -> Frame {
        lastBitmap = bitmap
        lastState = state
        statistics.frames += 1
        if changed { statistics.framesWithPixelChanges += 1 }
        return Frame(date: now, bitmap: bitmap, state: state)
    }

    /// The slot that live activities take: the first that asks for them, else the first slot.
    var activitySlot: Int {
        face.slots.firstIndex { $0.showsLiveActivities } ?? 0
    }

    private func render(slot: Int, activities: [ActivitySnapshot], at now: Date) -> RenderResult {
        let geometry = face.slots[slot]
        var environment = baseEnvironment(for: geometry.family)
        let candidates = slot == activitySlot ? activities.filter { activityEngines[$0.attributesType] != nil } : []
        let chosen = candidates.max { ($0.relevanceScore, $0.sequence) < ($1.relevanceScore, $1.sequence) }
        if chosen?.id != shownActivities[slot] {
            shownActivities[slot] = chosen?.id
            if focus?.slot == slot { focus = nil }
        }
        if let activity = chosen, quarantined.contains(activity.attributesType) {
            let key = RenderKey(activity: activity.id, revision: activity.revision, state: machine.state, reasons: -1)
            if let cached = cachedRender(slot: slot, key: key, at: now) { return cached }
            return remember(ViewRenderer.render(QuarantineMark(), size: geometry.rect.size, environment: environment, at: now,
                                                antialiased: face.antialiased), slot: slot, key: key, at: now)
        }
        if let activity = chosen, let engine = activityEngines[activity.attributesType] {
            let isStale = activity.staleDate.map { now >= $0 } ?? false
            // Live-activity views are redacted in always-on as widgets are (Docs/Contract.md, "Views and redaction").
            if machine.state == .alwaysOn && settings.alwaysOn.hidesSensitiveContent { environment.redactionReasons = .privacy }
            let key = RenderKey(activity: activity.id, revision: activity.revision, state: machine.state,
                                reasons: environment.redactionReasons.rawValue, isStale: isStale)
            if let cached = cachedRender(slot: slot, key: key, at: now) { return cached }
            // The lock-screen view, the Dynamic Island's compact pair or its minimal view, by
            // family (Docs/Contract.md, "Presentations").
            return draw(slot: slot, key: key, kind: activity.attributesType, environment: environment, at: now) {
                engine.view(for: geometry.family, activity, isStale: isStale)
            }
        }
        let index = stacks[slot].visible
        let instance = instances[index]
        if quarantined.contains(instance.kind) {
            let key = RenderKey(instance: index, isPlaceholder: true, state: machine.state, reasons: -1)
            if let cached = cachedRender(slot: slot, key: key, at: now) { return cached }
            return remember(ViewRenderer.render(QuarantineMark(), size: geometry.rect.size, environment: environment, at: now,
                                                antialiased: face.antialiased), slot: slot, key: key, at: now)
        }
        var reasons: RedactionReasons = []
        if instance.isPlaceholder { reasons.insert(.placeholder) }
        if machine.state == .alwaysOn && settings.alwaysOn.hidesSensitiveContent { reasons.insert(.privacy) }
        if instance.pendingIntents > 0 { reasons.insert(.invalidated) }
        environment.redactionReasons = reasons
        environment.toggleOverrides = instance.toggleOverrides
        let entryIndex = instance.entryIndex(at: now) ?? 0
        let key = RenderKey(instance: index, entryIndex: entryIndex, generation: instance.generation, isPlaceholder: instance.isPlaceholder,
                            state: machine.state, reasons: reasons.rawValue, overrides: instance.toggleOverrides)
        if let cached = cachedRender(slot: slot, key: key, at: now) { return cached }
        let result = draw(slot: slot, key: key, kind: instance.kind, environment: environment, at: now) {
            instance.engine.content(instance.entries[entryIndex])
        }
        if result.widgetURLs.count > 1, !warnedURLs.contains(index) {
            warnedURLs.insert(index)
            log(.warning, kind: instance.kind, "\(result.widgetURLs.count) widgetURL modifiers in one widget; the first, \(result.widgetURLs[0]), is used")
        }
        for region in result.interactiveRegions {
            if case .intent(let reference) = region.action, let intent = reference.value as? any AppIntent {
                registry.register(type(of: intent))
            }
        }
        return result
    }

    /// Draws the slot's view at `now`. The view is resolved to its layout tree (every `body`
    /// runs) only when the render key changed — a new entry, display state, redaction or
    /// toggle state; while the key stays, live content is redrawn from the same tree, so a
    /// body runs once per entry (Docs/Contract.md, "Views and redaction").
    private func draw(slot: Int, key: RenderKey, kind: String, environment: EnvironmentValues, at now: Date,
                      _ view: () -> AnyView) -> RenderResult {
        let size = face.slots[slot].rect.size
        let result = guarded(kind) { () -> RenderResult in
            if renderKeys[slot] == key, let prepared = preparedViews[slot] { return prepared.render(at: now) }
            let prepared = ViewRenderer.prepare(withCenters(view), size: size, environment: environment, at: now, antialiased: face.antialiased)
            preparedViews[slot] = prepared
            return prepared.render(at: now)
        }
        return remember(result, slot: slot, key: key, at: now)
    }

    /// The slot's last render, if it was made from `key` and no live content has changed since.
    private func cachedRender(slot: Int, key: RenderKey, at now: Date) -> RenderResult? {
        guard renderKeys[slot] == key, let last = renders[slot], now >= renderDates[slot] else { return nil }
        if let change = last.nextChange, now >= change { return nil }
        return last
    }

    private func remember(_ result: RenderResult, slot: Int, key: RenderKey, at now: Date) -> RenderResult {
        renderKeys[slot] = key
        renderDates[slot] = now
        return result
    }

    /// The environment every widget of `family` is drawn in at the current display state.
    func baseEnvironment(for family: WidgetFamily) -> EnvironmentValues {
        var environment = EnvironmentValues(widgetFamily: family, assets: settings.assets, defaults: settings.defaults,
                                            warnings: settings.warnings, luminanceReduced: machine.state != .active,
                                            locale: settings.locale, timeZone: settings.timeZone)
        environment.widgetRenderingMode = settings.renderingMode
        environment.panel = PanelDescription(size: CGSize(width: face.size.width, height: face.size.height), name: settings.deviceName)
        if let tables = settings.stringTables { environment.stringTables = tables }
        return environment
    }

    private func drawFocusRing(into bitmap: inout Bitmap) {
        guard let current = focus else { return }
        guard let regions = renders[current.slot]?.interactiveRegions, current.region < regions.count else {
            focus = nil
            return
        }
        let origin = face.slots[current.slot].rect.origin
        let frame = regions[current.region].frame.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -1, dy: -1)
        bitmap.strokeRect(frame.intersection(bitmap.bounds), value: 255)
    }

    /// Copies `source` into `target` with its top-left corner at `origin` (slots lie inside the panel).
    static func copy(_ source: Bitmap, into target: inout Bitmap, at origin: Point) {
        let width = min(source.width, target.width - origin.x)
        guard width > 0 else { return }
        source.pixels.withUnsafeBufferPointer { from in
            target.pixels.withUnsafeMutableBufferPointer { to in
                for y in 0..<min(source.height, target.height - origin.y) {
                    let start = (origin.y + y) * target.width + origin.x
                    for x in 0..<width { to[start + x] = from[y * source.width + x] }
                }
            }
        }
        guard let colors = source.colors, target.colors != nil else { return }
        for y in 0..<min(source.height, target.height - origin.y) {
            let start = (origin.y + y) * target.width + origin.x
            target.colors!.replaceSubrange(start..<(start + width), with: colors[(y * source.width)..<(y * source.width + width)])
        }
    }
}

/// What a quarantined widget shows instead of its own views, none of whose code runs: a
/// placeholder's gray bars behind a warning mark.
struct QuarantineMark: View {
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            Label("—", systemImage: "exclamationmark.triangle.fill")
        case .accessoryCircular, .accessoryCorner:
            ZStack {
                Circle().fill(.tertiary)
                Image(systemName: "exclamationmark.triangle.fill")
            }
        default:
            HStack(spacing: 4) {
                Image(systemName: "exclamationmark.triangle.fill")
                VStack(alignment: .leading, spacing: 3) {
                    RoundedRectangle(cornerRadius: 2).fill(.tertiary).frame(height: 6)
                    RoundedRectangle(cornerRadius: 2).fill(.tertiary).frame(width: 40, height: 6)
                }
            }
        }
    }
}
