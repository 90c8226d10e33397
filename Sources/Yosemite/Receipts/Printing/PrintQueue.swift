import Hardware

/// A print queue as the printers screen shows it (Hardware's ``PrinterDescription``, named for modules that
/// reach printers only through Yosemite).
public typealias PrintQueue = PrinterDescription
/// What became of a print job (Hardware's ``PrintJobResult``), for modules that only import Yosemite.
public typealias PrintJobOutcome = PrintJobResult
/// A print job's state (Hardware's ``PrintJobState``), for modules that only import Yosemite.
public typealias PrintQueueJobState = PrintJobState
/// Why a printer cannot print (Hardware's ``PrinterError``), for modules that only import Yosemite.
public typealias PrinterProblem = PrinterError
