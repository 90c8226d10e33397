import GRDB
import Storage
import Testing

struct StorageErrorWrappingTests {
    struct OwnError: Error, CustomStringConvertible {
        var description: String { "the caller's own failure" }
    }

    @Test func wrapping_storageError_isItself() {
        let error = StorageError(code: .locked, detail: "database is locked", path: "/data/pos.sqlite")
        #expect(StorageError(wrapping: error) == error)
    }

    @Test func wrapping_databaseError_isClassifiedBySQLiteCode() {
        let error = StorageError(wrapping: DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"))
        #expect(error.code == .diskFull)
        #expect(error.resultCode == .SQLITE_FULL)
        #expect(error.detail == "database or disk is full")
    }

    @Test func wrapping_anyOtherError_isOtherWithItsDescription() {
        let error = StorageError(wrapping: OwnError())
        #expect(error.code == .other)
        #expect(error.detail == "the caller's own failure")
    }

    @Test func hashable_equalErrors_hashAlike() {
        let one = StorageError(wrapping: DatabaseError(resultCode: .SQLITE_BUSY, message: "busy"))
        let two = StorageError(wrapping: DatabaseError(resultCode: .SQLITE_BUSY, message: "busy"))
        #expect(Set([one, two]).count == 1)
    }
}
