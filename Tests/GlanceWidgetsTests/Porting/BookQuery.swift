import Foundation
import GlanceWidgets

// An entity with `@Property` values and an `EntityPropertyQuery`, as App Intents samples write
// one (the comparators map to closures here; iOS code often maps them to NSPredicate).

struct BookEntity: AppEntity {
    let id: UUID

    @Property(title: "Title")
    var title: String

    @Property(title: "Pages")
    var pages: Int

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
    static let defaultQuery = BookQuery()

    var displayRepresentation: DisplayRepresentation { "\(title)" }

    init(id: UUID, title: String, pages: Int) {
        self.id = id
        self.title = title
        self.pages = pages
    }

    static let shelf = [
        BookEntity(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "Dune", pages: 412),
        BookEntity(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, title: "Momo", pages: 304),
    ]
}

struct BookQuery: EntityPropertyQuery {
    static let properties = QueryProperties {
        Property(\BookEntity.$title) {
            EqualToComparator { title in { (book: BookEntity) in book.title == title } }
            ContainsComparator { text in { (book: BookEntity) in book.title.contains(text) } }
        }
        Property(\BookEntity.$pages) {
            LessThanComparator { pages in { (book: BookEntity) in book.pages < pages } }
            GreaterThanComparator { pages in { (book: BookEntity) in book.pages > pages } }
        }
    }

    static let sortingOptions = SortingOptions {
        SortableBy(\BookEntity.$title)
        SortableBy(\BookEntity.$pages)
    }

    func entities(for identifiers: [BookEntity.ID]) async throws -> [BookEntity] {
        BookEntity.shelf.filter { identifiers.contains($0.id) }
    }

    func entities(matching comparators: [(BookEntity) -> Bool], mode: ComparatorMode, sortedBy: [Sort<BookEntity>],
                  limit: Int?) async throws -> [BookEntity] {
        let matching = BookEntity.shelf.filter { book in
            mode == .and ? comparators.allSatisfy { $0(book) } : comparators.contains { $0(book) }
        }
        return Array(matching.prefix(limit ?? matching.count))
    }

    func suggestedEntities() async throws -> [BookEntity] { BookEntity.shelf }
}
