/// Scores a Latin-script text against seven languages by their frequent words, telltale letters
/// and common endings.
///
/// A word shared by several languages' lists counts for each of them, divided among them, so that
/// `de` or `la` weigh less than `the` or `und`. Letters such as `ñ`, `ß` or `ã`, and endings such
/// as `-ción` or `-zione`, add weight to their language.
enum LatinWordModel {
  /// The languages, in the identifier's one order of them (``LatinLanguages/all``).
  static let languages = LatinLanguages.all

  /// The best language and a confidence (its share of the total score), or `nil` when no word,
  /// letter or ending matched any language.
  static func identify(_ text: String) -> (String, Double)? {
    let scores = scores(text)
    let total = scores.reduce(0, +)
    guard total > 0, let best = scores.indices.max(by: { scores[$0] < scores[$1] }) else {
      return nil
    }
    return (languages[best], scores[best] / total)
  }

  /// Each language's score for `text`, in ``languages`` order: its words, letters and endings.
  static func scores(_ text: String) -> [Double] {
    var scores = [Double](repeating: 0, count: languages.count)
    let lowered = text.lowercased()
    var word = ""
    func score(_ word: String) {
      guard !word.isEmpty else { return }
      if let owners = wordOwners[word] {
        let share = 2.0 / Double(owners.count)
        for owner in owners { scores[owner] += share }
      }
      // Only the endings that end in the word's last letter can match, in their listed order.
      guard let last = word.last, let candidates = endingsByLastCharacter[last] else { return }
      let length = word.count
      for (suffix, suffixLength, owner, weight) in candidates
      where length > suffixLength + 1 && word.hasSuffix(suffix) {
        scores[owner] += weight
      }
    }
    for character in lowered {
      if character.isLetter || character == "'" || character == "’" {
        if character == "'" || character == "’" {
          // Elisions (l'école, dell'anno) count the part before the apostrophe as a word.
          score(word + "'")
          word = ""
        } else {
          word.append(character)
        }
      } else {
        score(word)
        word = ""
      }
      if let (owner, weight) = letterCues[character] { scores[owner] += weight }
    }
    score(word)
    return scores
  }

  /// For each listed word, the indexes of the languages it belongs to.
  static let wordOwners: [String: [Int]] = {
    var owners: [String: [Int]] = [:]
    for (index, language) in languages.enumerated() {
      for word in (frequentWords[language] ?? "").split(separator: " ") {
        owners[String(word), default: []].append(index)
      }
    }
    return owners
  }()

  /// ``letterCuesByLanguage`` by the language's index.
  static let letterCues: [Character: (Int, Double)] = letterCuesByLanguage.compactMapValues {
    language, weight in LatinLanguages.index(of: language).map { ($0, weight) }
  }

  /// Letters that mark a language: the letter, its language, and the weight.
  static let letterCuesByLanguage: [Character: (String, Double)] = [
    "ñ": ("es", 3), "¿": ("es", 3), "¡": ("es", 3),
    "ê": ("fr", 1.5), "û": ("fr", 2), "î": ("fr", 2), "œ": ("fr", 3), "ë": ("fr", 1),
    "ù": ("fr", 1.5),
    "ä": ("de", 3), "ö": ("de", 3), "ü": ("de", 3), "ß": ("de", 3),
    "ì": ("it", 2), "ò": ("it", 2),
    "ã": ("pt", 3), "õ": ("pt", 3),
  ]

  /// ``endings`` grouped by their last character, each with its length and its language's
  /// index, in listed order.
  static let endingsByLastCharacter: [Character: [(String, Int, Int, Double)]] = {
    var groups: [Character: [(String, Int, Int, Double)]] = [:]
    for (suffix, language, weight) in endings {
      guard let last = suffix.last, let owner = LatinLanguages.index(of: language) else { continue }
      groups[last, default: []].append((suffix, suffix.count, owner, weight))
    }
    return groups
  }()

  /// Word endings that mark a language: the ending, its language, and the weight.
  static let endings: [(String, String, Double)] = [
    ("ing", "en", 1), ("ly", "en", 0.5), ("ness", "en", 1.5), ("ed", "en", 0.3),
    ("ción", "es", 2), ("ciones", "es", 2), ("dad", "es", 1), ("mos", "es", 0.3),
    ("ment", "fr", 0.5), ("eux", "fr", 2), ("euse", "fr", 2), ("ait", "fr", 1.5),
    ("aient", "fr", 2),
    ("ée", "fr", 1.5), ("és", "fr", 0.5),
    ("ung", "de", 2), ("keit", "de", 2), ("heit", "de", 2), ("lich", "de", 1.5),
    ("schaft", "de", 2),
    ("chen", "de", 1),
    ("zione", "it", 2), ("zioni", "it", 2), ("mente", "it", 0.3), ("tà", "it", 2), ("gli", "it", 1),
    ("ggio", "it", 1.5),
    ("ção", "pt", 3), ("ções", "pt", 3), ("dade", "pt", 1.5), ("inho", "pt", 1.5),
    ("agem", "pt", 1.5),
    ("ou", "pt", 1),
    ("em", "pt", 0.5), ("ões", "pt", 3), ("ência", "pt", 2), ("eira", "pt", 1),
    ("lijk", "nl", 2), ("heid", "nl", 2), ("ij", "nl", 1), ("tje", "nl", 2), ("en", "nl", 0.2),
  ]

