/**
 * Professor names in every script: a name without Latin letters ("Иван Петров", "王伟", "محمد علي") keeps its letters
 * in the slug, so two people are two professors; a name with no letter at all (emoji, punctuation) gets a stable slug
 * of its own; the spellings of one person still merge; and every slug a Latin name had before is kept as it was.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  courseNameKeys,
  instructorKey,
  nameVariants,
  PROFESSOR_SLUG,
  professorSlug,
} from "../../src/lib/professor-names.ts";

/** The slug as HubRate made it before names in other scripts were kept: the reference for Latin names. */
function latinOnlySlug(raw: string): string {
  const titles = /^(?:prof(?:essor)?|dr|doctor|mr|mrs|ms|mx|instructor|lecturer)\.?\s+/i;
  const suffixes = /,?\s+(?:ph\.?\s?d\.?|phd|m\.?d\.?|jr\.?|sr\.?)$/i;
  let name = raw.normalize("NFKC").replace(/\s+/g, " ").trim();
  for (let before = ""; before !== name;) {
    before = name;
    name = name.replace(titles, "").replace(suffixes, "").trim();
  }
  const slug = (name || raw.trim()).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80);
  return slug || "unnamed";
}

const valid = (slug: string) => PROFESSOR_SLUG.test(slug) && slug.length <= 80;

/** Different people, by script: each must get a slug of their own. */
const PEOPLE = [
  "Иван Петров",
  "Олег Петров",
  "Іван Петров",
  "Андрей Смирнов",
  "Андрей Смирнова",
  "Γιώργος Παπαδόπουλος",
  "Νίκος Παπαδόπουλος",
  "王伟",
  "汪伟",
  "王炜",
  "李娜",
  "黎娜",
  "山田太郎",
  "山田花子",
  "やまだ がくと",
  "やまだ かくと",
  "김민준",
  "김서연",
  "محمد علي",
  "أحمد علي",
  "محمد حسن",
  "דוד כהן",
  "प्रिया शर्मा",
  "प्रिय शर्मा",
  "🙂",
  "🙃",
  "🙂🙂",
  "???",
  "!!!",
  "Ivan Petrov",
];

