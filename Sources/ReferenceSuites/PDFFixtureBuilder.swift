import ContractConformanceCore
import Foundation
import KitSupport
import ProfileAdapters
import ProfileContracts

/// Builds PDFs from page texts with a real PDF producer, fpdf2 (from PyPI, run by `python3`),
/// for the document suite's fixtures and the PDF provider's tests. The kit writes no PDF bytes
/// itself.
///
/// Text is set in DejaVu Sans, with Nanum Gothic (Korean, Japanese) and Symbola (emoji) as
/// fallbacks, and shaped by HarfBuzz, so right-to-left runs and joined emoji are laid out as a
/// real producer lays them out. Each line of a page is one line in the PDF: pages are wide and as
/// tall as they need to be, so nothing wraps or breaks across pages. A PDF of no pages comes from
/// `qpdf --empty`, since fpdf2 always writes at least one.
public struct PDFFixtureBuilder: Sendable {
  /// What to build.
  public struct Spec: Codable, Hashable, Sendable {
    /// The text of each page, in order; a tab draws as a space.
    public var pages: [String]
    /// 0-based pages that show a picture of a page and no text: a scan without OCR.
    public var scannedPages: [Int] = []
    /// 0-based pages whose content stream is damaged after writing (a broken operand), so
    /// poppler reports errors for them and cannot read their text.
    public var damagedPages: [Int] = []
    /// Printed page labels: from `page` (0-based) on, `style` ("D" decimal, "r" lower-case
    /// roman, "R", "a", "A") counting from `start`.
    public var labels: [Label] = []
    /// When set, the PDF is encrypted (AES-256) with this user password.
    public var password: String?

    /// A run of printed page labels.
    public struct Label: Codable, Hashable, Sendable {
      /// The first 0-based page the run applies to.
      public var page: Int
      /// The numbering style: "D", "r", "R", "a" or "A".
      public var style: String
      /// The number the run starts counting at.
      public var start: Int

      /// Creates a label run.
      public init(page: Int, style: String, start: Int = 1) {
        self.page = page
        self.style = style
        self.start = start
      }
    }

    /// A spec of plain text pages.
    public init(pages: [String]) {
      self.pages = pages
    }
  }

  /// The `python3` that runs fpdf2.
  public let python: URL
  /// `qpdf`, for PDFs of no pages.
  public let qpdf: URL
  private let producer: FixtureProducer
  /// A copy of each PDF built so far: a spec asked for again is copied from it, so a suite that
  /// asks for one document many times (`document.instances`) waits for fpdf2 once.
  private let built = BuiltPDFs()

  /// What to install when the builder is missing, for skip and error messages.
  public static let installCommand =
    "tools/install-backends (apt-get install -y python3 python3-pip qpdf fonts-dejavu-core fonts-nanum fonts-symbola; pip install fpdf2==2.8.9 uharfbuzz==0.57.0)"

