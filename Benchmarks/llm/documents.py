#!/usr/bin/env python3
"""The plain-text documents Benchmarks/bench-llm summarizes with a real model, written the same on
every run (a fixed seed): text of the kinds that showed the shared token estimate counting fewer
tokens than a real tokenizer does.

  clinics-20.txt  20 pages of short English sentences with figures, 40 to a page: the document
                  of issue 25 ("In week 3 the clinic in Porto treated 212 patients and hired 4
                  nurses."), which SmolLM2's tokenizer counts at about 1.3 tokens per estimated
                  token, digits one by one
  korean-10.txt   10 pages of Korean sentences with figures, 20 to a page: Hangul, which the
                  estimate counts one token per syllable and a byte-level tokenizer counts more

Pages are separated by form feeds, as `contract-kit summarize` reads a text file.

usage: Benchmarks/llm/documents.py DIR
"""
import os
import random
import sys

CITIES = ["Porto", "Lyon", "Graz", "Turku", "Cork", "Brno", "Malmo", "Ghent"]
KOREAN_CITIES = ["부산", "대구", "광주", "대전", "울산", "수원", "전주", "청주"]
KOREAN = [
    "{week}주차에 {city}의 진료소는 환자 {patients}명을 치료했고 간호사 {nurses}명을 새로 고용했다.",
    "{city} 보건소의 대기 시간은 {week}주차에 평균 {minutes}분으로 줄었다.",
    "{week}주차 보고서에 따르면 {city}에서는 예방 접종이 {patients}건 이루어졌다.",
    "{city} 시의회는 {week}주차 회의에서 구급차 {nurses}대를 더 배치하기로 했다.",
]


def clinics(random_):
    pages = []
    for page in range(20):
        lines = []
        for line in range(40):
            week = page * 40 + line + 1
            lines.append(
                f"In week {week} the clinic in {random_.choice(CITIES)} treated "
                f"{random_.randint(100, 999)} patients and hired {random_.randint(1, 9)} nurses.")
        pages.append("\n".join(lines))
    return pages


def korean(random_):
    pages = []
    for page in range(10):
        lines = []
        for line in range(20):
            lines.append(random_.choice(KOREAN).format(
                week=page * 20 + line + 1, city=random_.choice(KOREAN_CITIES),
                patients=random_.randint(100, 999), nurses=random_.randint(1, 9),
                minutes=random_.randint(10, 90)))
        pages.append(" ".join(lines))
    return pages


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: Benchmarks/llm/documents.py DIR")
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    for name, make in (("clinics-20.txt", clinics), ("korean-10.txt", korean)):
        with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
            file.write("\f".join(make(random.Random(3))) + "\n")


main()
