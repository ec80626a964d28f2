// bench-pdf: serves every page of a PDF through PDFDocumentProvider twice, as the core reads a
// document (once to plan the chunks, once to build the prompts), and runs one whole-file
// `pdftotext` of the same PDF in the same run. Prints pages per second, peak memory and the
// ratio of the two; the medians of ROUNDS rounds, alternating.
//
// usage: bench-pdf PDF [ROUNDS] [--check RATIO]
//   --check RATIO   exit 1 when the provider's median takes more than RATIO times pdftotext's
import Foundation
import ProfileAdapters

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench-pdf: \(message)\n".utf8))
  exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var limit: Double?
if let flag = arguments.firstIndex(of: "--check") {
  guard flag + 1 < arguments.count, let value = Double(arguments[flag + 1]) else {
    fail("--check needs a ratio, such as --check 1.5")
  }
  limit = value
  arguments.removeSubrange(flag...(flag + 1))
}
guard let path = arguments.first else { fail("usage: bench-pdf PDF [ROUNDS] [--check RATIO]") }
let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 5
guard rounds > 0 else { fail("ROUNDS must be a whole number of at least 1") }
let file = URL(fileURLWithPath: path).standardizedFileURL
guard FileManager.default.fileExists(atPath: file.path) else {
  fail("no PDF at \(path); run tools/pdf/fetch-real-pdfs")
}

/// Peak resident memory in MiB: of this process, or of the largest child it waited for.
func peakMiB(children: Bool) -> Double {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(Int32((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &usage)
  #else
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
  #endif
  #if canImport(Darwin)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    return Double(usage.ru_maxrss) / 1024
  #endif
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
  let clock = ContinuousClock()
  let elapsed = try await clock.measure { try await body() }
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let tools = try PopplerTools.locate()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
  "bench-pdf-\(getpid())", isDirectory: true)
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// One whole-file pdftotext into a file, as a user would run it.
func pdftotext() async throws -> Double {
  try await seconds {
    let process = Process()
    process.executableURL = tools.pdftotext
    process.arguments = [
      "-enc", "UTF-8", file.path, scratch.appendingPathComponent("all.txt").path,
    ]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("pdftotext failed on \(path)") }
  }
}

/// Every page through a fresh provider, twice; returns the time, the pages and the characters.
func provider() async throws -> (seconds: Double, pages: Int, characters: Int) {
  var pages = 0
  var characters = 0
  let time = try await seconds {
    let documents = try PDFDocumentProvider(directory: file.deletingLastPathComponent())
    let name = file.lastPathComponent
    let count = try await documents.pageCount(for: name)
    for _ in 0..<2 {
      for index in 0..<count {
        do {
          characters += try await documents.page(at: index, for: name).text.count
        } catch {
          // An unreadable page is served too: as the error the core records.
        }
        pages += 1
      }
    }
  }
  return (time, pages, characters)
}

/// The alternative the provider avoids: one `pdftotext` process per page per read. Timed on the
/// first `sample` pages, then scaled to every page, twice.
func perPage(sample: Int, pages: Int) async throws -> Double {
  let time = try await seconds {
    for page in 1...sample {
      let process = Process()
      process.executableURL = tools.pdftotext
      process.arguments = ["-enc", "UTF-8", "-f", "\(page)", "-l", "\(page)", file.path, "-"]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
    }
  }
  return time / Double(sample) * Double(pages) * 2
}

var poppler: [Double] = []
var ours: [Double] = []
var served = (pages: 0, characters: 0)
let before = peakMiB(children: false)
// Which of the two goes first alternates: on this machine the first of two back-to-back runs is
// the slower by a few percent (see Benchmarks/bench-anchors).
for round in 0..<rounds {
  if round % 2 == 0 { poppler.append(try await pdftotext()) }
  let run = try await provider()
  ours.append(run.seconds)
  served = (run.pages, run.characters)
  if round % 2 == 1 { poppler.append(try await pdftotext()) }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let pageCount = served.pages / 2
let sample = min(pageCount, 40)
let oneProcessPerPage = try await perPage(sample: sample, pages: pageCount)
let ratio = median(ours) / median(poppler)
print(
  "pdf: \(file.lastPathComponent), \(pageCount) pages, \(served.characters / 2) characters; medians of \(rounds) rounds"
)
print(
  String(
    format: "pdftotext whole file: %.3f s (%.0f pages/s)", median(poppler),
    Double(pageCount) / median(poppler)))
print(
  String(
    format: "PDFDocumentProvider, every page twice: %.3f s (%.0f pages/s served)", median(ours),
    Double(served.pages) / median(ours)))
print(String(format: "ratio provider/pdftotext = %.2fx", ratio))
print(
  String(
    format:
      "one pdftotext per page per read instead (timed on %d pages, scaled): %.3f s = %.1fx pdftotext",
    sample, oneProcessPerPage, oneProcessPerPage / median(poppler)))
print(
  String(
    format:
      "peak memory: bench process %.1f MiB (%.1f MiB before serving), largest poppler process %.1f MiB",
    peakMiB(children: false), before, peakMiB(children: true)))
if let limit, ratio > limit {
  FileHandle.standardError.write(
    Data(String(format: "bench-pdf: ratio %.2fx is above %.2fx\n", ratio, limit).utf8))
  exit(1)
}