  /// The frequent words of each language.
  static let frequentWords: [String: String] = [
    "en": """
    the of and to in is was that for it with as on be at by this had not are but from or have an \
    they which one you were her all she there would their we him been has when who will more no if \
    out so said what up its about into than them can only other new some could time these two may \
    then do first any my now such like our over me even most made after also did many before must \
    through back years where much your way well down should because each just those people how too \
    little good very make world still own see men work long get here between both life being under \
    never day same another know while last might us great old year off come since against go came \
    right used take three every morning week during without again he his i a town city school \
    children found next today tomorrow yesterday around until why our does doesn't isn't it's \
    don't can't won't i'm we're they're there's what's
    """,
    "es": """
    de la que el en y a los se del las un por con no una su para es al lo como más o pero sus le \
    ha me si sin sobre este ya entre cuando todo esta ser son dos también fue había era muy años \
    hasta desde está mi porque qué sólo solo han yo hay vez puede todos así nos ni parte tiene él \
    uno donde bien tiempo mismo ese ahora cada e vida otro después te otros aunque esa eso hace \
    otra gobierno tan durante siempre día tanto ella tres sí dijo sido gran país según menos año \
    antes estado contra mañana ciudad nuestro nuestra estos estas hoy pueden tienen muchos mucho \
    están fueron semana hacer ayer nada algo alguien nadie aquí allí muy cómo dónde cuándo están \
    estaba estaban hemos habían tenemos vamos va van será serán sea
    """,
    "fr": """
    de la le et les des en un du une que est pour qui dans a par plus pas au sur ne se ce il sont \
    mais ou avec été aux son elle nous vous ont leur on cette ses je tout sa comme lui y fait deux \
    être bien aussi entre après sans même très peut tous ces dont encore avait avant fois autres \
    alors depuis où était leurs notre nos si chez quand toujours faire ans jour sous ville contre \
    cet puis moins beaucoup rien aujourd'hui matin semaine doit elles ils ainsi avoir trop lors \
    enfants école dès pendant nouvelle nouveau l' d' qu' n' s' c' j' m' jusqu' lorsqu' hier demain \
    déjà chaque selon votre vos leurs celle celui ceux faut sera seront était étaient avons avez \
    peuvent fut quelques personne
    """,
    "de": """
    der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an \
    werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum war \
    haben nur oder aber vor zur bis mehr durch man sein wurde sei kann gegen vom schon wenn habe \
    seine ihre dann unter wir soll ich eines jahr zwei jahren diese dieser wieder keine seiner \
    worden uns ihr ihm hatte viele heute morgen immer sehr jetzt alle muss stadt kinder woche neue \
    neuen weil während zwischen ohne können gestern hier dort etwas nichts jeder jede jedes \
    unsere unser waren wurden wollen müssen sollen gibt geht kommt macht ab seit bereits
    """,
    "it": """
    di e il la che in a per un è del non della una le i con si da al dei sono alla più gli nel \
    anche come ha ma lo delle se nella questo ci o tra suo sua dal loro stato essere su molto era \
    fatto questa anni hanno dopo mi ancora solo già tutti quando sempre due cui ne degli dalla \
    sulla ogni poi perché fra tutto quello nei negli anno oggi prima senza città bambini settimana \
    mattina nostro nostra questi queste viene fare deve possono durante nuovo nuova dove mentre \
    l' dell' all' un' nell' sull' dall' c' ieri domani qui lì ho abbiamo avete siamo siete erano \
    sarà saranno nostri nostre vostro degli agli sugli col uno
    """,
    "pt": """
    de a o que e do da em um para é com não uma os no se na por mais as dos como mas foi ao ele \
    das tem à seu sua ou ser quando muito há nos já está eu também só pelo pela até isso ela entre \
    era depois sem mesmo aos ter seus quem nas me esse eles estão você tinha foram essa num nem \
    suas meu às minha têm numa pelos elas havia seja qual será nós tenho lhe deles essas esses \
    pelas este fosse dele hoje cidade semana manhã crianças escola nosso nossa durante então \
    porque ainda sempre cada dois novo nova após sobre ontem amanhã aqui ali vai vão estava \
    estavam temos fazer pode podem todos todas muitos muitas também
    """,
    "nl": """
    de het een van en in is dat op te zijn voor met die niet aan er om ook als dan maar bij of \
    uit nog naar worden door over wordt ze tot kan hij zij werd we wel jaar meer zo hun heeft \
    hebben al geen moet omdat onze ons deze dit was waren zich tussen na wat veel nu twee alle \
    nieuwe hier daar toen kinderen stad week morgen vandaag altijd zonder onder tijdens gaan gaat \
    kunnen zullen zal ik je mijn haar waar weer vooral heel goed eerste laatste iedereen gisteren \
    elke iets niets niemand wij jullie hadden werden wordt zou zouden moeten mag komt komen \
    maakt echter alleen
    """,
  ]
}