  /// The fonts the builder sets text in, in fallback order.
  static let fonts = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/nanum/NanumGothic.ttf",
    "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
  ]

  /// Finds `python3` with fpdf2 and HarfBuzz, `qpdf` and the fonts.
  ///
  /// - Throws: ``DocumentProviderError`` with code `toolMissing`, naming what is missing and
  ///   ``installCommand``.
  public static func locate(
    searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  ) async throws -> PDFFixtureBuilder {
    func find(_ name: String) throws -> URL {
      guard let found = ToolProcess.find(name, in: searchPath) else { throw missing(name) }
      return found
    }
    let builder = PDFFixtureBuilder(python: try find("python3"), qpdf: try find("qpdf"))
    if let font = fonts.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
      throw missing("the font \(font)")
    }
    let probe = try await ToolProcess.run(
      builder.python, ["-c", "import fpdf, uharfbuzz, PIL"])
    guard probe.status == 0 else { throw missing("fpdf2 (with uharfbuzz) for python3") }
    return builder
  }

  /// Creates a builder over explicit tools; ``locate(searchPath:)`` finds them and checks that
  /// fpdf2 imports.
  public init(python: URL, qpdf: URL) {
    self.python = python
    self.qpdf = qpdf
    producer = FixtureProducer(python: python, arguments: ["-c", Self.script] + Self.fonts)
  }

  private static func missing(_ what: String) -> DocumentProviderError {
    DocumentProviderError(
      code: .toolMissing,
      message: "\(what) is not installed, so no fixture PDF can be built; run \(installCommand)")
  }

  /// Builds `spec` into a PDF at `url`.
  ///
  /// - Throws: ``DocumentProviderError`` (`toolMissing`) with fpdf2's last error line when the
  ///   producer fails.
  public func build(_ spec: Spec, to url: URL) async throws {
    let scratch = url.deletingLastPathComponent()
    if spec.pages.isEmpty {
      let run = try await ToolProcess.run(qpdf, ["--empty", url.path])
      guard run.status == 0 else { throw failure(run) }
      return
    }
    if built.copy(spec, to: url) { return }
    let specURL = scratch.appendingPathComponent(".\(UUID().uuidString).json")
    try JSONEncoder().encode(spec).write(to: specURL)
    defer { try? FileManager.default.removeItem(at: specURL) }
    if let error = await producer.build(spec: specURL, out: url) { throw failure(error) }
    built.keep(spec, from: url)
  }

  private func failure(_ run: ToolProcess.Run) -> DocumentProviderError {
    failure(run.errors.last ?? "exit \(run.status)")
  }

  private func failure(_ reason: String) -> DocumentProviderError {
    DocumentProviderError(
      code: .toolMissing,
      message: "the fixture PDF producer failed (\(reason)); check \(Self.installCommand)")
  }

  /// Writes `fixture` as a PDF and opens a ``PDFDocumentProvider`` over it, for
  /// ``DocumentProviderConformance``.
  public func provider(for fixture: DocumentFixture, in folder: URL, name: String) async throws
    -> (provider: any ProfileDocumentProviding, attachmentID: String)
  {
    try await build(Spec(pages: fixture.pages), to: folder.appendingPathComponent(name))
    return (try PDFDocumentProvider(directory: folder, pageCap: fixture.pageCap), name)
  }

  /// The producer: `python3 -c script FONT...`, then one request per line on standard input
  /// (``FixtureProducer``).
  static let script = #"""
    import json, sys, datetime
    from fpdf import FPDF
    from fpdf.enums import EncryptionMethod
    from PIL import Image, ImageDraw

    fonts = sys.argv[1:]
    # The fallback fonts are large; a PDF gets them only when the first font lacks a character.
    from fontTools.ttLib import TTFont
    covered = set(TTFont(fonts[0], lazy=True)["cmap"].getBestCmap())

    def build(spec, out):
        damaged = set(spec.get("damagedPages", []))
        scanned = set(spec.get("scannedPages", []))
        labels = {label["page"]: label for label in spec.get("labels", [])}

        pdf = FPDF(unit="mm")
        pdf.set_creation_date(datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
        pdf.compress = not damaged  # damage is injected into plain content streams
        pdf.set_auto_page_break(False)
        names = []
        needed = any(ord(c) not in covered for page in spec["pages"] for c in page if c > " ")
        for index, path in enumerate(fonts if needed else fonts[:1]):
            names.append(f"f{index}")
            pdf.add_font(names[-1], fname=path)
        pdf.set_font(names[0], size=10)
        pdf.set_fallback_fonts(names[1:])
        pdf.set_text_shaping(True)
        line_height = 5

        for index, text in enumerate(spec["pages"]):
            lines = text.replace("\t", " ").split("\n")
            pdf.add_page(format=(420, max(297, 30 + line_height * len(lines))))
            if index in labels:
                label = labels[index]
                pdf.set_page_label(label_style=label["style"], label_start=label["start"])
            if index in scanned:
                picture = Image.new("L", (620, 877), 255)
                draw = ImageDraw.Draw(picture)
                for row, line in enumerate(lines):
                    draw.text((40, 40 + 14 * row), line, fill=0)
                pdf.image(picture, x=0, y=0, w=420)
                continue
            pdf.set_xy(15, 15)
            if index in damaged:
                pdf.set_font("helvetica", size=10)
                pdf.cell(text=f"DAMAGED-{index}")
                pdf.set_font(names[0], size=10)
                continue
            for line in lines:
                if line.strip():
                    pdf.cell(text=line)
                pdf.set_xy(15, pdf.get_y() + line_height)

        if spec.get("password"):
            pdf.set_encryption(
                owner_password="owner-" + spec["password"],
                user_password=spec["password"],
                encryption_method=EncryptionMethod.AES_256,
            )
        data = bytes(pdf.output())
        for index in damaged:
            good = f"(DAMAGED-{index}) Tj".encode()
            bad = f"<DAMAGED-{index}>>Tj".encode()
            assert len(good) == len(bad) and good in data, "damage marker not found"
            data = data.replace(good, bad)
        open(out, "wb").write(data)

    for line in sys.stdin:
        request = json.loads(line)
        try:
            build(json.load(open(request["spec"], encoding="utf-8")), request["out"])
            print("ok", flush=True)
        except Exception as error:
            print(f"error: {type(error).__name__}: {error}".replace("\n", " "), flush=True)
    """#
}

/// Copies of the PDFs a builder has built, one per spec, in a folder of their own that nothing
/// else writes to; the folder goes when the builder does.
// @unchecked: `kept` is read and written only under `lock`; `folder` is immutable.
private final class BuiltPDFs: @unchecked Sendable {
  private let lock = Lock()
  private var kept: [PDFFixtureBuilder.Spec: URL] = [:]
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("contract-kit-built-pdfs-\(UUID().uuidString)")

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Copies the PDF built for `spec` to `url`; false when none is kept or the copy fails.
  func copy(_ spec: PDFFixtureBuilder.Spec, to url: URL) -> Bool {
    guard let copy = lock.withCriticalSection({ kept[spec] }) else { return false }
    return (try? FileManager.default.copyItem(at: copy, to: url)) != nil
  }

  /// Keeps a copy of the PDF just built for `spec` at `url`.
  func keep(_ spec: PDFFixtureBuilder.Spec, from url: URL) {
    let copy = folder.appendingPathComponent("\(UUID().uuidString).pdf")
    guard
      (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
        != nil,
      (try? FileManager.default.copyItem(at: url, to: copy)) != nil
    else { return }
    lock.withCriticalSection { kept[spec] = copy }
  }
}
