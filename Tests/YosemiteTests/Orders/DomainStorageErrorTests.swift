import Foundation
import Storage
import Testing
@testable import Yosemite

/// Domain errors carry the storage failure itself, and render it only at the edge.
struct DomainStorageErrorTests {
    @Test func orderError_diskFull_saysSoAndGivesTheStorageAdvice() {
        // Given
        let error = OrderError.storage(StorageError(code: .diskFull, detail: "database or disk is full"))
        // Then
        #expect(error.message == "The local database failed: the disk is full, so the last change could not be saved.")
        #expect(error.recoverySuggestion == "Free disk space and try again; nothing was lost.")
    }

    @Test func receiptError_locked_namesTheFileAndTheOtherProgram() {
        let error = ReceiptError.storage(StorageError(code: .locked, path: "/data/pos.sqlite"))
        #expect(error.message == "The receipt could not be saved or read: the local database /data/pos.sqlite is in use by another program.")
        #expect(error.recoverySuggestion == "Close the other `pos` running on this data directory, then try again.")
    }

    @Test func shiftError_unclassified_keepsTheDetailAndTheDomainAdvice() {
        let error = ShiftError.storage(StorageError(code: .other, detail: "no such table: shift"))
        #expect(error.message == "The shift could not be saved or read: the local database reported an error (no such table: shift).")
        #expect(error.recoverySuggestion == "Check the disk and the data directory's permissions.")
    }

    @Test func cardPaymentError_readOnlyLockFile_keepsTheErrno() {
        let error = CardPaymentError.storage(StorageError.fileSystem("open the reader lock", path: "/run/pos/lock", errno: EACCES))
        guard case .storage(let storage) = error else { Issue.record("expected a storage error"); return }
        #expect(storage.code == .readOnly)
        #expect(storage.errno == EACCES)
        #expect(error.message.hasPrefix("The local database failed: pos cannot write to /run/pos/lock"))
    }
}
