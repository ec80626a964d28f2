import ProfileCore

/// Numbered sample sentences, in parallel across languages, for the translator suite.
///
/// Each template carries `{n}` where a number goes. The suite gives every position in a batch its
/// own number, so output *i* must carry number *i* and no other: a dropped, swapped or merged
/// sentence shows at once. The kit ships templates for `ko`, `en`, `ja`, `zh`, `es`, `fr` and
/// `de`; pass your own for other languages. Template *i* of one language translates template *i*
/// of every other: `translator.meaning` compares an answer with the target's template as its
/// reference translation, so give the target language templates too, in the same order.
///
/// ```swift
/// let samples = TranslationSamples(
///   templates: [
///     "en": ["Room {n} is on the second floor."], "sv": ["Rum {n} ligger på andra våningen."],
///   ])
/// ```
public struct TranslationSamples: Sendable {
  /// Templates by BCP 47 language code. Every language's list is parallel: template *k* in one
  /// language translates template *k* in another.
  public let templates: [String: [String]]
  /// Templates that mix scripts (a name in another script inside the sentence), parallel like
  /// ``templates``; the long-text check weaves them into its paragraphs.
  public let mixedScript: [String: [String]]

  /// The placeholder a template carries for its number.
  public static let placeholder = "{n}"

  /// Creates samples from templates, each holding ``placeholder`` once.
  public init(templates: [String: [String]], mixedScript: [String: [String]] = [:]) {
    self.templates = templates
    self.mixedScript = mixedScript
  }

  /// The templates of `language` (or of its primary subtag), plain then mixed-script.
  package func all(_ language: String) -> (plain: [String], mixed: [String])? {
    guard let plain = templates[language] ?? templates[primarySubtag(language)], !plain.isEmpty
    else { return nil }
    return (plain, mixedScript[language] ?? mixedScript[primarySubtag(language)] ?? [])
  }

  /// What goes between two sentences of a paragraph in `language`: nothing in Japanese and
  /// Chinese, a space elsewhere.
  package static func joiner(_ language: String) -> String {
    ["ja", "zh"].contains(primarySubtag(language)) ? "" : " "
  }

  /// A paragraph of at least `length` characters in `language`: numbered sentences from `base`
  /// on, every fourth a mixed-script one when there are any. Returns the text and its numbers.
  func paragraph(length: Int, base: Int, language: String) -> (text: String, numbers: [Int])? {
    guard let (plain, mixed) = all(language) else { return nil }
    var sentences: [String] = []
    var numbers: [Int] = []
    var count = 0
    var used = (plain: base, mixed: base)  // start each paragraph at another template
    while count < length {
      let number = base + sentences.count
      let template: String
      if !mixed.isEmpty, sentences.count % 4 == 3 {
        template = mixed[used.mixed % mixed.count]
        used.mixed += 1
      } else {
        template = plain[used.plain % plain.count]
        used.plain += 1
      }
      let sentence = template.replacingOccurrences(of: Self.placeholder, with: String(number))
      sentences.append(sentence)
      numbers.append(number)
      count += sentence.count + Self.joiner(language).count
    }
    return (sentences.joined(separator: Self.joiner(language)), numbers)
  }

  /// The sentence at `position` of a batch in `language`, carrying `number`.
  package func sentence(_ position: Int, number: Int, language: String) -> String? {
    guard let list = templates[language] ?? templates[primarySubtag(language)], !list.isEmpty else {
      return nil
    }
    return list[position % list.count].replacingOccurrences(
      of: Self.placeholder, with: String(number))
  }

  /// The kit's own samples: sixteen sentences in `ko`, `en`, `ja`, `zh`, `es`, `fr` and `de`,
  /// and two mixed-script ones each.
  public static let builtin = TranslationSamples(
    templates: builtinTemplates,
    mixedScript: [
      "en": [
        "Guests in room {n} can join the Wi-Fi network named 서울-Guest.",
        "The tea shop 京都茶房 sold {n} cups of green tea on Sunday.",
      ],
      "ko": [
        "{n}호실 손님은 서울-Guest라는 Wi-Fi 네트워크에 접속할 수 있습니다.",
        "찻집 京都茶房은 일요일에 녹차 {n}잔을 팔았습니다.",
      ],
      "ja": [
        "{n}号室のお客様は「서울-Guest」というWi-Fiネットワークに接続できます。",
        "喫茶店の京都茶房は日曜日に緑茶を{n}杯売りました。",
      ],
      "zh": [
        "{n}号房间的客人可以连接名为“서울-Guest”的Wi-Fi网络。",
        "茶馆京都茶房星期天卖出了{n}杯绿茶。",
      ],
      "es": [
        "Los huéspedes de la habitación {n} pueden usar la red Wi-Fi llamada 서울-Guest.",
        "La tienda de té 京都茶房 vendió {n} tazas de té verde el domingo.",
      ],
      "fr": [
        "Les clients de la chambre {n} peuvent utiliser le réseau Wi-Fi nommé 서울-Guest.",
        "Le salon de thé 京都茶房 a vendu {n} tasses de thé vert dimanche.",
      ],
      "de": [
        "Gäste in Zimmer {n} können das WLAN mit dem Namen 서울-Guest nutzen.",
        "Die Teestube 京都茶房 hat am Sonntag {n} Tassen grünen Tee verkauft.",
      ],
    ])