describe("professor slugs in every script", () => {
  test("different people get different slugs, none 'unnamed', each a valid URL slug", () => {
    const slugs = PEOPLE.map(professorSlug);
    for (const [i, slug] of slugs.entries()) {
      expect(slug, PEOPLE[i]).not.toBe("unnamed");
      expect(valid(slug), `${PEOPLE[i]} → ${slug}`).toBe(true);
    }
    const owners = new Map<string, string[]>();
    for (const [i, slug] of slugs.entries()) owners.set(slug, [...(owners.get(slug) ?? []), PEOPLE[i]]);
    expect([...owners.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  test("letters keep their script, lower-cased, words joined by a dash", () => {
    expect(professorSlug("Иван Петров")).toBe("иван-петров");
    expect(professorSlug("Γιώργος Παπαδόπουλος")).toBe("γιωργοσ-παπαδοπουλοσ");
    expect(professorSlug("王伟")).toBe("王伟");
    expect(professorSlug("محمد علي")).toBe("محمد-علي");
    expect(professorSlug("Иван Petrov")).toBe("иван-petrov");
  });

  test.each([
    ["Cyrillic", "Иван Петров", ["ИВАН ПЕТРОВ", "  иван   петров ", "Prof. Иван Петров", "Dr. Иван Петров, PhD"]],
    // NFD: "й" typed as "и" and a combining breve; "ё" as "е" is how it is mostly written.
    ["Cyrillic NFD", "Андрей Королёв", ["Андрей Королёв".normalize("NFD"), "Андрей Королев", "АНДРЕЙ КОРОЛЁВ"]],
    [
      "Greek",
      "Γιώργος Παπαδόπουλος",
      [
        "ΓΙΩΡΓΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ",
        "Γιωργος Παπαδοπουλος",
        "Γιώργος Παπαδόπουλος".normalize("NFD"),
        "Dr. Γιώργος Παπαδόπουλος",
      ],
    ],
    ["Chinese", "王伟", ["王 伟", " 王伟 ", "Prof. 王伟", "王伟".normalize("NFD"), "王　伟"]],
    ["Japanese", "山田太郎", ["山田 太郎", "山田　太郎", "Dr. 山田太郎"]],
    ["Japanese kana, NFD", "やまだ がくと", ["やまだ がくと".normalize("NFD"), "やまだがくと"]],
    ["Korean", "김민준", ["김 민준", "김민준".normalize("NFD")]],
    ["Arabic", "محمد علي", ["مُحَمَّد عَلِي", "Prof. محمد علي", "  محمد   علي  ", "محمد علي".normalize("NFD")]],
    ["Hebrew", "דוד כהן", ["דָּוִד כֹּהֵן", "Dr. דוד כהן"]],
    ["Hindi", "प्रिया शर्मा", ["प्रिया शर्मा".normalize("NFD"), "Prof. प्रिया शर्मा"]],
    ["emoji", "🙂", ["🙂 ", "Prof. 🙂", " 🙂"]],
  ])("%s: the spellings of one person merge", (_, name, variants) => {
    for (const variant of variants) expect(professorSlug(variant), variant).toBe(professorSlug(name));
  });

  test("Latin letters that do not decompose fold as students type them", () => {
    expect(professorSlug("Søren Kierkegaard")).toBe(professorSlug("Soren Kierkegaard"));
    expect(professorSlug("Łukasz Nowak")).toBe("lukasz-nowak");
    expect(professorSlug("Nguyễn Văn Đức")).toBe("nguyen-van-duc");
    expect(professorSlug("Straße")).toBe("strasse");
    // A modifier letter as the apostrophe parts the name as "'" does.
    expect(professorSlug("Łukasz O\u02BCNeil")).toBe("lukasz-o-neil");
  });

  test("a name with no letter gets a stable slug of its own, not 'unnamed'", () => {
    const slug = professorSlug("🙂");
    expect(slug).toMatch(/^unnamed-[0-9a-f]{10}$/);
    expect(professorSlug("🙂")).toBe(slug);
    expect(professorSlug("🙃")).not.toBe(slug);
    expect(professorSlug("")).toBe("unnamed");
  });

  test("slugs are at most 80 UTF-16 units and never end inside a character or on a dash", () => {
    for (const name of ["𠮷".repeat(60), `${"王".repeat(79)} 伟伟`, `${"и".repeat(79)} петров`, "Ж".repeat(200)]) {
      const slug = professorSlug(name);
      expect(slug.length, name).toBeLessThanOrEqual(80);
      expect(valid(slug), slug).toBe(true);
      expect(slug.isWellFormed(), slug).toBe(true);
    }
  });

  test("every slug a Latin name had before is kept exactly", () => {
    for (
      const name of ["Prof. José  Núñez", "Dr Jane Doe, PhD", "O'Neil", "  DR  SMITH ", "Zoë Brontë", "Ünal Çelik"]
    ) {
      expect(professorSlug(name), name).toBe(latinOnlySlug(name));
    }
    expect(professorSlug("Prof. José  Núñez")).toBe("jose-nunez");
    const latin = fc.string({
      unit: fc.constantFrom(
        ..."abcXYZ019 .,'-_éñüÁçÅ\u0301\t\u02BC\u02B0\u2019".split(""),
        "Prof. ",
        "Dr ",
        ", PhD",
        "ﬁ",
      ),
      maxLength: 120,
    });
    fc.assert(
      fc.property(latin, (name) => {
        const before = latinOnlySlug(name);
        if (before !== "unnamed") expect(professorSlug(name)).toBe(before);
      }),
      { seed: 44, numRuns: 2000 },
    );
  });

  test("the route's pattern accepts every slug and refuses what no name gives", () => {
    for (const name of PEOPLE) expect(PROFESSOR_SLUG.test(professorSlug(name)), name).toBe(true);
    for (const bad of ["", "-x", "x-", "a--b", "a b", "a/b", "a%2Fb", "<script>", "a_b", "a.b"]) {
      expect(PROFESSOR_SLUG.test(bad), bad).toBe(false);
    }
  });
});

describe("instructors in every script", () => {
  const ivan = { firstName: "Иван", lastName: "Петров" };
  const oleg = { firstName: "Олег", lastName: "Смирнов" };
  const wang = { firstName: "伟", lastName: "王" };

  /** The professor a typed name stands for among a course's instructors, or its own slug when none. */
  const professorOf = (typed: string, people: { firstName: string; lastName: string }[]) =>
    courseNameKeys(people).get(professorSlug(typed)) ?? professorSlug(typed);

  test("the surname, an initial and 'Last, First' name a Cyrillic instructor", () => {
    expect(instructorKey(ivan)).toBe("иван-петров");
    for (const typed of ["Иван Петров", "Петров", "Prof. Петров", "И. Петров", "Петров, Иван", "ПЕТРОВ ИВАН"]) {
      expect(professorOf(typed, [ivan, oleg]), typed).toBe("иван-петров");
    }
    expect(professorOf("Смирнов", [ivan, oleg])).toBe("олег-смирнов");
    expect(professorOf("Сергей Петров", [ivan, oleg])).toBe("сергей-петров");
  });

  test("a Chinese instructor as the schedule gives them (given, family) and as students write (family given)", () => {
    expect(nameVariants(wang)).toContain("王伟");
    expect(professorOf("王伟", [wang, ivan])).toBe(instructorKey(wang));
    expect(professorOf("汪伟", [wang, ivan])).toBe("汪伟");
  });

  test("an instructor with no name is no one's professor", () => {
    expect(courseNameKeys([{ firstName: "", lastName: "" }]).size).toBe(0);
  });
});
