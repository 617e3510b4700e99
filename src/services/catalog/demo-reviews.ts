/**
 * Demo reviews for the demo catalog: written by fictional demo accounts
 * (emails on the reserved .invalid domain, an unusable password hash, and
 * is_demo set, so they can never log in), deterministic so every fresh start
 * looks the same.
 */
import { count, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { courses, reviews, reviewVotes, users } from "../../../db/schema.ts";
import { overallRating } from "../../lib/schemas.ts";
import { seededRandom } from "../../lib/random.ts";
import { recomputeCourseStats } from "../courses/course-stats.ts";
import { reviewKeys } from "../courses/course-summary.ts";
import { currentSemester, semesterLabel } from "../../lib/semesters.ts";

export const TEACHERS = [
  "Avery Quill",
  "Morgan Tessaro",
  "Jordan Baptiste",
  "Riley Okafor",
  "Casey Lindqvist",
  "Sam Varga",
  "Drew Hollis",
  "Taylor Nakamura",
  "Jamie Ferreira",
  "Quinn Adeyemi",
  "Reese Castellano",
  "Rowan Whitfield",
];
/**
 * How students write a professor's name when not in full: the class schedule's instructors gather these on one page
 * (src/services/schedule/professor-matching.ts), so the demo writes them too.
 */
const NAME_SPELLINGS: ((first: string, last: string) => string)[] = [
  (_, last) => `Prof. ${last}`,
  (_, last) => last,
  (first, last) => `${first[0]}. ${last}`,
  (first, last) => `${last}, ${first}`,
  (first, last) => `Dr. ${first} ${last}`,
  (first, last) => `${first} ${last}`.toLowerCase(),
];

/** How students write a semester: the demo uses each, so the reading of semesters shows on the demo pages. */
const SEMESTER_SPELLINGS: ((season: string, year: number) => string)[] = [
  (season, year) => `${season} ${year}`,
  (season, year) => `${season} ${year}`,
  (season, year) => `${season.toLowerCase()} ${String(year).slice(2)}`,
  (season, year) => `${season[0]}${String(year).slice(2)}`,
];
const ASSIGNMENTS = [
  "Problem sets and two exams",
  "Weekly readings, response papers, a final essay",
  "Labs, lab reports and a final exam",
  "Group project and presentations",
  "Quizzes, a midterm and a final project",
  "Short essays and class discussion",
];
const OPENINGS = [
  "Really enjoyed this one.",
  "Solid course overall.",
  "Harder than I expected, but worth it.",
  "Mixed feelings about this class.",
  "One of my favorite classes so far.",
  "Fine as a Hub requirement.",
  "Not what I hoped for.",
  "Great introduction to the subject.",
];
const MIDDLES = [
  "Lectures were clear and the examples helped a lot.",
  "The workload picks up after the midterm, so start assignments early.",
  "Office hours made a big difference for me.",
  "Readings are long but the discussions make them click.",
  "Exams are fair if you keep up with the problem sets.",
  "The professor clearly cares about the material.",
  "Grading felt a bit strict on the written work.",
  "The projects were the best part: you actually build something.",
];
const CLOSINGS = [
  "I would recommend it.",
  "Take it with a lighter semester.",
  "Good pick if you are curious about the topic.",
  "Go to every lecture; it pays off.",
  "Would take another class with this professor.",
  "Start the final project early.",
];

export const DEMO_EMAIL_DOMAIN = "demo.hubrate.invalid";

/** Adds demo reviewers, reviews and votes unless demo reviewers exist already. Returns how many reviews it wrote. */
export async function loadDemoReviews(database: Database, reviewers = 40): Promise<number> {
  const [{ n }] = await database.db.select({ n: count() }).from(users).where(eq(users.isDemo, true));
  if (n > 0) return 0;
  const next = seededRandom(20250820);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const rating = (center: number) => Math.min(5, Math.max(1, Math.round(center + (next() - 0.5) * 2.4)));
  // Spellings draw from their own sequence, so the rest of the demo is the same with or without them.
  const nextSpelling = seededRandom(20261126);
  const spelled = (name: string) => {
    if (nextSpelling() < 0.7) return name;
    const [first, last] = name.split(" ");
    return NAME_SPELLINGS[Math.floor(nextSpelling() * NAME_SPELLINGS.length)](first, last);
  };
  return await database.write(async (tx) => {
    const all = await tx.select({ id: courses.id }).from(courses).orderBy(courses.id);
    if (!all.length) return 0;
    const people = await tx.insert(users).values(Array.from({ length: reviewers }, (_, i) => ({
      email: `reviewer-${String(i + 1).padStart(2, "0")}@${DEMO_EMAIL_DOMAIN}`,
      passwordHash: "!demo-account-cannot-log-in",
      enabled: false,
      isDemo: true,
      college: "CAS",
      major: "Undecided",
      expectedGrad: 2027,
    }))).returning({ id: users.id });
    // About one course in three gets reviews; a few popular ones get many.
    const reviewed = all.filter(() => next() < 0.33);
    const rows: (Omit<typeof reviews.$inferInsert, "teacherKey"> & { teacherKey: SQL })[] = [];
    for (const [index, course] of reviewed.entries()) {
      const popular = index % 9 === 0;
      const howMany = popular ? 12 + Math.floor(next() * 14) : 1 + Math.floor(next() * 4);
      const teachers = [pick(TEACHERS), pick(TEACHERS)];
      const quality = 2 + next() * 2.6;
      const writers = [...people].sort(() => next() - 0.5).slice(0, howMany);
      for (const writer of writers) {
        const ratings = {
          usefulnessRating: rating(quality),
          difficultyRating: rating(3 + (next() - 0.5) * 2),
          workloadRating: rating(3 + (next() - 0.5) * 2),
          interestRating: rating(quality),
          teacherRating: rating(quality + 0.3),
        };
        const daysAgo = Math.floor(next() * 1100);
        const createdAt = new Date(Date.now() - daysAgo * 86_400_000);
        // The semester that was running or had just ended when the review was written.
        const [season, year] = semesterLabel(currentSemester(createdAt)).split(" ");
        const teacherName = spelled(pick(teachers));
        const semester = pick(SEMESTER_SPELLINGS)(season, Number(year));
        rows.push({
          courseId: course.id,
          userId: writer.id,
          ...ratings,
          overallRating: overallRating(ratings),
          teacherName,
          semester,
          ...reviewKeys(course.id, { teacherName, semester }),
          hoursPerWeek: Math.round(2 + next() * 12),
          attendanceRequired: next() < 0.5,
          assignmentTypes: pick(ASSIGNMENTS),
          reviewText: `${pick(OPENINGS)} ${pick(MIDDLES)} ${pick(CLOSINGS)}`,
          createdAt,
        });
      }
    }
    const written: { id: number; userId: number }[] = [];
    for (let i = 0; i < rows.length; i += 200) {
      written.push(
        ...await tx.insert(reviews).values(rows.slice(i, i + 200)).returning({
          id: reviews.id,
          userId: reviews.userId,
        }),
      );
    }
    const votes: (typeof reviewVotes.$inferInsert)[] = [];
    for (const review of written) {
      for (const voter of people) {
        if (voter.id === review.userId || next() > 0.08) continue;
        votes.push({ reviewId: review.id, userId: voter.id, voteType: next() < 0.78 ? "UPVOTE" : "DOWNVOTE" });
      }
    }
    for (let i = 0; i < votes.length; i += 300) await tx.insert(reviewVotes).values(votes.slice(i, i + 300));
    const tally = new Map<number, { up: number; down: number }>();
    for (const vote of votes) {
      const counts = tally.get(vote.reviewId) ?? { up: 0, down: 0 };
      if (vote.voteType === "UPVOTE") counts.up++;
      else counts.down++;
      tally.set(vote.reviewId, counts);
    }
    for (const [id, { up, down }] of tally) {
      await tx.update(reviews).set({ upvotes: up, downvotes: down }).where(eq(reviews.id, id));
    }
    await recomputeCourseStats(tx, [...new Set(rows.map((r) => r.courseId))]);
    return rows.length;
  });
}