  private static let builtinTemplates: [String: [String]] = [
    "en": [
      "The meeting in room {n} will start after the morning break.",
      "Please send the report to the office on floor {n} before Friday.",
      "The train to the coast leaves from platform {n} every hour.",
      "Our team finished {n} pages of the summary this week.",
      "The museum has {n} paintings from the last century on display.",
      "She waited for bus number {n} in the rain for twenty minutes.",
      "The library will keep {n} copies of the new book for students.",
      "He planted {n} trees along the river with his neighbors.",
      "The hotel kitchen prepares {n} breakfasts every morning.",
      "They counted {n} birds near the lake during the winter survey.",
      "The school bought {n} bicycles for children who live far away.",
      "Section {n} of the contract explains how the store keeps progress.",
      "The farmer sold {n} baskets of apples at the market today.",
      "Patient {n} can go home after the doctor checks the results.",
      "The orchestra rehearsed symphony number {n} for three months.",
      "The new bridge is {n} meters long and opens next spring.",
    ],
    "ko": [
      "{n}호 회의실의 회의는 오전 휴식 시간 뒤에 시작합니다.",
      "금요일 전까지 {n}층 사무실로 보고서를 보내 주세요.",
      "해안으로 가는 기차는 매시간 {n}번 승강장에서 출발합니다.",
      "우리 팀은 이번 주에 요약문 {n}쪽을 끝냈습니다.",
      "박물관에는 지난 세기의 그림 {n}점이 전시되어 있습니다.",
      "그녀는 빗속에서 {n}번 버스를 이십 분 동안 기다렸습니다.",
      "도서관은 학생들을 위해 새 책 {n}권을 보관할 예정입니다.",
      "그는 이웃들과 함께 강을 따라 나무 {n}그루를 심었습니다.",
      "호텔 주방은 매일 아침 {n}인분의 아침 식사를 준비합니다.",
      "그들은 겨울 조사 기간에 호수 근처에서 새 {n}마리를 세었습니다.",
      "학교는 멀리 사는 아이들을 위해 자전거 {n}대를 샀습니다.",
      "계약서 {n}절은 저장소가 진행 상황을 보관하는 방법을 설명합니다.",
      "농부는 오늘 시장에서 사과 {n}바구니를 팔았습니다.",
      "{n}번 환자는 의사가 결과를 확인한 뒤 집에 갈 수 있습니다.",
      "오케스트라는 석 달 동안 교향곡 {n}번을 연습했습니다.",
      "새 다리는 길이가 {n}미터이며 내년 봄에 개통합니다.",
    ],
    "ja": [
      "{n}号室の会議は午前の休憩のあとに始まります。",
      "金曜日までに{n}階の事務所へ報告書を送ってください。",
      "海岸へ向かう電車は毎時{n}番線から出発します。",
      "私たちのチームは今週、要約を{n}ページ書き終えました。",
      "博物館には前世紀の絵が{n}点展示されています。",
      "彼女は雨の中で{n}番のバスを二十分待ちました。",
      "図書館は学生のために新しい本を{n}冊置いておく予定です。",
      "彼は近所の人たちと川沿いに木を{n}本植えました。",
      "ホテルの厨房では毎朝{n}人分の朝食を用意しています。",
      "冬の調査で、湖の近くにいる鳥を{n}羽数えました。",
      "学校は遠くに住む子どもたちのために自転車を{n}台買いました。",
      "契約書の第{n}節には、ストアが進み具合を保存する方法が書かれています。",
      "農家の人は今日、市場でりんごを{n}かご売りました。",
      "{n}番の患者さんは、医者が結果を確認したあと家に帰れます。",
      "オーケストラは三か月のあいだ交響曲第{n}番を練習しました。",
      "新しい橋は長さが{n}メートルで、来年の春に開通します。",
    ],
    "zh": [
      "{n}号会议室的会议将在上午休息之后开始。",
      "请在星期五之前把报告送到{n}楼的办公室。",
      "开往海边的火车每小时从{n}号站台出发。",
      "我们的团队这个星期完成了摘要的{n}页。",
      "博物馆展出了上个世纪的{n}幅画。",
      "她在雨中等了二十分钟的{n}路公共汽车。",
      "图书馆将为学生保留{n}本新书。",
      "他和邻居们沿着河岸种了{n}棵树。",
      "酒店的厨房每天早上准备{n}份早餐。",
      "他们在冬季调查中在湖边数到了{n}只鸟。",
      "学校为住得很远的孩子们买了{n}辆自行车。",
      "合同的第{n}节说明了存储如何保存进度。",
      "农民今天在市场上卖了{n}篮苹果。",
      "{n}号病人在医生检查结果之后就可以回家了。",
      "乐团花了三个月排练第{n}号交响曲。",
      "新桥长{n}米，明年春天通车。",
    ],
    "es": [
      "La reunión de la sala {n} empezará después de la pausa de la mañana.",
      "Por favor, envía el informe a la oficina del piso {n} antes del viernes.",
      "El tren hacia la costa sale del andén {n} cada hora.",
      "Nuestro equipo terminó {n} páginas del resumen esta semana.",
      "El museo tiene {n} cuadros del siglo pasado en exposición.",
      "Ella esperó el autobús número {n} bajo la lluvia durante veinte minutos.",
      "La biblioteca guardará {n} copias del nuevo libro para los estudiantes.",
      "Él plantó {n} árboles junto al río con sus vecinos.",
      "La cocina del hotel prepara {n} desayunos cada mañana.",
      "Contaron {n} pájaros cerca del lago durante el estudio de invierno.",
      "La escuela compró {n} bicicletas para los niños que viven lejos.",
      "La sección {n} del contrato explica cómo el almacén guarda el progreso.",
      "El agricultor vendió hoy {n} cestas de manzanas en el mercado.",
      "El paciente {n} puede volver a casa después de que el médico revise los resultados.",
      "La orquesta ensayó la sinfonía número {n} durante tres meses.",
      "El nuevo puente mide {n} metros y se abrirá la próxima primavera.",
    ],
    "fr": [
      "La réunion de la salle {n} commencera après la pause du matin.",
      "Merci d'envoyer le rapport au bureau du {n}e étage avant vendredi.",
      "Le train pour la côte part du quai {n} toutes les heures.",
      "Notre équipe a terminé {n} pages du résumé cette semaine.",
      "Le musée expose {n} tableaux du siècle dernier.",
      "Elle a attendu le bus numéro {n} sous la pluie pendant vingt minutes.",
      "La bibliothèque gardera {n} exemplaires du nouveau livre pour les étudiants.",
      "Il a planté {n} arbres le long de la rivière avec ses voisins.",
      "La cuisine de l'hôtel prépare {n} petits déjeuners chaque matin.",
      "Ils ont compté {n} oiseaux près du lac pendant le recensement d'hiver.",
      "L'école a acheté {n} vélos pour les enfants qui habitent loin.",
      "La section {n} du contrat explique comment le stockage garde la progression.",
      "Le fermier a vendu {n} paniers de pommes au marché aujourd'hui.",
      "Le patient {n} pourra rentrer chez lui après que le médecin aura vérifié les résultats.",
      "L'orchestre a répété la symphonie numéro {n} pendant trois mois.",
      "Le nouveau pont mesure {n} mètres et ouvrira au printemps prochain.",
    ],
    "de": [
      "Die Besprechung in Raum {n} beginnt nach der Pause am Vormittag.",
      "Bitte schicke den Bericht vor Freitag an das Büro im {n}. Stock.",
      "Der Zug an die Küste fährt jede Stunde von Gleis {n} ab.",
      "Unser Team hat diese Woche {n} Seiten der Zusammenfassung fertiggestellt.",
      "Das Museum zeigt {n} Gemälde aus dem letzten Jahrhundert.",
      "Sie hat zwanzig Minuten im Regen auf den Bus Nummer {n} gewartet.",
      "Die Bibliothek wird {n} Exemplare des neuen Buches für die Studenten aufbewahren.",
      "Er hat mit seinen Nachbarn {n} Bäume am Fluss gepflanzt.",
      "Die Hotelküche bereitet jeden Morgen {n} Frühstücke zu.",
      "Bei der Winterzählung haben sie {n} Vögel am See gezählt.",
      "Die Schule hat {n} Fahrräder für Kinder gekauft, die weit weg wohnen.",
      "Abschnitt {n} des Vertrags erklärt, wie der Speicher den Fortschritt aufbewahrt.",
      "Der Bauer hat heute auf dem Markt {n} Körbe mit Äpfeln verkauft.",
      "Patient {n} darf nach Hause gehen, wenn der Arzt die Ergebnisse geprüft hat.",
      "Das Orchester hat die Sinfonie Nummer {n} drei Monate lang geprobt.",
      "Die neue Brücke ist {n} Meter lang und wird im nächsten Frühling eröffnet.",
    ],
  ]
}
